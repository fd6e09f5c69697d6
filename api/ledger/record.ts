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
import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { queryRows } from "../db/rows";
import { ledgerEntries, type BookingRefundRow, type BookingRow } from "../db/schema";
import {
  chargeLines,
  giftCardIssueLines,
  refundLines,
  rescheduleLines,
  sidesOf,
  tipLines,
  unearnedPaymentLines,
} from "./movements";
import { postLedger, type LedgerLine, type LedgerTransaction } from "./post";

export const ledgerKeys = {
  charge: (bookingId: string) => `charge:${bookingId}`,
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
  await postBookingCharge(tx, booking, {
    key: ledgerKeys.charge(booking.id),
    provider: booking.paymentIntentId ? booking.paymentProvider : null,
    providerRef: booking.paymentIntentId,
    lines: chargeLines({
      operatorId: booking.accountId,
      totalMinor: booking.totalMinor,
      feesMinor: booking.feesMinor,
      giftCardMinor: booking.giftCardMinor,
      commissionBps: booking.commissionBps,
    }),
  });
}

/**
 * A card payment that arrived for a booking that no longer stands (cancelled, or its seats sold
 * after its hold ran out): recorded as the operator's pending money until the refund owed with it
 * takes it back whole. What the card was charged: the total less what gift cards paid (their part
 * went back to them when the hold ended).
 */
export async function recordUnearnedBookingPayment(tx: Db, booking: BookingRow, paymentIntentId: string) {
  const cardMinor = booking.totalMinor - booking.giftCardMinor;
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

interface SideLine {
  kind: "charge" | "refund";
  account: string;
  amount_minor: string | number;
}

/**
 * The charge and refund lines of the payment(s) a refund goes back to. A refund outside the total
 * (a difference paid too late) returns its own payment only; any other shares the booking's
 * charges, less those payments.
 */
async function paymentLines(tx: Db, booking: BookingRow, refund: BookingRefundRow): Promise<SideLine[]> {
  const ownPayment = refund.outsideTotal
    ? sql`e.provider_ref = ${refund.paymentIntentId}`
    : sql`not exists (select 1 from booking_refunds r where r.booking_id = e.booking_id and r.outside_total
        and r.payment_intent_id = e.provider_ref)`;
  return queryRows<SideLine>(
    tx,
    sql`select e.kind, e.account, e.amount_minor from ledger_entries e
        where e.booking_id = ${booking.id} and e.kind in ('charge', 'refund') and ${ownPayment}`,
  );
}

/**
 * A refund made (the row just marked made, the booking locked by the caller): each side gives back
 * its share of what it was charged (api/ledger/movements.ts refundSides), the gift cards get their
 * part back and the payer's card the rest. In proportion always: the refund code does not know
 * which part of a refund the cancellation policy owed, so an operator's goodwill beyond it is
 * shared like any other refund. A booking paid before the ledger existed: no lines.
 */
export async function recordRefundMade(tx: Db, booking: BookingRow, refund: BookingRefundRow): Promise<void> {
  const lines = (await paymentLines(tx, booking, refund)).map((line) => ({
    kind: line.kind,
    account: line.account,
    amountMinor: Number(line.amount_minor),
  }));
  const charged = sidesOf(lines.filter((line) => line.kind === "charge"));
  const refunded = sidesOf(
    lines.filter((line) => line.kind === "refund"),
    -1,
  );
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
      charged,
      refunded,
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
