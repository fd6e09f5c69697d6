/**
 * The ledger lines of each money movement (issue 45, /work/notes/payouts-design.md), as pure
 * functions of the amounts: what a booking's payment, a date change's difference, a refund, a tip
 * and a gift card sold write. The code that records them (./record.ts) reads the rows and posts
 * these lines with postLedger, in the transaction of the change they record.
 */
import { ledgerAccounts } from "./accounts";
import type { LedgerLine } from "./post";
import { splitCommission } from "./post";

/** Who holds what of a booking's money: its operator, the platform's commission, the service fee. */
export interface Sides {
  operator: number;
  commission: number;
  serviceFee: number;
}

export const NO_SIDES: Sides = { operator: 0, commission: 0, serviceFee: 0 };

const sum = (sides: Sides) => sides.operator + sides.commission + sides.serviceFee;

/**
 * How a booking's price is shared. The platform's part is its commission on what the traveller
 * paid (the total, at the rate the booking was sold at; null: sold before payouts existed, none),
 * and never less than the service fee, which is the platform's whole: the service fee is within
 * that part, the commission line the rest of it. The operator gets exactly what is left. So $100.00
 * paid at 15 % gives the operator $85.00 and the platform $15.00, whatever the service fee in it.
 */
export function bookingSides(totalMinor: number, feesMinor: number, commissionBps: number | null): Sides {
  const { commission: onTotal } = splitCommission(totalMinor, commissionBps ?? 0);
  const platform = Math.min(totalMinor, Math.max(feesMinor, onTotal));
  return { operator: totalMinor - platform, commission: platform - feesMinor, serviceFee: feesMinor };
}

/** The platform's part of a booking's price (its commission, never less than the service fee). */
export const platformPart = (totalMinor: number, feesMinor: number, commissionBps: number | null): number =>
  totalMinor - bookingSides(totalMinor, feesMinor, commissionBps).operator;

/** The lines that put a booking's (or a difference's) sides in their accounts. */
function sideLines(operatorId: string, sides: Sides, sign: 1 | -1): LedgerLine[] {
  return [
    { account: ledgerAccounts.pending(operatorId), amountMinor: sign * sides.operator },
    { account: ledgerAccounts.commission, amountMinor: sign * sides.commission },
    { account: ledgerAccounts.serviceFees, amountMinor: sign * sides.serviceFee },
  ];
}

export interface Charge {
  operatorId: string;
  totalMinor: number;
  /** The service fee within the total. */
  feesMinor: number;
  /** What gift cards paid of the total (the card was charged the rest). */
  giftCardMinor: number;
  commissionBps: number | null;
}

/**
 * A booking paid (`charge:<bookingId>`): the payer's card gives what it was charged, the gift
 * cards what they paid; the operator's pending part, the commission and the service fee take it.
 * A booking paid wholly by gift card has no payments line (postLedger leaves out lines of zero).
 */
export function chargeLines(charge: Charge): LedgerLine[] {
  const cardMinor = charge.totalMinor - charge.giftCardMinor;
  return [
    { account: ledgerAccounts.payments, amountMinor: -cardMinor },
    { account: ledgerAccounts.platformGiftCards, amountMinor: -charge.giftCardMinor },
    ...sideLines(charge.operatorId, bookingSides(charge.totalMinor, charge.feesMinor, charge.commissionBps), 1),
  ];
}

/**
 * A booking paid by a deposit now and its balance later (issue 46, item 5): the card's deposit
 * (and the gift cards' part) now, under `charge:<bookingId>`, and the balance when it is charged,
 * under `balance:<bookingId>`. The deposit's sides are those of a booking of its amount (the
 * service fee first); the balance's are what is left of the whole booking's, so the two add up to
 * exactly the sides of the booking paid at once.
 */
export function depositLines(charge: Charge, balanceMinor: number): { deposit: LedgerLine[]; balance: LedgerLine[] } {
  const paidNow = charge.totalMinor - balanceMinor;
  const whole = bookingSides(charge.totalMinor, charge.feesMinor, charge.commissionBps);
  const now = bookingSides(paidNow, Math.min(charge.feesMinor, paidNow), charge.commissionBps);
  const later: Sides = {
    operator: whole.operator - now.operator,
    commission: whole.commission - now.commission,
    serviceFee: whole.serviceFee - now.serviceFee,
  };
  return {
    deposit: [
      { account: ledgerAccounts.payments, amountMinor: -(paidNow - charge.giftCardMinor) },
      { account: ledgerAccounts.platformGiftCards, amountMinor: -charge.giftCardMinor },
      ...sideLines(charge.operatorId, now, 1),
    ],
    balance: [
      { account: ledgerAccounts.payments, amountMinor: -balanceMinor },
      ...sideLines(charge.operatorId, later, 1),
    ],
  };
}

/**
 * A move to a dearer departure paid (`reschedule:<changeId>`): a charge of the difference at the
 * booking's rate, its service fee the rise of the booking's fee (kept within the difference).
 */
export function rescheduleLines(move: {
  operatorId: string;
  differenceMinor: number;
  feesDifferenceMinor: number;
  commissionBps: number | null;
}): LedgerLine[] {
  const feesMinor = Math.min(Math.max(move.feesDifferenceMinor, 0), move.differenceMinor);
  return chargeLines({
    operatorId: move.operatorId,
    totalMinor: move.differenceMinor,
    feesMinor,
    giftCardMinor: 0,
    commissionBps: move.commissionBps,
  });
}

/**
 * A payment that arrived for nothing that stands (a booking cancelled or sold on before it was
 * paid, a date change that could no longer be made): it is owed back whole, so it is the
 * operator's pending money only until its refund takes it back; the platform earns nothing on it.
 */
export function unearnedPaymentLines(operatorId: string, amountMinor: number): LedgerLine[] {
  return [
    { account: ledgerAccounts.payments, amountMinor: -amountMinor },
    { account: ledgerAccounts.pending(operatorId), amountMinor },
  ];
}

/** Half up, exactly, for non-negative integers: round(numerator / denominator). */
function roundedShare(part: number, numerator: number, denominator: number): number {
  const value = (2n * BigInt(part) * BigInt(numerator) + BigInt(denominator)) / (2n * BigInt(denominator));
  return Number(value);
}

/**
 * How much of each side a refund takes back. The refunds of a payment are shared in proportion to
 * what each side was charged, counted over all of them so far (`refunded`: what earlier refunds
 * took), so that refunding the whole gives every side back exactly what it got; the largest side
 * takes the rounding rest. Nothing charged (a booking paid before the ledger): nothing.
 */
export function refundSides(charged: Sides, refunded: Sides, amountMinor: number): Sides {
  const chargedMinor = sum(charged);
  if (chargedMinor <= 0 || amountMinor === 0) return NO_SIDES;
  const after = sum(refunded) + amountMinor;
  const keys = ["operator", "commission", "serviceFee"] as const;
  const largest = keys.reduce((best, key) => (charged[key] > charged[best] ? key : best), keys[0]);
  const parts = { ...NO_SIDES };
  for (const key of keys) {
    if (key === largest) continue;
    parts[key] = roundedShare(charged[key], after, chargedMinor) - refunded[key];
  }
  parts[largest] = amountMinor - keys.filter((key) => key !== largest).reduce((total, key) => total + parts[key], 0);
  return parts;
}

/** What a payment's refunds came to so far: within the policy (in proportion), and as goodwill. */
export interface RefundedSoFar {
  proportionalMinor: number;
  goodwillMinor: number;
}

export const NOTHING_REFUNDED: RefundedSoFar = { proportionalMinor: 0, goodwillMinor: 0 };

const minus = (a: Sides, b: Sides): Sides => ({
  operator: a.operator - b.operator,
  commission: a.commission - b.commission,
  serviceFee: a.serviceFee - b.serviceFee,
});

/**
 * What refunds that came to `soFar` took back of each side, counted over all of them: what was
 * within the policy in proportion (refundSides over their sum), the goodwill (beyond what the
 * policy still promised) from what is left of the operator's part, and only what goes beyond it
 * (a whole refund after the cutoff) from the platform's, its commission first. Counted over the
 * sums, so the order of the refunds does not matter and refunding the whole gives every side back
 * exactly what it got.
 */
export function refundedSides(charged: Sides, soFar: RefundedSoFar): Sides {
  if (sum(charged) <= 0) return NO_SIDES;
  const inProportion = refundSides(charged, NO_SIDES, soFar.proportionalMinor);
  const left = minus(charged, inProportion);
  const operator = Math.min(soFar.goodwillMinor, Math.max(0, left.operator));
  const commission = Math.min(soFar.goodwillMinor - operator, Math.max(0, left.commission));
  return {
    operator: inProportion.operator + operator,
    commission: inProportion.commission + commission,
    serviceFee: inProportion.serviceFee + soFar.goodwillMinor - operator - commission,
  };
}

const after = (soFar: RefundedSoFar, refund: { amountMinor: number; goodwillMinor: number }): RefundedSoFar => ({
  proportionalMinor: soFar.proportionalMinor + refund.amountMinor - refund.goodwillMinor,
  goodwillMinor: soFar.goodwillMinor + refund.goodwillMinor,
});

/** What one refund takes back of each side, after refunds that came to `before` (refundedSides). */
export function refundParts(
  charged: Sides,
  before: RefundedSoFar,
  refund: { amountMinor: number; goodwillMinor: number },
): Sides {
  return minus(refundedSides(charged, after(before, refund)), refundedSides(charged, before));
}

/** What is left of each side once `refunds` took their parts back. */
export function sidesAfter(charged: Sides, refunds: ReadonlyArray<{ amountMinor: number; goodwillMinor: number }>) {
  return minus(charged, refundedSides(charged, refunds.reduce(after, NOTHING_REFUNDED)));
}

export interface Refund {
  operatorId: string;
  /** What it takes back of each side (refundParts). */
  parts: Sides;
  amountMinor: number;
  /** The part given back to gift cards (the rest goes back to the payer's card). */
  giftCardMinor: number;
}

/**
 * A refund made (`refund:<refundId>`): the sides give back their parts; the gift cards get their
 * part back, the payer's card the rest. Nothing taken back (a booking paid before the ledger): no lines.
 */
export function refundLines(refund: Refund): LedgerLine[] {
  if (sum(refund.parts) === 0) return [];
  return [
    ...sideLines(refund.operatorId, refund.parts, -1),
    { account: ledgerAccounts.platformGiftCards, amountMinor: refund.giftCardMinor },
    { account: ledgerAccounts.payments, amountMinor: refund.amountMinor - refund.giftCardMinor },
  ];
}

/** A tip paid (`tip:<tipId>`): the operator's whole. */
export function tipLines(operatorId: string, amountMinor: number): LedgerLine[] {
  return [
    { account: ledgerAccounts.payments, amountMinor: -amountMinor },
    { account: ledgerAccounts.pending(operatorId), amountMinor },
  ];
}

/** A gift card sold (`gift_card_issue:<cardId>`): the platform holds its money until it is spent. */
export function giftCardIssueLines(amountMinor: number): LedgerLine[] {
  return [
    { account: ledgerAccounts.payments, amountMinor: -amountMinor },
    { account: ledgerAccounts.platformGiftCards, amountMinor },
  ];
}

/**
 * What a payment's lines put in each side (its charge lines), or took out of them (its refund
 * lines, as positive amounts with `sign` -1). Release and payout lines are not sides.
 */
export function sidesOf(lines: ReadonlyArray<{ account: string; amountMinor: number }>, sign: 1 | -1 = 1): Sides {
  const sides = { ...NO_SIDES };
  for (const line of lines) {
    const amount = sign * line.amountMinor;
    if (line.account === ledgerAccounts.commission) sides.commission += amount;
    else if (line.account === ledgerAccounts.serviceFees) sides.serviceFee += amount;
    else if (/^operator:.+:pending$/.test(line.account)) sides.operator += amount;
  }
  return sides;
}
