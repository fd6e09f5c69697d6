import "../../support/env";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { giftCardTransfers } from "~api/db/schema";
import { settleDueRefunds } from "~api/bookings/refunds";
import { setPaymentProviderForTests } from "~api/payments";
import { settleDueGiftCardTransfers } from "~api/payments/gift-card-transfers";
import { createStripeProvider } from "~api/payments/stripe";
import * as world from "../../support/booking";
import { v1 } from "../../support/client";
import { startFakeStripe, type FakeStripe, type StripeObject } from "../../support/fake-stripe";
import { bookedWithGiftCard as giftCardBooking } from "../../support/gift-cards";
import { checkLedgerAfterEach } from "../../support/ledger";
import { operatorRefund, syncedMember } from "../../support/operator";
import { connectOnStripe } from "../../support/payout-accounts";
import { ledgerSidesOf } from "../../support/payouts";

/**
 * Marketplace gift cards on Stripe Connect (issue 45), against the fake Stripe API: the card charge
 * carries the rest of a booking to the operator's account; the gift cards' part of the operator's
 * share is a transfer from the platform's balance, reversed in the ledger's share by refunds. The
 * operator's account at Stripe always holds what the ledger says is its part.
 */
const { db, acme } = world.bookingWorld();
checkLedgerAfterEach(db);
let fake: FakeStripe;
let acmeAccount: string;

beforeAll(async () => {
  fake = await startFakeStripe();
  setPaymentProviderForTests(
    createStripeProvider({ secretKey: "sk_test_fake", webhookSecret: "whsec_test_fake_secret", apiBase: fake.url }),
  );
  acmeAccount = await connectOnStripe(db(), fake);
});

afterAll(async () => {
  setPaymentProviderForTests(undefined);
  await fake?.close();
});

const sessionIdOf = (checkoutUrl: string) => /\/c\/pay\/(cs_test_[a-f0-9]+)$/.exec(checkoutUrl)![1];

const bookedWithGiftCard = (cardMinor: number) => giftCardBooking(db(), acme, cardMinor);

const transferOf = (bookingId: string) =>
  [...fake.transfers.values()].find((transfer) => transfer.transfer_group === bookingId);

/**
 * What the operator's Stripe account holds of a booking: the card charge's transfer less the fee
 * kept, the gift cards' transfer, less reversals, plus fees refunded.
 */
function heldAtStripe(intent: StripeObject | undefined, bookingId: string): number {
  const transfer = transferOf(bookingId);
  const refunds = intent ? fake.refunds.filter((refund) => refund.payment_intent === intent.id) : [];
  const fee = intent
    ? [...fake.applicationFees.values()].find((candidate) => candidate.charge === intent.latest_charge)
    : undefined;
  return (
    (intent?.amount ?? 0) -
    (fee?.amount ?? 0) +
    (fee?.amount_refunded ?? 0) -
    refunds.reduce((sum, refund) => sum + (refund.reverse_transfer ? refund.amount : 0), 0) +
    (transfer ? transfer.amount - transfer.amount_reversed : 0)
  );
}

describe("gift cards on Stripe Connect", () => {
  it("the card pays $63.00 to the operator less the fee; the gift card's $40.00 is transferred; refunds take back the ledger's share; the account always holds the operator's part", async () => {
    const { guest, placed, bookingId } = await bookedWithGiftCard(4_000);
    const session = fake.complete(sessionIdOf(placed.body.data.checkoutUrl));
    expect((await v1.refreshPayment({ params: { id: bookingId }, token: guest.idToken })).body.data.status).toBe(
      "confirmed",
    );
    const intent = fake.paymentIntents.get(session.payment_intent)!;
    // $103.00 at 15 %: the operator's 87.55, the platform's 15.45 (a $3.00 service fee within it).
    expect(intent).toMatchObject({
      amount: 6_300,
      application_fee_amount: 1_545,
      transfer_data: { destination: acmeAccount },
    });
    // 87.55 − (63.00 − 15.45) = 40.00 from the platform's balance, grouped with the booking.
    expect(transferOf(bookingId)).toMatchObject({ amount: 4_000, destination: acmeAccount, currency: "usd" });
    const [row] = await db().select().from(giftCardTransfers).where(eq(giftCardTransfers.bookingId, bookingId));
    expect(row).toMatchObject({ status: "made", amountMinor: 4_000, providerRef: transferOf(bookingId)!.id });
    expect(heldAtStripe(intent, bookingId)).toBe((await ledgerSidesOf(db(), bookingId)).operatorMinor);
    expect(heldAtStripe(intent, bookingId)).toBe(8_755);

    // $41.20 refunded by the operator: the gift card gets its 40.00 back, the card 1.20; the
    // operator gives back 35.02, the platform 6.18 (in proportion).
    const owner = await syncedMember(db(), "acme", "owner");
    const refunded = await operatorRefund(owner.idToken, bookingId, {
      amountMinor: 4_120,
      alreadyRefundedMinor: 0,
      idempotencyKey: "gift-part",
      reason: "Rain",
    });
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(201);
    expect(fake.refunds.filter((refund) => refund.payment_intent === intent.id).map((refund) => refund.amount)).toEqual(
      [120],
    );
    expect(fake.requests.filter((request) => request.path === "/v1/refunds").at(-1)!.params).toMatchObject({
      reverse_transfer: "true",
      refund_application_fee: "false",
    });
    expect(transferOf(bookingId)!.amount_reversed).toBe(4_000);
    expect(heldAtStripe(intent, bookingId)).toBe((await ledgerSidesOf(db(), bookingId)).operatorMinor);
    expect(heldAtStripe(intent, bookingId)).toBe(5_253);

    // The traveller cancels: the rest back to the card; nothing is left on either side.
    const cancelled = await v1.cancelBooking({ params: { id: bookingId }, token: guest.idToken });
    expect(cancelled.body.data).toMatchObject({ status: "cancelled", paymentStatus: "refunded" });
    expect(heldAtStripe(intent, bookingId)).toBe(0);
    expect((await ledgerSidesOf(db(), bookingId)).operatorMinor).toBe(0);

    // Swept again: nothing more is asked of Stripe.
    const asked = fake.requests.length;
    expect(await settleDueRefunds(db())).toBe(0);
    expect(await settleDueGiftCardTransfers(db())).toBe(0);
    expect(fake.requests.filter((request) => request.method === "POST").length).toBe(
      fake.requests.slice(0, asked).filter((request) => request.method === "POST").length,
    );
  });

  it("a booking the gift card pays whole: no charge, the operator's whole part transferred; Stripe down, the sweep makes it once", async () => {
    fake.failAll(true);
    let bookingId: string;
    try {
      ({ bookingId } = await bookedWithGiftCard(20_000));
    } finally {
      fake.failAll(false);
    }
    expect((await world.bookingRow(db(), bookingId)).status).toBe("confirmed");
    const [owed] = await db().select().from(giftCardTransfers).where(eq(giftCardTransfers.bookingId, bookingId));
    expect(owed).toMatchObject({ status: "owed", amountMinor: 8_755, destination: acmeAccount });
    expect(transferOf(bookingId)).toBeUndefined();

    expect(await settleDueGiftCardTransfers(db())).toBe(1);
    expect(await settleDueGiftCardTransfers(db())).toBe(0);
    expect([...fake.transfers.values()].filter((transfer) => transfer.transfer_group === bookingId)).toHaveLength(1);
    expect(heldAtStripe(undefined, bookingId)).toBe(8_755);
    expect(heldAtStripe(undefined, bookingId)).toBe((await ledgerSidesOf(db(), bookingId)).operatorMinor);
  });
});
