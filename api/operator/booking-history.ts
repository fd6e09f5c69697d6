import { and, desc, eq } from "drizzle-orm";
import type { BookingHistory } from "~contract/operator/guest-messages";
import { bookingAuditEntries } from "../audit/log";
import type { Db } from "../db/client";
import { bookingMessages, users } from "../db/schema";
import { seesMoney, type Member } from "../members/guard";
import { bookingNotFound, seesBooking } from "./check-ins";

/** Audit actions whose record holds money: left out of a guide's history. */
export const MONEY_AUDIT_ACTIONS: readonly string[] = ["booking.refunded"];

/** A record's keys about money (amounts, their currency, why a price): kept from a guide. */
const moneyKey = (key: string) => key.endsWith("Minor") || key === "currency" || key === "priceReason";

/**
 * An audit entry as a guide sees it: without the money in its record (a staff booking's price, a
 * move's difference, the amount marked paid: the rest of the entry stands) nor where it was written from.
 */
function forGuide<Entry extends { target: Record<string, unknown>; clientAddress: string }>(entry: Entry): Entry {
  return {
    ...entry,
    target: Object.fromEntries(Object.entries(entry.target).filter(([key]) => !moneyKey(key))),
    clientAddress: "",
  };
}

/**
 * GET /v1/operator/bookings/{bookingId}/history: the messages written to the booking's guest and
 * its audit entries, newest first. A guide: only on a departure of theirs (else 404), without the
 * entries about money, the money in the others, nor the addresses the team wrote from.
 */
export async function bookingHistory(db: Db, member: Member, bookingId: string): Promise<BookingHistory> {
  if (!(await seesBooking(db, member, bookingId))) throw bookingNotFound();
  const [messages, entries] = await Promise.all([
    db
      .select({ message: bookingMessages, firstName: users.firstName, lastName: users.lastName, email: users.email })
      .from(bookingMessages)
      .innerJoin(users, eq(users.id, bookingMessages.sentByUserId))
      .where(and(eq(bookingMessages.bookingId, bookingId), eq(bookingMessages.accountId, member.account.id)))
      .orderBy(desc(bookingMessages.createdAt), desc(bookingMessages.id)),
    bookingAuditEntries(db, member.account.id, bookingId),
  ]);
  const items: BookingHistory["items"] = [
    ...messages.map(({ message, ...sender }) => ({
      kind: "message" as const,
      at: message.createdAt.toISOString(),
      message: {
        id: message.id,
        at: message.createdAt.toISOString(),
        sentBy: {
          id: message.sentByUserId,
          name: [sender.firstName, sender.lastName].filter(Boolean).join(" ") || null,
          email: sender.email,
        },
        template: message.template,
        subject: message.subject,
        body: message.body,
        email: message.emailSent,
        sms: message.smsSent,
      },
    })),
    ...entries
      .filter((entry) => seesMoney(member) || !MONEY_AUDIT_ACTIONS.includes(entry.action))
      // A guide is shown neither the money in the others nor where the team's members wrote from.
      .map((entry) => ({
        kind: "audit" as const,
        at: entry.at,
        entry: seesMoney(member) ? entry : forGuide(entry),
      })),
  ];
  // Newest first; a message and the audit row of its send share a moment: the message first.
  items.sort((a, b) => b.at.localeCompare(a.at) || (a.kind === b.kind ? 0 : a.kind === "message" ? -1 : 1));
  return { items };
}
