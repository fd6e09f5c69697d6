import type { EmailInput } from "~contract/system/outbox";
import { GUEST_SMS_MAX } from "~contract/operator/guest-messages";
import type { GuestMessageTemplate } from "~contract/statuses";
import { bookingPath } from "../bookings/emails";
import { formatDepartureTime } from "../bookings/format";
import { type BookingViewRow } from "../bookings/view";
import { bookingReference } from "../ids";
import { composeEmail, operatorBrand } from "../outbox/email-layout";

/** What the team wrote: its case, subject and body (line breaks kept). */
export interface GuestMessage {
  template: GuestMessageTemplate;
  subject: string;
  body: string;
}

/** The operator's branding (whichever site the booking was made on): it is the operator writing. */
const brandOf = (row: BookingViewRow) =>
  operatorBrand(
    {
      name: row.operatorName,
      logoUrl: row.operatorLogoUrl,
      primaryColor: row.operatorPrimaryColor,
      inkColor: row.operatorInkColor,
    },
    row.booking.origin,
  );

/**
 * The team's message to a guest by email: their text as paragraphs, then which booking it is
 * about (the departure in its zone, named, and the meeting point), and the booking's page.
 */
export function guestMessageEmail(
  row: BookingViewRow,
  to: string,
  firstName: string | null,
  message: GuestMessage,
  sentBy: string,
): EmailInput {
  const link = new URL(bookingPath(row.booking.id), row.booking.origin).toString();
  const paragraphs = message.body
    .split(/\n\s*\n/)
    .map((block) => block.split("\n"))
    .filter((lines) => lines.some((line) => line.trim() !== ""));
  return composeEmail({
    to,
    subject: message.subject,
    kind: "guest_message",
    brand: brandOf(row),
    unsubscribe: null,
    meta: { bookingId: row.booking.id, link, template: message.template, sentBy },
    paragraphs: [
      [firstName ? `Hello ${firstName},` : "Hello,"],
      ...paragraphs,
      [
        `Your booking ${bookingReference(row.booking.id)}: ${row.experienceTitle}, ${row.serviceName}`,
        formatDepartureTime(row, row.timezone),
        `Meeting point: ${row.meetingPoint}`,
      ],
    ],
    // A guest the team booked for has no account to open the booking page with.
    ...(row.booking.userId === null ? {} : { action: { label: "See your booking", href: link } }),
  });
}

/** The same message as a text: who writes, the subject and body, cut at GUEST_SMS_MAX characters. */
export function guestMessageSms(row: BookingViewRow, message: GuestMessage): string {
  const text = `${row.operatorName} (${bookingReference(row.booking.id)}): ${message.subject}\n${message.body}`;
  return text.length <= GUEST_SMS_MAX ? text : `${text.slice(0, GUEST_SMS_MAX - 1)}…`;
}
