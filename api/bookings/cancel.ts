import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { bookings, slots, type AccountRow } from "../db/schema";
import { conflict } from "../http/errors";
import { errorFields, logger } from "../logger";
import { addNotification } from "../notifications/service";
import { writeBookingEmail } from "./booking-mail";
import { bookingPath, cancellationEmail, refundNote } from "./emails";
import { formatWhen } from "./format";
import { releaseBooking } from "./fulfilment";
import { bookingNotFound, getBooking, ownBooking } from "./read";
import { hasPayment, owePaymentRemainder, settleRefund } from "./refunds";
import { checkedInGuestsSql, findBookingView, freeCancellationOpenSql } from "./view";
import type { BookingView } from "~contract/bookings/requests";

/**
 * POST /v1/bookings/{id}/cancel. A held booking: cancelled, seats freed, nothing to refund. A
 * confirmed one: only while its departure starts more than the operator's cutoff from now
 * (else 409 cancellation_closed); refunded in full through its provider, cancelled, seats
 * freed, the guest notified (notification and email); once a guest of it is checked in, 409
 * checked_in. Cancelling a cancelled booking again
 * answers it unchanged. Other statuses: 409 not_cancellable.
 */
export async function cancelBooking(
  db: Db,
  userId: string,
  scope: AccountRow | null,
  id: string,
): Promise<BookingView> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        booking: bookings,
        open: freeCancellationOpenSql,
        checkedIn: sql<boolean>`${checkedInGuestsSql} > 0`,
      })
      .from(bookings)
      .innerJoin(slots, eq(slots.id, bookings.slotId))
      .where(ownBooking(userId, scope, id))
      .for("update", { of: bookings });
    if (!row) throw bookingNotFound();
    const { booking } = row;
    if (booking.status === "cancelled") return "unchanged" as const;
    if (booking.status === "held") {
      await releaseBooking(tx, booking, "cancelled", { cancelledAt: sql`app_now()`, paymentStatus: "expired" });
      return "released" as const;
    }
    if (booking.status !== "confirmed")
      throw conflict("This booking is not active, so it cannot be cancelled.", "not_cancellable");
    // Checked in at the meeting point (the operator's console): the trip has begun for it.
    if (row.checkedIn)
      throw conflict("A guest of this booking is checked in, so it can no longer be cancelled.", "checked_in");
    if (!row.open) throw conflict("It is too late to cancel this booking online.", "cancellation_closed");
    // A paid booking owes what is left of its payment from here (a row in booking_refunds, in
    // this transaction); the provider is called after the commit.
    const refundable = hasPayment(booking);
    await releaseBooking(tx, booking, "cancelled", {
      cancelledAt: sql`app_now()`,
      ...(refundable ? {} : { refundMinor: 0 }),
    });
    const owed = await owePaymentRemainder(tx, booking, "Cancelled by the traveller");
    const view = (await findBookingView(tx, id))!;
    await addNotification(tx, {
      userId,
      kind: "booking_cancelled",
      title: `Booking cancelled: ${view.experienceTitle}`,
      body: `${view.serviceName}, ${formatWhen(view.startsAt, view.endsAt, view.timezone)}.${refundNote(owed, booking)}`,
      link: bookingPath(id),
    });
    await writeBookingEmail(tx, id, cancellationEmail);
    return "cancelled" as const;
  });
  // The refund owed (now, or left over from an earlier failed attempt) is made outside the
  // transaction; if the provider fails, the booking stays cancelled and the sweep retries it.
  try {
    await settleRefund(db, id);
  } catch (error) {
    logger.error({ bookingId: id, err: errorFields(error) }, "refund failed; retried by the sweep");
  }
  return getBooking(db, userId, scope, id);
}
