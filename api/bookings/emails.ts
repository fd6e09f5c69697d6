import type { OutboxAttachment } from "../db/schema";
import type { EmailInput } from "~contract/system/outbox";
import { formatMoney } from "~contract/money";
import { openStreetMapUrl } from "~contract/catalog/geo";
import { glossary } from "~contract/glossary";
import { composeEmail, operatorBrand, platformBrand, senderAddress } from "../outbox/email-layout";
import type { EmailBrand, UnsubscribeLinks } from "../outbox/email-parts";
import { freeCancellationUntil } from "./cancellation-deadline";
import { formatDepartureTime, formatMomentIn } from "./format";
import { buildIcs, type IcsDuration, type IcsMethod } from "./ics";
import { groupTicketCode } from "~contract/bookings/ticket-code";
import { answerText } from "~contract/bookings/questions";
import { bookingPickupOf } from "./pickup-points";
import { pickupSentence } from "~contract/bookings/pickup-rules";
import { type BookingViewRow } from "./view";
import { bookingReference } from "../ids";
import { depositSummary } from "~contract/bookings/deposit-rules";
import { unpaidBalance } from "~contract/bookings/deposit-rules";
import { answersView, depositView } from "./booking-parts";

/** How long before a departure the guest is reminded (the due work's reminder, the invite's alarm). */
export const REMINDER_LEAD: IcsDuration = "PT24H";

/** A booking's own page in the account area (where it is seen, cancelled and reviewed). */
export const bookingPath = (bookingId: string) => `/account/booking/${bookingId}`;

export interface BookingMailContext {
  row: BookingViewRow;
  to: string;
  firstName: string | null;
  /** For messages that are not transactional (reminders, tips, lapsed holds). */
  unsubscribe?: UnsubscribeLinks;
}

/** The operator's branding for a booking made on their storefront; the platform's otherwise. */
export function bookingBrand(row: BookingViewRow): EmailBrand {
  if (!row.booking.storefront) return platformBrand();
  return operatorBrand(
    {
      name: row.operatorName,
      logoUrl: row.operatorLogoUrl,
      primaryColor: row.operatorPrimaryColor,
      inkColor: row.operatorInkColor,
    },
    row.booking.origin,
  );
}

/** The meeting point on OpenStreetMap, when the operator placed it. */
function mapLinks(row: BookingViewRow): { label: string; href: string }[] {
  if (row.meetingPointLat === null || row.meetingPointLng === null) return [];
  const href = openStreetMapUrl({ lat: row.meetingPointLat, lng: row.meetingPointLng });
  return [{ label: "Map of the meeting point", href }];
}

const greeting = (firstName: string | null) => (firstName ? `Hello ${firstName},` : "Hello,");
/** An address on the site the booking was made on (the operator's storefront in account mode). */
const pageOf = (row: BookingViewRow, path: string) => new URL(path, row.booking.origin).toString();
const bookingPage = (row: BookingViewRow) => pageOf(row, bookingPath(row.booking.id));
const when = (row: BookingViewRow) => formatDepartureTime(row, row.timezone);

/** "Pickup at 08:30 (Europe/Lisbon) — Hotel Avenida, Av. da Liberdade 1" when the booking chose a pickup point. */
export function pickupLines(row: BookingViewRow): string[] {
  const pickup = bookingPickupOf(row.booking.pickup, row.startsAt, row.timezone);
  return pickup ? [pickupSentence({ ...pickup, timezone: row.timezone })] : [];
}

/** When and where: the departure's time, the pickup (if any), the meeting point. */
const whenAndWhere = (row: BookingViewRow) => [
  `When: ${when(row)}`,
  ...pickupLines(row),
  `Meeting point: ${row.meetingPoint}`,
];

/**
 * The cancellation terms of a booking as it stands: free cancellation until the departure minus
 * the operator's cutoff (in the experience's zone, named), or non-refundable once that has passed.
 */
function cancellationTerms(row: BookingViewRow): string[] {
  const until = freeCancellationUntil(row.startsAt, row.cancellationCutoffHours);
  if (until)
    return [
      `Free cancellation until ${formatMomentIn(new Date(until), row.timezone)}: cancel on your booking page for a full refund.`,
    ];
  return [
    "Non-refundable: the free cancellation period of this booking has passed, so it can no longer be cancelled for a refund.",
  ];
}

/** How to reach the operator (their branding's support email and phone), where they set them. */
function operatorContact(row: BookingViewRow): string[] {
  const ways = [
    ...(row.operatorContactEmail ? [`Email: ${row.operatorContactEmail}`] : []),
    ...(row.operatorContactPhone ? [`Phone: ${row.operatorContactPhone}`] : []),
  ];
  return ways.length > 0 ? [`Questions? Contact ${row.operatorName}:`, ...ways] : [];
}

/** What the operator wrote is included (the experience's "What's included"), to know what to expect and bring. */
function includedLines(row: BookingViewRow): string[] {
  return row.included.length > 0 ? ["What's included:", ...row.included.map((line) => `  • ${line}`)] : [];
}

/** The booking's terms and the operator's contact: paragraphs of every email that hands out a ticket. */
const bookingFacts = (row: BookingViewRow): string[][] =>
  [includedLines(row), cancellationTerms(row), operatorContact(row)].filter((lines) => lines.length > 0);

/** The ticket paragraph: its code, and where its QR code is. */
const ticketParagraph = (row: BookingViewRow): string[] => [
  `Your ticket code: ${groupTicketCode(row.booking.ticketCode)}`,
  "Show its QR code (attached, and on your booking page) or tell the code at check-in.",
];

function ticketLines(row: BookingViewRow): string[] {
  const { currency, privatePriceMinor } = row.booking;
  // A private booking: the whole departure at its group price, its guests by ticket type.
  if (privatePriceMinor !== null)
    return [
      `${glossary.en.privateDeparture} (${formatMoney(privatePriceMinor, currency)})`,
      ...row.booking.tickets.map((ticket) => `${ticket.quantity} × ${ticket.name}`),
    ];
  return row.booking.tickets.map(
    (ticket) => `${ticket.quantity} × ${ticket.name} (${formatMoney(ticket.unitPriceMinor, currency)} each)`,
  );
}

/** The add-ons bought (issue 46) as a paragraph of their own, or none. */
function addOnsParagraphs(row: BookingViewRow): string[][] {
  const { addOns, currency } = row.booking;
  if (addOns.length === 0) return [];
  return [
    [
      "Add-ons:",
      ...addOns.map((line) => `  ${line.quantity} × ${line.name} (${formatMoney(line.unitPriceMinor, currency)} each)`),
    ],
  ];
}

function amountLines(row: BookingViewRow): string[] {
  const b = row.booking;
  const words = glossary.en;
  const lines = [`${words.subtotal}: ${formatMoney(b.subtotalMinor, b.currency)}`];
  if (b.discountMinor > 0)
    lines.push(
      `${words.promoDiscount}${b.promoCode ? ` (${b.promoCode})` : ""}: ${formatMoney(-b.discountMinor, b.currency)}`,
    );
  if (b.feesMinor > 0) lines.push(`${words.serviceFee}: ${formatMoney(b.feesMinor, b.currency)}`);
  if (b.taxMinor > 0) lines.push(`${words.taxes}: ${formatMoney(b.taxMinor, b.currency)}`);
  const deposit = depositView(b);
  const totalLabel =
    b.paymentStatus === "owed"
      ? "To pay on arrival"
      : b.status === "held" || (deposit && deposit.dueMinor > 0)
        ? "Total to pay"
        : "Total paid";
  lines.push(`${totalLabel}: ${formatMoney(b.totalMinor, b.currency)}`);
  if (deposit && b.status !== "held")
    lines.push(depositSummary(deposit, row.timezone, (minor) => formatMoney(minor, b.currency)));
  if (b.giftCardMinor > 0) {
    lines.push(`Paid with a gift card: ${formatMoney(b.giftCardMinor, b.currency)}`);
    if (b.totalMinor > b.giftCardMinor)
      lines.push(`Paid by card: ${formatMoney(b.totalMinor - b.giftCardMinor, b.currency)}`);
  }
  return lines;
}

/**
 * The answers to the booking's questions (issue 46, item 1), the booking's then each guest's
 * ("Guest 2 (Child): Height (cm): 120; Can you swim?: yes"); none when nothing was answered.
 */
export function answerParagraph(row: BookingViewRow): string[] {
  const { lines } = answersView(row.booking);
  if (lines.length === 0) return [];
  const rows: string[] = [];
  let guest: number | null | undefined;
  for (const line of lines) {
    const answer = `${line.label}: ${answerText(line.value, { yes: "yes", no: "no" })}`;
    if (rows.length > 0 && guest === line.guestNo) rows[rows.length - 1] += `; ${answer}`;
    else {
      const who = line.guestNo === null ? "For the booking" : `Guest ${line.guestNo} (${line.ticketName})`;
      rows.push(`  ${who}: ${answer}`);
    }
    guest = line.guestNo;
  }
  return ["Your answers:", ...rows];
}

/** What every booking email shares: recipient, branding, kind and the booking in its meta. */
function bookingEmail(
  context: BookingMailContext,
  parts: Omit<Parameters<typeof composeEmail>[0], "to" | "brand" | "meta" | "unsubscribe"> & { link: string },
): EmailInput {
  const { link, action, ...rest } = parts;
  // A guest the team booked for has no account to open the booking in: no button to that page
  // (a payment link stays).
  const noAccount = context.row.booking.userId === null && action?.href === bookingPage(context.row);
  return composeEmail({
    ...rest,
    ...(action && !noAccount ? { action } : {}),
    to: context.to,
    brand: bookingBrand(context.row),
    unsubscribe: context.unsubscribe ?? null,
    meta: { bookingId: context.row.booking.id, link },
  });
}

/**
 * The booking's calendar file (the confirmation's attachment, a cancellation's, the booking page's
 * download): UID = booking id, SEQUENCE raised by the database on every move or cancellation
 * (bookings.calendar_sequence), times in UTC, meeting point as location, URL = the booking's page,
 * a reminder the day before. A cancelled booking's file says so (STATUS:CANCELLED); `method`
 * CANCEL is the cancellation email's message that removes the event.
 */
export function bookingCalendar(
  row: BookingViewRow,
  link: string,
  options: { stamp?: Date; method?: IcsMethod } = {},
): string {
  const cancelled = row.booking.status === "cancelled";
  return buildIcs({
    uid: row.booking.id,
    domain: new URL(row.booking.origin).hostname,
    start: row.startsAt,
    end: row.endsAt,
    summary: `${row.experienceTitle} — ${row.serviceName}`,
    location: row.meetingPoint,
    description: [
      `Booking ${bookingReference(row.booking.id)} with ${row.operatorName}${cancelled ? " (cancelled)" : ""}`,
      ...pickupLines(row),
      ...ticketLines(row),
      `Total paid: ${formatMoney(row.booking.totalMinor, row.booking.currency)}`,
      ...(row.booking.status === "confirmed" ? [`Ticket code: ${groupTicketCode(row.booking.ticketCode)}`] : []),
      `Your booking: ${link}`,
    ].join("\n"),
    url: link,
    stamp: options.stamp,
    sequence: row.booking.calendarSequence,
    cancelled,
    method: options.method,
    organizer: { name: row.operatorName, email: senderAddress() },
    // The same lead time as the reminder email and text (24 hours before: docs/api.md, due work).
    alarm: { before: REMINDER_LEAD, description: `Reminder: ${row.experienceTitle} starts in 24 hours` },
  });
}

/** The booking's calendar file as an email attachment (booking.ics), as a PUBLISH or a CANCEL message. */
export function calendarAttachment(row: BookingViewRow, link: string, method: IcsMethod = "PUBLISH"): OutboxAttachment {
  return {
    name: "booking.ics",
    contentType: `text/calendar; charset=utf-8; method=${method}`,
    content: Buffer.from(bookingCalendar(row, link, { method }), "utf8").toString("base64"),
  };
}

/**
 * An email that carries the booking's ticket: the booking's page as its link and action, the map
 * links, the calendar file attached and the ticket's QR code too when it was made; `attached` says
 * which, with the QR code or without it.
 */
function ticketEmail(
  context: BookingMailContext,
  ticketQr: OutboxAttachment | undefined,
  parts: Pick<Parameters<typeof bookingEmail>[1], "subject" | "heading" | "kind" | "paragraphs"> & {
    attached: { withQr: string; withoutQr: string };
  },
): EmailInput {
  const { attached, ...rest } = parts;
  const link = bookingPage(context.row);
  const attachment = calendarAttachment(context.row, link);
  return bookingEmail(context, {
    ...rest,
    link,
    action: { label: "See your booking", textLabel: "See or cancel your booking", href: link },
    links: mapLinks(context.row),
    notes: [ticketQr ? attached.withQr : attached.withoutQr],
    attachments: ticketQr ? [attachment, ticketQr] : [attachment],
  });
}

/**
 * The confirmation: the ticket's code as text and its QR code as `ticketQr` (ticket.png:
 * api/bookings/ticket-png.ts, made by the caller since rendering it is asynchronous), with the
 * calendar file.
 */
export function confirmationEmail(context: BookingMailContext, ticketQr?: OutboxAttachment): EmailInput {
  const { row, firstName } = context;
  return ticketEmail(context, ticketQr, {
    subject: `Booking confirmed: ${row.experienceTitle}`,
    heading: "Booking confirmed",
    kind: "booking_confirmed",
    paragraphs: [
      [greeting(firstName)],
      ["Your booking is confirmed."],
      [`${row.experienceTitle} — ${row.serviceName}`, `With ${row.operatorName}`],
      whenAndWhere(row),
      ["Tickets:", ...ticketLines(row).map((line) => `  ${line}`)],
      ...addOnsParagraphs(row),
      ...[answerParagraph(row)].filter((lines) => lines.length > 0),
      amountLines(row),
      [`Booking reference: ${bookingReference(row.booking.id)}`],
      ticketParagraph(row),
      ...bookingFacts(row),
    ],
    attached: {
      withQr: "Your ticket's QR code and a calendar invitation are attached.",
      withoutQr: "A calendar invitation is attached.",
    },
  });
}

/**
 * A booking the team took for the guest, to be paid by card: the link to its checkout. The seats
 * are held until the link expires; the confirmation (with the ticket) follows the payment.
 */
export function paymentLinkEmail(context: BookingMailContext, link: string): EmailInput {
  const { row, firstName } = context;
  const until = row.booking.holdExpiresAt ? formatMomentIn(row.booking.holdExpiresAt, row.timezone) : null;
  return bookingEmail(context, {
    subject: `Pay for your booking: ${row.experienceTitle}`,
    heading: "Your booking is waiting for payment",
    kind: "payment_link",
    link,
    paragraphs: [
      [greeting(firstName)],
      [`${row.operatorName} booked ${row.experienceTitle} — ${row.serviceName} for you.`],
      whenAndWhere(row),
      ["Tickets:", ...ticketLines(row).map((line) => `  ${line}`)],
      amountLines(row),
      [`Booking reference: ${bookingReference(row.booking.id)}`],
      [
        until
          ? `Your seats are held until ${until}: pay by then to confirm the booking.`
          : "Pay to confirm the booking.",
      ],
    ],
    action: { label: "Pay now", textLabel: "Pay for your booking", href: link },
    notes: ["Your ticket arrives by email once the payment is made."],
  });
}

/** A move of a booking to another departure, as its email tells it (moveBooking). */
export interface DateChange {
  /** The departure it left. */
  from: { startsAt: Date; endsAt: Date };
  /** The ticket code it had, which no longer works. */
  oldTicketCode: string;
  /** Owed back for a cheaper departure (0 otherwise). */
  refundedMinor: number;
  /** Paid for a dearer departure (0 otherwise). */
  chargedMinor: number;
  /** What the guest has paid for the booking in all once the move settles (refunds taken off). */
  paidInAllMinor: number;
  /** The price difference the operator waived when they moved the booking (0: none). */
  waivedMinor?: number;
}

function dateChangeMoney(change: DateChange, currency: string): string {
  if (change.waivedMinor)
    return `The price difference of ${formatMoney(Math.abs(change.waivedMinor), currency)} is waived: nothing was charged or refunded.`;
  if (change.refundedMinor > 0)
    return `The new time costs less: we are refunding the difference of ${formatMoney(change.refundedMinor, currency)} to how you paid; it can take 5–10 days to show.`;
  if (change.chargedMinor > 0)
    return `The new time costs more: you paid the difference of ${formatMoney(change.chargedMinor, currency)}.`;
  return "The price is the same: nothing was charged or refunded.";
}

/**
 * A booking moved to another departure: not a second confirmation but the change itself (its own
 * subject and heading): the old and new times in the experience's zone, what was refunded or
 * charged, what is paid in all, the new ticket (the old one no longer works), and the calendar file
 * that moves the event (the same UID, a higher SEQUENCE).
 */
export function dateChangedEmail(change: DateChange) {
  return (context: BookingMailContext, ticketQr?: OutboxAttachment): EmailInput => {
    const { row, firstName } = context;
    const b = row.booking;
    return ticketEmail(context, ticketQr, {
      subject: `Date changed: ${row.experienceTitle}`,
      heading: "Your booking has a new date",
      kind: "booking_rescheduled",
      paragraphs: [
        [greeting(firstName)],
        [
          `Your booking ${bookingReference(b.id)} of ${row.experienceTitle} — ${row.serviceName} has moved to a new date.`,
        ],
        [
          `Was: ${formatDepartureTime(change.from, row.timezone)}`,
          `Now: ${when(row)}`,
          ...pickupLines(row),
          `Meeting point: ${row.meetingPoint}`,
        ],
        ["Tickets:", ...ticketLines(row).map((line) => `  ${line}`)],
        [dateChangeMoney(change, b.currency), `Paid in all: ${formatMoney(change.paidInAllMinor, b.currency)}`],
        [
          `Your old ticket (${groupTicketCode(change.oldTicketCode)}) no longer works: it is refused at check-in.`,
          ...ticketParagraph(row),
        ],
        ...bookingFacts(row),
      ],
      attached: {
        withQr: "Your new ticket's QR code and the updated calendar invitation are attached.",
        withoutQr: "The updated calendar invitation is attached.",
      },
    });
  };
}

/**
 * The operator asks the guest to pay the difference of a move to a dearer departure: the old and
 * new times (in the experience's zone, named), the amount, and the payment link (valid until
 * `expiresAt`); the booking moves once it is paid (then the date change's email follows).
 */
export function movePaymentEmail(move: {
  to: { startsAt: Date; endsAt: Date };
  amountMinor: number;
  checkoutUrl: string;
  expiresAt: Date;
}) {
  return (context: BookingMailContext): EmailInput => {
    const { row, firstName } = context;
    const b = row.booking;
    const pay = new URL(move.checkoutUrl, b.origin).toString();
    return bookingEmail(context, {
      subject: `Confirm your new date: ${row.experienceTitle}`,
      heading: "Your booking can move to a new date",
      kind: "booking_move_payment",
      link: pay,
      paragraphs: [
        [greeting(firstName)],
        [
          `${row.operatorName} is moving your booking ${bookingReference(b.id)} of ${row.experienceTitle} — ${row.serviceName} to another departure.`,
        ],
        [`Now: ${when(row)}`, `New: ${formatDepartureTime(move.to, row.timezone)}`],
        [
          `The new time costs ${formatMoney(move.amountMinor, b.currency)} more. Pay the difference by ${formatMomentIn(move.expiresAt, row.timezone)} to confirm the move: you will then get your new ticket.`,
          "Until then your booking stays as it is.",
        ],
        ...[operatorContact(row)].filter((lines) => lines.length > 0),
      ],
      action: { label: "Pay the difference", href: pay },
    });
  };
}

/**
 * The operator offers the guest another departure of their choice. With an account: the link to
 * their booking's date change (open past the usual deadline until the departure starts). Without
 * one (a booking the team took): how to reach the operator to choose.
 */
export function moveOfferEmail(offer: { suggested: { startsAt: Date; endsAt: Date }; link: boolean }) {
  return (context: BookingMailContext): EmailInput => {
    const { row, firstName } = context;
    const b = row.booking;
    const choose = pageOf(row, `${bookingPath(b.id)}/reschedule`);
    const contact = operatorContact(row);
    return bookingEmail(context, {
      subject: `Choose a new date: ${row.experienceTitle}`,
      heading: "Please choose another departure",
      kind: "booking_move_offer",
      link: offer.link ? choose : bookingPage(row),
      paragraphs: [
        [greeting(firstName)],
        [
          `${row.operatorName} asks you to move your booking ${bookingReference(b.id)} of ${row.experienceTitle} — ${row.serviceName} to another departure.`,
        ],
        [`Booked: ${when(row)}`, `Suggested: ${formatDepartureTime(offer.suggested, row.timezone)}`],
        offer.link
          ? [
              "Choose any departure with room on your booking's date change page, even past the usual deadline, until your departure starts. Until you choose, your booking stays as it is.",
            ]
          : [
              `Reply to this email or contact ${row.operatorName} to choose your new departure. Until you choose, your booking stays as it is.`,
            ],
        ...(contact.length > 0 ? [contact] : []),
      ],
      ...(offer.link ? { action: { label: "Choose a new date", href: choose } } : {}),
    });
  };
}

/**
 * What a cancelled booking's guest gets back: the whole payment, or what is left of it after the
 * operator's earlier partial refunds (`refund_minor` is what was refunded before this one).
 */
function refundSentence(booking: BookingViewRow["booking"]): string {
  // A deposit booking whose balance was never charged paid its deposit only.
  const b = { ...booking, totalMinor: booking.totalMinor - unpaidBalance(booking) };
  const earlier = b.refundMinor ?? 0;
  if (earlier >= b.totalMinor)
    return `Your payment of ${formatMoney(b.totalMinor, b.currency)} was already refunded in full.`;
  if (earlier === 0 && b.giftCardMinor > 0) {
    const card = b.totalMinor - b.giftCardMinor;
    return `We are refunding ${formatMoney(b.totalMinor, b.currency)} in full: ${formatMoney(b.giftCardMinor, b.currency)} is back on your gift card now${card > 0 ? `, and ${formatMoney(card, b.currency)} goes to your card (it can take 5–10 days to show)` : ""}.`;
  }
  if (earlier === 0)
    return `We are refunding ${formatMoney(b.totalMinor, b.currency)} to your card in full; it can take 5–10 days to show.`;
  const where = b.giftCardMinor > 0 ? "to your gift card and card" : "to your card";
  return `We are refunding the remaining ${formatMoney(b.totalMinor - earlier, b.currency)} ${where} (${formatMoney(earlier, b.currency)} was refunded earlier); it can take 5–10 days to show.`;
}

/** The refund sentence of a cancellation's notification (`owed`: the amount refunded now). */
export function refundNote(owed: number, booking: { totalMinor: number; currency: string }): string {
  if (owed <= 0) return "";
  if (owed >= booking.totalMinor) return " Your payment is refunded in full.";
  return ` The remaining ${formatMoney(owed, booking.currency)} of your payment is refunded.`;
}

/**
 * An email that sends the guest to their booking's page: the greeting, the paragraphs, and the
 * "See your booking" button (`link`, the page, is handed to the parts that name it).
 */
function bookingPageEmail(
  context: BookingMailContext,
  compose: (link: string) => Omit<Parameters<typeof bookingEmail>[1], "link" | "action">,
): EmailInput {
  const link = bookingPage(context.row);
  const { paragraphs, ...parts } = compose(link);
  return bookingEmail(context, {
    ...parts,
    link,
    paragraphs: [[greeting(context.firstName)], ...paragraphs],
    action: { label: "See your booking", href: link },
  });
}

/** The operator refunded part or all of a paid booking: how much, why, and what remains paid. */
export function operatorRefundEmail(refund: { amountMinor: number; reason: string; remainingPaidMinor: number }) {
  return (context: BookingMailContext): EmailInput => {
    const { row } = context;
    const b = row.booking;
    return bookingPageEmail(context, (link) => ({
      subject: `Refund from ${row.operatorName}: ${row.experienceTitle}`,
      kind: "booking_refunded",
      paragraphs: [
        [
          `${row.operatorName} has refunded ${formatMoney(refund.amountMinor, b.currency)} of your booking ${bookingReference(b.id)}; it can take 5–10 days to show on your card.`,
        ],
        [`${row.experienceTitle} — ${row.serviceName}`, `When: ${when(row)}`],
        [`Reason: ${refund.reason}`],
        [
          refund.remainingPaidMinor > 0
            ? `You have now paid ${formatMoney(refund.remainingPaidMinor, b.currency)} in all for this booking.`
            : "Your payment is now refunded in full.",
        ],
      ],
      // Refunded with its seats released: the booking is cancelled, and so is its event.
      ...(b.status === "cancelled" ? { attachments: [calendarAttachment(row, link, "CANCEL")] } : {}),
    }));
  };
}

/**
 * A cancelled booking's email: why (the guest cancelled, or the operator cancelled the departure),
 * the refund, and the calendar file that removes the event (METHOD:CANCEL, the same UID).
 */
function cancelledBookingEmail(
  context: BookingMailContext,
  parts: { subject: string; reason: (reference: string) => string; refund?: string },
): EmailInput {
  const { row } = context;
  const b = row.booking;
  // Written in the cancelling transaction: a paid booking's refund is owed from then on (made
  // right after, or by the sweep if the provider is down), so the email can promise it.
  const paid = b.paymentStatus === "paid" || b.paymentStatus === "refunded";
  const refund =
    parts.refund ??
    (paid && b.totalMinor > 0 && (b.paymentIntentId || b.giftCardMinor > 0)
      ? refundSentence(b)
      : "Nothing was charged.");
  return bookingPageEmail(context, (link) => ({
    subject: `${parts.subject}: ${row.experienceTitle}`,
    kind: "booking_cancelled",
    paragraphs: [
      [parts.reason(bookingReference(b.id))],
      [`${row.experienceTitle} — ${row.serviceName}`, `Was: ${when(row)}`],
      [refund],
    ],
    notes: ["The attached calendar file removes the event from your calendar."],
    attachments: [calendarAttachment(row, link, "CANCEL")],
  }));
}

/** A deposit booking's balance charged (off-session or through its link): the receipt. */
export function balanceReceiptEmail(context: BookingMailContext): EmailInput {
  const { row } = context;
  const b = row.booking;
  return bookingPageEmail(context, () => ({
    subject: `Balance paid: ${row.experienceTitle}`,
    kind: "balance_paid",
    paragraphs: [
      [
        `We charged the balance of ${formatMoney(b.balanceMinor, b.currency)} for ${row.experienceTitle} — ${row.serviceName}: your booking is paid in full.`,
      ],
      [`When: ${when(row)}`],
      amountLines(row),
      [`Booking reference: ${bookingReference(b.id)}`],
    ],
  }));
}

/** The balance's off-session charge was declined: the link to pay it, and until when. */
export function balanceDeclinedEmail(context: BookingMailContext): EmailInput {
  const { row, firstName } = context;
  const b = row.booking;
  const link = pageOf(row, `${bookingPath(b.id)}#balance`);
  const until = b.balanceCutoffAt ? formatMomentIn(b.balanceCutoffAt, row.timezone) : null;
  return bookingEmail(context, {
    subject: `Payment needed: ${row.experienceTitle}`,
    heading: "Your card was declined",
    kind: "balance_payment_link",
    link,
    paragraphs: [
      [greeting(firstName)],
      [
        `We could not charge the balance of ${formatMoney(b.balanceMinor, b.currency)} for ${row.experienceTitle} — ${row.serviceName} to your card.`,
      ],
      [
        until
          ? `Pay it by ${until} to keep your booking; unpaid then, it is cancelled under the cancellation policy.`
          : "Pay it to keep your booking.",
      ],
      [`Booking reference: ${bookingReference(b.id)}`],
    ],
    action: { label: "Pay the balance", textLabel: "Pay the balance", href: link },
  });
}

/** The balance was still unpaid at its cut-off: the booking is cancelled. */
export function balanceCancelledEmail(context: BookingMailContext): EmailInput {
  return cancelledBookingEmail(context, {
    subject: "Booking cancelled (balance unpaid)",
    reason: (reference) => `Your booking ${reference} is cancelled: its balance was not paid in time.`,
    // Cancelled under the policy: past the free-cancellation deadline the deposit is kept.
    ...(context.row.booking.refundMinor === 0
      ? {
          refund: `Under the cancellation policy the deposit of ${formatMoney(context.row.booking.depositMinor ?? 0, context.row.booking.currency)} is not refunded.`,
        }
      : {}),
  });
}

export function cancellationEmail(context: BookingMailContext): EmailInput {
  return cancelledBookingEmail(context, {
    subject: "Booking cancelled",
    reason: (reference) => `Your booking ${reference} is cancelled.`,
  });
}

/** The operator cancelled the departure: the booking is cancelled with it, refunded in full. */
export function departureCancelledEmail(context: BookingMailContext): EmailInput {
  return cancelledBookingEmail(context, {
    subject: "Departure cancelled",
    reason: (reference) =>
      `${context.row.operatorName} has cancelled this departure, so your booking ${reference} is cancelled. We are sorry for the change of plans.`,
  });
}

/** A payment arrived after the hold expired and the seats had been sold meanwhile. */
export function lateRefundEmail(context: BookingMailContext): EmailInput {
  const { row } = context;
  const b = row.booking;
  return bookingPageEmail(context, () => ({
    subject: `Payment refunded: ${row.experienceTitle}`,
    kind: "booking_refunded",
    paragraphs: [
      [
        b.cancelledAt
          ? `Your payment for ${row.experienceTitle} — ${row.serviceName} arrived after this booking was cancelled or replaced by a newer one.`
          : `Your payment for ${row.experienceTitle} — ${row.serviceName} arrived after your seats were released, and the departure has sold out meanwhile.`,
      ],
      [
        `We have refunded ${formatMoney(b.refundMinor ?? b.totalMinor, b.currency)} in full (booking ${bookingReference(b.id)}); it can take 5–10 days to show.`,
      ],
    ],
  }));
}

/** The day before: when, where, what to bring (the booking's page). */
export function reminderEmail(context: BookingMailContext): EmailInput {
  const { row } = context;
  return bookingPageEmail(context, () => ({
    subject: `Reminder: ${row.experienceTitle} is coming up`,
    kind: "booking_reminder",
    paragraphs: [
      [`A reminder: ${row.experienceTitle} — ${row.serviceName} is coming up.`],
      [...whenAndWhere(row), `With ${row.operatorName}`],
      [`Booking reference: ${bookingReference(row.booking.id)}`],
    ],
    links: mapLinks(row),
    notes: ["You get this because reminders are on in your notification settings."],
  }));
}

/** A hold ran out unpaid: the seats went back; the guest may book again. */
export function lapsedHoldEmail(context: BookingMailContext): EmailInput {
  const { row, firstName } = context;
  const link = pageOf(row, `/experiences/${row.booking.experienceId}/${row.booking.serviceId}`);
  return bookingEmail(context, {
    subject: `Your booking was not finished: ${row.experienceTitle}`,
    kind: "hold_lapsed",
    link,
    paragraphs: [
      [greeting(firstName)],
      [
        `Your booking of ${row.experienceTitle} — ${row.serviceName} was not finished, so we released the seats we were holding for you.`,
      ],
      [`It was for ${when(row)}. Nothing was charged.`],
      ["If you still want to go, the seats left are on the experience's page."],
    ],
    action: { label: "See the experience", textLabel: "Book again", href: link },
    notes: ["You get this because reminders are on in your notification settings."],
  });
}

/** After the trip: a link to tip the guide (the link's key is the only way in). */
export function tipEmail(context: BookingMailContext, link: string): EmailInput {
  const { row, firstName } = context;
  return bookingEmail(context, {
    subject: `How was ${row.experienceTitle}? Tip your guide`,
    kind: "tip_request",
    link,
    paragraphs: [
      [greeting(firstName)],
      [`We hope you enjoyed ${row.experienceTitle} — ${row.serviceName} with ${row.operatorName}.`],
      ["If your guide made it special, you can leave a tip: it goes to the team who hosted you."],
      [`Tell other travellers how it was: ${bookingPage(row)}#review`],
    ],
    action: { label: "Leave a tip", href: link },
    notes: ["You get this because tip emails are on in your notification settings."],
  });
}
