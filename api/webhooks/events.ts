/**
 * Webhook events (issue 47, item 4): written in the transaction of the change they announce (a
 * transactional outbox), one delivery for each enabled subscription of the operator that asked
 * for the event's type, all with the event's one message id. The body is Standard Webhooks'
 * `{ type, timestamp, data }`. A reseller's OCTO subscriptions get their own bodies
 * (api/octo/webhooks.ts) through `writeDeliveries`.
 */
import { and, arrayContains, eq } from "drizzle-orm";
import type { WebhookEventType } from "~contract/operator/webhook-rules";
import { clockNow } from "../clock";
import type { Db } from "../db/client";
import { webhookDeliveries, webhookSubscriptions } from "../db/schema";
import { randomId } from "../ids";
import { kickWebhooks } from "./kick";
import { operatorsOwn } from "./subscriptions";

/** The event types the operator's enabled subscriptions ask for (empty: it has none). */
export async function subscribedEvents(tx: Db, accountId: string): Promise<Set<WebhookEventType>> {
  const rows = await tx
    .select({ events: webhookSubscriptions.events })
    .from(webhookSubscriptions)
    .where(and(operatorsOwn(accountId), eq(webhookSubscriptions.enabled, true)));
  return new Set(rows.flatMap((row) => row.events));
}

/** Writes the event for the operator's subscriptions to `type` (none: nothing is written). Answers the deliveries written. */
export async function enqueueWebhookEvent(
  tx: Db,
  accountId: string,
  type: WebhookEventType,
  data: Record<string, unknown>,
): Promise<number> {
  const subscribed = await tx
    .select({ id: webhookSubscriptions.id })
    .from(webhookSubscriptions)
    .where(
      and(
        operatorsOwn(accountId),
        eq(webhookSubscriptions.enabled, true),
        arrayContains(webhookSubscriptions.events, [type]),
      ),
    );
  if (subscribed.length === 0) return 0;
  const payload = { type, timestamp: clockNow().toISOString(), data };
  await writeDeliveries(
    tx,
    accountId,
    type,
    subscribed.map((subscription) => ({ subscriptionId: subscription.id, payload })),
  );
  return subscribed.length;
}

/** Writes one event's deliveries (one message id for all of them) and wakes the sender. */
export async function writeDeliveries(
  tx: Db,
  accountId: string,
  type: WebhookEventType,
  deliveries: { subscriptionId: string; payload: Record<string, unknown> }[],
): Promise<void> {
  if (deliveries.length === 0) return;
  const now = clockNow();
  const eventId = randomId("msg_", 24);
  await tx.insert(webhookDeliveries).values(
    deliveries.map(({ subscriptionId, payload }) => ({
      id: randomId("whd_"),
      subscriptionId,
      accountId,
      eventId,
      eventType: type,
      payload,
      nextAttemptAt: now,
    })),
  );
  kickWebhooks();
}
