/**
 * The money movements written to the ledger, each by the code that makes the change it records and
 * in its transaction (`tx`): a booking paid (api/bookings/fulfilment.ts), a date change's
 * difference paid (api/bookings/reschedule-payment.ts), a refund made (api/bookings/refunds.ts), a
 * tip paid (api/tips/service.ts), a gift card sold (api/gift-cards/purchase.ts). Keys name each
 * movement once (postLedger writes a key once), so a replayed event writes nothing twice.
 *
 * Not here: money that never passes through the platform (a staff booking paid in cash or on
 * arrival at the desk), and the payout engine's release and payout movements.
 */
import { eq, sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/client";
import { queryRows } from "../db/rows";
import { ledgerEntries, type BookingRefundRow, type BookingRow } from "../db/schema";
import {
  chargeLines,
  depositLines,
  giftCardIssueLines,
  refundLines,
  refundParts,
  rescheduleLines,
  sidesOf,
  type Sides,
  tipLines,
  unearnedPaymentLines,
} from "./movements";
import { postLedger, type LedgerLine, type LedgerTransaction } from "./post";
import { unpaidBalance } from "~contract/bookings/deposit-rules";

export const ledgerKeys = {
  charge: (bookingId: string) => `charge:${bookingId}`,
  balance: (bookingId: string) => `balance:${bookingId}`,
  reschedule: (changeId: string) => `reschedule:${changeId}`,
  refund: (refundId: string) => `refund:${refundId}`,
  tip: (tipId: string) => `tip:${tipId}`,
  giftCardIssue: (giftCardId: string) => `gift_card_issue:${giftCardId}`,
} as const;

/**
 * A booking whose money is in the ledger: sold with a commission snapshot (made since payouts
 * exist), or whose payment was recorded. A booking paid before the ledger existed gets no lines
 * for later movements either (its date changes, its refunds): they would take back what the
 * ledger never had.
 */
export async function bookingInLedger(tx: Db, booking: Pick<BookingRow, "id" | "commissionBps">): Promise<boolean> {
  if (booking.commissionBps !== null) return true;
  const [found] = await tx
    .select({ id: ledgerEntries.id })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.transactionKey, ledgerKeys.charge(booking.id)))
    .limit(1);
  return Boolean(found);
}

/**
 * A booking paid through the platform, the row as it stands once paid (its payment id set): its
 * card's and gift cards' money shared between the operator, the commission and the service fee.
 * Called by the fulfilment that confirms it as paid, never for a staff booking settled at the desk
 * (cash, pay on arrival: that money never passes through the platform, so it has no ledger lines).
 */
export async function recordBookingPaid(tx: Db, booking: BookingRow): Promise<void> {
  const charge = chargeOf(booking);
  await postBookingCharge(tx, booking, {
    key: ledgerKeys.charge(booking.id),
    provider: booking.paymentIntentId ? booking.paymentProvider : null,
    providerRef: booking.paymentIntentId,
    // A deposit booking: the deposit now, the balance when it is charged (recordBalancePaid).
    lines: booking.balanceState ? depositLines(charge, booking.balanceMinor).deposit : chargeLines(charge),
  });
}

function chargeOf(booking: BookingRow) {
  return {
    operatorId: booking.accountId,
    totalMinor: booking.totalMinor,
    feesMinor: booking.feesMinor,
    giftCardMinor: booking.giftCardMinor,
    commissionBps: booking.commissionBps,
  };
}

/** A deposit booking's balance charged (`balance:<bookingId>`), in the transaction that marks it paid. */
export async function recordBalancePaid(tx: Db, booking: BookingRow, provider: string, paymentIntentId: string) {
  await postBookingCharge(tx, booking, {
    key: ledgerKeys.balance(booking.id),
    provider,
    providerRef: paymentIntentId,
    lines: depositLines(chargeOf(booking), booking.balanceMinor).balance,
  });
}

/**
 * A card payment that arrived for a booking that no longer stands (cancelled, or its seats sold
 * after its hold ran out): recorded as the operator's pending money until the refund owed with it
 * takes it back whole. What the card was charged: the total less what gift cards paid (their part
 * went back to them when the hold ended).
 */
export async function recordUnearnedBookingPayment(tx: Db, booking: BookingRow, paymentIntentId: string) {
  // A deposit booking's card paid its deposit only (the balance was never charged).
  const cardMinor = booking.totalMinor - booking.giftCardMinor - unpaidBalance(booking);
  if (cardMinor <= 0) return;
  await postBookingCharge(tx, booking, {
    key: ledgerKeys.charge(booking.id),
    provider: booking.paymentProvider,
    providerRef: paymentIntentId,
    lines: unearnedPaymentLines(booking.accountId, cardMinor),
  });
}

export interface PaidChange {
  changeId: string;
  differenceMinor: number;
  provider: string;
  paymentIntentId: string;
}

/**
 * The difference of a move to a dearer departure paid and the move made: a charge of the
 * difference at the booking's rate, its service fee the rise of the booking's. `booking`: the row
 * before the move; `newFeesMinor`: the booking's fee once moved.
 */
export async function recordDifferencePaid(tx: Db, booking: BookingRow, change: PaidChange, newFeesMinor: number) {
  await postDifferenceCharge(
    tx,
    booking,
    change,
    rescheduleLines({
      operatorId: booking.accountId,
      differenceMinor: change.differenceMinor,
      feesDifferenceMinor: newFeesMinor - booking.feesMinor,
      commissionBps: booking.commissionBps,
    }),
  );
}

/** A difference paid once its move could no longer be made: owed back whole (its refund is `outsideTotal`). */
export async function recordUnearnedDifference(tx: Db, booking: BookingRow, change: PaidChange) {
  await postDifferenceCharge(tx, booking, change, unearnedPaymentLines(booking.accountId, change.differenceMinor));
}

/** A balance paid once it was no longer owed: owed back whole (its refund is `outsideTotal`). */
export async function recordUnearnedBalance(tx: Db, booking: BookingRow, provider: string, paymentIntentId: string) {
  await postBookingCharge(tx, booking, {
    key: `${ledgerKeys.balance(booking.id)}:${paymentIntentId}`,
    provider,
    providerRef: paymentIntentId,
    lines: unearnedPaymentLines(booking.accountId, booking.balanceMinor),
  });
}

/** A charge of a booking's money: its operator's, in the booking's currency. */
function postBookingCharge(
  tx: Db,
  booking: BookingRow,
  charge: Pick<LedgerTransaction, "key" | "provider" | "providerRef" | "lines">,
): Promise<boolean> {
  return postLedger(tx, {
    ...charge,
    kind: "charge",
    currency: booking.currency,
    operatorId: booking.accountId,
    bookingId: booking.id,
  });
}

/** A date change's difference paid, charged under the change's key (nothing for a booking the ledger never had). */
async function postDifferenceCharge(tx: Db, booking: BookingRow, change: PaidChange, lines: LedgerLine[]) {
  if (!(await bookingInLedger(tx, booking))) return;
  await postBookingCharge(tx, booking, {
    key: ledgerKeys.reschedule(change.changeId),
    provider: change.provider,
    providerRef: change.paymentIntentId,
    lines,
  });
}

/**
 * The sides a refund's payment(s) charged, and what the refunds made of them before it came to. A
 * refund outside the total (a difference paid too late) returns its own payment only; any other
 * shares the booking's charges, less those payments, with the booking's other such refunds.
 */
async function refundBasis(tx: Db, booking: BookingRow, refund: BookingRefundRow) {
  const ownPayment = (alias: SQL) =>
    refund.outsideTotal
      ? sql`${alias} = ${refund.paymentIntentId}`
      : sql`not exists (select 1 from booking_refunds o where o.booking_id = ${booking.id} and o.outside_total
          and o.payment_intent_id = ${alias})`;
  const charges = await queryRows<{ account: string; amount_minor: string | number }>(
    tx,
    sql`select e.account, e.amount_minor from ledger_entries e
        where e.booking_id = ${booking.id} and e.kind = 'charge' and ${ownPayment(sql`e.provider_ref`)}`,
  );
  const [before] = await queryRows<{ proportional: string; goodwill: string }>(
    tx,
    sql`select coalesce(sum(r.amount_minor - r.goodwill_minor), 0)::text as proportional,
            coalesce(sum(r.goodwill_minor), 0)::text as goodwill
          from booking_refunds r
          where r.booking_id = ${booking.id} and r.status = 'made' and r.id <> ${refund.id}
            and r.outside_total = ${refund.outsideTotal}
            and ${refund.outsideTotal ? sql`r.payment_intent_id = ${refund.paymentIntentId}` : sql`true`}`,
  );
  return {
    charged: sidesOf(charges.map((line) => ({ account: line.account, amountMinor: Number(line.amount_minor) }))),
    before: { proportionalMinor: Number(before.proportional), goodwillMinor: Number(before.goodwill) },
  };
}

/**
 * What a refund takes back of each side (api/ledger/movements.ts refundParts): within the policy
 * in proportion to what its payment(s) charged, its goodwill from the operator's part, counted over
 * the refunds made before it. A booking paid before the ledger existed: nothing.
 */
export async function refundPartsOf(tx: Db, booking: BookingRow, refund: BookingRefundRow): Promise<Sides> {
  const { charged, before } = await refundBasis(tx, booking, refund);
  return refundParts(charged, before, refund);
}

/**
 * A refund made (the row just marked made, the booking locked by the caller): each side gives back
 * its part (refundPartsOf), the gift cards get their part back and the payer's card the rest.
 */
export async function recordRefundMade(tx: Db, booking: BookingRow, refund: BookingRefundRow): Promise<void> {
  const intentId = refund.paymentIntentId ?? booking.paymentIntentId;
  await postLedger(tx, {
    key: ledgerKeys.refund(refund.id),
    kind: "refund",
    currency: refund.currency,
    operatorId: booking.accountId,
    bookingId: booking.id,
    provider: intentId ? (refund.paymentProvider ?? booking.paymentProvider) : null,
    providerRef: intentId,
    lines: refundLines({
      operatorId: booking.accountId,
      parts: await refundPartsOf(tx, booking, refund),
      amountMinor: refund.amountMinor,
      giftCardMinor: refund.giftCardMinor,
    }),
  });
}

/** A tip paid: its booking's operator's whole. */
export async function recordTipPaid(
  tx: Db,
  tip: { id: string; bookingId: string; amountMinor: number; currency: string; paymentProvider: string | null },
  paymentIntentId: string | null,
): Promise<void> {
  const [booking] = await queryRows<{ account_id: string }>(
    tx,
    sql`select account_id from bookings where id = ${tip.bookingId}`,
  );
  if (!booking) return;
  await postLedger(tx, {
    key: ledgerKeys.tip(tip.id),
    kind: "tip",
    currency: tip.currency,
    operatorId: booking.account_id,
    bookingId: tip.bookingId,
    provider: tip.paymentProvider,
    providerRef: paymentIntentId,
    lines: tipLines(booking.account_id, tip.amountMinor),
  });
}

/** A gift card sold: the platform holds its money until it is spent (the marketplace's cards and operators' alike). */
export async function recordGiftCardSold(
  tx: Db,
  card: { id: string; amountMinor: number; currency: string; paymentProvider: string | null },
  paymentIntentId: string | null,
): Promise<void> {
  await postLedger(tx, {
    key: ledgerKeys.giftCardIssue(card.id),
    kind: "gift_card_issue",
    currency: card.currency,
    operatorId: null,
    provider: card.paymentProvider,
    providerRef: paymentIntentId,
    lines: giftCardIssueLines(card.amountMinor),
  });
}

/** The ledger lines of a booking, in the order written (tests and reconciliation read them). */
export function bookingLedgerLines(db: Db, bookingId: string) {
  return db
    .select()
    .from(ledgerEntries)
    .where(eq(ledgerEntries.bookingId, bookingId))
    .orderBy(ledgerEntries.occurredAt, ledgerEntries.transactionKey, ledgerEntries.line);
}
