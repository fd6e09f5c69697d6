import { sql } from "drizzle-orm";
import { observedGauge } from "~runtime/metrics.mjs";
import type { Db } from "../db/client";
import { queryRows } from "../db/rows";

/**
 * What the business needs watched, read from the database when /metrics is asked for, at most
 * once per FIGURES_TTL_MS and process (a scrape storm, or several scrapers, never asks more):
 * messages the outbox gave up on, webhook deliveries given up on, failed payouts, refunds owed for more than a day by the product
 * clock, and the bookings by status and channel. Every API process reports the same figures (take
 * their max). Failed payment webhooks are counted as they are answered
 * (`payment_webhooks_failed_total`, runtime/metrics.mjs).
 */
export const FIGURES_TTL_MS = 15_000;

interface Figures {
  outboxFailed: number;
  webhooksFailed: number;
  payoutsFailed: number;
  refundsOwedOverADay: number;
  bookings: Array<{ labels: { status: string; channel: string }; value: number }>;
}

let watched: Db | null = null;
let cached: { at: number; figures: Promise<Figures> } | null = null;

/** The database these figures are read from (api/start.ts; none: nothing reported, as on the web alone). */
export function watchBusiness(db: Db | null): void {
  watched = db;
  cached = null;
}

/** Forgets the figures read, so the next scrape reads them again (tests). */
export function forgetBusinessFigures(): void {
  cached = null;
}

async function readFigures(db: Db): Promise<Figures> {
  const [[counts], bookings] = await Promise.all([
    queryRows<{ outbox_failed: number; webhooks_failed: number; payouts_failed: number; refunds_owed: number }>(
      db,
      sql`select
        (select count(*)::int from outbox where status = 'failed') as outbox_failed,
        (select count(*)::int from webhook_deliveries where state = 'failed') as webhooks_failed,
        (select count(*)::int from payouts where status = 'failed') as payouts_failed,
        (select count(*)::int from booking_refunds
          where status = 'owed' and created_at < app_now() - interval '1 day') as refunds_owed`,
    ),
    // Two columns of a handful of values each: one pass over the table, a few groups.
    queryRows<{ status: string; channel: string; n: number }>(
      db,
      sql`select status, channel, count(*)::int as n from bookings group by status, channel`,
    ),
  ]);
  return {
    outboxFailed: counts.outbox_failed,
    webhooksFailed: counts.webhooks_failed,
    payoutsFailed: counts.payouts_failed,
    refundsOwedOverADay: counts.refunds_owed,
    bookings: bookings.map((row) => ({ labels: { status: row.status, channel: row.channel }, value: row.n })),
  };
}

/** The figures, read again once FIGURES_TTL_MS old; concurrent scrapes share one read. */
async function figures(): Promise<Figures | undefined> {
  const db = watched;
  if (!db) return undefined;
  if (!cached || Date.now() - cached.at >= FIGURES_TTL_MS) {
    const reading = readFigures(db);
    cached = { at: Date.now(), figures: reading };
    // A failed read is not kept: the next scrape tries again.
    reading.catch(() => {
      if (cached?.figures === reading) cached = null;
    });
  }
  return cached.figures;
}

observedGauge({
  name: "outbox_messages_failed",
  help: "Outbox messages (emails, texts) that gave up after their last attempt (status failed).",
  read: async () => (await figures())?.outboxFailed,
});

observedGauge({
  name: "webhook_deliveries_failed",
  help: "Webhook deliveries to operators' systems given up on after their last attempt, or when their subscription was disabled (state failed).",
  read: async () => (await figures())?.webhooksFailed,
});

observedGauge({
  name: "payouts_failed",
  help: "Payouts to operators the provider reported failed.",
  read: async () => (await figures())?.payoutsFailed,
});

observedGauge({
  name: "booking_refunds_owed_over_a_day",
  help: "Refunds owed (not yet made by the payment provider) for more than a day by the product clock.",
  read: async () => (await figures())?.refundsOwedOverADay,
});

observedGauge({
  name: "bookings",
  help: "Bookings by status (held, confirmed, cancelled, expired, refunded, failed) and channel (storefront, marketplace, staff, reseller).",
  labelNames: ["status", "channel"],
  read: async () => (await figures())?.bookings,
});
