import "../../support/env";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { bookingRefunds } from "~api/db/schema";
import { settleDueRefunds } from "~api/bookings/refunds";
import { bookingSides } from "~api/ledger/movements";
import { bookingBody, bookingRow, bookingUser, bookingWorld, createSlot, placeBooking } from "../../support/booking";
import { onFakeStripe } from "../../support/payout-accounts";

import { syncedMember } from "../../support/operator";
import { v1 } from "../../support/client";
import { checkLedgerAfterEach } from "../../support/ledger";

const { db, acme } = bookingWorld();
checkLedgerAfterEach(db);

const stripe = onFakeStripe(db);

const sessionIdOf = (checkoutUrl: string) => /\/c\/pay\/(cs_test_[a-f0-9]+)$/.exec(checkoutUrl)![1];

/** A booking paid at (the stripe()) Stripe. */
async function paidAtStripe(startsInHours = 240) {
  const user = await bookingUser(acme);
  const slot = await createSlot(db(), acme.serviceId, { startsInHours });
  const placed = await placeBooking(user.idToken, bookingBody(acme, slot.id, 2));
  const id = placed.body.data.booking.id as string;
  const session = stripe().complete(sessionIdOf(placed.body.data.checkoutUrl));
  const refreshed = await v1.refreshPayment({ params: { id }, token: user.idToken });
  expect(refreshed.body.data).toMatchObject({ status: "confirmed", paymentStatus: "paid" });
  return { user, id, total: placed.body.data.booking.totalMinor as number, intent: session.payment_intent as string };
}

const refund = (token: string, bookingId: string, body: unknown) =>
  v1.operatorRefundBooking({ params: { bookingId }, account: "acme", token, body });

describe("operator refunds through Stripe (against a stripe() Stripe API)", () => {
  it("a partial refund sends Stripe the amount and the refund's key; a cancellation then refunds only the rest", async () => {
    const manager = await syncedMember(db(), "acme", "manager");
    const { user, id, total, intent } = await paidAtStripe();
    const clientKey = randomUUID().replace(/-/g, "");
    const answer = await refund(manager.idToken, id, {
      amountMinor: 600,
      alreadyRefundedMinor: 0,
      reason: "Shorter route",
      releaseSeats: false,
      idempotencyKey: clientKey,
    });
    expect(answer.status).toBe(201);
    expect(answer.body.data.refund).toMatchObject({ amountMinor: 600, status: "made" });
    const requests = stripe().requests.filter((r) => r.path === "/v1/refunds" && r.params.payment_intent === intent);
    expect(requests).toHaveLength(1);
    expect(Number(requests[0].params.amount)).toBe(600);
    expect(requests[0].idempotencyKey).toBe(`op_${id}_${clientKey}`);

    const cancelled = await v1.cancelBooking({ params: { id }, token: user.idToken });
    expect(cancelled.body.data).toMatchObject({ status: "cancelled", paymentStatus: "refunded", refundMinor: total });
    const amounts = stripe()
      .refunds.filter((r) => r.payment_intent === intent)
      .map((r) => r.amount);
    expect(amounts).toEqual([600, total - 600]);
  });

  it("past the cutoff, goodwill: the transfer is reversed and the fee kept; beyond the operator's part, exactly the platform's part of the fee comes back", async () => {
    const manager = await syncedMember(db(), "acme", "manager");
    // Ten hours away: inside acme's 24-hour cutoff, the policy owes nothing more.
    const { id, total, intent } = await paidAtStripe(10);
    const row = await bookingRow(db(), id);
    const sides = bookingSides(row.totalMinor, row.feesMinor, row.commissionBps);
    const platformPart = sides.commission + sides.serviceFee;
    const fee = [...stripe().applicationFees.values()].find(
      (candidate) => candidate.charge === stripe().paymentIntents.get(intent)!.latest_charge,
    )!;
    expect(fee.amount).toBe(platformPart);
    const refundRequests = () =>
      stripe().requests.filter((r) => r.path === "/v1/refunds" && r.params.payment_intent === intent);
    const feeRefunds = () =>
      stripe().requests.filter((r) => r.method === "POST" && r.path === `/v1/application_fees/${fee.id}/refunds`);

    const firstKey = randomUUID().replace(/-/g, "");
    const first = await refund(manager.idToken, id, {
      amountMinor: 600,
      alreadyRefundedMinor: 0,
      reason: "Goodwill",
      releaseSeats: false,
      idempotencyKey: firstKey,
    });
    expect(first.status).toBe(201);
    expect(first.body.data.refund).toMatchObject({ amountMinor: 600, goodwillMinor: 600, status: "made" });
    expect(refundRequests().map((r) => r.params)).toEqual([
      { payment_intent: intent, amount: "600", reverse_transfer: "true", refund_application_fee: "false" },
    ]);
    expect(feeRefunds()).toHaveLength(0);
    expect(fee.amount_refunded).toBe(0);

    // The rest: the operator's part is spent first, then the platform's whole fee comes back, once.
    const secondKey = randomUUID().replace(/-/g, "");
    const second = await refund(manager.idToken, id, {
      amountMinor: total - 600,
      alreadyRefundedMinor: 600,
      reason: "Goodwill",
      releaseSeats: false,
      idempotencyKey: secondKey,
    });
    expect(second.status).toBe(201);
    expect(refundRequests()).toHaveLength(2);
    expect(refundRequests()[1].params).toMatchObject({ reverse_transfer: "true", refund_application_fee: "false" });
    expect(feeRefunds().map((r) => [r.params.amount, r.idempotencyKey])).toEqual([
      [String(platformPart), `op_${id}_${secondKey}_fee`],
    ]);
    expect(fee.amount_refunded).toBe(platformPart);
    expect(await settleDueRefunds(db())).toBe(0);
    expect(feeRefunds()).toHaveLength(1);
  });

  it("Stripe down: the operator's refund stays owed, then the sweep makes it once", async () => {
    const manager = await syncedMember(db(), "acme", "manager");
    const { id, intent } = await paidAtStripe();
    stripe().failAll(true);
    const answer = await refund(manager.idToken, id, {
      amountMinor: 300,
      alreadyRefundedMinor: 0,
      reason: "Weather",
      releaseSeats: false,
      idempotencyKey: randomUUID().replace(/-/g, ""),
    });
    stripe().failAll(false);
    expect(answer.status).toBe(201);
    expect(answer.body.data.refund.status).toBe("owed");
    expect((await bookingRow(db(), id)).refundMinor).toBeNull();
    expect(await settleDueRefunds(db())).toBeGreaterThanOrEqual(1);
    expect(await settleDueRefunds(db())).toBe(0);
    const [row] = await db().select().from(bookingRefunds).where(eq(bookingRefunds.bookingId, id));
    expect(row.status).toBe("made");
    expect((await bookingRow(db(), id)).refundMinor).toBe(300);
    expect(stripe().refunds.filter((r) => r.payment_intent === intent)).toHaveLength(1);
  });
});
