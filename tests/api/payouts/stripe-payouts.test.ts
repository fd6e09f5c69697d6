import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clockNow } from "~api/clock";
import { ledgerEntries, payouts } from "~api/db/schema";
import { ledgerAccounts } from "~api/ledger/accounts";
import { setPaymentProviderForTests } from "~api/payments";
import { createStripeProvider } from "~api/payments/stripe";
import { bookingBody, bookingUser, placeBooking } from "../../support/booking";
import { startFakeStripe, type FakeStripe } from "../../support/fake-stripe";
import {
  balanceOf,
  chargeLedger,
  departureIn,
  payoutsWorld,
  moveClockTo,
  payoutsOf,
  setPayoutAccount,
  unpaidAvailable,
} from "../../support/payouts";
import { sendStripeWebhook, stripeEvent, WEBHOOK_SECRET } from "../../support/stripe-events";

/**
 * The payout engine with Stripe (against the fake Stripe API, the network edge): a payout is
 * made on the operator's connected account (`payouts.create` with the Stripe-Account header,
 * idempotent by our payout id), and Stripe's payout.paid / payout.failed events settle it, once.
 * The bookings are paid through Stripe's checkout and webhook; their `charge:` lines are written
 * by the test until the ledger wiring writes them at fulfilment.
 */
const { db, acme } = payoutsWorld();
const CONNECTED = "acct_1TestAcmeConnected";
const DAY = 86_400_000;
let fake: FakeStripe;

beforeAll(async () => {
  fake = await startFakeStripe();
  fake.addAccount({ id: CONNECTED });
  setPaymentProviderForTests(
    createStripeProvider({ secretKey: "sk_test_fake", webhookSecret: WEBHOOK_SECRET, apiBase: fake.url }),
  );
  await setPayoutAccount(db(), acme.accountId, {
    provider: "stripe",
    providerAccountId: CONNECTED,
    scheduleInterval: "daily",
    scheduleDay: 1,
    holdDays: 0,
  });
});

afterAll(async () => {
  setPaymentProviderForTests(undefined);
  await fake?.close();
});

/** A booking paid at Stripe's checkout (its webhook), on a departure `hours` away; its operator's part. */
async function paidAtStripe(hours: number) {
  const slot = await departureIn(db(), acme, hours);
  const placed = await placeBooking((await bookingUser(acme)).idToken, bookingBody(acme, slot.id, 1));
  expect(placed.status).toBe(201);
  const sessionId = /\/c\/pay\/(cs_test_[a-f0-9]+)$/.exec(placed.body.data.checkoutUrl)![1];
  const paid = await sendStripeWebhook(stripeEvent("checkout.session.completed", fake.complete(sessionId)));
  expect(paid.status).toBe(200);
  const id = placed.body.data.booking.id as string;
  return { id, slot, operatorPart: await chargeLedger(db(), id, 1_500) };
}

/** The next day (past `after`), when the daily schedule pays again; answers the payouts made then. */
async function nextDay(after: Date) {
  const before = (await payoutsOf(db(), acme.accountId)).length;
  await moveClockTo(new Date(Math.max(after.getTime(), clockNow().getTime()) + DAY));
  return (await payoutsOf(db(), acme.accountId)).slice(before);
}

const payoutRow = async (id: string) => (await db().select().from(payouts).where(eq(payouts.id, id)))[0];
const payoutRequests = () => fake.requests.filter((request) => request.path === "/v1/payouts");
const paidOut = () => balanceOf(db(), ledgerAccounts.paidOut(acme.accountId));

describe("payouts through Stripe (against a fake Stripe API)", () => {
  it("pays out on the connected account with payouts.create, and payout.paid settles it once", async () => {
    const { slot, operatorPart } = await paidAtStripe(3);
    const [payout, ...more] = await nextDay(slot.startsAt);
    expect(more).toEqual([]);
    const [request, ...again] = payoutRequests();
    expect(again).toEqual([]);
    expect(request).toMatchObject({
      method: "POST",
      stripeAccount: CONNECTED,
      idempotencyKey: payout.id,
      authorization: "Bearer sk_test_fake",
      params: { amount: String(operatorPart), currency: "usd", metadata: { payoutId: payout.id } },
    });
    const atStripe = fake.payouts.get(payout.providerPayoutId!)!;
    expect(atStripe).toMatchObject({ account: CONNECTED, amount: operatorPart, currency: "usd" });
    expect(payout).toMatchObject({
      provider: "stripe",
      status: "in_transit",
      amountMinor: operatorPart,
      currency: "USD",
      paidAt: null,
      arrivalDate: new Date(atStripe.arrival_date * 1000).toISOString().slice(0, 10),
    });
    expect(await paidOut()).toBe(operatorPart);

    const paid = stripeEvent("payout.paid", fake.settlePayout(atStripe.id, "paid"), { account: CONNECTED });
    expect((await sendStripeWebhook(paid)).body.data.duplicate).toBe(false);
    const settled = await payoutRow(payout.id);
    expect(settled).toMatchObject({ status: "paid", failureReason: null });
    expect(settled.paidAt).not.toBeNull();

    // The same event again, and another event saying the same: nothing changes.
    expect((await sendStripeWebhook(paid)).body.data.duplicate).toBe(true);
    const replayed = stripeEvent("payout.paid", atStripe, { account: CONNECTED });
    expect((await sendStripeWebhook(replayed)).status).toBe(200);
    expect(await payoutRow(payout.id)).toEqual(settled);
    expect(await paidOut()).toBe(operatorPart);
  });

  it("payout.failed makes its money available again, paid out the next day; replayed failures change nothing", async () => {
    const { slot, operatorPart } = await paidAtStripe(3);
    const paidOutBefore = await paidOut();
    const [payout] = await nextDay(slot.startsAt);
    expect(payout).toMatchObject({ status: "in_transit", amountMinor: operatorPart });
    expect(await unpaidAvailable(db(), acme.accountId)).toBe(0);

    const failed = stripeEvent(
      "payout.failed",
      fake.settlePayout(payout.providerPayoutId!, "failed", "account_closed"),
      {
        account: CONNECTED,
      },
    );
    expect((await sendStripeWebhook(failed)).status).toBe(200);
    expect(await payoutRow(payout.id)).toMatchObject({
      status: "failed",
      failureReason: "account_closed",
      paidAt: null,
    });
    expect(await unpaidAvailable(db(), acme.accountId)).toBe(operatorPart);
    expect(await paidOut()).toBe(paidOutBefore);
    const failureLines = () =>
      db()
        .select({ account: ledgerEntries.account, amount: ledgerEntries.amountMinor, payoutId: ledgerEntries.payoutId })
        .from(ledgerEntries)
        .where(eq(ledgerEntries.transactionKey, `payout_failed:${payout.id}`))
        .orderBy(ledgerEntries.line);
    expect(await failureLines()).toEqual([
      { account: ledgerAccounts.paidOut(acme.accountId), amount: -operatorPart, payoutId: null },
      { account: ledgerAccounts.available(acme.accountId), amount: operatorPart, payoutId: null },
    ]);

    // Replayed (the same event, another event of the same failure, a late payout.paid): nothing more.
    expect((await sendStripeWebhook(failed)).body.data.duplicate).toBe(true);
    const atStripe = fake.payouts.get(payout.providerPayoutId!)!;
    expect((await sendStripeWebhook(stripeEvent("payout.failed", atStripe, { account: CONNECTED }))).status).toBe(200);
    expect(
      (await sendStripeWebhook(stripeEvent("payout.paid", { ...atStripe, status: "paid" }, { account: CONNECTED })))
        .status,
    ).toBe(200);
    expect(await failureLines()).toHaveLength(2);
    expect(await payoutRow(payout.id)).toMatchObject({ status: "failed", paidAt: null });
    expect(await unpaidAvailable(db(), acme.accountId)).toBe(operatorPart);

    // The next day the money is paid out again.
    const [retry, ...more] = await nextDay(clockNow());
    expect(more).toEqual([]);
    expect(retry).toMatchObject({ status: "in_transit", amountMinor: operatorPart });
    expect(retry.id).not.toBe(payout.id);
    expect(payoutRequests().at(-1)).toMatchObject({
      stripeAccount: CONNECTED,
      idempotencyKey: retry.id,
      params: { amount: String(operatorPart) },
    });
    expect(await unpaidAvailable(db(), acme.accountId)).toBe(0);
    expect(await paidOut()).toBe(paidOutBefore + operatorPart);
  });

  it("a payout Stripe refuses fails at once and its money waits for the next day", async () => {
    const { slot, operatorPart } = await paidAtStripe(3);
    fake.refusePayouts("balance_insufficient");
    try {
      const [refused] = await nextDay(slot.startsAt);
      expect(await payoutRow(refused.id)).toMatchObject({
        status: "failed",
        failureReason: "balance_insufficient",
        providerPayoutId: null,
      });
      expect(await unpaidAvailable(db(), acme.accountId)).toBe(operatorPart);
    } finally {
      fake.refusePayouts(null);
    }
    const [paid] = await nextDay(clockNow());
    expect(paid).toMatchObject({ status: "in_transit", amountMinor: operatorPart });
  });

  it("ignores payout events of another connected account or of a payout that is not ours; a bank's return after paid fails it", async () => {
    const { slot, operatorPart } = await paidAtStripe(3);
    const [payout] = await nextDay(slot.startsAt);
    const atStripe = fake.settlePayout(payout.providerPayoutId!, "paid");
    const elsewhere = await sendStripeWebhook(stripeEvent("payout.paid", atStripe, { account: "acct_1SomeoneElse" }));
    expect(elsewhere.status).toBe(200);
    const unknown = { ...atStripe, id: "po_1NotOurs", metadata: {} };
    expect((await sendStripeWebhook(stripeEvent("payout.failed", unknown, { account: CONNECTED }))).status).toBe(200);
    expect(await payoutRow(payout.id)).toMatchObject({ status: "in_transit" });

    await sendStripeWebhook(stripeEvent("payout.paid", atStripe, { account: CONNECTED }));
    expect(await payoutRow(payout.id)).toMatchObject({ status: "paid" });
    const returned = fake.settlePayout(payout.providerPayoutId!, "failed", "could_not_process");
    await sendStripeWebhook(stripeEvent("payout.failed", returned, { account: CONNECTED }));
    expect(await payoutRow(payout.id)).toMatchObject({
      status: "failed",
      failureReason: "could_not_process",
      paidAt: null,
    });
    expect(await unpaidAvailable(db(), acme.accountId)).toBe(operatorPart);
  });
});
