import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { bookingChanges, bookingRefunds, bookings, type BookingRefundRow, type BookingRow } from "../db/schema";
import { randomId } from "../ids";
import { errorFields, logger } from "../logger";
import { addNotification } from "../notifications/service";
import { providerNamed } from "../payments";
import { bookingPath, lateRefundEmail } from "./emails";
import { formatWhen } from "./format";
import { writeBookingEmail } from "./booking-mail";
import { unpaidBalance } from "~contract/bookings/deposit-rules";
import { findBookingView } from "./view";
import { giftCardsReleasedOf, refundToGiftCards } from "../gift-cards/ledger";
import { recordRefundMade, refundPartsOf } from "../ledger/record";
import type { Sides } from "../ledger/movements";
import {
  reverseGiftCardTransfer,
  settleGiftCardTransfer,
  transferReversalMinor,
} from "../payments/gift-card-transfers";

/**
 * THE refund model: every refund, of every path (the traveller cancels, the operator cancels a
 * departure, a late payment, the operator refunds), is a `booking_refunds` row written `owed` in
 * the transaction that decides it. After that transaction commits, `settleRefund` calls the
 * provider — never while a row lock is held — with the row's idempotency key, then marks the row
 * `made`. `bookings.refund_minor` is the sum of the booking's refunds made, and its payment is
 * `refunded` once they add up to the whole amount paid. The sweep retries rows still owed.
 *
 * A booking moved to a dearer departure was paid twice (its order, then the difference: a
 * booking change's own payment), and its total is their sum. A refund row names the payment it
 * goes back to when it is not the booking's own; a cancellation owes each payment what is left of
 * it (`owePaidDifferences`). A difference paid after its change could no longer be made is
 * refunded `outsideTotal`: it never became part of the total, so it is not in refund_minor.
 */

/** The idempotency key of the full (remaining) refund a cancellation or a late payment owes. */
export const fullRefundKey = (bookingId: string) => `refund_${bookingId}`;

/** A booking's payment, when there is one to refund (a total, and a provider's payment or a gift card's part). */
export const hasPayment = (booking: BookingRow) =>
  booking.totalMinor > 0 &&
  ((booking.paymentIntentId !== null && booking.paymentProvider !== null) || booking.giftCardMinor > 0);

/** The sum of a booking's refunds of its total recorded so far (owed or made). */
export async function refundedSoFar(db: Db, bookingId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${bookingRefunds.amountMinor}), 0)::int` })
    .from(bookingRefunds)
    .where(and(eq(bookingRefunds.bookingId, bookingId), eq(bookingRefunds.outsideTotal, false)));
  return Number(row?.total ?? 0);
}

export interface RefundDecision {
  amountMinor: number;
  reason: string;
  /** The member who decided it (null: the traveller or the system). */
  requestedBy: string | null;
  releaseSeats: boolean;
  idempotencyKey: string;
  /** The payment it goes back to, when not the booking's own (a date change's difference). */
  payment?: { provider: string; intentId: string };
  /** It returns a payment that never became part of the total (see the header). */
  outsideTotal?: boolean;
  /**
   * The operator's goodwill, beyond what the cancellation policy still promised (after the
   * cutoff): the refund comes out of the operator's part, not in proportion (api/ledger/movements.ts).
   */
  goodwill?: boolean;
}

/**
 * Records a refund owed (in the deciding transaction, the booking row locked by the caller). What
 * the booking's gift cards paid goes back to them first, in this transaction (their ledger); the
 * provider refunds the rest when the refund is settled.
 */
export async function recordRefund(db: Db, booking: BookingRow, decision: RefundDecision): Promise<BookingRefundRow> {
  const toGiftCards =
    booking.giftCardMinor > 0 && !decision.payment
      ? await refundToGiftCards(db, booking.id, decision.amountMinor, decision.idempotencyKey)
      : 0;
  const [row] = await db
    .insert(bookingRefunds)
    .values({
      id: randomId("rf_"),
      bookingId: booking.id,
      accountId: booking.accountId,
      amountMinor: decision.amountMinor,
      giftCardMinor: toGiftCards,
      currency: booking.currency,
      reason: decision.reason,
      requestedBy: decision.requestedBy,
      releaseSeats: decision.releaseSeats,
      idempotencyKey: decision.idempotencyKey,
      status: "owed",
      paymentProvider: decision.payment?.provider ?? null,
      paymentIntentId: decision.payment?.intentId ?? null,
      outsideTotal: decision.outsideTotal ?? false,
      goodwillMinor: decision.goodwill ? decision.amountMinor : 0,
    })
    .returning();
  return row;
}

/**
 * A cancellation (or a late payment) owes what is left of the payment: the whole amount, or the
 * remainder after earlier partial refunds. Returns the amount owed (0: nothing to refund).
 */
export async function owePaymentRemainder(db: Db, booking: BookingRow, reason: string): Promise<number> {
  if (!hasPayment(booking)) return 0;
  // A gift card part given back when the hold ended (a late payment) is not owed again (what
  // refunds gave back to the cards is in refundedSoFar already).
  const released = booking.giftCardMinor > 0 ? await giftCardsReleasedOf(db, booking.id) : 0;
  // A deposit booking's balance not charged (yet) was never paid: nothing of it goes back.
  const remainder = booking.totalMinor - (await refundedSoFar(db, booking.id)) - released - unpaidBalance(booking);
  if (remainder <= 0) return 0;
  const rest = remainder - (await owePaidDifferences(db, booking, remainder, reason));
  if (rest > 0)
    await recordRefund(db, booking, {
      amountMinor: rest,
      reason,
      requestedBy: null,
      releaseSeats: true,
      idempotencyKey: fullRefundKey(booking.id),
    });
  return remainder;
}

/**
 * What is left to refund of each payment of the booking besides its own: a deposit booking's
 * balance once paid (`balance`), then each paid difference of its moves (done, paid through a
 * checkout), oldest first.
 */
async function paidDifferences(db: Db, bookingId: string) {
  return [...(await paidBalance(db, bookingId)), ...(await paidMoveDifferences(db, bookingId))];
}

/**
 * What was refunded, inside the booking's total, of one payment intent of a booking: a subquery
 * of booking_refunds on the outer row's columns, named qualified by hand (drizzle leaves a lone
 * table's columns bare, which the subquery would read as r's).
 */
const refundedOfIntent = (bookingIdColumn: string, intentIdColumn: string) =>
  sql<number>`coalesce((select sum(r.amount_minor) from booking_refunds r
    where r.booking_id = ${sql.raw(bookingIdColumn)} and r.payment_intent_id = ${sql.raw(intentIdColumn)}
      and not r.outside_total), 0)::int`;

/** A deposit booking's balance, once paid, as a payment of its own to refund. */
async function paidBalance(db: Db, bookingId: string) {
  const [row] = await db
    .select({
      amountMinor: bookings.balanceMinor,
      provider: bookings.paymentProvider,
      intentId: bookings.balancePaymentIntentId,
      refunded: refundedOfIntent("bookings.id", "bookings.balance_payment_intent_id"),
    })
    .from(bookings)
    .where(and(eq(bookings.id, bookingId), eq(bookings.balanceState, "paid")));
  if (!row?.intentId) return [];
  return [
    {
      changeId: "balance",
      leftMinor: row.amountMinor - Number(row.refunded),
      payment: { provider: row.provider ?? "sandbox", intentId: row.intentId },
    },
  ];
}

async function paidMoveDifferences(db: Db, bookingId: string) {
  const rows = await db
    .select({
      id: bookingChanges.id,
      amountMinor: bookingChanges.priceDifferenceMinor,
      provider: bookingChanges.paymentProvider,
      intentId: bookingChanges.paymentIntentId,
      refunded: refundedOfIntent("booking_changes.booking_id", "booking_changes.payment_intent_id"),
    })
    .from(bookingChanges)
    .where(
      and(
        eq(bookingChanges.bookingId, bookingId),
        eq(bookingChanges.status, "done"),
        sql`${bookingChanges.priceDifferenceMinor} > 0 and ${bookingChanges.paymentIntentId} is not null`,
      ),
    )
    .orderBy(asc(bookingChanges.completedAt), asc(bookingChanges.id));
  return rows.map((row) => ({
    changeId: row.id,
    leftMinor: row.amountMinor - Number(row.refunded),
    payment: { provider: row.provider!, intentId: row.intentId! },
  }));
}

/**
 * Of `upTo` owed back, what goes to the payments of the booking's moves to dearer departures:
 * each gets what is left of it, to its own payment, once (key `refund_<booking>_<change>`).
 * Returns the amount so owed; the booking's own payment takes the rest.
 */
async function owePaidDifferences(db: Db, booking: BookingRow, upTo: number, reason: string): Promise<number> {
  let owed = 0;
  for (const difference of await paidDifferences(db, booking.id)) {
    const amountMinor = Math.min(upTo - owed, difference.leftMinor);
    if (amountMinor <= 0) continue;
    await recordRefund(db, booking, {
      amountMinor,
      reason,
      requestedBy: null,
      releaseSeats: true,
      idempotencyKey: `${fullRefundKey(booking.id)}_${difference.changeId}`,
      payment: difference.payment,
    });
    owed += amountMinor;
  }
  return owed;
}

/**
 * A refund of part of what was paid (the operator's), split over the booking's payments: its own
 * first (what is left of it), then each paid difference of a move (`<key>_<change>`). Returns
 * the first row (the one with `decision.idempotencyKey`). Without moves paid, one row, as
 * recordRefund writes it.
 */
export async function recordRefundOverPayments(
  db: Db,
  booking: BookingRow,
  decision: RefundDecision,
): Promise<BookingRefundRow> {
  const differences = await paidDifferences(db, booking.id);
  const inDifferences = differences.reduce((sum, difference) => sum + Math.max(0, difference.leftMinor), 0);
  if (inDifferences === 0) return recordRefund(db, booking, decision);
  const ownLeft = booking.totalMinor - (await refundedSoFar(db, booking.id)) - inDifferences;
  let rest = decision.amountMinor;
  let first: BookingRefundRow | null = null;
  if (ownLeft > 0) {
    const amountMinor = Math.min(rest, ownLeft);
    first = await recordRefund(db, booking, { ...decision, amountMinor });
    rest -= amountMinor;
  }
  for (const difference of differences) {
    const amountMinor = Math.min(rest, difference.leftMinor);
    if (amountMinor <= 0) continue;
    const row = await recordRefund(db, booking, {
      ...decision,
      amountMinor,
      idempotencyKey: first ? `${decision.idempotencyKey}_${difference.changeId}` : decision.idempotencyKey,
      payment: difference.payment,
    });
    first ??= row;
    rest -= amountMinor;
  }
  return first ?? recordRefund(db, booking, decision);
}

export type RefundOutcome = "refunded" | "none";

/** Makes the refunds a booking owes, if any; throws when the provider fails (the sweep retries). */
export async function settleRefund(db: Db, bookingId: string): Promise<RefundOutcome> {
  const owed = await db
    .select({ refund: bookingRefunds, booking: bookings })
    .from(bookingRefunds)
    .innerJoin(bookings, eq(bookings.id, bookingRefunds.bookingId))
    .where(and(eq(bookingRefunds.bookingId, bookingId), eq(bookingRefunds.status, "owed")))
    .orderBy(asc(bookingRefunds.createdAt), asc(bookingRefunds.id));
  let outcome: RefundOutcome = "none";
  for (const { refund, booking } of owed) {
    // The gift cards' part went back to them when the refund was decided; the provider refunds the rest.
    const providerPart = refund.amountMinor - refund.giftCardMinor;
    // A transfer of the gift cards' part made first (Stripe), so that the refund can take its share back.
    const transfer = await settleGiftCardTransfer(db, booking.id);
    const parts = await exactPartsOf(db, booking, refund, transfer !== null);
    let feeBackMinor = 0;
    if (providerPart > 0) {
      // Its own payment (a date change's difference), else the booking's.
      const intentId = refund.paymentIntentId ?? booking.paymentIntentId;
      if (!intentId) throw new Error(`booking ${booking.id} owes a refund but has no payment id`);
      const made = await providerNamed(refund.paymentProvider ?? booking.paymentProvider ?? "sandbox").refund(
        db,
        intentId,
        providerPart,
        {
          idempotencyKey: refund.idempotencyKey,
          platformPartMinor: parts ? parts.commission + parts.serviceFee : undefined,
        },
      );
      feeBackMinor = made.feeBackMinor ?? 0;
    }
    if (transfer && parts)
      await reverseGiftCardTransfer(
        db,
        transfer,
        transferReversalMinor(parts, providerPart, feeBackMinor),
        refund.idempotencyKey,
      );
    if (await markMade(db, refund)) {
      outcome = "refunded";
      logger.info({ bookingId, refundId: refund.id, amountMinor: refund.amountMinor }, "refund made");
    }
  }
  return outcome;
}

/**
 * What a refund takes back of each side (the ledger's), when the provider must be told it exactly:
 * a goodwill refund of the booking (this one or an earlier one) means the shares are no longer in
 * proportion, and a gift card transfer is reversed by the operator's share. Null: in proportion,
 * as the provider shares a refund by itself (Stripe: `refund_application_fee`).
 */
async function exactPartsOf(
  db: Db,
  booking: BookingRow,
  refund: BookingRefundRow,
  transferred: boolean,
): Promise<Sides | null> {
  if (!transferred) {
    const [goodwill] = await db
      .select({ id: bookingRefunds.id })
      .from(bookingRefunds)
      .where(and(eq(bookingRefunds.bookingId, booking.id), sql`${bookingRefunds.goodwillMinor} > 0`))
      .limit(1);
    if (!goodwill) return null;
  }
  return refundPartsOf(db, booking, refund);
}

/**
 * The row made, the booking's running sum and payment status updated, the refund's ledger lines
 * written; a late payment's guest told.
 */
async function markMade(db: Db, refund: BookingRefundRow): Promise<boolean> {
  return db.transaction(async (tx) => {
    const marked = await tx
      .update(bookingRefunds)
      .set({ status: "made", madeAt: sql`app_now()` })
      .where(and(eq(bookingRefunds.id, refund.id), eq(bookingRefunds.status, "owed")))
      .returning({ id: bookingRefunds.id });
    if (marked.length === 0) return false; // a concurrent settle got there first
    const [booking] = await tx.select().from(bookings).where(eq(bookings.id, refund.bookingId)).for("update");
    // Under the booking's lock: its refunds' shares are counted one after the other.
    await recordRefundMade(tx, booking, refund);
    const [made] = await tx
      .select({ total: sql<number>`coalesce(sum(${bookingRefunds.amountMinor}), 0)::int` })
      .from(bookingRefunds)
      .where(
        and(
          eq(bookingRefunds.bookingId, booking.id),
          eq(bookingRefunds.status, "made"),
          eq(bookingRefunds.outsideTotal, false),
        ),
      );
    const madeMinor = Math.min(Number(made.total), booking.totalMinor);
    const whole = madeMinor >= booking.totalMinor;
    await tx
      .update(bookings)
      .set({
        refundMinor: madeMinor,
        ...(whole && booking.paymentStatus === "paid" ? { paymentStatus: "refunded" as const } : {}),
        updatedAt: sql`app_now()`,
      })
      .where(eq(bookings.id, booking.id));
    if (booking.status === "refunded" && refund.idempotencyKey === fullRefundKey(booking.id)) {
      // A late payment for seats sold meanwhile: the guest is told once the money is on its way back.
      const row = (await findBookingView(tx, booking.id))!;
      await addNotification(tx, {
        userId: booking.userId,
        kind: "booking_refunded",
        title: "Payment refunded",
        body: `Your payment for ${row.experienceTitle} (${formatWhen(row.startsAt, row.endsAt, row.timezone)}) arrived after ${booking.cancelledAt ? "the booking was cancelled" : "the seats were sold"}. We refunded it in full.`,
        link: bookingPath(booking.id),
      });
      await writeBookingEmail(tx, booking.id, lateRefundEmail);
    }
    return true;
  });
}

/** The sweep: bookings with refunds still owed (the provider failed earlier) are tried again, a few at a time. */
export async function settleDueRefunds(db: Db, limit = 20): Promise<number> {
  await recordLegacyOwedRefunds(db);
  const due = await db
    .selectDistinct({ id: bookingRefunds.bookingId })
    .from(bookingRefunds)
    .where(eq(bookingRefunds.status, "owed"))
    .limit(limit);
  let settled = 0;
  for (const { id } of due) {
    try {
      if ((await settleRefund(db, id)) === "refunded") settled++;
    } catch (error) {
      logger.error({ bookingId: id, err: errorFields(error) }, "refund retry failed");
    }
  }
  return settled;
}

/**
 * Refunds owed under the earlier model (a cancelled or late-paid booking still `paid`, with no
 * refund row: its provider call failed before migration 0024) get their row, with the key that
 * model used (`refund_<booking id>`), so the provider refunds them once. New paths always write a
 * row when they decide a refund, so a booking without one is only such a leftover.
 */
async function recordLegacyOwedRefunds(db: Db): Promise<void> {
  await db.execute(sql`
    insert into booking_refunds (id, booking_id, account_id, amount_minor, currency, reason, release_seats, idempotency_key, status)
    select 'rf_' || substr(md5(b.id || ':legacy'), 1, 16), b.id, b.account_id, b.total_minor, b.currency,
           'Cancellation', true, 'refund_' || b.id, 'owed'
    from bookings b
    where b.status in ('cancelled', 'refunded') and b.payment_status = 'paid' and b.total_minor > 0
      and b.payment_intent_id is not null
      -- Deposit bookings came after that model (one cancelled unpaid at its cut-off may keep its deposit).
      and b.balance_state is null
      and not exists (select 1 from booking_refunds r where r.booking_id = b.id)
    on conflict (booking_id, idempotency_key) do nothing`);
}

/** A booking's refunds, oldest first (for many bookings at once). */
export async function refundsOf(db: Db, bookingIds: readonly string[]): Promise<Map<string, BookingRefundRow[]>> {
  const byBooking = new Map<string, BookingRefundRow[]>();
  if (bookingIds.length === 0) return byBooking;
  const rows = await db
    .select()
    .from(bookingRefunds)
    .where(inArray(bookingRefunds.bookingId, [...bookingIds]))
    .orderBy(asc(bookingRefunds.createdAt), asc(bookingRefunds.id));
  for (const row of rows) byBooking.set(row.bookingId, [...(byBooking.get(row.bookingId) ?? []), row]);
  return byBooking;
}
