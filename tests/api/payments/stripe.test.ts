import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { bookings, processedWebhookEvents } from "~api/db/schema";
import { settleDueRefunds } from "~api/bookings/refunds";
import { api, expectEnvelope } from "../../support/api";
import {
  bookingWorld,
  bookingBody,
  bookingRow,
  bookingUser,
  createSlot,
  lapsedHoldSoldOn,
  placeBooking,
  seatsTaken,
  withAdultPrice,
} from "../../support/booking";
import { onFakeStripe } from "../../support/payout-accounts";
import type { StripeObject } from "../../support/fake-stripe";
import { outboxFor, type TestUser } from "../../support/identity";
import { v1, v1Path } from "../../support/client";
import { checkLedgerAfterEach } from "../../support/ledger";
import { stretched } from "../../support/time-limits";

const { db, acme } = bookingWorld();
checkLedgerAfterEach(db);

const WEBHOOK_SECRET = "whsec_test_fake_secret";
const signer = new Stripe("sk_test_fake_signer");

const stripe = onFakeStripe(db);

function event(type: string, session: StripeObject, eventId = `evt_${randomUUID().replace(/-/g, "")}`) {
  return JSON.stringify({
    id: eventId,
    object: "event",
    type,
    api_version: "2026-10-28.endive",
    created: Math.floor(Date.now() / 1000),
    data: { object: session },
  });
}

function sendWebhook(payload: string, options: { secret?: string; signature?: string | null } = {}) {
  const headers = new Headers({ "Content-Type": "application/json" });
  const signature =
    options.signature === undefined
      ? signer.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? WEBHOOK_SECRET })
      : options.signature;
  if (signature !== null) headers.set("Stripe-Signature", signature);
  return api(v1Path("paymentWebhook", { params: { provider: "stripe" } }), { method: "POST", headers, body: payload });
}

const sessionIdOf = (checkoutUrl: string) => /\/c\/pay\/(cs_test_[a-f0-9]+)$/.exec(checkoutUrl)![1];

/** A guest's booking of `seats` on a new departure, held at Stripe's checkout. */
async function heldAtStripe(slot: Parameters<typeof createSlot>[2], seats: number) {
  const user = await bookingUser(acme);
  const created = await createSlot(db(), acme.serviceId, slot);
  const placed = await placeBooking(user.idToken, bookingBody(acme, created.id, seats));
  return { user, slot: created, placed, id: placed.body.data.booking.id as string };
}

/** `user` asks to move booking `id` to a new departure `startsInHours` away while the adult price is `rise` dearer. */
async function dearerMove(user: TestUser, id: string, startsInHours: number, rise: number) {
  const to = await createSlot(db(), acme.serviceId, { startsInHours });
  const asked = await withAdultPrice(db(), acme, acme.adult.priceMinor + rise, () =>
    v1.rescheduleBooking({
      params: { id },
      token: user.idToken,
      body: { slotId: to.id },
      headers: { "Idempotency-Key": randomUUID() },
    }),
  );
  return { to, asked };
}

describe("Stripe provider (against a stripe() Stripe API)", () => {
  it("opens one Checkout Session per booking with the booking's lines, amount, expiry and return URLs", async () => {
    const user = await bookingUser(acme);
    const slot = await createSlot(db(), acme.serviceId);
    const key = randomUUID();
    const body = bookingBody(acme, slot.id, 2, { promoCode: "ACME5", saveCard: true });
    const placed = await placeBooking(user.idToken, body, { key });
    expect(placed.status).toBe(201);
    const { booking, checkoutUrl } = placed.body.data;
    expect(checkoutUrl).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
    const session = stripe().sessions.get(sessionIdOf(checkoutUrl))!;
    expect(session).toMatchObject({
      mode: "payment",
      client_reference_id: booking.id,
      metadata: { bookingId: booking.id, saveCard: "true" },
      currency: "usd",
      amount_total: booking.totalMinor,
      customer_email: user.email,
      success_url: `http://localhost/experiences/${acme.experienceId}/${acme.serviceId}/return/${booking.id}`,
      cancel_url: `http://localhost${body.cancelUrl}`,
      customer_creation: "always",
      payment_intent_data_params: { metadata: { bookingId: booking.id }, setup_future_usage: "off_session" },
    });
    expect(session.line_items_params[0]).toMatchObject({
      quantity: "2",
      price_data: { currency: "usd", unit_amount: String(acme.adult.priceMinor) },
    });
    // The hold is 15 minutes; Stripe needs 30: the session stays open at least 30 minutes.
    expect(session.expires_at * 1000 - Date.now()).toBeGreaterThan(30 * 60_000);
    const create = stripe().requests.find(
      (request) => request.path === "/v1/checkout/sessions" && request.params.client_reference_id === booking.id,
    )!;
    expect(create.idempotencyKey).toBe(`checkout_${booking.id}`);
    expect(create.authorization).toBe("Bearer sk_test_fake");

    // A replay of the booking request answers the same session.
    const again = await placeBooking(user.idToken, body, { key });
    expect(again.status).toBe(200);
    expect(again.body.data.checkoutUrl).toBe(checkoutUrl);
    // The sandbox checkout does not exist while Stripe is the provider.
    expectEnvelope(await v1.sandboxCheckout({ params: { sessionId: "cs_sandbox_abc" } }), 404, "not_found");
  });

  it("checkout.session.completed replayed 10 times (also concurrently) fulfils once; signatures are verified", async () => {
    const { user, slot, placed, id } = await heldAtStripe({ capacity: 4 }, 2);
    const session = stripe().complete(sessionIdOf(placed.body.data.checkoutUrl));
    const payload = event("checkout.session.completed", session);

    // Tampered, wrongly signed and unsigned deliveries are refused and change nothing.
    expectEnvelope(await sendWebhook(payload, { secret: "whsec_wrong" }), 400, "webhook_invalid");
    expectEnvelope(
      await sendWebhook(payload.replace(`"${id}"`, '"bk_AAAAAAAAAAAAAAAA"'), {
        signature: signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
      }),
      400,
      "webhook_invalid",
    );
    expectEnvelope(await sendWebhook(payload, { signature: null }), 400, "webhook_invalid");
    expect((await bookingRow(db(), id)).status).toBe("held");

    const first = await sendWebhook(payload);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ data: { eventId: JSON.parse(payload).id, duplicate: false } });
    const sequential = [];
    for (let i = 0; i < 4; i++) sequential.push(await sendWebhook(payload));
    const concurrent = await Promise.all(Array.from({ length: 5 }, () => sendWebhook(payload)));
    for (const res of [...sequential, ...concurrent]) {
      expect(res.status).toBe(200);
      expect(res.body.data.duplicate).toBe(true);
    }
    const row = await bookingRow(db(), id);
    expect(row).toMatchObject({
      status: "confirmed",
      paymentStatus: "paid",
      paymentIntentId: session.payment_intent,
      paymentProvider: "stripe",
    });
    expect(await seatsTaken(db(), slot.id)).toBe(2);
    expect((await outboxFor(user.email)).filter((message) => message.kind === "booking_confirmed")).toHaveLength(1);
    const processed = await db()
      .select()
      .from(processedWebhookEvents)
      .where(eq(processedWebhookEvents.eventId, JSON.parse(payload).id));
    expect(processed).toEqual([expect.objectContaining({ provider: "stripe", type: "checkout.session.completed" })]);

    // A different event about the same payment (e.g. async_payment_succeeded) is harmless too.
    expect((await sendWebhook(event("checkout.session.async_payment_succeeded", session))).status).toBe(200);
    expect((await outboxFor(user.email)).filter((message) => message.kind === "booking_confirmed")).toHaveLength(1);
  });

  it("expired and async-failed sessions release the hold; unrelated events are acknowledged", async () => {
    const user = await bookingUser(acme);
    const slot = await createSlot(db(), acme.serviceId, { capacity: 5 });
    const a = await placeBooking(user.idToken, bookingBody(acme, slot.id, 2));
    const b = await placeBooking((await bookingUser(acme)).idToken, bookingBody(acme, slot.id, 1));
    expect(await seatsTaken(db(), slot.id)).toBe(3);
    expect(
      (await sendWebhook(event("checkout.session.expired", stripe().expire(sessionIdOf(a.body.data.checkoutUrl)))))
        .status,
    ).toBe(200);
    expect(await bookingRow(db(), a.body.data.booking.id)).toMatchObject({
      status: "expired",
      paymentStatus: "expired",
    });
    const failed = stripe().complete(sessionIdOf(b.body.data.checkoutUrl), { paymentStatus: "unpaid" });
    // Completed but unpaid (a bank debit still pending): nothing yet.
    expect((await sendWebhook(event("checkout.session.completed", failed))).status).toBe(200);
    expect((await bookingRow(db(), b.body.data.booking.id)).status).toBe("held");
    expect((await sendWebhook(event("checkout.session.async_payment_failed", failed))).status).toBe(200);
    expect(await bookingRow(db(), b.body.data.booking.id)).toMatchObject({ status: "failed", paymentStatus: "failed" });
    expect(await seatsTaken(db(), slot.id)).toBe(0);
    const other = await sendWebhook(
      JSON.stringify({
        id: "evt_other_1",
        object: "event",
        type: "customer.created",
        data: { object: { id: "cus_1", object: "customer" } },
      }),
    );
    expect(other.status).toBe(200);
    const unknown = await sendWebhook(
      event("checkout.session.completed", {
        ...failed,
        id: "cs_test_unknown",
        client_reference_id: null,
        metadata: {},
      }),
    );
    expect(unknown.status).toBe(200);
  });

  it("refresh-payment asks Stripe; cancellation refunds through Stripe with an idempotency key", async () => {
    const { user, placed, id } = await heldAtStripe({ startsInHours: 72 }, 1);
    const held = await v1.refreshPayment({ params: { id }, token: user.idToken });
    expect(held.body.data.status).toBe("held");
    const session = stripe().complete(sessionIdOf(placed.body.data.checkoutUrl));
    const refreshed = await v1.refreshPayment({ params: { id }, token: user.idToken });
    expect(refreshed.body.data).toMatchObject({ status: "confirmed", paymentStatus: "paid" });

    const cancelled = await v1.cancelBooking({ params: { id }, token: user.idToken });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data).toMatchObject({
      status: "cancelled",
      refundMinor: placed.body.data.booking.totalMinor,
      paymentStatus: "refunded",
    });
    const refund = stripe().refunds.find((entry) => entry.payment_intent === session.payment_intent)!;
    expect(refund.amount).toBe(placed.body.data.booking.totalMinor);
    expect(
      stripe().requests.find(
        (request) => request.path === "/v1/refunds" && request.params.payment_intent === session.payment_intent,
      )!.idempotencyKey,
    ).toBe(`refund_${id}`);
  });

  it("Stripe down at cancellation: cancelled and seats freed at once, the refund owed and made once by the sweep", async () => {
    const { user, slot, placed, id } = await heldAtStripe({ startsInHours: 72 }, 1);
    const session = stripe().complete(sessionIdOf(placed.body.data.checkoutUrl));
    await v1.refreshPayment({ params: { id }, token: user.idToken });
    stripe().failAll(true);
    const cancelled = await v1.cancelBooking({ params: { id }, token: user.idToken });
    stripe().failAll(false);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data).toMatchObject({ status: "cancelled", paymentStatus: "paid", refundMinor: null });
    expect(await seatsTaken(db(), slot.id)).toBe(0);
    expect(stripe().refunds.filter((entry) => entry.payment_intent === session.payment_intent)).toHaveLength(0);

    expect(await settleDueRefunds(db())).toBeGreaterThanOrEqual(1);
    expect(await settleDueRefunds(db())).toBe(0);
    expect(await bookingRow(db(), id)).toMatchObject({
      status: "cancelled",
      paymentStatus: "refunded",
      refundMinor: placed.body.data.booking.totalMinor,
    });
    expect(stripe().refunds.filter((entry) => entry.payment_intent === session.payment_intent)).toHaveLength(1);
  });

  it("a late payment for an expired hold whose seats were sold is refunded through Stripe", async () => {
    const { slot, placed, id } = await lapsedHoldSoldOn(db(), acme, { capacity: 2, held: 2, sold: 2 });
    const session = stripe().complete(sessionIdOf(placed.body.data.checkoutUrl));
    expect((await sendWebhook(event("checkout.session.completed", session))).status).toBe(200);
    expect(await bookingRow(db(), id)).toMatchObject({
      status: "refunded",
      refundMinor: placed.body.data.booking.totalMinor,
    });
    expect(stripe().refunds.filter((entry) => entry.payment_intent === session.payment_intent)).toHaveLength(1);
    expect(await seatsTaken(db(), slot.id)).toBe(2);
  });

  it(
    "Stripe unreachable: 503 payment_unavailable, the hold stays, and the same key retries the checkout",
    async () => {
      const user = await bookingUser(acme);
      const slot = await createSlot(db(), acme.serviceId);
      const key = randomUUID();
      stripe().failAll(true);
      const failed = await placeBooking(user.idToken, bookingBody(acme, slot.id), { key });
      stripe().failAll(false);
      expectEnvelope(failed, 503, "payment_unavailable");
      const [row] = await db().select().from(bookings).where(eq(bookings.idempotencyKey, key));
      expect(row).toMatchObject({ status: "held", checkoutUrl: null });
      const retried = await placeBooking(user.idToken, bookingBody(acme, slot.id), { key });
      expect(retried.status).toBe(200);
      expect(retried.body.data.booking.id).toBe(row.id);
      expect(retried.body.data.checkoutUrl).toMatch(/^https:\/\/checkout\.stripe\.test\//);
      expect(await seatsTaken(db(), slot.id)).toBe(1);
    },
    stretched(60_000),
  );

  it("a changed order replaces the guest's hold and expires its Checkout Session; a payment that still lands is refunded", async () => {
    const user = await bookingUser(acme);
    const slot = await createSlot(db(), acme.serviceId, { capacity: 4 });
    const first = await placeBooking(user.idToken, bookingBody(acme, slot.id, 2));
    const second = await placeBooking(user.idToken, bookingBody(acme, slot.id, 1));
    expect(second.status).toBe(201);
    const oldSession = sessionIdOf(first.body.data.checkoutUrl);
    expect(stripe().sessions.get(oldSession)!.status).toBe("expired");
    expect(await seatsTaken(db(), slot.id)).toBe(1);
    // Paid on Stripe's page a moment before it expired: refunded, never a second booking.
    const paid = stripe().complete(oldSession);
    expect((await sendWebhook(event("checkout.session.completed", paid))).status).toBe(200);
    expect(await bookingRow(db(), first.body.data.booking.id)).toMatchObject({
      status: "refunded",
      paymentStatus: "refunded",
    });
    expect(stripe().refunds.filter((refund) => refund.payment_intent === paid.payment_intent)).toHaveLength(1);
    expect(await seatsTaken(db(), slot.id)).toBe(1);
  });

  it("a card kept at Checkout is saved from its PaymentIntent; the next booking is charged off-session with it, a declined one goes to Checkout", async () => {
    const user = await bookingUser(acme);
    const slot = await createSlot(db(), acme.serviceId, { capacity: 10 });
    const first = await placeBooking(user.idToken, bookingBody(acme, slot.id, 1, { saveCard: true }));
    const paid = stripe().complete(sessionIdOf(first.body.data.checkoutUrl));
    expect((await sendWebhook(event("checkout.session.completed", paid))).status).toBe(200);
    const cards = (await v1.savedCards({ token: user.idToken })).body.data;
    expect(cards).toEqual([
      expect.objectContaining({ brand: "visa", last4: "4242", expMonth: 12, expYear: 2034, isDefault: true }),
    ]);
    const receipt = await v1.booking({ params: { id: first.body.data.booking.id }, token: user.idToken });
    expect(receipt.body.data.card).toEqual({ brand: "visa", last4: "4242" });

    const slot2 = await createSlot(db(), acme.serviceId, { capacity: 10 });
    const second = await placeBooking(user.idToken, bookingBody(acme, slot2.id, 2, { paymentMethodId: cards[0].id }));
    expect(second.status).toBe(201);
    expect(second.body.data.booking).toMatchObject({ status: "confirmed", paymentStatus: "paid" });
    const charge = stripe().requests.filter(
      (request) => request.method === "POST" && request.path === "/v1/payment_intents",
    );
    expect(charge).toHaveLength(1);
    expect(charge[0].params).toMatchObject({
      amount: String(second.body.data.booking.totalMinor),
      customer: paid.customer,
      off_session: "true",
      confirm: "true",
    });
    expect(charge[0].idempotencyKey).toContain(second.body.data.booking.id);
    // Refunds of such a booking go to its PaymentIntent.
    await v1.cancelBooking({ params: { id: second.body.data.booking.id }, token: user.idToken });
    expect(stripe().refunds.at(-1)).toMatchObject({ amount: second.body.data.booking.totalMinor });

    // A card that declines: the booking stays held and goes through Checkout.
    const other = await bookingUser(acme);
    const declining = await placeBooking(other.idToken, bookingBody(acme, slot.id, 1, { saveCard: true }));
    const paidOnce = stripe().complete(sessionIdOf(declining.body.data.checkoutUrl), { last4: "0002" });
    await sendWebhook(event("checkout.session.completed", paidOnce));
    const [card] = (await v1.savedCards({ token: other.idToken })).body.data;
    const slot3 = await createSlot(db(), acme.serviceId, { capacity: 10 });
    const fallback = await placeBooking(other.idToken, bookingBody(acme, slot3.id, 1, { paymentMethodId: card.id }));
    expect(fallback.status).toBe(201);
    expect(fallback.body.data.booking.status).toBe("held");
    expect(fallback.body.data.checkoutUrl).toMatch(/^https:\/\/checkout\.stripe\.test\//);
  });

  it("a move to a dearer departure: a Checkout Session for exactly the difference; its webhook moves the booking; a cancellation refunds each payment at Stripe", async () => {
    const { user, slot, placed, id } = await heldAtStripe({ startsInHours: 96 }, 2);
    const first = stripe().complete(sessionIdOf(placed.body.data.checkoutUrl));
    expect((await sendWebhook(event("checkout.session.completed", first))).status).toBe(200);
    const before = await bookingRow(db(), id);
    const { to, asked } = await dearerMove(user, id, 120, 600);
    expect(asked.status).toBe(200);
    const pending = asked.body.data.pendingChange;
    const difference = pending.amountMinor as number;
    expect(difference).toBeGreaterThan(0);
    const session = stripe().sessions.get(sessionIdOf(pending.checkoutUrl))!;
    expect(session).toMatchObject({
      mode: "payment",
      metadata: { purchaseKind: "reschedule", purchaseId: expect.stringMatching(/^bc_/), bookingId: id },
      amount_total: difference,
    });
    expect(session.line_items_params).toEqual([
      expect.objectContaining({
        quantity: "1",
        price_data: expect.objectContaining({ unit_amount: String(difference) }),
      }),
    ]);
    expect(await seatsTaken(db(), to.id)).toBe(2);
    const paid = stripe().complete(session.id as string);
    // Back from Stripe before the webhook: refresh-payment asks Stripe and makes the move.
    const refreshed = await v1.refreshPayment({ params: { id }, token: user.idToken });
    expect(refreshed.body.data).toMatchObject({ pendingChange: null, totalMinor: before.totalMinor + difference });
    const payload = event("checkout.session.completed", paid);
    expect((await sendWebhook(payload)).status).toBe(200);
    expect((await sendWebhook(payload)).body.data.duplicate).toBe(true);
    expect(await bookingRow(db(), id)).toMatchObject({
      slotId: to.id,
      totalMinor: before.totalMinor + difference,
      paymentIntentId: before.paymentIntentId,
    });
    expect(await seatsTaken(db(), slot.id)).toBe(0);

    const cancelled = await v1.cancelBooking({ params: { id }, token: user.idToken });
    expect(cancelled.body.data).toMatchObject({ status: "cancelled", paymentStatus: "refunded" });
    const refunded = (intent: unknown) =>
      stripe()
        .refunds.filter((entry) => entry.payment_intent === intent)
        .map((entry) => entry.amount);
    expect(refunded(first.payment_intent)).toEqual([before.totalMinor]);
    expect(refunded(paid.payment_intent)).toEqual([difference]);
  });

  it("a dearer move's Checkout Session expiring unpaid releases the held seats; the booking stays where it was", async () => {
    const { user, slot, placed, id } = await heldAtStripe({ startsInHours: 100 }, 1);
    expect(
      (
        await sendWebhook(
          event("checkout.session.completed", stripe().complete(sessionIdOf(placed.body.data.checkoutUrl))),
        )
      ).status,
    ).toBe(200);
    const before = await bookingRow(db(), id);
    const { to, asked } = await dearerMove(user, id, 130, 200);
    expect(await seatsTaken(db(), to.id)).toBe(1);
    const expired = stripe().expire(sessionIdOf(asked.body.data.pendingChange.checkoutUrl));
    expect((await sendWebhook(event("checkout.session.expired", expired))).status).toBe(200);
    expect(await seatsTaken(db(), to.id)).toBe(0);
    expect(await seatsTaken(db(), slot.id)).toBe(1);
    expect(await bookingRow(db(), id)).toMatchObject({
      slotId: slot.id,
      ticketCode: before.ticketCode,
      totalMinor: before.totalMinor,
    });
    const view = await v1.booking({ params: { id }, token: user.idToken });
    expect(view.body.data.pendingChange).toBeNull();
  });

  it("a tip is paid through its own Checkout Session; its webhook pays the tip and leaves the booking alone (moves the test clock: last)", async () => {
    const user = await bookingUser(acme);
    const slot = await createSlot(db(), acme.serviceId, { startsInHours: 6, durationMinutes: 60 });
    const placed = await placeBooking(user.idToken, bookingBody(acme, slot.id, 1));
    const bookingId = placed.body.data.booking.id;
    expect(
      (
        await sendWebhook(
          event("checkout.session.completed", stripe().complete(sessionIdOf(placed.body.data.checkoutUrl))),
        )
      ).status,
    ).toBe(200);
    const paidBooking = await bookingRow(db(), bookingId);
    await v1.moveDevClock({ body: { now: new Date(slot.endsAt.getTime() + 31 * 60_000).toISOString() } });
    const mail = (await outboxFor(user.email)).find((message) => message.kind === "tip_request")!;
    const key = /\/gratuity\/([A-Za-z0-9_-]{32})/.exec(mail.textBody)![1];

    const started = await v1.startTip({ params: { accessKey: key }, body: { amount: 900 } });
    expect(started.status).toBe(200);
    const tipSession = stripe().sessions.get(sessionIdOf(started.body.data.checkoutUrl))!;
    expect(tipSession).toMatchObject({
      mode: "payment",
      client_reference_id: expect.stringMatching(/^tip_/),
      metadata: { purchaseKind: "tip", purchaseId: tipSession.client_reference_id, bookingId },
      success_url: expect.stringMatching(new RegExp(`/gratuity/${key}\\?paid=1$`)),
    });
    expect(tipSession.line_items_params).toEqual([
      expect.objectContaining({ quantity: "1", price_data: expect.objectContaining({ unit_amount: "900" }) }),
    ]);
    expect(tipSession.amount_total).toBe(900);

    const payload = event("checkout.session.completed", stripe().complete(tipSession.id));
    expect((await sendWebhook(payload)).status).toBe(200);
    expect((await sendWebhook(payload)).body.data.duplicate).toBe(true);
    expect((await v1.tipPage({ params: { accessKey: key } })).body.data.tip).toMatchObject({
      status: "paid",
      amountMinor: 900,
    });
    expect(await bookingRow(db(), bookingId)).toMatchObject({
      status: "confirmed",
      paymentStatus: "paid",
      paymentIntentId: paidBooking.paymentIntentId,
      paymentSessionId: paidBooking.paymentSessionId,
    });
  });

  it("webhooks of other providers are 404", async () => {
    expect(
      (await api(v1Path("paymentWebhook", { params: { provider: "sandbox" } }), { method: "POST", body: "{}" })).status,
    ).toBe(404);
    expect(
      (await api(v1Path("paymentWebhook", { params: { provider: "paypal" } }), { method: "POST", body: "{}" })).status,
    ).toBe(404);
    expect((await api(v1Path("paymentWebhook", { params: { provider: "stripe" } }))).status).toBe(405);
  });

  it("gift cards: bought at Stripe (purchase metadata), delivered on its webhook; a booking's coupon covers the card's part, refunds split", async () => {
    const buyer = await bookingUser(acme);
    const to = `gc-${randomUUID()}@example.com`;
    const started = await v1.buyGiftCard({
      token: buyer.idToken,
      body: { amountMinor: 3_000, recipientEmail: to, senderName: "Alex" },
    });
    expect(started.status).toBe(201);
    const purchase = stripe().sessions.get(sessionIdOf(started.body.data.checkoutUrl))!;
    expect(purchase).toMatchObject({
      client_reference_id: started.body.data.id,
      metadata: { purchaseKind: "gift_card", purchaseId: started.body.data.id },
      amount_total: 3_000,
    });
    expect(purchase.metadata.bookingId).toBeUndefined();
    expect((await sendWebhook(event("checkout.session.completed", stripe().complete(purchase.id)))).status).toBe(200);
    const mail = (await outboxFor(to)).find((message) => message.kind === "gift_card");
    const code = /Your code: ([2-9A-Z-]{19})/.exec(mail.textBody)![1];

    const guest = await bookingUser(acme);
    const slot = await createSlot(db(), acme.serviceId);
    const placed = await placeBooking(guest.idToken, bookingBody(acme, slot.id, 2, { giftCardCode: code }));
    expect(placed.status).toBe(201);
    const { booking, checkoutUrl } = placed.body.data;
    expect(booking.giftCardMinor).toBe(3_000);
    const session = stripe().sessions.get(sessionIdOf(checkoutUrl))!;
    // Stripe charges the rest: the card's part is a coupon (with any promo discount, in one).
    expect(session.amount_total).toBe(booking.totalMinor - 3_000);
    expect([...stripe().coupons.values()].some((coupon) => coupon.amount_off === 3_000)).toBe(true);
    expect((await sendWebhook(event("checkout.session.completed", stripe().complete(session.id)))).status).toBe(200);
    expect((await bookingRow(db(), booking.id)).status).toBe("confirmed");

    const refundsBefore = stripe().refunds.length;
    const cancelled = await v1.cancelBooking({ params: { id: booking.id }, token: guest.idToken });
    expect(cancelled.status).toBe(200);
    // The provider refunds only what it took; the gift card gets its part back on its ledger.
    expect(
      stripe()
        .refunds.slice(refundsBefore)
        .map((refund) => refund.amount),
    ).toEqual([booking.totalMinor - 3_000]);
    const balance = await v1.giftCardBalance({ body: { code } });
    expect(balance.body.data.balanceMinor).toBe(3_000);
  });
});
