/**
 * A subscription's delivery log (issue 47, item 4): its last deliveries with every attempt, and
 * "send again": one more attempt of a delivery, at once, with the same message id.
 */
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { WebhookDeliveryList, WebhookDeliveryOutput } from "~contract/operator/webhooks";
import { clockNow } from "../clock";
import type { Db } from "../db/client";
import { webhookAttempts, webhookDeliveries, type WebhookAttemptRow, type WebhookDeliveryRow } from "../db/schema";
import { conflict, notFound } from "../http/errors";
import { writeAudit, type Actor } from "../audit/log";
import { kickWebhooks } from "./kick";
import { ownWebhook } from "./subscriptions";

/** Deliveries the log shows. */
const LOG_LENGTH = 50;

const deliveryOutput = (row: WebhookDeliveryRow, attempts: WebhookAttemptRow[]): WebhookDeliveryOutput => ({
  id: row.id,
  eventId: row.eventId,
  type: row.eventType,
  state: row.state,
  payload: row.payload,
  createdAt: row.createdAt.toISOString(),
  nextAttemptAt: row.nextAttemptAt ? row.nextAttemptAt.toISOString() : null,
  attempts: attempts
    .filter((attempt) => attempt.deliveryId === row.id)
    .map((attempt) => ({
      number: attempt.number,
      attemptedAt: attempt.attemptedAt.toISOString(),
      statusCode: attempt.statusCode,
      error: attempt.error,
      durationMs: attempt.durationMs,
    })),
});

async function attemptsOf(db: Db, ids: string[]): Promise<WebhookAttemptRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(webhookAttempts)
    .where(inArray(webhookAttempts.deliveryId, ids))
    .orderBy(asc(webhookAttempts.number));
}

/** GET /v1/operator/webhooks/{webhookId}/deliveries: newest first. */
export async function listWebhookDeliveries(
  db: Db,
  accountId: string,
  webhookId: string,
): Promise<WebhookDeliveryList> {
  const subscription = await ownWebhook(db, accountId, webhookId);
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.subscriptionId, subscription.id))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(LOG_LENGTH);
  const attempts = await attemptsOf(
    db,
    rows.map((row) => row.id),
  );
  return { deliveries: rows.map((row) => deliveryOutput(row, attempts)) };
}

/**
 * POST …/deliveries/{deliveryId}/redeliver: due now, whatever its state (a delivery given up gets
 * this one attempt, no new series); refused while an attempt is under way or the subscription is disabled.
 */
export async function redeliverWebhook(
  db: Db,
  actor: Actor,
  webhookId: string,
  deliveryId: string,
): Promise<WebhookDeliveryOutput> {
  const output = await db.transaction(async (tx) => {
    const subscription = await ownWebhook(tx, actor.accountId, webhookId, true);
    const [delivery] = await tx
      .select()
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.subscriptionId, subscription.id)))
      .for("update")
      .limit(1);
    if (!delivery) throw notFound(`No delivery "${deliveryId}" of this webhook.`, "webhook_delivery_not_found");
    if (!subscription.enabled)
      throw conflict("This webhook is disabled: turn it on again to send its events.", "webhook_disabled");
    if (delivery.state === "sending" && delivery.leaseUntil && delivery.leaseUntil > clockNow())
      throw conflict("This delivery is being sent right now.", "webhook_delivery_in_progress");
    const [due] = await tx
      .update(webhookDeliveries)
      .set({ state: "pending", nextAttemptAt: clockNow(), leaseUntil: null })
      .where(eq(webhookDeliveries.id, delivery.id))
      .returning();
    await writeAudit(tx, actor, "webhook.redelivered", {
      webhookId: subscription.id,
      url: subscription.url,
      deliveryId: delivery.id,
      eventId: delivery.eventId,
      type: delivery.eventType,
    });
    return deliveryOutput(due, await attemptsOf(tx, [due.id]));
  });
  kickWebhooks();
  return output;
}
