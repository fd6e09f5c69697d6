import { escapeHtml } from "../auth/emails";
import type { OutboxAttachment } from "../db/schema";
import type { EmailInput } from "~contract/outbox";
import { formatMoney } from "~contract/money";
import { formatWhen } from "./format";
import { buildIcs } from "./ics";
import type { BookingViewRow } from "./view";

/** The account area's bookings page. */
export const ACCOUNT_BOOKINGS_PATH = "/account/bookings";

export interface BookingMailContext {
  row: BookingViewRow;
  to: string;
  firstName: string | null;
}

const greeting = (firstName: string | null) => (firstName ? `Hello ${firstName},` : "Hello,");

function ticketLines(row: BookingViewRow): string[] {
  const { currency } = row.booking;
  return row.booking.tickets.map(
    (ticket) => `${ticket.quantity} × ${ticket.name} (${formatMoney(ticket.unitPriceMinor, currency)} each)`,
  );
}

function amountLines(row: BookingViewRow): string[] {
  const b = row.booking;
  const lines = [`Subtotal: ${formatMoney(b.subtotalMinor, b.currency)}`];
  if (b.discountMinor > 0)
    lines.push(`Discount${b.promoCode ? ` (${b.promoCode})` : ""}: −${formatMoney(b.discountMinor, b.currency)}`);
  if (b.feesMinor > 0) lines.push(`Booking fee: ${formatMoney(b.feesMinor, b.currency)}`);
  if (b.taxMinor > 0) lines.push(`Taxes: ${formatMoney(b.taxMinor, b.currency)}`);
  lines.push(`Total paid: ${formatMoney(b.totalMinor, b.currency)}`);
  return lines;
}

function html(paragraphs: string[][], link: string, button: string): string {
  const blocks = paragraphs.map((lines) => `<p>${lines.map(escapeHtml).join("<br>")}</p>`);
  const href = escapeHtml(link);
  return [
    "<!doctype html>",
    '<html><body style="font-family: system-ui, sans-serif; line-height: 1.5; color: #0f172a;">',
    ...blocks,
    `<p><a href="${href}" style="display: inline-block; padding: 10px 16px; background: #1d4ed8; color: #ffffff; text-decoration: none; border-radius: 6px;">${escapeHtml(button)}</a></p>`,
    "</body></html>",
  ].join("\n");
}

/** The .ics attachment of the confirmation: UID = booking id, times in UTC, meeting point as location. */
export function bookingCalendar(row: BookingViewRow, link: string, stamp = new Date()): string {
  return buildIcs({
    uid: row.booking.id,
    domain: new URL(row.booking.origin).hostname,
    start: row.startsAt,
    end: row.endsAt,
    summary: `${row.experienceTitle} — ${row.serviceName}`,
    location: row.meetingPoint,
    description: [
      `Booking ${row.booking.id} with ${row.operatorName}`,
      ...ticketLines(row),
      `Total paid: ${formatMoney(row.booking.totalMinor, row.booking.currency)}`,
      `Your bookings: ${link}`,
    ].join("\n"),
    url: link,
    stamp,
  });
}

export function confirmationEmail({ row, to, firstName }: BookingMailContext): EmailInput {
  const link = new URL(ACCOUNT_BOOKINGS_PATH, row.booking.origin).toString();
  const what = [`${row.experienceTitle} — ${row.serviceName}`, `With ${row.operatorName}`];
  const when = [
    `When: ${formatWhen(row.startsAt, row.endsAt, row.timezone)} (${row.timezone})`,
    `Meeting point: ${row.meetingPoint}`,
  ];
  const tickets = ["Tickets:", ...ticketLines(row).map((line) => `  ${line}`)];
  const amounts = amountLines(row);
  const reference = [`Booking reference: ${row.booking.id}`];
  const paragraphs = [[greeting(firstName)], ["Your booking is confirmed."], what, when, tickets, amounts, reference];
  const outro = `See or cancel your booking: ${link}\n\nA calendar invitation is attached.`;
  const attachment: OutboxAttachment = {
    name: "booking.ics",
    contentType: "text/calendar; charset=utf-8; method=PUBLISH",
    content: Buffer.from(bookingCalendar(row, link), "utf8").toString("base64"),
  };
  return {
    to,
    subject: `Booking confirmed: ${row.experienceTitle}`,
    text: `${paragraphs.map((lines) => lines.join("\n")).join("\n\n")}\n\n${outro}\n`,
    html: html([...paragraphs, ["A calendar invitation is attached."]], link, "See your bookings"),
    attachments: [attachment],
    kind: "booking_confirmed",
    meta: { bookingId: row.booking.id, link },
  };
}

export function cancellationEmail({ row, to, firstName }: BookingMailContext): EmailInput {
  const link = new URL(ACCOUNT_BOOKINGS_PATH, row.booking.origin).toString();
  const b = row.booking;
  const refund = b.refundMinor
    ? `We have refunded ${formatMoney(b.refundMinor, b.currency)} to your card; it can take 5–10 days to show.`
    : "Nothing was charged.";
  const paragraphs = [
    [greeting(firstName)],
    [`Your booking ${b.id} is cancelled.`],
    [
      `${row.experienceTitle} — ${row.serviceName}`,
      `Was: ${formatWhen(row.startsAt, row.endsAt, row.timezone)} (${row.timezone})`,
    ],
    [refund],
  ];
  return {
    to,
    subject: `Booking cancelled: ${row.experienceTitle}`,
    text: `${paragraphs.map((lines) => lines.join("\n")).join("\n\n")}\n\nYour bookings: ${link}\n`,
    html: html(paragraphs, link, "See your bookings"),
    kind: "booking_cancelled",
    meta: { bookingId: b.id, link },
  };
}

/** A payment arrived after the hold expired and the seats had been sold meanwhile. */
export function lateRefundEmail({ row, to, firstName }: BookingMailContext): EmailInput {
  const link = new URL(ACCOUNT_BOOKINGS_PATH, row.booking.origin).toString();
  const b = row.booking;
  const paragraphs = [
    [greeting(firstName)],
    [
      b.cancelledAt
        ? `Your payment for ${row.experienceTitle} — ${row.serviceName} arrived after this booking was cancelled or replaced by a newer one.`
        : `Your payment for ${row.experienceTitle} — ${row.serviceName} arrived after your seats were released, and the departure has sold out meanwhile.`,
    ],
    [
      `We have refunded ${formatMoney(b.refundMinor ?? b.totalMinor, b.currency)} in full (booking ${b.id}); it can take 5–10 days to show.`,
    ],
  ];
  return {
    to,
    subject: `Payment refunded: ${row.experienceTitle}`,
    text: `${paragraphs.map((lines) => lines.join("\n")).join("\n\n")}\n\nYour bookings: ${link}\n`,
    html: html(paragraphs, link, "See your bookings"),
    kind: "booking_refunded",
    meta: { bookingId: b.id, link },
  };
}

/** The day before: when, where, what to bring (the booking's page). */
export function reminderEmail({ row, to, firstName }: BookingMailContext): EmailInput {
  const link = new URL(`/account/booking/${row.booking.id}`, row.booking.origin).toString();
  const paragraphs = [
    [greeting(firstName)],
    [`A reminder: ${row.experienceTitle} — ${row.serviceName} is coming up.`],
    [
      `When: ${formatWhen(row.startsAt, row.endsAt, row.timezone)} (${row.timezone})`,
      `Meeting point: ${row.meetingPoint}`,
      `With ${row.operatorName}`,
    ],
    [`Booking reference: ${row.booking.id}`],
  ];
  return {
    to,
    subject: `Reminder: ${row.experienceTitle} is coming up`,
    text: `${paragraphs.map((lines) => lines.join("\n")).join("\n\n")}\n\nYour booking: ${link}\n`,
    html: html(paragraphs, link, "See your booking"),
    kind: "booking_reminder",
    meta: { bookingId: row.booking.id, link },
  };
}

/** A hold ran out unpaid: the seats went back; the guest may book again. */
export function lapsedHoldEmail({ row, to, firstName }: BookingMailContext): EmailInput {
  const path = `/experiences/${row.booking.experienceId}/${row.booking.serviceId}`;
  const link = new URL(path, row.booking.origin).toString();
  const paragraphs = [
    [greeting(firstName)],
    [
      `Your booking of ${row.experienceTitle} — ${row.serviceName} was not finished, so we released the seats we were holding for you.`,
    ],
    [`It was for ${formatWhen(row.startsAt, row.endsAt, row.timezone)} (${row.timezone}). Nothing was charged.`],
    ["If you still want to go, the seats left are on the experience's page."],
  ];
  return {
    to,
    subject: `Your booking was not finished: ${row.experienceTitle}`,
    text: `${paragraphs.map((lines) => lines.join("\n")).join("\n\n")}\n\nBook again: ${link}\n\nYou get this because reminders are on in your notification settings: ${new URL("/account/notifications", row.booking.origin).toString()}\n`,
    html: html(
      [...paragraphs, ["You get this because reminders are on in your notification settings."]],
      link,
      "See the experience",
    ),
    kind: "hold_lapsed",
    meta: { bookingId: row.booking.id, link },
  };
}

/** After the trip: a link to tip the guide (the link's key is the only way in). */
export function tipEmail({ row, to, firstName }: BookingMailContext, link: string): EmailInput {
  const settings = new URL("/account/notifications", row.booking.origin).toString();
  const paragraphs = [
    [greeting(firstName)],
    [`We hope you enjoyed ${row.experienceTitle} — ${row.serviceName} with ${row.operatorName}.`],
    ["If your guide made it special, you can leave a tip: it goes to the team who hosted you."],
  ];
  return {
    to,
    subject: `How was ${row.experienceTitle}? Tip your guide`,
    text: `${paragraphs.map((lines) => lines.join("\n")).join("\n\n")}\n\nLeave a tip: ${link}\n\nYou get this because tip emails are on in your notification settings: ${settings}\n`,
    html: html(
      [...paragraphs, ["You get this because tip emails are on in your notification settings."]],
      link,
      "Leave a tip",
    ),
    kind: "tip_request",
    meta: { bookingId: row.booking.id, link },
  };
}
