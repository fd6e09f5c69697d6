/**
 * OCTO's webhooks capability (issue 47, item 4): a reseller's own subscriptions to
 * `booking_update`, made, listed and deleted with its key, and the notices they are sent. A
 * subscription is a row of webhook_subscriptions with the reseller's id, listening to the three
 * booking events, so the operator's delivery machinery (api/webhooks/delivery.ts: Standard Webhooks
 * signatures, retries, the target checked again, disabled after a day of failures) sends them.
 * Its body is OCTO's: `{ webhook, booking }`, the booking as GET /octo/bookings/{uuid} answers it,
 * written in the transaction of the change like every webhook event.
 */
import { and, asc, count, eq } from "drizzle-orm";
import type { OctoWebhook, OctoWebhookBody } from "~contract/octo/webhooks";
import { OCTO_WEBHOOKS_PER_RESELLER } from "~contract/octo/webhooks";
import type { WebhookEventType } from "~contract/operator/webhook-rules";
import { writeAudit } from "../audit/log";
import { clockNow } from "../clock";
import type { Db } from "../db/client";
import { bookings, resellers, webhookSubscriptions, type WebhookSubscriptionRow } from "../db/schema";
import { randomId } from "../ids";
import { logger } from "../logger";
import { resellerTerms } from "../resellers/net-rates";
import { writeDeliveries } from "../webhooks/events";
import { newWebhookSecret } from "../webhooks/secrets";
import { checkedTargetUrl } from "../webhooks/target";
import { readBookings, toOctoBooking } from "./booking-view";
import { badRequest, OctoError } from "./errors";
import type { OctoCaller } from "./register";

/** What a reseller's subscription listens to: every change of one of its bookings. */
const BOOKING_UPDATE_EVENTS: WebhookEventType[] = ["booking.created", "booking.cancelled", "booking.changed"];

const octoWebhookOf = (row: WebhookSubscriptionRow): OctoWebhook => ({
  id: row.id,
  event: "booking_update",
  url: row.url,
  capabilities: row.capabilities,
});

const resellersOwn = (caller: OctoCaller) =>
  and(eq(webhookSubscriptions.accountId, caller.account.id), eq(webhookSubscriptions.resellerId, caller.reseller.id));

/** The target refused (private, loopback, plain http in production…): OCTO's BAD_REQUEST with the reason. */
const checkedTarget = (url: string) => checkedTargetUrl(url, (refusal) => badRequest(`url: ${refusal.message}`));

/** POST /octo/webhooks: the secret is answered here only. */
export async function createOctoWebhook(caller: OctoCaller, body: OctoWebhookBody) {
  const url = await checkedTarget(body.url);
  const { secret, sealed } = newWebhookSecret();
  return caller.db.transaction(async (tx) => {
    const [{ n }] = await tx.select({ n: count() }).from(webhookSubscriptions).where(resellersOwn(caller));
    if (n >= OCTO_WEBHOOKS_PER_RESELLER)
      throw badRequest(`A reseller may have ${OCTO_WEBHOOKS_PER_RESELLER} webhooks; delete one first.`);
    const [row] = await tx
      .insert(webhookSubscriptions)
      .values({
        id: randomId("wh_"),
        accountId: caller.account.id,
        resellerId: caller.reseller.id,
        url,
        events: BOOKING_UPDATE_EVENTS,
        capabilities: caller.capabilities,
        secretSealed: sealed,
        createdAt: clockNow(),
      })
      .returning();
    logger.info({ resellerId: caller.reseller.id, webhookId: row.id }, "octo webhook created");
    await auditResellerWebhook(tx, caller, "reseller_webhook.created", row);
    return { ...octoWebhookOf(row), secret };
  });
}

/** GET /octo/webhooks. */
export async function listOctoWebhooks(caller: OctoCaller): Promise<OctoWebhook[]> {
  const rows = await caller.db
    .select()
    .from(webhookSubscriptions)
    .where(resellersOwn(caller))
    .orderBy(asc(webhookSubscriptions.createdAt), asc(webhookSubscriptions.id));
  return rows.map(octoWebhookOf);
}

/** DELETE /octo/webhooks/{webhookId}: another reseller's (or an operator's) is NOT_FOUND. */
export async function deleteOctoWebhook(caller: OctoCaller, webhookId: string): Promise<OctoWebhook> {
  const row = await caller.db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(webhookSubscriptions)
      .where(and(resellersOwn(caller), eq(webhookSubscriptions.id, webhookId)))
      .returning();
    if (deleted) await auditResellerWebhook(tx, caller, "reseller_webhook.deleted", deleted);
    return deleted;
  });
  if (!row) throw new OctoError(404, { error: "NOT_FOUND", errorMessage: `No webhook "${webhookId}".` });
  logger.info({ resellerId: caller.reseller.id, webhookId: row.id }, "octo webhook deleted");
  return octoWebhookOf(row);
}

/** The operator's audit log says which reseller subscribed or unsubscribed which address (no user acted: its key). */
function auditResellerWebhook(
  tx: Db,
  caller: OctoCaller,
  action: "reseller_webhook.created" | "reseller_webhook.deleted",
  row: WebhookSubscriptionRow,
): Promise<void> {
  const { reseller } = caller;
  return writeAudit(
    tx,
    { accountId: caller.account.id, userId: null, email: reseller.contactEmail, clientAddress: caller.clientAddress },
    action,
    { webhookId: row.id, url: row.url, resellerId: reseller.id, name: reseller.name },
  );
}

/**
 * `booking_update` for the booking's reseller's enabled subscriptions, in the change's transaction.
 * Not a reseller's booking: nothing is read; a reseller without webhooks: one small query.
 */
export async function notifyResellerOfChange(
  tx: Db,
  { id: bookingId, resellerId }: { id: string; resellerId: string | null },
  type: WebhookEventType,
): Promise<void> {
  if (!resellerId) return;
  const subscriptions = await tx
    .select({
      subscription: webhookSubscriptions,
      reseller: { id: resellers.id, commissionBps: resellers.commissionBps },
    })
    .from(webhookSubscriptions)
    .innerJoin(resellers, eq(resellers.id, webhookSubscriptions.resellerId))
    .where(and(eq(webhookSubscriptions.resellerId, resellerId), eq(webhookSubscriptions.enabled, true)))
    .orderBy(asc(webhookSubscriptions.createdAt));
  if (subscriptions.length === 0) return;
  const [row] = await readBookings(tx, eq(bookings.id, bookingId), 1);
  if (!row) return;
  const priced = subscriptions.some(({ subscription }) => subscription.capabilities.includes("octo/pricing"));
  const terms = priced ? await resellerTerms(tx, subscriptions[0].reseller) : null;
  await writeDeliveries(
    tx,
    row.booking.accountId,
    type,
    subscriptions.map(({ subscription }) => ({
      subscriptionId: subscription.id,
      payload: {
        webhook: octoWebhookOf(subscription),
        booking: toOctoBooking(row, subscription.capabilities.includes("octo/pricing") ? terms : null),
      },
    })),
  );
}
