/**
 * What a checkout's outcome does to its booking: told by the provider (its events reach us through
 * the payments port, see api/wiring.ts) or asked of it (POST /v1/bookings/{id}/refresh-payment).
 */
import { and, eq, or } from "drizzle-orm";
import type { Db } from "../db/client";
import { bookings, type AccountRow } from "../db/schema";
import { errorFields, logger } from "../logger";
import { paymentUnavailable, providerNamed } from "../payments";
import type { CheckoutEvent, CheckoutHandler, CheckoutOutcome } from "../payments/checkout-handlers";
import { fulfilBooking, markCheckoutExpired, markPaymentFailed } from "./fulfilment";
import { getBooking, ownBookingRow } from "./read";
import type { BookingView } from "~contract/bookings/requests";
import { refreshPendingChange } from "./reschedule-payment";

/** The booking an event is about: by checkout session first, else by the booking id it carries. */
async function bookingOf(db: Db, event: CheckoutEvent): Promise<string | null> {
  const conditions = [
    ...(event.sessionId ? [eq(bookings.paymentSessionId, event.sessionId)] : []),
    ...(event.bookingId && /^bk_[A-Za-z0-9_-]{16}$/.test(event.bookingId) ? [eq(bookings.id, event.bookingId)] : []),
  ];
  if (conditions.length === 0) return null;
  const rows = await db
    .select({ id: bookings.id, sessionId: bookings.paymentSessionId })
    .from(bookings)
    .where(and(or(...conditions)))
    .limit(2);
  return (rows.find((row) => row.sessionId === event.sessionId) ?? rows[0])?.id ?? null;
}

/** A handler of the payments port for the booking the event is about (none found: ignored). */
const forItsBooking =
  (settle: (db: Db, bookingId: string, event: CheckoutEvent) => Promise<CheckoutOutcome>): CheckoutHandler =>
  async (db, event) => {
    const bookingId = await bookingOf(db, event);
    return bookingId ? settle(db, bookingId, event) : "ignored";
  };

/** The booking's checkout was paid: THE fulfilment. */
export const bookingPaid = forItsBooking(async (db, bookingId, event) =>
  fulfilBooking(db, bookingId, {
    sessionId: event.sessionId,
    paymentIntentId: event.paymentIntentId,
    paymentMethodSaved: event.paymentMethodSaved,
    card: await event.paidCard(),
  }),
);

/** The booking's payment failed for good: a held booking frees its seats. */
export const bookingPaymentFailed = forItsBooking(async (db, bookingId) =>
  (await markPaymentFailed(db, bookingId)) ? "failed" : "ignored",
);

/** The booking's checkout expired unpaid: a held booking frees its seats. */
export const bookingCheckoutExpired = forItsBooking(async (db, bookingId) =>
  (await markCheckoutExpired(db, bookingId)) ? "expired" : "ignored",
);

/**
 * POST /v1/bookings/{id}/refresh-payment: asks the provider about the booking's checkout (the
 * return page calls it rather than wait for the webhook) and runs the same fulfilment.
 */
export async function refreshPayment(
  db: Db,
  userId: string,
  scope: AccountRow | null,
  id: string,
): Promise<BookingView> {
  const booking = await ownBookingRow(db, userId, scope, id);
  if (booking.paymentSessionId && booking.paymentProvider && ["held", "expired", "failed"].includes(booking.status)) {
    let state;
    try {
      state = await providerNamed(booking.paymentProvider).getCheckout(db, booking.paymentSessionId);
    } catch (error) {
      logger.error({ bookingId: id, err: errorFields(error) }, "payment status unavailable");
      throw paymentUnavailable();
    }
    if (state.status === "paid") {
      await fulfilBooking(db, id, {
        sessionId: booking.paymentSessionId,
        paymentIntentId: state.paymentIntentId,
        paymentMethodSaved: state.paymentMethodSaved,
        card: state.card,
      });
    } else if (state.status === "failed") {
      await markPaymentFailed(db, id);
    } else if (state.status === "expired") {
      await markCheckoutExpired(db, id);
    }
  }
  // A move to a dearer departure waiting for its payment.
  if (booking.status === "confirmed") await refreshPendingChange(db, id);
  return getBooking(db, userId, scope, id);
}
