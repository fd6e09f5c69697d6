/**
 * Webhook delivery (issue 47, item 4; decision 049). The job runner's `webhook-deliver` queue (and
 * the test clock's move) runs `deliverDueWebhooks`: every delivery whose attempt is due is claimed
 * in one statement (SKIP LOCKED, with a lease: two processes never send one attempt twice, a
 * process dying mid-way leaves it to be taken again after the lease), its target checked again
 * (api/webhooks/target.ts) and POSTed once, signed as Standard Webhooks, redirects not followed.
 *
 * Each attempt is logged (status code or network error, duration). A 2xx answer succeeds; anything
 * else is tried again after RETRY_DELAYS_SECONDS, then the delivery is `failed`. A subscription
 * whose attempts have all failed for a day is disabled and its owners are emailed.
 */
import http from "node:http";
import https from "node:https";
import { and, eq, sql } from "drizzle-orm";
import { clockNow } from "../clock";
import type { Db } from "../db/client";
import { queryRows } from "../db/rows";
import {
  webhookAttempts,
  webhookDeliveries,
  webhookSubscriptions,
  type WebhookDeliveryRow,
  type WebhookSubscriptionRow,
} from "../db/schema";
import { errorFields, logger } from "../logger";
import { signedHeaders } from "./secrets";
import { checkTarget, pinnedLookup, TargetRefused } from "./target";
import { tellOwnersDisabled } from "./disabled-email";

/**
 * Seconds after each failed attempt before the next: 1 min, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h.
 * With the first attempt at once that is 8 attempts over about 28 hours: a target down for a day
 * has its subscription disabled before the last one.
 */
export const RETRY_DELAYS_SECONDS = [60, 300, 1_800, 7_200, 18_000, 36_000, 36_000] as const;
/** A delivery is tried this many times in all. */
export const WEBHOOK_ATTEMPTS = RETRY_DELAYS_SECONDS.length + 1;
/** A subscription whose attempts have all failed for this long is disabled. */
export const DISABLE_AFTER_HOURS = 24;
/** How long one attempt may take, connecting and answering. */
export const ATTEMPT_TIMEOUT_MS = 10_000;
/** How long a claimed attempt owns its delivery before another process may take it. */
const LEASE_SECONDS = 60;
/** Deliveries one run takes at most, and how many it sends at once. */
const BATCH = 50;
const PARALLEL = 5;

interface AttemptResult {
  statusCode: number | null;
  error: string | null;
  durationMs: number;
}

/** POSTs the body to the checked target with the signed headers; never follows a redirect. */
async function post(delivery: WebhookDeliveryRow, subscription: WebhookSubscriptionRow): Promise<AttemptResult> {
  const started = performance.now();
  const done = (statusCode: number | null, error: string | null): AttemptResult => ({
    statusCode,
    error,
    durationMs: Math.round(performance.now() - started),
  });
  let target;
  try {
    target = await checkTarget(subscription.url);
  } catch (error) {
    if (error instanceof TargetRefused) return done(null, `${error.code}: ${error.message}`);
    throw error;
  }
  const body = JSON.stringify(delivery.payload);
  // Standard Webhooks' timestamp is the receiver's wall clock's: real time, never the test clock.
  const headers = signedHeaders(subscription.secretSealed, delivery.eventId, body, new Date());
  const transport = target.url.protocol === "https:" ? https : http;
  return new Promise<AttemptResult>((resolve) => {
    const request = transport.request(
      target.url,
      {
        method: "POST",
        lookup: pinnedLookup(target),
        timeout: ATTEMPT_TIMEOUT_MS,
        headers: {
          "content-type": "application/json",
          "content-length": Buffer.byteLength(body),
          "user-agent": "Wayfarer-Webhooks/1",
          ...headers,
        },
      },
      (response) => {
        // The answer's body is not read: only its status counts.
        response.resume();
        response.on("end", () => resolve(done(response.statusCode ?? null, null)));
        response.on("error", () => resolve(done(response.statusCode ?? null, null)));
      },
    );
    request.on("timeout", () => request.destroy(new Error(`no answer within ${ATTEMPT_TIMEOUT_MS / 1000} s`)));
    request.on("error", (error) => resolve(done(null, error.message.slice(0, 500) || "network error")));
    request.end(body);
  });
}

/** Takes every delivery now due (or whose attempt's lease ran out) for one attempt each. */
async function claimDue(db: Db): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`
      with due as (
        select d.id from webhook_deliveries d
        join webhook_subscriptions s on s.id = d.subscription_id
        where s.enabled
          and ((d.state = 'pending' and d.next_attempt_at <= app_now())
            or (d.state = 'sending' and d.lease_until < app_now()))
        order by d.next_attempt_at
        limit ${BATCH}
        for update of d skip locked)
      update webhook_deliveries d
      set state = 'sending', attempts = d.attempts + 1, last_attempt_at = app_now(),
          lease_until = app_now() + make_interval(secs => ${LEASE_SECONDS})
      from due where d.id = due.id
      returning d.id`,
  );
  return rows.map((row) => row.id);
}

const succeeded = (result: AttemptResult) =>
  result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;

/** What an attempt says, for the disabled subscription's reason. */
export const attemptSummary = (result: { statusCode: number | null; error: string | null }) =>
  result.statusCode !== null ? `HTTP ${result.statusCode}` : (result.error ?? "network error");

/** Records one attempt and moves the delivery (and its subscription's failure streak) on. */
async function record(db: Db, delivery: WebhookDeliveryRow, result: AttemptResult): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(webhookAttempts).values({
      deliveryId: delivery.id,
      number: delivery.attempts,
      attemptedAt: delivery.lastAttemptAt ?? clockNow(),
      statusCode: result.statusCode,
      error: result.error,
      durationMs: result.durationMs,
    });
    if (succeeded(result)) {
      await tx
        .update(webhookDeliveries)
        .set({ state: "succeeded", nextAttemptAt: null, leaseUntil: null })
        .where(eq(webhookDeliveries.id, delivery.id));
      await tx
        .update(webhookSubscriptions)
        .set({ failingSince: null })
        .where(eq(webhookSubscriptions.id, delivery.subscriptionId));
      return;
    }
    const delay = RETRY_DELAYS_SECONDS[delivery.attempts - 1];
    await tx
      .update(webhookDeliveries)
      .set(
        delay === undefined
          ? { state: "failed", nextAttemptAt: null, leaseUntil: null }
          : {
              state: "pending",
              nextAttemptAt: sql`app_now() + make_interval(secs => ${delay})`,
              leaseUntil: null,
            },
      )
      .where(eq(webhookDeliveries.id, delivery.id));
    const [subscription] = await tx
      .update(webhookSubscriptions)
      .set({ failingSince: sql`coalesce(${webhookSubscriptions.failingSince}, app_now())` })
      .where(eq(webhookSubscriptions.id, delivery.subscriptionId))
      .returning();
    if (
      subscription.enabled &&
      subscription.failingSince &&
      clockNow().getTime() - subscription.failingSince.getTime() >= DISABLE_AFTER_HOURS * 3_600_000
    )
      await disableFailing(tx, subscription, attemptSummary(result));
  });
}

/** A day of failures: the subscription is disabled, its waiting deliveries given up, its owners told. */
async function disableFailing(tx: Db, subscription: WebhookSubscriptionRow, last: string): Promise<void> {
  const reason = `Every attempt failed for ${DISABLE_AFTER_HOURS} hours (last: ${last}).`;
  const [disabled] = await tx
    .update(webhookSubscriptions)
    .set({ enabled: false, disabledAt: sql`app_now()`, disabledReason: reason })
    .where(and(eq(webhookSubscriptions.id, subscription.id), eq(webhookSubscriptions.enabled, true)))
    .returning();
  if (!disabled) return;
  await tx
    .update(webhookDeliveries)
    .set({ state: "failed", nextAttemptAt: null, leaseUntil: null })
    .where(and(eq(webhookDeliveries.subscriptionId, subscription.id), eq(webhookDeliveries.state, "pending")));
  await tellOwnersDisabled(tx, disabled);
  logger.warn({ subscriptionId: subscription.id, reason }, "webhook subscription disabled after a day of failures");
}

/** One attempt of a claimed delivery; an unexpected error is logged and recorded as the attempt's. */
async function attempt(db: Db, id: string): Promise<void> {
  const [row] = await db
    .select({ delivery: webhookDeliveries, subscription: webhookSubscriptions })
    .from(webhookDeliveries)
    .innerJoin(webhookSubscriptions, eq(webhookSubscriptions.id, webhookDeliveries.subscriptionId))
    .where(eq(webhookDeliveries.id, id));
  if (!row) return;
  let result: AttemptResult;
  try {
    result = await post(row.delivery, row.subscription);
  } catch (error) {
    logger.error({ deliveryId: id, err: errorFields(error) }, "webhook attempt failed unexpectedly");
    result = { statusCode: null, error: "internal error", durationMs: 0 };
  }
  await record(db, row.delivery, result);
}

/** Sends every attempt now due; answers how many were made. */
export async function deliverDueWebhooks(db: Db): Promise<number> {
  const ids = await claimDue(db);
  for (let start = 0; start < ids.length; start += PARALLEL)
    await Promise.all(ids.slice(start, start + PARALLEL).map((id) => attempt(db, id)));
  return ids.length;
}
