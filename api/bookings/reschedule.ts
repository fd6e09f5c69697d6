import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { accounts, bookingChanges, bookings, slots, type AccountRow } from "../db/schema";
import { loadBookableService } from "../catalog/bookable-service";
import { conflict } from "../http/errors";
import { randomId } from "../ids";
import { errorFields, logger } from "../logger";
import { addNotification } from "../notifications/service";
import { writeBookingEmail } from "./booking-mail";
import { bookingPath, confirmationEmail } from "./emails";
import { formatWhen } from "./format";
import { priceOrder } from "./price";
import { bookingNotFound, getBooking, ownBooking } from "./read";
import { hasPayment, recordRefund, settleRefund } from "./refunds";
import { loadOpenSlot, releaseSeats, takeSeats } from "./seats";
import { ticketQrAttachment } from "./ticket-png";
import { checkedInGuestsSql, findBookingView, freeCancellationOpenSql } from "./view";
import type { BookingView } from "~contract/bookings";

/**
 * POST /v1/bookings/{id}/reschedule: moves a confirmed booking to another departure of its
 * service, same tickets, while it could still be cancelled for free (the departure minus the
 * operator's cutoff), in one transaction under the booking's row lock (two concurrent moves of one
 * booking: one move). The new seats are taken, the old ones released the usual way (the waitlist
 * picks them up), the ticket code replaced (the old one answers `invalid` at check-in), the move
 * recorded in booking_changes, the guest sent the confirmation again.
 *
 * The booking's amounts stay what was paid: the difference is priced with today's ticket prices
 * (and its promo code, when still usable). Cheaper: the difference is owed back through the refund
 * path (a booking_refunds row, settled after the commit), unless the operator refuses refunds on
 * reschedule (409 reschedule_refund_refused). Dearer: 409 reschedule_payment_required (paying the
 * difference through the checkout is not built yet). The same Idempotency-Key answers the booking again.
 */
export async function rescheduleBooking(
  db: Db,
  userId: string,
  scope: AccountRow | null,
  id: string,
  slotId: string,
  idempotencyKey: string,
): Promise<BookingView> {
  const refunding = await db.transaction(async (tx) => {
    // The booking's row alone is locked first: with the departure joined, PostgreSQL would
    // re-check a queued second move against the old departure's row and find nothing (404).
    const [locked] = await tx
      .select({ id: bookings.id })
      .from(bookings)
      .where(ownBooking(userId, scope, id))
      .for("update");
    if (!locked) throw bookingNotFound();
    const [row] = await tx
      .select({
        booking: bookings,
        open: freeCancellationOpenSql,
        checkedIn: sql<boolean>`${checkedInGuestsSql} > 0`,
      })
      .from(bookings)
      .innerJoin(slots, eq(slots.id, bookings.slotId))
      .where(eq(bookings.id, id));
    if (!row) throw bookingNotFound();
    const { booking } = row;
    const [done] = await tx
      .select()
      .from(bookingChanges)
      .where(and(eq(bookingChanges.bookingId, id), eq(bookingChanges.idempotencyKey, idempotencyKey)));
    if (done) {
      if (done.toSlotId !== slotId)
        throw conflict("This Idempotency-Key was used for another request.", "idempotency_key_reused");
      return false;
    }
    if (booking.status !== "confirmed")
      throw conflict("Only a confirmed booking can be moved to another date.", "not_reschedulable");
    if (row.checkedIn)
      throw conflict("A guest of this booking is checked in, so its date can no longer be changed.", "checked_in");
    if (!row.open)
      throw conflict("The deadline for changing the date of this booking has passed.", "reschedule_closed");
    if (booking.slotId === slotId) throw conflict("The booking is already on this departure.", "same_departure");
    await loadOpenSlot(tx, slotId, booking.serviceId);
    const context = await loadBookableService(tx, booking.serviceId, scope);
    const order = await priceOrder(
      tx,
      context,
      { tickets: booking.tickets, promoCode: booking.promoCode ?? undefined },
      userId,
    );
    const difference = order.price.totalMinor - booking.totalMinor;
    if (difference > 0)
      throw conflict(
        "This departure costs more, and paying the difference online is not available yet.",
        "reschedule_payment_required",
      );
    const refund = difference < 0 && hasPayment(booking) ? -difference : 0;
    if (refund > 0) {
      const [account] = await tx
        .select({ rescheduleRefunds: accounts.rescheduleRefunds })
        .from(accounts)
        .where(eq(accounts.id, booking.accountId));
      if (!account?.rescheduleRefunds)
        throw conflict(
          "The operator does not refund a move to a cheaper departure, so this one cannot be chosen.",
          "reschedule_refund_refused",
        );
    }
    if (!(await takeSeats(tx, slotId, booking.serviceId, booking.seats)))
      throw conflict("There are not enough seats left on this departure.", "sold_out");
    await releaseSeats(tx, booking.slotId, booking.seats);
    await tx
      .update(bookings)
      .set({ slotId, ticketCode: sql`new_ticket_code()`, reminderSentAt: null, updatedAt: sql`app_now()` })
      .where(eq(bookings.id, id));
    const changeId = randomId("bc_");
    await tx.insert(bookingChanges).values({
      id: changeId,
      bookingId: id,
      fromSlotId: booking.slotId,
      toSlotId: slotId,
      priceDifferenceMinor: difference,
      idempotencyKey,
      createdAt: sql`app_now()`,
    });
    if (refund > 0)
      await recordRefund(tx, booking, {
        amountMinor: refund,
        reason: "Moved to a cheaper departure",
        requestedBy: null,
        releaseSeats: false,
        idempotencyKey: `reschedule_${changeId}`,
      });
    const view = (await findBookingView(tx, id))!;
    await addNotification(tx, {
      userId,
      kind: "booking_confirmed",
      title: `Booking moved: ${view.experienceTitle}`,
      body: `${view.serviceName}, now ${formatWhen(view.startsAt, view.endsAt, view.timezone)}. Your ticket is new.`,
      link: bookingPath(id),
    });
    const ticketQr = await ticketQrAttachment(view.booking.ticketCode);
    await writeBookingEmail(tx, id, (mail) => confirmationEmail(mail, ticketQr));
    return refund > 0;
  });
  if (refunding) {
    try {
      await settleRefund(db, id);
    } catch (error) {
      logger.error({ bookingId: id, err: errorFields(error) }, "reschedule refund failed; retried by the sweep");
    }
  }
  return getBooking(db, userId, scope, id);
}
