// The business figures on /metrics (api/health/business-metrics.ts and the webhook counter): each
// moves when its row is written, read from the registry /metrics serves (server/metrics-server.mjs).
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "~api/db/rows";
import { forgetBusinessFigures, watchBusiness } from "~api/health/business-metrics";
import { setPaymentProviderForTests } from "~api/payments";
import { createStripeProvider } from "~api/payments/stripe";
import { metricsRegistry } from "~runtime/metrics.mjs";
import { api, expectEnvelope } from "../../support/api";
import { bookingBody, bookingRow, bookingUser, bookingWorld, createSlot, placeBooking } from "../../support/booking";
import { v1Path } from "../../support/client";

const { db, acme } = bookingWorld();

beforeAll(() => watchBusiness(db()));
afterAll(() => watchBusiness(null));

/** What /metrics shows now (the cache forgotten, as after FIGURES_TTL_MS): each sample with its labels → value. */
async function scrape(): Promise<Map<string, number>> {
  forgetBusinessFigures();
  const samples = new Map<string, number>();
  for (const line of (await metricsRegistry.metrics()).split("\n")) {
    const match = /^([a-zA-Z_:][\w:]*(?:\{[^}]*\})?) (\S+)$/.exec(line);
    if (match) samples.set(match[1], Number(match[2]));
  }
  return samples;
}

/** A booking of acme's, held at the sandbox's checkout: its id and its row's channel. */
async function heldBooking() {
  const user = await bookingUser(acme);
  const slot = await createSlot(db(), acme.serviceId);
  const placed = await placeBooking(user.idToken, bookingBody(acme, slot.id, 1));
  expect(placed.status).toBe(201);
  const id: string = placed.body.data.booking.id;
  return { id, channel: (await bookingRow(db(), id)).channel! };
}

describe("business figures on /metrics", () => {
  it("counts the outbox's failed messages, not the others", async () => {
    const before = (await scrape()).get("outbox_messages_failed")!;
    expect(before).toBeGreaterThanOrEqual(0);
    for (const status of ["failed", "failed", "sent", "pending"]) {
      await db().execute(sql`insert into outbox (channel, recipient, text_body, kind, status, attempts)
        values ('email', ${`metrics-${randomUUID()}@example.com`}, 'body', 'test', ${status}, 5)`);
    }
    expect((await scrape()).get("outbox_messages_failed")).toBe(before + 2);
  });

  it("counts webhook deliveries given up on, not the waiting or delivered ones", async () => {
    const before = (await scrape()).get("webhook_deliveries_failed")!;
    expect(before).toBeGreaterThanOrEqual(0);
    const subscription = `wh_${randomUUID().replace(/-/g, "").slice(0, 16)}`;
    await db().execute(sql`insert into webhook_subscriptions (id, account_id, url, events, secret_sealed)
      values (${subscription}, ${acme.accountId}, 'https://hooks.example.com/in', array['booking.created'], 'sealed')`);
    for (const state of ["failed", "pending", "succeeded", "failed", "sending"]) {
      await db()
        .execute(sql`insert into webhook_deliveries (id, subscription_id, account_id, event_id, event_type, payload, state)
        values (${`wd_${randomUUID().replace(/-/g, "").slice(0, 16)}`}, ${subscription}, ${acme.accountId},
          ${`msg_${randomUUID()}`}, 'booking.created', '{}'::jsonb, ${state})`);
    }
    expect((await scrape()).get("webhook_deliveries_failed")).toBe(before + 2);
  });

  it("counts failed payouts, not the paid ones", async () => {
    const before = (await scrape()).get("payouts_failed")!;
    expect(before).toBeGreaterThanOrEqual(0);
    const payout = (
      status: string,
    ) => sql`insert into payouts (id, account_id, provider, amount_minor, currency, status, failure_reason, paid_at)
      values (${`po_${randomUUID().replace(/-/g, "").slice(0, 16)}`}, ${acme.accountId}, 'sandbox', 5000, 'USD', ${status},
        ${status === "failed" ? "account_closed" : null}, ${status === "paid" ? sql`app_now()` : null})`;
    await db().execute(payout("failed"));
    await db().execute(payout("paid"));
    expect((await scrape()).get("payouts_failed")).toBe(before + 1);
  });

  it("counts refunds owed for more than a day by the product clock, not younger ones or made ones", async () => {
    const { id } = await heldBooking();
    const before = (await scrape()).get("booking_refunds_owed_over_a_day")!;
    expect(before).toBeGreaterThanOrEqual(0);
    const refund = (age: string, status = "owed") => sql`insert into booking_refunds
        (id, booking_id, account_id, amount_minor, currency, idempotency_key, status, made_at, created_at)
      values (${`rf_${randomUUID()}`}, ${id}, ${acme.accountId}, 100, 'USD', ${randomUUID()}, ${status},
        ${status === "made" ? sql`app_now()` : null}, app_now() - ${age}::interval)`;
    await db().execute(refund("2 days"));
    await db().execute(refund("2 hours"));
    await db().execute(refund("3 days", "made"));
    expect((await scrape()).get("booking_refunds_owed_over_a_day")).toBe(before + 1);
  });

  it("counts bookings by status and channel", async () => {
    const first = await heldBooking();
    const series = `bookings{status="held",channel="${first.channel}"}`;
    const before = (await scrape()).get(series)!;
    expect(before).toBeGreaterThanOrEqual(1);
    await heldBooking();
    const after = await scrape();
    expect(after.get(series)).toBe(before + 1);
    const [{ n }] = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from bookings where status = 'confirmed'`,
    );
    const confirmed = [...after].filter(([name]) => name.startsWith('bookings{status="confirmed"'));
    expect(confirmed.reduce((sum, [, value]) => sum + value, 0)).toBe(n);
  });

  it("keeps the figures read for a while: a row written since shows once the cache is forgotten", async () => {
    const before = (await scrape()).get("payouts_failed")!;
    await db().execute(sql`insert into payouts (id, account_id, provider, amount_minor, currency, status)
      values (${`po_${randomUUID().replace(/-/g, "").slice(0, 16)}`}, ${acme.accountId}, 'sandbox', 100, 'USD', 'failed')`);
    const cached = await metricsRegistry.getSingleMetric("payouts_failed")!.get();
    expect(cached.values[0].value).toBe(before);
    expect((await scrape()).get("payouts_failed")).toBe(before + 1);
  });

  it("reports no figure when no database is watched (the web alone)", async () => {
    watchBusiness(null);
    try {
      const samples = await scrape();
      // An unlabelled gauge left unset reads 0 (prom-client's default), never the last figure read.
      expect(samples.get("outbox_messages_failed") ?? 0).toBe(0);
      expect([...samples.keys()].some((name) => name.startsWith("bookings{"))).toBe(false);
    } finally {
      watchBusiness(db());
    }
  });
});

describe("failed payment webhooks on /metrics", () => {
  beforeAll(() =>
    setPaymentProviderForTests(
      createStripeProvider({
        secretKey: "sk_test_fake",
        webhookSecret: "whsec_test_fake",
        apiBase: "http://127.0.0.1:9",
      }),
    ),
  );
  afterAll(() => setPaymentProviderForTests(undefined));

  it("counts each webhook refused for its signature", async () => {
    const series = 'payment_webhooks_failed_total{provider="stripe",reason="invalid"}';
    const before = (await scrape()).get(series) ?? 0;
    const send = (headers: Record<string, string>) =>
      api(v1Path("paymentWebhook", { params: { provider: "stripe" } }), {
        method: "POST",
        headers: { "Content-Type": "application/json", ...headers },
        body: JSON.stringify({ id: "evt_metrics", type: "checkout.session.completed" }),
      });
    expectEnvelope(await send({}), 400, "webhook_invalid");
    expectEnvelope(await send({ "Stripe-Signature": "t=1,v1=0000" }), 400, "webhook_invalid");
    expect((await scrape()).get(series)).toBe(before + 2);
  });
});
