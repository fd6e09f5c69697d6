/**
 * The desk's messages to guests (issue 42, item 4): to one confirmed booking or everyone confirmed
 * on a departure, in one transaction — each email and SMS written to the outbox, each booking
 * written to keeps the message (booking_messages, with its sender), one audit row per send.
 * Service messages: the guest's "booking" choice per channel holds (a guest without an account
 * gets them; by SMS, only a choice the guest made themselves: booking SMS are off by default);
 * who is skipped, on which channel and why, is answered.
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import { departureJoins } from "../db/joins";
import type { GuestMessageResult, OperatorMessageGuestsBody } from "~contract/operator/guest-messages";
import { writeAudit, type Actor } from "../audit/log";
import { guestOf } from "../bookings/booking-mail";
import { findBookingView, type BookingViewRow } from "../bookings/view";
import { bookingReference } from "../ids";
import type { Db } from "../db/client";
import { bookingMessages, bookings, experiences, slots } from "../db/schema";
import { conflict } from "../http/errors";
import { randomId } from "../ids";
import { departuresOf, type Member } from "../members/guard";
import { optedOut, wantsMessage } from "../notifications/preferences";
import { enqueueEmail, enqueueSms } from "../outbox/service";
import { enforceRateLimits } from "../rate-limit/service";
import { bookingNotFound } from "./check-ins";
import { departureNotFound } from "./departures";
import { guestMessageEmail, guestMessageSms, type GuestMessage } from "./guest-message-email";

/**
 * Sends a member may make: 10 an hour per departure (a booking's count for its departure), 30 an
 * hour per member, 100 an hour per operator. Enough for a morning of weather and a late bus; not
 * enough to turn the desk into a mailing list.
 */
export const GUEST_MESSAGE_LIMITS = { perDeparture: 10, perMember: 30, perAccount: 100, windowSeconds: 3600 };

function limitMessages(member: Member, departureId: string) {
  const windowSeconds = GUEST_MESSAGE_LIMITS.windowSeconds;
  return enforceRateLimits([
    { key: `guest-message:departure:${departureId}`, limit: GUEST_MESSAGE_LIMITS.perDeparture, windowSeconds },
    { key: `guest-message:member:${member.userId}`, limit: GUEST_MESSAGE_LIMITS.perMember, windowSeconds },
    { key: `guest-message:account:${member.account.id}`, limit: GUEST_MESSAGE_LIMITS.perAccount, windowSeconds },
  ]);
}

/** The booking's guest's name as the console shows it (their own when the team booked for them). */
function guestNameOf(row: BookingViewRow, guest: { firstName: string | null; email: string | null } | null) {
  return row.booking.guestName ?? guest?.firstName ?? guest?.email ?? "";
}

/** POST /v1/operator/messages */
export async function messageGuests(
  db: Db,
  member: Member,
  actor: Actor,
  body: OperatorMessageGuestsBody,
): Promise<GuestMessageResult> {
  const message: GuestMessage = { template: body.template, subject: body.subject, body: body.body };
  return db.transaction(async (tx) => {
    const target = body.bookingId
      ? await oneBooking(tx, member, body.bookingId)
      : await departureBookings(tx, member, body.departureId!);
    await limitMessages(member, target.departureId);
    const result: GuestMessageResult = { bookings: 0, email: 0, sms: 0, skipped: [] };
    for (const bookingId of target.bookingIds) {
      const row = (await findBookingView(tx, bookingId))!;
      const guest = await guestOf(tx, row);
      const skip = async (channel: "email" | "sms", reason: "opted_out" | "no_address") =>
        result.skipped.push({
          bookingId,
          reference: bookingReference(bookingId),
          guestName: guestNameOf(row, guest),
          channel,
          reason,
        });
      let emailed = false;
      let texted = false;
      if (!guest?.email) await skip("email", "no_address");
      else if (!(await wantsMessage(tx, row.booking.userId, "booking", "email"))) await skip("email", "opted_out");
      else {
        await enqueueEmail(tx, guestMessageEmail(row, guest.email, guest.firstName, message, member.userId));
        emailed = true;
      }
      if (body.sms) {
        if (!guest?.phone) await skip("sms", "no_address");
        // Booking SMS are off by default; the desk's reach a guest with a phone unless they said no.
        else if (await optedOut(tx, row.booking.userId, "booking", "sms")) await skip("sms", "opted_out");
        else {
          await enqueueSms(tx, {
            to: guest.phone,
            text: guestMessageSms(row, message),
            kind: "guest_message",
            meta: { bookingId, template: message.template, sentBy: member.userId },
          });
          texted = true;
        }
      }
      if (!emailed && !texted) continue;
      result.bookings += 1;
      if (emailed) result.email += 1;
      if (texted) result.sms += 1;
      await tx.insert(bookingMessages).values({
        id: randomId("bm_"),
        accountId: member.account.id,
        bookingId,
        sentByUserId: member.userId,
        template: message.template,
        subject: message.subject,
        body: message.body,
        emailSent: emailed,
        smsSent: texted,
      });
    }
    if (body.bookingId) {
      const channels = [result.email > 0 ? "email" : null, result.sms > 0 ? "sms" : null].filter(Boolean);
      await writeAudit(tx, actor, "booking.messaged", {
        bookingId: body.bookingId,
        template: message.template,
        subject: message.subject,
        channels: channels.length > 0 ? channels.join(", ") : "none",
      });
    } else {
      await writeAudit(tx, actor, "departure.messaged", {
        departureId: target.departureId,
        startsAt: target.startsAt.toISOString(),
        template: message.template,
        subject: message.subject,
        email: String(result.email),
        sms: String(result.sms),
        skipped: String(target.bookingIds.length - result.bookings),
      });
    }
    return result;
  });
}

interface MessageTarget {
  departureId: string;
  startsAt: Date;
  bookingIds: string[];
}

/** One confirmed booking of this operator (a guide: on a departure of theirs), else 404 / 409. */
async function oneBooking(tx: Db, member: Member, bookingId: string): Promise<MessageTarget> {
  const [found] = await tx
    .select({ id: bookings.id, status: bookings.status, slotId: slots.id, startsAt: slots.startsAt })
    .from(bookings)
    .innerJoin(slots, eq(slots.id, bookings.slotId))
    .where(and(eq(bookings.id, bookingId), eq(bookings.accountId, member.account.id), departuresOf(member)));
  if (!found) throw bookingNotFound();
  if (found.status !== "confirmed")
    throw conflict("Only a confirmed booking's guest can be written to from here.", "booking_not_confirmed");
  return { departureId: found.slotId, startsAt: found.startsAt, bookingIds: [found.id] };
}

/** A departure of this operator (a guide: theirs, else 404) and its confirmed bookings, oldest first. */
async function departureBookings(tx: Db, member: Member, departureId: string): Promise<MessageTarget> {
  const [slot] = await departureJoins(
    tx.select({ id: slots.id, startsAt: slots.startsAt }).from(slots).$dynamic(),
  ).where(and(eq(slots.id, departureId), eq(experiences.accountId, member.account.id), departuresOf(member)));
  if (!slot) throw departureNotFound();
  const rows = await tx
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      and(
        eq(bookings.slotId, slot.id),
        eq(bookings.accountId, member.account.id),
        inArray(bookings.status, ["confirmed"]),
      ),
    )
    .orderBy(asc(bookings.createdAt), asc(bookings.id));
  return { departureId: slot.id, startsAt: slot.startsAt, bookingIds: rows.map((r) => r.id) };
}
