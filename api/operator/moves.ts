import { and, asc, eq, sql } from "drizzle-orm";
import { IDEMPOTENCY_KEY_HEADER } from "~contract/idempotency-key";
import type { MoveDifference, OperatorMovedBooking, OperatorMovedDeparture } from "~contract/operator/moves";
import { writeAudit, type Actor } from "../audit/log";
import { loadBookableService } from "../catalog/bookable-service";
import type { Db } from "../db/client";
import { bookingChanges, bookings, slots, users, type BookingRow } from "../db/schema";
import { conflict } from "../http/errors";
import { isApiError } from "~contract/errors";
import { randomId } from "../ids";
import { errorFields, logger } from "../logger";
import { addNotification } from "../notifications/service";
import { writeBookingEmail } from "../bookings/booking-mail";
import { bookingPath, movePaymentEmail, moveOfferEmail } from "../bookings/emails";
import { formatWhen } from "../bookings/format";
import { changeOrderOf, repriceBooking } from "../bookings/price";
import { bookingNotFound } from "../bookings/read";
import { hasPayment, recordRefund, settleRefund } from "../bookings/refunds";
import {
  closeCheckouts,
  dropPendingChange,
  holdDearerMove,
  moveBooking,
  type CheckoutToClose,
} from "../bookings/reschedule";
import { loadOpenSlot, type OpenSlot } from "../bookings/seats";
import { takeSeatsAndAddOns } from "../bookings/add-on-stock";
import { checkedInGuestsSql, findBookingView } from "../bookings/view";
import { bookingReference } from "../ids";
import { clockNow } from "../clock";
import type { Member } from "../members/guard";
import { ownedDeparture } from "./departures";
import { guestContactColumns, guestContactOf } from "./guest-contact";
import { once, requestOf } from "./idempotency";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type KeyHeaders = { [IDEMPOTENCY_KEY_HEADER]?: string };

/** How long a dearer move the operator asks the guest to pay holds its seats and its link: 23 hours (within a card checkout's day), at most until the departure. */
const CHARGE_HOLD_MINUTES = 23 * 60;

/**
 * POST /v1/operator/bookings/{bookingId}/move: the booking (this operator's, confirmed, no guest
 * checked in) moved to another departure of its service that has not started and has room, in
 * one transaction under the booking's row lock; the seats taken with the traveller's own counter
 * (takeSeatsAndAddOns: a concurrent booking of the last seat gets it or this move does, never both).
 *
 * The difference is today's price of its tickets against what was paid. Same price, or `waive`:
 * moved at once. Cheaper with `refund`: moved, the difference owed back through the refund model
 * (made after the commit; nothing when nothing was paid). Dearer with `charge`: the new seats held
 * and a checkout for the difference opened for a day (at most until the departure), its link
 * emailed; the move is made when it is paid (reschedule-payment.ts), with the date change's email
 * then. A choice that does not fit the difference is a 409 (`difference_costs_more`,
 * `difference_costs_less`): the operator decides knowingly.
 */
export async function operatorMoveBooking(
  db: Db,
  actor: Actor,
  member: Member,
  bookingId: string,
  body: { toSlotId: string; difference: MoveDifference },
  headers: KeyHeaders,
): Promise<OperatorMovedBooking> {
  const request = await requestOf("move-booking", bookingId, body.toSlotId, body.difference);
  return once(db, member, headers, request, async (keep) => {
    const done = await db.transaction(async (tx) => {
      const [locked] = await tx
        .select()
        .from(bookings)
        .where(and(eq(bookings.id, bookingId), eq(bookings.accountId, member.account.id)))
        .for("update");
      if (!locked) throw bookingNotFound();
      const booking = locked;
      const [{ checkedIn, startsAt }] = await tx
        .select({ checkedIn: sql<boolean>`${checkedInGuestsSql} > 0`, startsAt: slots.startsAt })
        .from(bookings)
        .innerJoin(slots, eq(slots.id, bookings.slotId))
        .where(eq(bookings.id, bookingId));
      if (booking.status !== "confirmed")
        throw conflict("Only a confirmed booking can be moved to another departure.", "not_reschedulable");
      if (checkedIn)
        throw conflict("A guest of this booking is checked in, so it can no longer be moved.", "checked_in");
      if (booking.slotId === body.toSlotId)
        throw conflict("The booking is already on this departure.", "same_departure");
      // Another service's (or operator's) departure, or one that has started: 404 slot_not_found.
      const target = await loadOpenSlot(tx, body.toSlotId, booking.serviceId);
      const context = await loadBookableService(tx, booking.serviceId, member.account).catch((error: unknown) => {
        // Only a published experience has prices to compare (its tickets as sold today).
        if (isApiError(error) && error.status === 404)
          throw conflict(
            "This experience is not published, so its bookings cannot be priced for a move: publish it first.",
            "experience_unpublished",
          );
        throw error;
      });
      const order = await repriceBooking(tx, context, booking, booking.userId);
      const difference = order.price.totalMinor - booking.totalMinor;
      if (difference > 0 && body.difference === "refund")
        throw conflict(
          "The new departure costs more than was paid: ask the guest for the difference or waive it.",
          "difference_costs_more",
        );
      if (difference < 0 && body.difference === "charge")
        throw conflict(
          "The new departure costs less than was paid: refund the difference or waive it.",
          "difference_costs_less",
        );
      const closing = await dropPendingChange(tx, booking, "expired");
      if (!(await takeSeatsAndAddOns(tx, target.id, booking)))
        throw conflict("There are not enough seats left on this departure.", "sold_out");
      const changeId = randomId("bc_");
      const base = {
        bookingId,
        reference: bookingReference(bookingId),
        departure: {
          id: target.id,
          startsAt: target.startsAt.toISOString(),
          endsAt: target.endsAt.toISOString(),
          timezone: context.experience.timezone,
        },
        currency: booking.currency,
        priceDifferenceMinor: difference,
      };
      const audit = (amountMinor: number) =>
        writeAudit(tx, actor, "booking.moved", {
          bookingId,
          departureId: booking.slotId,
          startsAt: startsAt.toISOString(),
          toDepartureId: target.id,
          toStartsAt: target.startsAt.toISOString(),
          difference: body.difference,
          amountMinor: String(amountMinor),
          currency: booking.currency,
        });
      let answer: OperatorMovedBooking;
      if (difference > 0 && body.difference === "charge") {
        const minutesLeft = Math.floor((target.startsAt.getTime() - clockNow().getTime()) / 60_000);
        const held = await holdDearerMove(tx, booking, {
          changeId,
          slotId: target.id,
          difference,
          idempotencyKey: `op_${changeId}`,
          title: `Date change: ${context.experience.title}`,
          holdMinutes: Math.max(1, Math.min(CHARGE_HOLD_MINUTES, minutesLeft)),
          order: changeOrderOf(order),
        });
        await askForDifference(tx, booking, target, { ...held, amountMinor: difference });
        await audit(difference);
        answer = {
          ...base,
          outcome: "awaiting_payment",
          newTicketCode: false,
          refundedMinor: 0,
          chargedMinor: difference,
          waivedMinor: 0,
        };
      } else {
        const refund = difference < 0 && body.difference === "refund" && hasPayment(booking) ? -difference : 0;
        const waived = refund > 0 ? 0 : difference;
        await tx.insert(bookingChanges).values({
          id: changeId,
          bookingId,
          fromSlotId: booking.slotId,
          toSlotId: target.id,
          // What the guest's history tells: a refund, or nothing (a waived difference moved nothing).
          priceDifferenceMinor: refund > 0 ? difference : 0,
          idempotencyKey: `op_${changeId}`,
          createdAt: sql`app_now()`,
          completedAt: sql`app_now()`,
        });
        await moveBooking(tx, booking, target.id, null, refund, waived);
        if (refund > 0)
          await recordRefund(tx, booking, {
            amountMinor: refund,
            reason: "Moved to a cheaper departure by the operator",
            requestedBy: member.userId,
            releaseSeats: false,
            idempotencyKey: `operator_move_${changeId}`,
          });
        await audit(refund > 0 ? refund : Math.abs(waived));
        answer = {
          ...base,
          outcome: "moved",
          newTicketCode: true,
          refundedMinor: refund,
          chargedMinor: 0,
          waivedMinor: Math.abs(waived),
        };
      }
      await keep(tx, answer);
      return { answer, closing };
    });
    await afterMoves(db, [done.closing], done.answer.refundedMinor > 0 ? [bookingId] : []);
    return done.answer;
  });
}

/** The guest asked to pay the difference of a dearer move: in-app, and the email with the payment link. */
async function askForDifference(
  tx: Tx,
  booking: BookingRow,
  target: OpenSlot,
  held: { checkoutUrl: string; holdExpiresAt: Date; amountMinor: number },
): Promise<void> {
  const view = (await findBookingView(tx, booking.id))!;
  await addNotification(tx, {
    userId: booking.userId,
    kind: "booking_move_payment",
    title: `New date proposed: ${view.experienceTitle}`,
    body: `${formatWhen(target.startsAt, target.endsAt, view.timezone)}: pay the difference to confirm the move.`,
    link: held.checkoutUrl,
  });
  await writeBookingEmail(
    tx,
    booking.id,
    movePaymentEmail({
      to: target,
      amountMinor: held.amountMinor,
      checkoutUrl: held.checkoutUrl,
      expiresAt: held.holdExpiresAt,
    }),
  );
}

/** After the commits: checkouts given up closed, refunds owed made (or left for the sweep). */
async function afterMoves(db: Db, closing: CheckoutToClose[][], refunded: string[]): Promise<void> {
  await closeCheckouts(db, closing.flat());
  for (const bookingId of refunded) {
    try {
      await settleRefund(db, bookingId);
    } catch (error) {
      logger.error({ bookingId, err: errorFields(error) }, "operator move refund failed; retried by the sweep");
    }
  }
}

/** The confirmed bookings of a departure, oldest booked first, with their guest's name. */
function departureGuests(db: Db, departureId: string) {
  return db
    .select({ booking: bookings, contact: guestContactColumns })
    .from(bookings)
    .leftJoin(users, eq(users.id, bookings.userId))
    .where(and(eq(bookings.slotId, departureId), eq(bookings.status, "confirmed")))
    .orderBy(asc(bookings.createdAt), asc(bookings.id));
}

type Listed = OperatorMovedDeparture["moved"][number];
type NotMoved = OperatorMovedDeparture["notMoved"][number];

/**
 * POST /v1/operator/departures/{departureId}/move. The target must be another departure of the
 * same service (same tickets), not started, on sale (404 slot_not_found, 409 sales_closed).
 *
 * `move`: each confirmed booking, oldest booked first, in a transaction of its own under its row
 * lock: still on this departure and confirmed, no guest checked in, then its seats taken on the
 * target with the same conditional update travellers' bookings use (so a traveller booking the
 * target meanwhile gets a seat or the guest does, never both: no oversell), then moved as one move
 * is (moveBooking: the old seats released, a new ticket code, the guest told once, email and
 * in-app). The price difference is waived for every guest: the operator moves the departure, the
 * guests did not ask. A party that does not fit is listed, not moved; a smaller one behind it may
 * still fit.
 *
 * `offer`: every confirmed booking's guest is emailed (once per call): with an account, a link to
 * their own date change, which stays open past the usual deadline until the departure starts
 * (bookings.move_offered_at); without one (a booking the team took), asked to call or reply, the
 * booking not marked (they cannot sign in). Nothing moves.
 */
export async function operatorMoveDeparture(
  db: Db,
  actor: Actor,
  member: Member,
  departureId: string,
  body: { toSlotId: string; mode: "move" | "offer" },
  headers: KeyHeaders,
): Promise<OperatorMovedDeparture> {
  const request = await requestOf("move-departure", departureId, body.toSlotId, body.mode);
  return once(db, member, headers, request, async (keep) => {
    const from = await ownedDeparture(db, member.account.id, departureId);
    if (body.toSlotId === departureId) throw conflict("The guests are already on this departure.", "same_departure");
    const target = await loadOpenSlot(db, body.toSlotId, from.serviceId);
    const ends = {
      from: { id: from.id, startsAt: from.startsAt, timezone: from.timezone },
      to: { id: target.id, startsAt: target.startsAt.toISOString(), timezone: from.timezone },
    };
    const guests = await departureGuests(db, departureId);
    const listed = (row: (typeof guests)[number]): Listed => ({
      bookingId: row.booking.id,
      reference: bookingReference(row.booking.id),
      guestName: guestContactOf(row.contact).name,
      seats: row.booking.seats,
    });
    const audited = {
      departureId,
      startsAt: from.startsAt,
      toDepartureId: target.id,
      toStartsAt: target.startsAt.toISOString(),
    };
    if (body.mode === "offer") {
      return db.transaction(async (tx) => {
        const offered: OperatorMovedDeparture["offered"] = [];
        for (const row of guests) {
          const link = row.booking.userId !== null;
          if (link)
            await tx
              .update(bookings)
              .set({ moveOfferedAt: sql`app_now()` })
              .where(and(eq(bookings.id, row.booking.id), eq(bookings.status, "confirmed")));
          await addNotification(tx, {
            userId: row.booking.userId,
            kind: "booking_move_offer",
            title: "Please choose another departure",
            body: `Your operator asks you to move your booking ${bookingReference(row.booking.id)}: choose a new date.`,
            link: `${bookingPath(row.booking.id)}/reschedule`,
          });
          await writeBookingEmail(tx, row.booking.id, moveOfferEmail({ suggested: target, link }));
          offered.push({
            ...listed(row),
            link,
            emailed: row.contact.guestEmail !== null || row.contact.email !== null,
          });
        }
        await writeAudit(tx, actor, "departure.move_offered", {
          ...audited,
          offered: String(offered.filter((guest) => guest.link).length),
          contactOnly: String(offered.filter((guest) => !guest.link).length),
        });
        const answer: OperatorMovedDeparture = { mode: "offer", ...ends, moved: [], notMoved: [], offered };
        await keep(tx, answer);
        return answer;
      });
    }
    const moved: Listed[] = [];
    const notMoved: NotMoved[] = [];
    const closing: CheckoutToClose[][] = [];
    for (const row of guests) {
      const outcome = await db.transaction(async (tx) => {
        const [booking] = await tx.select().from(bookings).where(eq(bookings.id, row.booking.id)).for("update");
        if (booking.status !== "confirmed" || booking.slotId !== departureId) return "not_moved" as const;
        const [{ checkedIn }] = await tx
          .select({ checkedIn: sql<boolean>`${checkedInGuestsSql} > 0` })
          .from(bookings)
          .where(eq(bookings.id, booking.id));
        if (checkedIn) return "checked_in" as const;
        if (!(await takeSeatsAndAddOns(tx, target.id, booking))) return "no_room" as const;
        closing.push(await dropPendingChange(tx, booking, "expired"));
        const changeId = randomId("bc_");
        await tx.insert(bookingChanges).values({
          id: changeId,
          bookingId: booking.id,
          fromSlotId: departureId,
          toSlotId: target.id,
          priceDifferenceMinor: 0,
          idempotencyKey: `op_${changeId}`,
          createdAt: sql`app_now()`,
          completedAt: sql`app_now()`,
        });
        await moveBooking(tx, booking, target.id, null, 0);
        await writeAudit(tx, actor, "booking.moved", {
          bookingId: booking.id,
          departureId,
          startsAt: from.startsAt,
          toDepartureId: target.id,
          toStartsAt: target.startsAt.toISOString(),
          difference: "waive",
          amountMinor: "0",
          currency: booking.currency,
        });
        return "moved" as const;
      });
      if (outcome === "moved") moved.push(listed(row));
      else notMoved.push({ ...listed(row), reason: outcome });
    }
    const answer: OperatorMovedDeparture = { mode: "move", ...ends, moved, notMoved, offered: [] };
    await db.transaction(async (tx) => {
      await writeAudit(tx, actor, "departure.guests_moved", {
        ...audited,
        moved: String(moved.length),
        notMoved: String(notMoved.length),
      });
      await keep(tx, answer);
    });
    await afterMoves(db, closing, []);
    return answer;
  });
}
