import type { EmailInput } from "~contract/system/outbox";
import type { AccountRow } from "../db/schema";
import { composeEmail, operatorBrand, platformBrand } from "../outbox/email-layout";
import type { EmailParts } from "../outbox/email-parts";

/** Who a waitlist email goes to and the departure it is about (every waitlist email names it). */
export interface WaitlistMail {
  to: string;
  firstName: string | null;
  experienceTitle: string;
  serviceName: string;
  /** The departure's time in its experience's zone, the zone named (formatDepartureTime). */
  when: string;
  seats: number;
  /** The traveller's waitlist page (leave, see the entries), on the site they joined on. */
  waitlistLink: string;
  origin: string;
  /** The operator, when the traveller joined on their storefront (their branding); else the platform's. */
  operator: AccountRow | null;
}

const party = (seats: number) => (seats === 1 ? "1 seat" : `${seats} seats`);

/** What every waitlist email shares: greeting, branding, and the departure named with the party's size. */
function waitlistEmail(
  mail: WaitlistMail,
  parts: Pick<EmailParts, "subject" | "heading" | "kind" | "action" | "notes"> & {
    meta?: Record<string, unknown>;
    opening: string[];
    closing?: string[][];
  },
): EmailInput {
  const { opening, closing = [], ...rest } = parts;
  return composeEmail({
    ...rest,
    to: mail.to,
    brand: mail.operator ? operatorBrand(mail.operator, mail.origin) : platformBrand(),
    paragraphs: [
      [mail.firstName ? `Hello ${mail.firstName},` : "Hello,"],
      opening,
      [`${mail.experienceTitle} — ${mail.serviceName}`, `When: ${mail.when}`, `Party: ${party(mail.seats)}`],
      ...closing,
    ],
    unsubscribe: null,
  });
}

/** The offer of freed seats to the first in line whose party fits: the single-use link, and how to leave. */
export function waitlistOfferEmail(mail: WaitlistMail, offer: { expiresAt: string; link: string }): EmailInput {
  return waitlistEmail(mail, {
    subject: `Seats for you: ${mail.experienceTitle}`,
    heading: "Seats for you",
    kind: "waitlist_offer",
    meta: { link: offer.link, leaveLink: mail.waitlistLink },
    opening: [`Good news from the waitlist: ${party(mail.seats)} are held for you until ${offer.expiresAt}.`],
    closing: [["After that they go to the next person in line. The link works once, for you only."]],
    action: { label: "Book the seats", href: offer.link },
    notes: [`Not going? Leave the waitlist: ${mail.waitlistLink}`],
  });
}

/** Joined: the departure, the party, the place in line, and what happens next. */
export function waitlistJoinedEmail(mail: WaitlistMail, placeInLine: number): EmailInput {
  return waitlistEmail(mail, {
    subject: `You are on the waitlist: ${mail.experienceTitle}`,
    heading: "You are on the waitlist",
    kind: "waitlist_joined",
    meta: { link: mail.waitlistLink },
    opening: [`You joined the waitlist of this sold-out time. You are number ${placeInLine} in line.`],
    closing: [
      [
        "When seats free up, they are offered in the order people joined, to the first whose party fits. We email you a link if they are offered to you; the seats are then held for you for a while.",
      ],
    ],
    action: { label: "See your waitlist", textLabel: "See or leave your waitlist", href: mail.waitlistLink },
  });
}

/** The traveller's offer ran out unused: its seats went on to the next in line (or back on sale). */
export function waitlistOfferExpiredEmail(mail: WaitlistMail, passedOn: "next_in_line" | "on_sale"): EmailInput {
  return waitlistEmail(mail, {
    subject: `Your waitlist offer expired: ${mail.experienceTitle}`,
    heading: "Your waitlist offer expired",
    kind: "waitlist_offer_expired",
    meta: { link: mail.waitlistLink },
    opening: [
      "The seats held for you from the waitlist were not booked in time, so the offer has expired and its link no longer works.",
    ],
    closing: [
      [
        passedOn === "next_in_line"
          ? "The seats went to the next person in line."
          : "The seats are back on sale: if you still want to go and they are still there, you can book them on the experience's page.",
      ],
    ],
    action: { label: "See your waitlist", href: mail.waitlistLink },
  });
}

/**
 * The traveller's place on the waitlist closed without seats for them: the departure started or
 * stopped selling (some seats may have gone to others ahead in line or whose party fitted), or the
 * operator cancelled it (an open offer is then withdrawn).
 */
export function waitlistClosedEmail(
  mail: WaitlistMail,
  reason: { cancelled: boolean; offerWithdrawn: boolean; othersOffered: boolean },
): EmailInput {
  const opening = reason.cancelled
    ? `The operator cancelled this time, so its waitlist is closed${reason.offerWithdrawn ? " and the seats offered to you are withdrawn" : ""}.`
    : `Online sales for this time have closed, so its waitlist is closed${reason.offerWithdrawn ? " and the seats offered to you are withdrawn" : ""}.`;
  return waitlistEmail(mail, {
    subject: `Waitlist closed: ${mail.experienceTitle}`,
    heading: "The waitlist is closed",
    kind: "waitlist_closed",
    meta: { link: mail.waitlistLink },
    opening: [opening],
    closing: [
      [
        reason.offerWithdrawn
          ? "Nothing was charged."
          : reason.othersOffered
            ? "Seats did come free, but they went to people ahead of you in line (or whose party fitted them). Nothing was charged."
            : "No seats came free for your party. Nothing was charged.",
      ],
      ["You can choose another time on the experience's page."],
    ],
    action: { label: "See your waitlist", href: mail.waitlistLink },
  });
}
