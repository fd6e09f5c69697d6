import type { EmailInput } from "~contract/outbox";
import type { AccountRow } from "../db/schema";
import { composeEmail, operatorBrand, platformBrand } from "../outbox/email-layout";

/** The offer of freed seats to the first in line whose party fits: the single-use link, and how to leave. */
export function waitlistOfferEmail(input: {
  to: string;
  firstName: string | null;
  experienceTitle: string;
  when: string;
  seats: number;
  expiresAt: string;
  link: string;
  leaveLink: string;
  origin: string;
  /** The operator, when the traveller joined on their storefront (their branding); else the platform's. */
  operator: AccountRow | null;
}): EmailInput {
  const brand = input.operator ? operatorBrand(input.operator, input.origin) : platformBrand();
  const seats = input.seats === 1 ? "1 seat" : `${input.seats} seats`;
  return composeEmail({
    to: input.to,
    subject: `Seats for you: ${input.experienceTitle}`,
    kind: "waitlist_offer",
    meta: { link: input.link, leaveLink: input.leaveLink },
    brand,
    paragraphs: [
      [input.firstName ? `Hello ${input.firstName},` : "Hello,"],
      [
        `Good news from the waitlist: ${seats} on ${input.experienceTitle}, ${input.when}, are held for you until ${input.expiresAt}.`,
      ],
      [`After that they go to the next person in line. The link works once, for you only.`],
    ],
    action: { label: "Book the seats", href: input.link },
    notes: [`Not going? Leave the waitlist: ${input.leaveLink}`],
    unsubscribe: null,
  });
}
