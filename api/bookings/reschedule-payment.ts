import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { queryRows } from "../db/rows";
import { bookingChanges, bookings, slots } from "../db/schema";
import { errorFields, logger } from "../logger";
import type { CheckoutEvent, CheckoutHandler } from "../payments/checkout-handlers";
import { providerNamed } from "../payments";
import { recordRefund, settleRefund } from "./refunds";
import { closeCheckouts, dropPendingChange, moveBooking, type CheckoutToClose } from "./reschedule";
import { checkedInGuestsSql } from "./view";
import { recordDifferencePaid, recordUnearnedDifference } from "../ledger/record";

/**
 * The checkout of a move to a dearer departure (rescheduleBooking) reaches its outcome here,
 * registered in api/wiring.ts for kind "reschedule". Each handler locks the booking, then reads
 * its change: the same lock order as rescheduleBooking, so a payment and a new request, or two
 * deliveries of one event, never both act on a change.
 */

/**
 * Paid: while the change still waits (its seats held), its new departure is not cancelled, and the
 * booking is still confirmed, not checked in, on the departure it left, the move is made as a same-price move is, the payment
 * of the difference remembered on the change (later refunds go to it). Otherwise (cancelled,
 * replaced or lapsed meanwhile) the payment is refunded in full through the refund model, once.
 */
export const reschedulePaid: CheckoutHandler = async (db, event) => {
  if (event.purchase?.kind !== "reschedule") return "ignored";
  const changeId = event.purchase.id;
  const found = await changeOf(db, changeId);
  if (!found) throw new Error(`a paid reschedule checkout for an unknown change ${changeId}`);
  if (!event.paymentIntentId) throw new Error(`a paid reschedule checkout without a payment (${changeId})`);
  const intentId = event.paymentIntentId;
  const outcome = await db.transaction(async (tx) => {
    const [booking] = await tx.select().from(bookings).where(eq(bookings.id, found.bookingId)).for("update");
    const [change] = await tx.select().from(bookingChanges).where(eq(bookingChanges.id, changeId));
    if (change.paymentIntentId) return "already_confirmed" as const;
    const [{ checkedIn }] = await tx
      .select({ checkedIn: sql<boolean>`${checkedInGuestsSql} > 0` })
      .from(bookings)
      .where(eq(bookings.id, booking.id));
    const [target] = await tx.select({ status: slots.status }).from(slots).where(eq(slots.id, change.toSlotId));
    const movable =
      change.status === "awaiting_payment" &&
      target?.status !== "cancelled" &&
      booking.status === "confirmed" &&
      booking.slotId === change.fromSlotId &&
      !checkedIn;
    const paid = {
      changeId: change.id,
      differenceMinor: change.priceDifferenceMinor,
      provider: event.provider,
      paymentIntentId: intentId,
    };
    if (movable) {
      await recordDifferencePaid(tx, booking, paid, change.newOrder!.feesMinor);
      await tx
        .update(bookingChanges)
        .set({
          status: "done",
          paymentProvider: event.provider,
          paymentIntentId: intentId,
          completedAt: sql`app_now()`,
        })
        .where(eq(bookingChanges.id, change.id));
      await moveBooking(tx, booking, change.toSlotId, {
        order: change.newOrder!,
        provider: event.provider,
        paymentIntentId: intentId,
        amountMinor: change.priceDifferenceMinor,
      });
      return "confirmed" as const;
    }
    // Too late: its seats (if still held) go back, its payment is owed back whole.
    await recordUnearnedDifference(tx, booking, paid);
    await dropPendingChange(tx, booking, "expired", change.id);
    await tx
      .update(bookingChanges)
      .set({ status: "refunded", paymentProvider: event.provider, paymentIntentId: intentId })
      .where(eq(bookingChanges.id, change.id));
    await recordRefund(tx, booking, {
      amountMinor: change.priceDifferenceMinor,
      reason: "Date change paid after it could no longer be made",
      requestedBy: null,
      releaseSeats: false,
      idempotencyKey: `reschedule_refund_${change.id}`,
      payment: { provider: event.provider, intentId },
      outsideTotal: true,
    });
    return "refunded" as const;
  });
  if (outcome === "refunded") {
    try {
      await settleRefund(db, found.bookingId);
    } catch (error) {
      logger.error({ changeId, err: errorFields(error) }, "reschedule payment refund failed; retried by the sweep");
    }
  }
  return outcome;
};

/** The booking a change belongs to (undefined for an unknown change). */
async function changeOf(db: Db, changeId: string): Promise<{ bookingId: string } | undefined> {
  const [found] = await db
    .select({ bookingId: bookingChanges.bookingId })
    .from(bookingChanges)
    .where(eq(bookingChanges.id, changeId));
  return found;
}

/** Failed or expired unpaid: the held seats go back, the change is expired; the booking stays as it was. */
export const rescheduleUnpaid: CheckoutHandler = async (db, event) => {
  if (event.purchase?.kind !== "reschedule") return "ignored";
  const changeId = event.purchase.id;
  const found = await changeOf(db, changeId);
  if (!found) return "ignored";
  const dropped = await db.transaction(async (tx) => {
    const [booking] = await tx.select().from(bookings).where(eq(bookings.id, found.bookingId)).for("update");
    return dropPendingChange(tx, booking, "expired", changeId);
  });
  if (dropped.length === 0) return "ignored";
  return event.type === "checkout.failed" ? "failed" : "expired";
};

/** Changes one sweep handles at most; the next run takes the rest. */
const BATCH = 200;

/**
 * The due work: pending moves whose hold has lapsed, or whose booking no longer stands (cancelled
 * meanwhile), or whose new departure was cancelled, are expired and their held seats released, each under its booking's lock; their
 * checkouts are closed (a payment arriving later is refunded by reschedulePaid).
 */
export async function expireRescheduleHolds(db: Db): Promise<number> {
  const due = await queryRows<{ id: string; booking_id: string }>(
    db,
    sql`select c.id, c.booking_id from booking_changes c join bookings b on b.id = c.booking_id
        join slots s on s.id = c.to_slot_id
        where c.status = 'awaiting_payment'
          and (c.hold_expires_at <= app_now() or b.status <> 'confirmed' or s.status = 'cancelled')
        order by c.hold_expires_at limit ${BATCH}`,
  );
  let expired = 0;
  for (const { id, booking_id: bookingId } of due) {
    let closing: CheckoutToClose[] = [];
    try {
      closing = await db.transaction(async (tx) => {
        const [booking] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).for("update");
        const [still] = await tx
          .select({ id: bookingChanges.id })
          .from(bookingChanges)
          .where(
            and(
              eq(bookingChanges.id, id),
              eq(bookingChanges.status, "awaiting_payment"),
              sql`(${bookingChanges.holdExpiresAt} <= app_now() or ${booking.status !== "confirmed"}
                or exists (select 1 from slots s where s.id = booking_changes.to_slot_id and s.status = 'cancelled'))`,
            ),
          );
        return still ? dropPendingChange(tx, booking, "expired", id) : [];
      });
    } catch (error) {
      logger.error({ changeId: id, err: errorFields(error) }, "reschedule hold expiry failed");
      continue;
    }
    if (closing.length > 0) expired++;
    await closeCheckouts(db, closing);
  }
  return expired;
}

/**
 * Asks the provider how a booking's pending move's checkout stands (the traveller is back from it
 * before its event arrived): paid, it is handled as the event would be; failed or expired, the
 * held seats go back. Best effort: the event or the sweep settles it otherwise.
 */
export async function refreshPendingChange(db: Db, bookingId: string): Promise<void> {
  const [change] = await db
    .select()
    .from(bookingChanges)
    .where(and(eq(bookingChanges.bookingId, bookingId), eq(bookingChanges.status, "awaiting_payment")))
    .limit(1);
  if (!change?.paymentProvider || !change.paymentSessionId) return;
  try {
    const state = await providerNamed(change.paymentProvider).getCheckout(db, change.paymentSessionId);
    if (state.status !== "paid" && state.status !== "failed" && state.status !== "expired") return;
    const event: CheckoutEvent = {
      provider: change.paymentProvider,
      eventId: `refresh_${change.id}`,
      type: state.status === "paid" ? "checkout.completed" : `checkout.${state.status}`,
      providerType: "refresh",
      sessionId: change.paymentSessionId,
      bookingId,
      purchase: { kind: "reschedule", id: change.id },
      paymentIntentId: state.paymentIntentId,
      paymentMethodSaved: false,
      card: state.card,
      paidCard: async () => state.card,
    };
    await (state.status === "paid" ? reschedulePaid(db, event) : rescheduleUnpaid(db, event));
  } catch (error) {
    logger.warn({ changeId: change.id, err: errorFields(error) }, "reschedule payment status unavailable");
  }
}
