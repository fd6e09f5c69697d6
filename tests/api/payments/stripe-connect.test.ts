import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookings } from "~api/db/schema";
import { bookingSides } from "~api/ledger/movements";
import { setPaymentProviderForTests } from "~api/payments";
import { bookingApplicationFee, differenceApplicationFee } from "~api/payments/payout-accounts";
import { createStripeProvider } from "~api/payments/stripe";
import { expectEnvelope } from "../../support/api";
import {
  bookingBody,
  bookingRow,
  bookingUser,
  bookingWorld,
  createSlot,
  seededService,
  placeBooking,
  seatsTaken,
} from "../../support/booking";
import { v1 } from "../../support/client";
import { startFakeStripe, type FakeStripe, type StripeObject } from "../../support/fake-stripe";
import { outboxFor } from "../../support/identity";
import { accountIdOf, auditEntries, syncedMember, teamOf } from "../../support/operator";
import { connectOnStripe, payoutAccountRow } from "../../support/payout-accounts";
import { sendStripeWebhook, CONNECT_WEBHOOK_SECRET, WEBHOOK_SECRET, stripeEvent } from "../../support/stripe-events";
import { stretched } from "../../support/time-limits";

/**
 * Stripe Connect (issue 45) against the fake Stripe API at the network edge: an owner's onboarding
 * (Express account, account link), `account.updated` kept newest-first, 409 payouts_not_ready,
 * and the request bodies of destination charges (the platform's fee, the operator's account) and
 * of their refunds (the transfer reversed, the fee refunded).
 */
const { db, acme } = bookingWorld();
let fake: FakeStripe;
let acmeAccount: string;
// harbor keeps its seeded sandbox account: with Stripe configured that is no account at all.
const harbor = seededService(db, "harbor");

beforeAll(async () => {
  fake = await startFakeStripe();
  setPaymentProviderForTests(
    createStripeProvider({
      secretKey: "sk_test_fake",
      webhookSecret: WEBHOOK_SECRET,
      connectWebhookSecret: CONNECT_WEBHOOK_SECRET,
      apiBase: fake.url,
    }),
  );
  acmeAccount = await connectOnStripe(db(), fake);
});

afterAll(async () => {
  setPaymentProviderForTests(undefined);
  await fake?.close();
});

const sessionIdOf = (checkoutUrl: string) => /\/c\/pay\/(cs_test_[a-f0-9]+)$/.exec(checkoutUrl)![1];

/** The body of the last request that opened a Checkout Session (as Stripe received it: form fields, strings). */
const sessionRequest = (clientReferenceId: string) =>
  fake.requests
    .filter(
      (request) => request.path === "/v1/checkout/sessions" && request.params.client_reference_id === clientReferenceId,
    )
    .at(-1)!;

/** An account.updated event's account: `fields` over an account that needs nothing. */
const accountObject = (id: string, fields: StripeObject = {}): StripeObject => ({
  id,
  object: "account",
  charges_enabled: true,
  payouts_enabled: true,
  details_submitted: true,
  requirements: { currently_due: [], past_due: [], eventually_due: [], disabled_reason: null },
  ...fields,
});

const payoutAccount = (token: string, account = "harbor") => v1.operatorPayoutAccount({ token, account });
const startOnboarding = (token: string, body: Record<string, unknown> = {}, account = "harbor") =>
  v1.operatorStartPayoutOnboarding({ token, account, body });

describe("Stripe Connect: payout accounts and destination charges (against a fake Stripe API)", () => {
  it("an owner onboards: an Express account with manual payouts, an account link back to our console; audited; the storefront sells only once Stripe enables charges", async () => {
    const harborId = await accountIdOf(db(), "harbor");
    const { owner, manager, guide } = await teamOf(db(), "harbor");

    // The seeded sandbox account does not count with Stripe: nothing to sell through yet.
    const before = await payoutAccount(manager.idToken);
    expect(before.status).toBe(200);
    expect(before.body.data).toMatchObject({
      provider: "stripe",
      state: "not_started",
      providerAccountId: null,
      chargesEnabled: false,
      canSell: false,
    });
    expectEnvelope(await payoutAccount(guide.idToken), 403, "forbidden");

    const user = await bookingUser(harbor);
    const slot = await createSlot(db(), harbor.serviceId);
    expectEnvelope(await placeBooking(user.idToken, bookingBody(harbor, slot.id, 2)), 409, "payouts_not_ready");
    expect(await seatsTaken(db(), slot.id)).toBe(0);
    expect(fake.requests.filter((request) => request.path === "/v1/checkout/sessions")).toHaveLength(0);

    // Only the owner starts it, and only back to a path of this site.
    expectEnvelope(await startOnboarding(manager.idToken), 403, "forbidden");
    expectEnvelope(await startOnboarding(guide.idToken), 403, "forbidden");
    for (const returnPath of [
      "https://evil.example/console",
      "//evil.example/x",
      "/\\evil.example",
      "javascript:alert(1)",
    ])
      expectEnvelope(await startOnboarding(owner.idToken, { returnPath }), 400, "validation_error");
    expectEnvelope(await startOnboarding(owner.idToken, { refreshPath: 42 }), 400, "validation_error");
    expect(fake.requests.filter((request) => request.path === "/v1/accounts")).toHaveLength(0);

    const started = await startOnboarding(owner.idToken);
    expect(started.status).toBe(200);
    const accountId = started.body.data.account.providerAccountId as string;
    expect(accountId).toMatch(/^acct_/);
    expect(started.body.data).toMatchObject({
      url: expect.stringMatching(new RegExp(`^https://connect\\.stripe\\.test/setup/e/${accountId}/`)),
      created: true,
      account: {
        provider: "stripe",
        state: "onboarding",
        chargesEnabled: false,
        payoutsEnabled: false,
        canSell: false,
        requirements: expect.arrayContaining(["external_account", "tos_acceptance.date"]),
      },
    });
    const [create] = fake.requests.filter((request) => request.method === "POST" && request.path === "/v1/accounts");
    expect(create.params).toMatchObject({
      type: "express",
      capabilities: { card_payments: { requested: "true" }, transfers: { requested: "true" } },
      settings: { payouts: { schedule: { interval: "manual" } } },
      business_profile: { name: expect.any(String) },
      metadata: { accountId: harborId },
    });
    expect(create.idempotencyKey).toBe(`connect_account_${harborId}`);
    const [link] = fake.requests.filter((request) => request.path === "/v1/account_links");
    expect(link.params).toEqual({
      account: accountId,
      type: "account_onboarding",
      return_url: "http://localhost/console/payouts?onboarding=done",
      refresh_url: "http://localhost/console/payouts?onboarding=again",
    });
    expect(await payoutAccountRow(db(), harborId)).toMatchObject({
      provider: "stripe",
      providerAccountId: accountId,
      chargesEnabled: false,
      providerUpdatedAt: null,
    });
    const audited = await auditEntries(db(), "payouts.onboarding_started", owner.uid);
    expect(audited.map((row) => row.target)).toEqual([
      { provider: "stripe", providerAccountId: accountId, created: "true" },
    ]);

    // Continuing the setup: the same account, a new link (to paths the owner chose).
    const again = await startOnboarding(owner.idToken, {
      returnPath: "/console/payouts?back=1",
      refreshPath: "/console/payouts",
    });
    expect(again.body.data).toMatchObject({ created: false, account: { providerAccountId: accountId } });
    expect(fake.requests.filter((request) => request.path === "/v1/accounts")).toHaveLength(1);
    expect(fake.accountLinks.at(-1)).toMatchObject({
      account: accountId,
      return_url: "http://localhost/console/payouts?back=1",
      refresh_url: "http://localhost/console/payouts",
    });
    expect(await auditEntries(db(), "payouts.onboarding_started", owner.uid)).toHaveLength(2);
    // The sandbox's onboarding page does not exist while Stripe is the provider.
    expectEnvelope(
      await v1.completeSandboxOnboarding({
        token: owner.idToken,
        account: "harbor",
        params: { payoutAccountId: "acct_sandbox_AAAAAAAAAAAAAAAA" },
      }),
      404,
      "not_found",
    );

    // Stripe enables the account: the storefront sells, each sale a destination charge to it.
    // Connected accounts' events come to the Connect endpoint, signed with its own secret; another secret: 400.
    const payload = stripeEvent("account.updated", accountObject(accountId));
    expectEnvelope(await sendStripeWebhook(payload, "whsec_someone_else"), 400, "webhook_invalid");
    expect((await payoutAccount(manager.idToken)).body.data.chargesEnabled).toBe(false);
    const enabled = await sendStripeWebhook(payload, CONNECT_WEBHOOK_SECRET);
    expect(enabled.body.data.duplicate).toBe(false);
    expect((await payoutAccount(manager.idToken)).body.data).toMatchObject({
      state: "enabled",
      chargesEnabled: true,
      payoutsEnabled: true,
      requirements: [],
      canSell: true,
    });
    fake.accounts.get(accountId)!.charges_enabled = true;
    const placed = await placeBooking(user.idToken, bookingBody(harbor, slot.id, 2));
    expect(placed.status).toBe(201);
    expect(sessionRequest(placed.body.data.booking.id).params.payment_intent_data.transfer_data).toEqual({
      destination: accountId,
    });
  });

  it("account.updated: kept in words-able fields; replayed or older events change nothing; a newer one of the same second is kept", async () => {
    const harborId = await accountIdOf(db(), "harbor");
    const accountId = (await payoutAccountRow(db(), harborId))!.providerAccountId;
    const manager = await syncedMember(db(), "harbor", "manager");
    const t0 = Math.floor(Date.now() / 1000) + 60;

    const restricted = stripeEvent(
      "account.updated",
      accountObject(accountId, {
        charges_enabled: false,
        payouts_enabled: false,
        requirements: {
          currently_due: ["external_account", "individual.verification.document"],
          past_due: ["individual.dob.day"],
          disabled_reason: "requirements.past_due",
        },
      }),
      { created: t0, account: accountId },
    );
    expect((await sendStripeWebhook(restricted)).status).toBe(200);
    expect((await payoutAccount(manager.idToken)).body.data).toMatchObject({
      state: "restricted",
      chargesEnabled: false,
      payoutsEnabled: false,
      detailsSubmitted: true,
      requirements: ["individual.dob.day", "external_account", "individual.verification.document"],
      disabledReason: "requirements.past_due",
      canSell: false,
      updatedAt: new Date(t0 * 1000).toISOString(),
    });
    const user = await bookingUser(harbor);
    const slot = await createSlot(db(), harbor.serviceId);
    expectEnvelope(await placeBooking(user.idToken, bookingBody(harbor, slot.id, 1)), 409, "payouts_not_ready");

    const newer = stripeEvent("account.updated", accountObject(accountId), { created: t0 + 10, account: accountId });
    expect((await sendStripeWebhook(newer)).body.data.duplicate).toBe(false);
    const enabledRow = await payoutAccountRow(db(), harborId);
    expect(enabledRow).toMatchObject({ chargesEnabled: true, payoutsEnabled: true, requirements: [] });

    // The same event again (Stripe retries), even many times at once: acknowledged, nothing changes.
    const replays = await Promise.all([1, 2, 3].map(() => sendStripeWebhook(newer)));
    for (const replay of replays) expect(replay.status).toBe(200);
    expect(await payoutAccountRow(db(), harborId)).toEqual(enabledRow);
    // The restricted event delivered again late (a replay of an older one): nothing changes.
    expect((await sendStripeWebhook(restricted)).body.data.duplicate).toBe(true);
    // An older event of its own id, delivered after the newer one: ignored.
    const older = stripeEvent(
      "account.updated",
      accountObject(accountId, { charges_enabled: false, requirements: { currently_due: ["external_account"] } }),
      { created: t0 + 5, account: accountId },
    );
    const late = await sendStripeWebhook(older);
    expect(late.status).toBe(200);
    expect(late.body.data.duplicate).toBe(false);
    expect(await payoutAccountRow(db(), harborId)).toEqual(enabledRow);
    // The same content told again by a new event of the same second: nothing changes either.
    await sendStripeWebhook(stripeEvent("account.updated", accountObject(accountId), { created: t0 + 10 }));
    expect(await payoutAccountRow(db(), harborId)).toEqual(enabledRow);
    // Another event of the same second that says something else is kept (Stripe's times are whole seconds).
    const sameSecond = stripeEvent(
      "account.updated",
      accountObject(accountId, { payouts_enabled: false, requirements: { currently_due: ["external_account"] } }),
      { created: t0 + 10 },
    );
    await sendStripeWebhook(sameSecond);
    expect((await payoutAccount(manager.idToken)).body.data).toMatchObject({
      state: "restricted",
      chargesEnabled: true,
      payoutsEnabled: false,
      requirements: ["external_account"],
      canSell: true,
    });
    // An account that is not one of ours: acknowledged, nothing written.
    const stranger = await sendStripeWebhook(stripeEvent("account.updated", accountObject("acct_not_ours")));
    expect(stranger.status).toBe(200);
  });

  it(
    "a booking's Checkout Session is a destination charge: application_fee_amount = service fee + commission, transfer_data.destination = the operator's account; its refund reverses the transfer and the fee",
    async () => {
      const user = await bookingUser(acme);
      const slot = await createSlot(db(), acme.serviceId, { startsInHours: 200 });
      const key = randomUUID();
      const body = bookingBody(acme, slot.id, 2);
      // The booking is held while Stripe is down; its rate is then set (as the ledger's snapshot
      // does when a booking is made) before the checkout opens on the retry.
      fake.failAll(true);
      expectEnvelope(await placeBooking(user.idToken, body, { key }), 503, "payment_unavailable");
      fake.failAll(false);
      await db().update(bookings).set({ commissionBps: 1500 }).where(eq(bookings.idempotencyKey, key));
      const placed = await placeBooking(user.idToken, body, { key });
      expect(placed.status).toBe(200);
      const booking = await bookingRow(db(), placed.body.data.booking.id);
      expect(booking.feesMinor).toBeGreaterThan(0);
      // The platform's part: 15 % of what the traveller pays, the service fee within it (the ledger's split).
      const { commission, serviceFee } = bookingSides(booking.totalMinor, booking.feesMinor, 1500);
      expect(commission).toBeGreaterThan(0);
      const fee = serviceFee + commission;
      expect(fee).toBe(Math.round((booking.totalMinor * 1500) / 10_000));

      const create = sessionRequest(booking.id);
      expect(create.params.payment_intent_data).toEqual({
        metadata: { bookingId: booking.id },
        application_fee_amount: String(fee),
        transfer_data: { destination: acmeAccount },
      });
      const session = fake.complete(sessionIdOf(placed.body.data.checkoutUrl));
      expect(fake.paymentIntents.get(session.payment_intent)).toMatchObject({
        amount: booking.totalMinor,
        application_fee_amount: fee,
        transfer_data: { destination: acmeAccount },
      });
      expect((await v1.refreshPayment({ params: { id: booking.id }, token: user.idToken })).body.data.status).toBe(
        "confirmed",
      );

      const cancelled = await v1.cancelBooking({ params: { id: booking.id }, token: user.idToken });
      expect(cancelled.body.data).toMatchObject({ status: "cancelled", paymentStatus: "refunded" });
      const refunds = fake.requests.filter(
        (request) => request.path === "/v1/refunds" && request.params.payment_intent === session.payment_intent,
      );
      expect(refunds).toHaveLength(1);
      expect(refunds[0].params).toEqual({
        payment_intent: session.payment_intent,
        amount: String(booking.totalMinor),
        reverse_transfer: "true",
        refund_application_fee: "true",
      });
    },
    stretched(60_000),
  );

  it("the platform's fee: its commission on what the traveller paid, never less than the service fee nor more than the card pays (a gift card paid the rest)", () => {
    // $100.00 with a $5.00 service fee at 15 %: 15 % of 100.00, the service fee within it.
    expect(bookingApplicationFee({ totalMinor: 10_000, feesMinor: 500, giftCardMinor: 0, commissionBps: 1500 })).toBe(
      1_500,
    );
    expect(
      bookingApplicationFee({ totalMinor: 10_000, feesMinor: 500, giftCardMinor: 9_000, commissionBps: 1500 }),
    ).toBe(1_000);
    expect(bookingApplicationFee({ totalMinor: 10_000, feesMinor: 500, giftCardMinor: 0, commissionBps: null })).toBe(
      500,
    );
    expect(bookingApplicationFee({ totalMinor: 0, feesMinor: 0, giftCardMinor: 0, commissionBps: 1500 })).toBe(0);
    // A date change's $20.00 more, of which $1.00 more service fee: 15 % of 20.00 = 3.00.
    expect(differenceApplicationFee(2_000, 100, 1500)).toBe(300);
    // At 2 % (0.40) the $1.00 more service fee is the platform's whole.
    expect(differenceApplicationFee(2_000, 100, 200)).toBe(100);
    expect(differenceApplicationFee(2_000, -300, 1500)).toBe(300);
    expect(differenceApplicationFee(2_000, 0, null)).toBe(0);
  });

  it("the fee is the service fee and the commission at the rate the booking was sold at; a saved card's off-session charge is a destination charge too; a gift card is the platform's own charge", async () => {
    const user = await bookingUser(acme);
    const slot = await createSlot(db(), acme.serviceId);
    const placed = await placeBooking(user.idToken, bookingBody(acme, slot.id, 1, { saveCard: true }));
    const booking = await bookingRow(db(), placed.body.data.booking.id);
    const create = sessionRequest(booking.id);
    // Sold at the platform's default rate (acme has none of its own): 15 % of the total, the service fee within it.
    expect(booking.commissionBps).toBe(1500);
    expect(create.params.payment_intent_data).toMatchObject({
      application_fee_amount: String(bookingApplicationFee(booking)),
      transfer_data: { destination: acmeAccount },
    });
    const paid = fake.complete(sessionIdOf(placed.body.data.checkoutUrl));
    await v1.refreshPayment({ params: { id: booking.id }, token: user.idToken });
    const [card] = (await v1.savedCards({ token: user.idToken })).body.data;
    expect(card).toBeDefined();

    const slot2 = await createSlot(db(), acme.serviceId);
    const second = await placeBooking(user.idToken, bookingBody(acme, slot2.id, 1, { paymentMethodId: card.id }));
    expect(second.body.data.booking).toMatchObject({ status: "confirmed", paymentStatus: "paid" });
    const charge = fake.requests.filter(
      (request) => request.method === "POST" && request.path === "/v1/payment_intents",
    );
    expect(charge.at(-1)!.params).toMatchObject({
      customer: paid.customer,
      application_fee_amount: String(bookingApplicationFee(await bookingRow(db(), second.body.data.booking.id))),
      transfer_data: { destination: acmeAccount },
    });

    // The platform's own charges are never reversed: a gift card bought is not a destination charge.
    const gift = await v1.buyGiftCard({
      token: user.idToken,
      body: { amountMinor: 2_000, recipientEmail: `gc-${randomUUID()}@example.com`, senderName: "Alex" },
    });
    const giftSession = fake.sessions.get(sessionIdOf(gift.body.data.checkoutUrl))!;
    expect(giftSession.payment_intent_data_params.transfer_data).toBeUndefined();
    expect(giftSession.payment_intent_data_params.application_fee_amount).toBeUndefined();
  });

  it("an operator whose account Stripe disabled refuses checkout (409 payouts_not_ready) and the tip of a guest; re-enabled, it sells again (moves the test clock: last)", async () => {
    const user = await bookingUser(acme);
    const slot = await createSlot(db(), acme.serviceId, { startsInHours: 6, durationMinutes: 60 });
    const placed = await placeBooking(user.idToken, bookingBody(acme, slot.id, 1));
    const bookingId = placed.body.data.booking.id;
    await sendStripeWebhook(
      stripeEvent("checkout.session.completed", fake.complete(sessionIdOf(placed.body.data.checkoutUrl))),
    );
    expect((await bookingRow(db(), bookingId)).status).toBe("confirmed");

    await v1.moveDevClock({ body: { now: new Date(slot.endsAt.getTime() + 31 * 60_000).toISOString() } });
    const mail = (await outboxFor(user.email)).find((message) => message.kind === "tip_request")!;
    const key = /\/gratuity\/([A-Za-z0-9_-]{32})/.exec(mail.textBody)![1];

    // Disabled by Stripe (a document past due): no checkout of any kind.
    const disabledAt = Math.floor(Date.now() / 1000) + 3_600;
    await sendStripeWebhook(
      stripeEvent(
        "account.updated",
        accountObject(acmeAccount, {
          charges_enabled: false,
          requirements: { past_due: ["individual.verification.document"], disabled_reason: "requirements.past_due" },
        }),
        { created: disabledAt },
      ),
    );
    expectEnvelope(await v1.startTip({ params: { accessKey: key }, body: { amount: 700 } }), 409, "payouts_not_ready");
    const later = await createSlot(db(), acme.serviceId);
    const refused = expectEnvelope(
      await placeBooking((await bookingUser(acme)).idToken, bookingBody(acme, later.id, 1)),
      409,
      "payouts_not_ready",
    );
    expect(refused.message).toMatch(/payout account/);
    expect(await seatsTaken(db(), later.id)).toBe(0);

    // Enabled again: the tip goes to the operator whole (a destination charge, no fee).
    await sendStripeWebhook(stripeEvent("account.updated", accountObject(acmeAccount), { created: disabledAt + 1 }));
    const tip = await v1.startTip({ params: { accessKey: key }, body: { amount: 700 } });
    expect(tip.status).toBe(200);
    const tipSession = fake.sessions.get(sessionIdOf(tip.body.data.checkoutUrl))!;
    const tipRequest = sessionRequest(tipSession.client_reference_id as string);
    expect(tipRequest.params.payment_intent_data).toEqual({
      metadata: { purchaseKind: "tip", purchaseId: tipSession.client_reference_id, bookingId },
      transfer_data: { destination: acmeAccount },
    });
    expect(tipSession.amount_total).toBe(700);
  });
});
