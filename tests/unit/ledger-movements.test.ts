import { describe, expect, it } from "vitest";
import {
  bookingSides,
  chargeLines,
  giftCardIssueLines,
  NO_SIDES,
  refundLines,
  NOTHING_REFUNDED,
  refundedSides,
  refundParts,
  refundSides,
  sidesAfter,
  rescheduleLines,
  sidesOf,
  tipLines,
  unearnedPaymentLines,
  type Sides,
} from "~api/ledger/movements";
import type { LedgerLine } from "~api/ledger/post";

const OP = "acme";
const pending = `operator:${OP}:pending`;

/** The lines as postLedger writes them: zeros left out, as a map account → amount. */
const written = (lines: LedgerLine[]) =>
  Object.fromEntries(lines.filter((line) => line.amountMinor !== 0).map((line) => [line.account, line.amountMinor]));
/** Acme's booking paid: chargeLines with no service fee and no gift card unless told. */
const acmeCharge = (paid: { totalMinor: number; commissionBps: number; feesMinor?: number; giftCardMinor?: number }) =>
  chargeLines({ operatorId: OP, feesMinor: 0, giftCardMinor: 0, ...paid });
const total = (lines: LedgerLine[]) => lines.reduce((sum, line) => sum + line.amountMinor, 0);
const add = (a: Sides, b: Sides): Sides => ({
  operator: a.operator + b.operator,
  commission: a.commission + b.commission,
  serviceFee: a.serviceFee + b.serviceFee,
});

describe("a booking paid", () => {
  it("$100 at 15 %: the card gives 100, the operator's pending 85 and the commission 15", () => {
    const lines = acmeCharge({ totalMinor: 10_000, commissionBps: 1500 });
    expect(written(lines)).toEqual({ "external:payments": -10_000, [pending]: 8_500, "platform:commission": 1_500 });
    expect(total(lines)).toBe(0);
  });

  it("the service fee is within the platform's part: $100.00 paid at 15 % is still 85 and 15; a fee above the commission is kept whole", () => {
    const lines = acmeCharge({ totalMinor: 10_000, feesMinor: 291, commissionBps: 1500 });
    expect(written(lines)).toEqual({
      "external:payments": -10_000,
      [pending]: 8_500,
      "platform:commission": 1_209,
      "platform:service_fees": 291,
    });
    // At 1 % the commission ($1.03) is less than the service fee ($3.00): the platform keeps the fee.
    expect(bookingSides(10_300, 300, 100)).toEqual({ operator: 10_000, commission: 0, serviceFee: 300 });
  });

  it("gift cards pay their part; a booking paid wholly by gift card has no payer's line", () => {
    const part = acmeCharge({ totalMinor: 10_000, giftCardMinor: 2_500, commissionBps: 1500 });
    expect(written(part)).toEqual({
      "external:payments": -7_500,
      "platform:gift_cards": -2_500,
      [pending]: 8_500,
      "platform:commission": 1_500,
    });
    const whole = acmeCharge({ totalMinor: 4_000, giftCardMinor: 4_000, commissionBps: 1000 });
    expect(written(whole)).toEqual({ "platform:gift_cards": -4_000, [pending]: 3_600, "platform:commission": 400 });
    expect(total(part)).toBe(0);
    expect(total(whole)).toBe(0);
  });

  it("rounds the commission half up and gives the operator exactly the rest; no rate (sold before payouts): none", () => {
    expect(bookingSides(333, 0, 1500)).toEqual({ operator: 283, commission: 50, serviceFee: 0 });
    expect(bookingSides(1_003, 3, 1250)).toEqual({ operator: 878, commission: 122, serviceFee: 3 });
    expect(bookingSides(5_000, 150, null)).toEqual({ operator: 4_850, commission: 0, serviceFee: 150 });
  });

  it("a dearer move's difference is a charge at the booking's rate, its fee the rise of the booking's (within the platform's part)", () => {
    const lines = rescheduleLines({
      operatorId: OP,
      differenceMinor: 2_060,
      feesDifferenceMinor: 60,
      commissionBps: 1500,
    });
    expect(written(lines)).toEqual({
      "external:payments": -2_060,
      [pending]: 1_751,
      "platform:commission": 249,
      "platform:service_fees": 60,
    });
    // A fee that fell is no negative fee line: the difference is shared as the booking's rate says.
    expect(
      written(rescheduleLines({ operatorId: OP, differenceMinor: 1_000, feesDifferenceMinor: -30, commissionBps: 0 })),
    ).toEqual({ "external:payments": -1_000, [pending]: 1_000 });
  });
});

/** A payment's first refund's lines, its parts counted by refundParts (goodwill: none unless given). */
const refundOf = (refund: {
  operatorId: string;
  charged: Sides;
  amountMinor: number;
  giftCardMinor: number;
  goodwillMinor?: number;
}) =>
  refundLines({
    ...refund,
    parts: refundParts(refund.charged, NOTHING_REFUNDED, { goodwillMinor: 0, ...refund }),
  });

describe("a refund made", () => {
  const charged = { operator: 8_500, commission: 1_500, serviceFee: 0 };

  it("$100 at 15 %, $40 refunded: the operator gives back 34 and the platform 6, leaving 51 and 9", () => {
    const lines = refundOf({ operatorId: OP, charged, amountMinor: 4_000, giftCardMinor: 0 });
    expect(written(lines)).toEqual({ [pending]: -3_400, "platform:commission": -600, "external:payments": 4_000 });
    expect(total(lines)).toBe(0);
    expect(8_500 - 3_400).toBe(5_100);
    expect(1_500 - 600).toBe(900);
  });

  it("shares the service fee as the provider refunds an application fee, in proportion", () => {
    const withFee = { operator: 8_500, commission: 1_500, serviceFee: 300 };
    expect(refundSides(withFee, NO_SIDES, 4_120)).toEqual({ operator: 3_400, commission: 600, serviceFee: 120 });
  });

  it("refunds in pieces give every side back exactly what it got, whatever the rounding", () => {
    const odd = bookingSides(1_001, 31, 1_333);
    let refunded = NO_SIDES;
    for (const piece of [333, 333, 1, 334]) {
      const parts = refundSides(odd, refunded, piece);
      expect(parts.operator + parts.commission + parts.serviceFee).toBe(piece);
      refunded = add(refunded, parts);
    }
    expect(refunded).toEqual(odd);
  });

  it("the largest side takes the rounding rest", () => {
    // 1/3 of each side: 100/3 rounds to 33 for the small sides, the operator takes 34.
    expect(refundSides({ operator: 100, commission: 100, serviceFee: 100 }, NO_SIDES, 100)).toEqual({
      operator: 34,
      commission: 33,
      serviceFee: 33,
    });
    expect(refundSides({ operator: 10, commission: 290, serviceFee: 0 }, NO_SIDES, 1)).toEqual({
      operator: 0,
      commission: 1,
      serviceFee: 0,
    });
  });

  it("the gift cards' part goes back to them, the rest to the payer's card", () => {
    const lines = refundOf({ operatorId: OP, charged, amountMinor: 4_000, giftCardMinor: 2_500 });
    expect(written(lines)).toEqual({
      [pending]: -3_400,
      "platform:commission": -600,
      "platform:gift_cards": 2_500,
      "external:payments": 1_500,
    });
    expect(total(lines)).toBe(0);
  });

  it("goodwill beyond the policy comes out of the operator's part: $40 after the cutoff leaves 45 and the platform's 15", () => {
    const lines = refundOf({ operatorId: OP, charged, amountMinor: 4_000, giftCardMinor: 0, goodwillMinor: 4_000 });
    expect(written(lines)).toEqual({ [pending]: -4_000, "external:payments": 4_000 });
    expect(sidesAfter(charged, [{ amountMinor: 4_000, goodwillMinor: 4_000 }])).toEqual({
      operator: 4_500,
      commission: 1_500,
      serviceFee: 0,
    });
  });

  it("goodwill beyond the operator's part takes the rest from the platform's, commission first; the whole refunded leaves every side at zero", () => {
    const withFee = { operator: 8_500, commission: 1_200, serviceFee: 300 };
    expect(refundedSides(withFee, { proportionalMinor: 0, goodwillMinor: 10_000 })).toEqual(withFee);
    expect(refundedSides(withFee, { proportionalMinor: 0, goodwillMinor: 9_000 })).toEqual({
      operator: 8_500,
      commission: 500,
      serviceFee: 0,
    });
    // Within the policy first (40 % in proportion), then the rest as goodwill, then nothing is left anywhere.
    const refunds = [
      { amountMinor: 4_000, goodwillMinor: 0 },
      { amountMinor: 5_000, goodwillMinor: 5_000 },
      { amountMinor: 1_000, goodwillMinor: 1_000 },
    ];
    expect(sidesAfter(withFee, refunds.slice(0, 1))).toEqual({ operator: 5_100, commission: 720, serviceFee: 180 });
    expect(sidesAfter(withFee, refunds.slice(0, 2))).toEqual({ operator: 100, commission: 720, serviceFee: 180 });
    expect(sidesAfter(withFee, refunds)).toEqual(NO_SIDES);
    // The parts of the last: what was left of the operator's, then the platform's.
    expect(refundParts(withFee, { proportionalMinor: 4_000, goodwillMinor: 5_000 }, refunds[2])).toEqual({
      operator: 100,
      commission: 720,
      serviceFee: 180,
    });
    // A departure cancelled after a goodwill refund: the remainder in proportion brings every side to zero.
    expect(
      sidesAfter(withFee, [
        { amountMinor: 7_000, goodwillMinor: 7_000 },
        { amountMinor: 3_000, goodwillMinor: 0 },
      ]),
    ).toEqual(NO_SIDES);
  });

  it("refunds within the policy counted over their sum are the proportional shares, whatever the pieces", () => {
    const odd = bookingSides(1_001, 31, 1_333);
    let before = NOTHING_REFUNDED;
    for (const piece of [333, 333, 1, 334]) {
      expect(refundParts(odd, before, { amountMinor: piece, goodwillMinor: 0 })).toEqual(
        refundSides(odd, refundedSides(odd, before), piece),
      );
      before = { ...before, proportionalMinor: before.proportionalMinor + piece };
    }
  });

  it("nothing charged (a booking paid before the ledger): no lines", () => {
    expect(refundOf({ operatorId: OP, charged: NO_SIDES, amountMinor: 500, giftCardMinor: 0 })).toEqual([]);
  });

  it("a payment for nothing that stands goes to the operator's pending and comes back whole", () => {
    const paid = unearnedPaymentLines(OP, 2_000);
    expect(written(paid)).toEqual({ "external:payments": -2_000, [pending]: 2_000 });
    const back = refundOf({ operatorId: OP, charged: sidesOf(paid), amountMinor: 2_000, giftCardMinor: 0 });
    expect(written(back)).toEqual({ [pending]: -2_000, "external:payments": 2_000 });
  });
});

describe("tips and gift cards", () => {
  it("a tip is the operator's whole; a gift card sold is held by the platform", () => {
    expect(written(tipLines(OP, 1_500))).toEqual({ "external:payments": -1_500, [pending]: 1_500 });
    expect(written(giftCardIssueLines(5_000))).toEqual({ "external:payments": -5_000, "platform:gift_cards": 5_000 });
  });

  it("reads the sides of written lines (refund lines as what they took back)", () => {
    const charge = acmeCharge({ totalMinor: 10_000, feesMinor: 300, commissionBps: 1500 });
    expect(sidesOf(charge)).toEqual({ operator: 8_500, commission: 1_200, serviceFee: 300 });
    const refund = refundOf({ operatorId: OP, charged: sidesOf(charge), amountMinor: 4_000, giftCardMinor: 0 });
    expect(sidesOf(refund, -1)).toEqual({ operator: 3_400, commission: 480, serviceFee: 120 });
  });
});
