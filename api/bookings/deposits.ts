/**
 * Deposits (issue 46, item 5). A service may ask a deposit when its departure is far enough away
 * (contract/bookings/deposit-rules.ts): the booking's checkout charges the deposit and keeps the
 * card; the due work charges the balance off-session at its time, once (the booking's
 * `balance_charge_key` is the provider's idempotency key, and the booking is claimed due →
 * charging in one statement, SKIP LOCKED); a declined balance emails the traveller a link to pay
 * it; a balance still unpaid at its cut-off cancels the booking under the cancellation policy.
 */
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { queryRows } from "../db/rows";
import { bookings, slots, type AccountRow, type BookingRow, type ServiceRow } from "../db/schema";
import { conflict } from "../http/errors";
import { errorFields, logger } from "../logger";
import { addNotification } from "../notifications/service";
import { paymentProvider, paymentUnavailable, providerNamed } from "../payments";
import type { CheckoutHandler } from "../payments/checkout-handlers";
import { depositApplicationFees, destinationCharge, saleDestination } from "../payments/payout-accounts";
import { recordBalancePaid, recordUnearnedBalance } from "../ledger/record";
import { clockNow } from "../clock";
import { depositPlan, type DepositSettings } from "~contract/bookings/deposit-rules";
import { writeBookingEmail } from "./booking-mail";
import { balanceCancelledEmail, balanceDeclinedEmail, balanceReceiptEmail, bookingPath } from "./emails";
import { releaseBooking } from "./fulfilment";
import { ownBookingRow } from "./read";
import { hasPayment, owePaymentRemainder, recordRefund, settleRefund } from "./refunds";
import { findBookingView, freeCancellationOpenSql } from "./view";
import { bookingReference } from "../ids";

/** Balances one sweep charges at most; the next run takes the rest. */
const BATCH = 50;

/** A balance left `charging` this long (its process died mid-charge) is charged again (the same key: no second charge). */
const STALE_CHARGING_MINUTES = 10;

/** How long a balance's payment link's checkout stays payable (Stripe allows at most a day). */
const LINK_CHECKOUT_HOURS = 23;

/** A service's deposit settings (null: it asks none). */
export function depositSettingsOf(service: ServiceRow): DepositSettings | null {
  if (!service.depositKind || service.depositValue === null) return null;
  return {
    kind: service.depositKind,
    value: service.depositValue,
    minDaysBefore: service.depositMinDays ?? 0,
    balanceDueDaysBefore: service.balanceDueDays ?? 0,
  };
}

/** The balance charge's idempotency key (at the provider, and unique on the booking). */
export const balanceChargeKey = (bookingId: string) => `balance_${bookingId}`;

/**
 * A newly held booking of a service that asks a deposit: when its departure is far enough away, it
 * pays the deposit now and owes the balance (charged `balance_due_at`; unpaid at
 * `balance_cutoff_at`, the free-cancellation deadline but never before it is due, it is cancelled).
 * Answers the row as it stands.
 */
export async function planDeposit(
  db: Db,
  booking: BookingRow,
  service: ServiceRow,
  startsAt: Date,
  cancellationCutoffHours: number,
): Promise<BookingRow> {
  if (booking.status !== "held" || booking.balanceState) return booking;
  const plan = depositPlan(
    depositSettingsOf(service),
    booking.totalMinor - booking.giftCardMinor,
    startsAt,
    clockNow(),
  );
  if (!plan) return booking;
  const deadline = startsAt.getTime() - cancellationCutoffHours * 3_600_000;
  const [planned] = await db
    .update(bookings)
    .set({
      depositMinor: plan.depositMinor,
      balanceMinor: plan.balanceMinor,
      balanceDueAt: plan.balanceDueAt,
      balanceCutoffAt: new Date(Math.max(deadline, plan.balanceDueAt.getTime())),
      balanceState: "due",
      balanceChargeKey: balanceChargeKey(booking.id),
      updatedAt: sql`app_now()`,
    })
    .where(eq(bookings.id, booking.id))
    .returning();
  return planned;
}

/** What a quote tells of the deposit a booking of this departure would pay now (null: paid in full). */
export function quotedDeposit(service: ServiceRow, totalMinor: number, startsAt: Date) {
  const plan = depositPlan(depositSettingsOf(service), totalMinor, startsAt, clockNow());
  return plan && { ...plan, balanceDueAt: plan.balanceDueAt.toISOString() };
}

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

async function lockBooking(tx: Tx, id: string): Promise<BookingRow | undefined> {
  const [row] = await tx.select().from(bookings).where(eq(bookings.id, id)).for("update");
  return row;
}

/**
 * The balance paid (off-session by the sweep, or through its payment link), under the booking's
 * lock: marked paid with its payment, the ledger's balance charge, the receipt. A payment for a
 * balance no longer owed (the booking cancelled meanwhile, or paid already by the other way) is
 * owed back whole. Answers what it did.
 */
async function balancePaid(
  db: Db,
  bookingId: string,
  provider: string,
  paymentIntentId: string,
): Promise<"paid" | "already_paid" | "refunded"> {
  const outcome = await db.transaction(async (tx) => {
    const booking = await lockBooking(tx, bookingId);
    if (!booking) throw new Error(`a balance paid for an unknown booking ${bookingId}`);
    if (booking.balancePaymentIntentId === paymentIntentId) return "already_paid" as const;
    const owed =
      booking.status === "confirmed" &&
      (booking.balanceState === "due" || booking.balanceState === "charging" || booking.balanceState === "failed");
    if (!owed) {
      await recordUnearnedBalance(tx, booking, provider, paymentIntentId);
      await recordRefund(tx, booking, {
        amountMinor: booking.balanceMinor,
        reason: "Balance paid after it was no longer owed",
        requestedBy: null,
        releaseSeats: false,
        idempotencyKey: `balance_refund_${paymentIntentId}`,
        payment: { provider, intentId: paymentIntentId },
        outsideTotal: true,
      });
      return "refunded" as const;
    }
    const [paid] = await tx
      .update(bookings)
      .set({ balanceState: "paid", balancePaymentIntentId: paymentIntentId, updatedAt: sql`app_now()` })
      .where(eq(bookings.id, booking.id))
      .returning();
    await recordBalancePaid(tx, paid, provider, paymentIntentId);
    const row = (await findBookingView(tx, booking.id))!;
    await addNotification(tx, {
      userId: booking.userId,
      kind: "balance_paid",
      title: `Balance paid: ${row.experienceTitle}`,
      body: `Booking ${bookingReference(booking.id)} is paid in full.`,
      link: bookingPath(booking.id),
    });
    await writeBookingEmail(tx, booking.id, balanceReceiptEmail);
    return "paid" as const;
  });
  if (outcome === "refunded") {
    try {
      await settleRefund(db, bookingId);
    } catch (error) {
      logger.error({ bookingId, err: errorFields(error) }, "balance refund failed; retried by the sweep");
    }
  }
  return outcome;
}

/** The off-session charge was declined: the traveller is emailed the link to pay (once per decline). */
async function balanceDeclined(db: Db, bookingId: string, reason: string): Promise<void> {
  await db.transaction(async (tx) => {
    const booking = await lockBooking(tx, bookingId);
    if (!booking || booking.balanceState !== "charging") return;
    await tx
      .update(bookings)
      .set({ balanceState: "failed", balanceLinkSentAt: sql`app_now()`, updatedAt: sql`app_now()` })
      .where(eq(bookings.id, booking.id));
    const row = (await findBookingView(tx, booking.id))!;
    await addNotification(tx, {
      userId: booking.userId,
      kind: "balance_declined",
      title: `Payment needed: ${row.experienceTitle}`,
      body: `The balance of booking ${bookingReference(booking.id)} could not be charged. Pay it to keep your booking.`,
      link: bookingPath(booking.id),
    });
    await writeBookingEmail(tx, booking.id, balanceDeclinedEmail);
    logger.info({ bookingId, reason }, "balance declined; payment link sent");
  });
}

/**
 * The due work: balances due now (and any left `charging` by a process that died) are claimed
 * `charging` in one statement, then each is charged off-session with its own key, outside any
 * transaction; paid → balancePaid, declined → the payment link. Answers how many were charged.
 */
export async function chargeDueBalances(db: Db): Promise<{ charged: number; declined: number }> {
  const claimed = await queryRows<{ id: string }>(
    db,
    sql`
      with due as (
        select b.id from bookings b
        where b.status = 'confirmed' and b.payment_status = 'paid'
          and (
            (b.balance_state = 'due' and b.balance_due_at <= app_now())
            or (b.balance_state = 'charging'
                and b.updated_at <= app_now() - make_interval(mins => ${STALE_CHARGING_MINUTES}))
          )
        order by b.balance_due_at
        limit ${BATCH}
        for update of b skip locked
      )
      update bookings b set balance_state = 'charging', updated_at = app_now()
      from due where b.id = due.id
      returning b.id`,
  );
  let charged = 0;
  let declined = 0;
  for (const { id } of claimed) {
    const [booking] = await db.select().from(bookings).where(eq(bookings.id, id));
    try {
      const outcome = await chargeBalance(db, booking);
      if (outcome.paid) {
        await balancePaid(db, id, booking.paymentProvider ?? paymentProvider().name, outcome.paymentIntentId);
        charged++;
      } else {
        await balanceDeclined(db, id, outcome.reason);
        declined++;
      }
    } catch (error) {
      // Left `charging`: a later run charges it again with the same key (never twice).
      logger.error({ bookingId: id, err: errorFields(error) }, "balance charge failed; retried by the sweep");
    }
  }
  return { charged, declined };
}

async function chargeBalance(db: Db, booking: BookingRow) {
  const provider = booking.paymentProvider ? providerNamed(booking.paymentProvider) : paymentProvider();
  if (!booking.balanceCard) return { paid: false as const, reason: "no_card_kept" };
  const row = (await findBookingView(db, booking.id))!;
  return provider.chargeOffSession(db, {
    bookingId: booking.id,
    title: `Balance: ${row.experienceTitle} · ${row.serviceName}`,
    amountMinor: booking.balanceMinor,
    currency: booking.currency,
    card: booking.balanceCard,
    idempotencyKey: booking.balanceChargeKey ?? balanceChargeKey(booking.id),
    connect: destinationCharge(await saleDestination(db, booking.accountId), depositApplicationFees(booking).balance),
  });
}

/**
 * The due work: bookings whose balance is still unpaid at its cut-off are cancelled under the
 * cancellation policy: while the free-cancellation window is open the deposit is refunded, after
 * it the deposit is kept. Seats freed, the traveller told. Answers how many were cancelled.
 */
export async function cancelUnpaidBalances(db: Db): Promise<number> {
  const due = await queryRows<{ id: string }>(
    db,
    sql`select b.id from bookings b
        where b.status = 'confirmed' and b.balance_state in ('due', 'failed') and b.balance_cutoff_at <= app_now()
        order by b.balance_cutoff_at limit ${BATCH}`,
  );
  let cancelled = 0;
  for (const { id } of due) {
    const done = await db.transaction(async (tx) => {
      const [row] = await tx
        .select({ booking: bookings, open: freeCancellationOpenSql })
        .from(bookings)
        .innerJoin(slots, eq(slots.id, bookings.slotId))
        .where(
          and(
            eq(bookings.id, id),
            eq(bookings.status, "confirmed"),
            sql`${bookings.balanceState} in ('due', 'failed') and ${bookings.balanceCutoffAt} <= app_now()`,
          ),
        )
        .for("update", { of: bookings, skipLocked: true });
      if (!row) return false;
      const { booking } = row;
      const refundable = row.open && hasPayment(booking);
      await releaseBooking(tx, booking, "cancelled", {
        cancelledAt: sql`app_now()`,
        balanceState: "cancelled",
        ...(refundable ? {} : { refundMinor: 0 }),
      });
      if (refundable) await owePaymentRemainder(tx, booking, "Balance unpaid: cancelled");
      const view = (await findBookingView(tx, id))!;
      await addNotification(tx, {
        userId: booking.userId,
        kind: "booking_cancelled",
        title: `Booking cancelled: ${view.experienceTitle}`,
        body: `The balance of booking ${bookingReference(id)} was not paid in time.`,
        link: bookingPath(id),
      });
      await writeBookingEmail(tx, id, balanceCancelledEmail);
      return true;
    });
    if (!done) continue;
    cancelled++;
    try {
      await settleRefund(db, id);
    } catch (error) {
      logger.error({ bookingId: id, err: errorFields(error) }, "refund failed; retried by the sweep");
    }
  }
  return cancelled;
}

/**
 * POST /v1/bookings/{id}/balance/checkout: the traveller pays a balance still owed (its
 * off-session charge was declined, or it is not due yet) on the provider's page. 409
 * balance_not_owed when nothing is owed.
 */
export async function openBalanceCheckout(
  db: Db,
  userId: string,
  scope: AccountRow | null,
  id: string,
  returnUrl: string,
): Promise<{ checkoutUrl: string }> {
  const booking = await ownBookingRow(db, userId, scope, id);
  if (booking.status !== "confirmed" || !(booking.balanceState === "due" || booking.balanceState === "failed"))
    throw conflict("This booking owes no balance.", "balance_not_owed");
  const row = (await findBookingView(db, id))!;
  const provider = booking.paymentProvider ? providerNamed(booking.paymentProvider) : paymentProvider();
  try {
    const session = await provider.createPurchaseCheckout(
      db,
      {
        kind: "balance",
        id: booking.id,
        bookingId: booking.id,
        title: `Balance: ${row.experienceTitle} · ${row.serviceName}`,
        amountMinor: booking.balanceMinor,
        currency: booking.currency,
        customerEmail: null,
        expiresAt: new Date(clockNow().getTime() + LINK_CHECKOUT_HOURS * 3_600_000),
        connect: destinationCharge(
          await saleDestination(db, booking.accountId),
          depositApplicationFees(booking).balance,
        ),
      },
      { successUrl: new URL(returnUrl, booking.origin).toString(), cancelUrl: null },
    );
    return { checkoutUrl: session.url };
  } catch (error) {
    logger.error({ bookingId: id, err: errorFields(error) }, "balance checkout could not be created");
    throw paymentUnavailable();
  }
}

/** A balance's checkout (its payment link) paid: registered in api/wiring.ts for kind "balance". */
export const balanceCheckoutPaid: CheckoutHandler = async (db, event) => {
  if (event.purchase?.kind !== "balance") return "ignored";
  if (!event.paymentIntentId) throw new Error(`a paid balance checkout without a payment (${event.purchase.id})`);
  const outcome = await balancePaid(db, event.purchase.id, event.provider, event.paymentIntentId);
  return outcome === "paid" ? "confirmed" : outcome === "already_paid" ? "already_confirmed" : "refunded";
};
