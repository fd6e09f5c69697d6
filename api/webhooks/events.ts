/**
 * Webhook events (issue 47, item 4): written in the transaction of the change they announce (a
 * transactional outbox), one delivery for each enabled subscription of the operator that asked
 * for the event's type, all with the event's one message id. The body is Standard Webhooks'
 * `{ type, timestamp, data }`.
 */
import { and, arrayContains, eq } from "drizzle-orm";
import type { WebhookEventType } from "~contract/operator/webhook-rules";
import { clockNow } from "../clock";
import type { Db } from "../db/client";
import { webhookDeliveries, webhookSubscriptions } from "../db/schema";
import { randomId } from "../ids";
import { kickWebhooks } from "./kick";

/** The event types the operator's enabled subscriptions ask for (empty: it has none). */
export async function subscribedEvents(tx: Db, accountId: string): Promise<Set<WebhookEventType>> {
  const rows = await tx
    .select({ events: webhookSubscriptions.events })
    .from(webhookSubscriptions)
    .where(and(eq(webhookSubscriptions.accountId, accountId), eq(webhookSubscriptions.enabled, true)));
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
        eq(webhookSubscriptions.accountId, accountId),
        eq(webhookSubscriptions.enabled, true),
        arrayContains(webhookSubscriptions.events, [type]),
      ),
    );
  if (subscribed.length === 0) return 0;
  const now = clockNow();
  const eventId = randomId("msg_", 24);
  const payload = { type, timestamp: now.toISOString(), data };
  await tx.insert(webhookDeliveries).values(
    subscribed.map((subscription) => ({
      id: randomId("whd_"),
      subscriptionId: subscription.id,
      accountId,
      eventId,
      eventType: type,
      payload,
      nextAttemptAt: now,
    })),
  );
  kickWebhooks();
  return subscribed.length;
}
