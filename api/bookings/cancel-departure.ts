import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { bookings, slots } from "../db/schema";
import { errorFields, logger } from "../logger";
import { addNotification } from "../notifications/service";
import { writeBookingEmail } from "./booking-mail";
import { bookingPath, departureCancelledEmail, refundNote } from "./emails";
import { formatWhen } from "./format";
import { releaseBooking } from "./fulfilment";
import { hasPayment, owePaymentRemainder, settleRefund } from "./refunds";
import { findBookingView } from "./view";

export interface DepartureCancellation {
  /** Bookings this call cancelled (0 when the departure was cancelled already). */
  cancelledBookings: number;
  /** Paid bookings among them, refunded in full (made now, or owed and retried by the sweep). */
  refunds: number;
}

/**
 * Cancels a departure (the caller has checked it is theirs and locked nothing yet): in one
 * transaction with its row locked, every held booking is released, every confirmed booking is
 * cancelled with its full refund owed, its guest told (notification, and email in the operator's
 * branding when booked on their storefront), and the departure marked cancelled (no more sales;
 * `onLocked` runs first, under the lock, e.g. for the audit log). After the commit each refund
 * is made through the booking's payment provider with the idempotency key `refund_<booking id>`:
 * a retried cancel finds the departure cancelled and refunds nothing twice.
 */
export async function cancelDeparture(
  db: Db,
  departureId: string,
  /** `guests`: the confirmed guests (seats) the departure had, before they were cancelled. */
  onLocked: (tx: Db, slot: typeof slots.$inferSelect, outcome: DepartureCancellation, guests: number) => Promise<void>,
): Promise<DepartureCancellation> {
  const { outcome, refundable } = await db.transaction(async (tx) => {
    const [slot] = await tx.select().from(slots).where(eq(slots.id, departureId)).for("update");
    if (!slot || slot.status === "cancelled") return { outcome: { cancelledBookings: 0, refunds: 0 }, refundable: [] };
    const active = await tx
      .select()
      .from(bookings)
      .where(and(eq(bookings.slotId, departureId), inArray(bookings.status, ["held", "confirmed"])))
      .orderBy(bookings.id)
      .for("update");
    const refundable: string[] = [];
    for (const booking of active) {
      if (booking.status === "held") {
        await releaseBooking(tx, booking, "cancelled", { cancelledAt: sql`app_now()`, paymentStatus: "expired" });
        continue;
      }
      const paid = hasPayment(booking);
      await releaseBooking(tx, booking, "cancelled", {
        cancelledAt: sql`app_now()`,
        ...(paid ? {} : { refundMinor: 0 }),
      });
      // What is left of the payment is owed from here (a booking_refunds row); made after the commit.
      const owed = await owePaymentRemainder(tx, booking, "Departure cancelled by the operator");
      if (owed > 0) refundable.push(booking.id);
      const view = (await findBookingView(tx, booking.id))!;
      await addNotification(tx, {
        userId: booking.userId,
        kind: "booking_cancelled",
        title: `Departure cancelled: ${view.experienceTitle}`,
        body: `${view.operatorName} cancelled ${view.serviceName}, ${formatWhen(view.startsAt, view.endsAt, view.timezone)}.${refundNote(owed, booking)}`,
        link: bookingPath(booking.id),
      });
      await writeBookingEmail(tx, booking.id, departureCancelledEmail);
    }
    await tx
      .update(slots)
      .set({ status: "cancelled", cancelledAt: sql`app_now()`, needsDecision: false })
      .where(eq(slots.id, departureId));
    const outcome = { cancelledBookings: active.length, refunds: refundable.length };
    const guests = active.filter((b) => b.status === "confirmed").reduce((sum, b) => sum + b.seats, 0);
    await onLocked(tx, slot, outcome, guests);
    return { outcome, refundable };
  });
  for (const id of refundable) {
    try {
      await settleRefund(db, id);
    } catch (error) {
      logger.error({ bookingId: id, err: errorFields(error) }, "refund failed; retried by the sweep");
    }
  }
  return outcome;
}
