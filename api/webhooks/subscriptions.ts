/**
 * An operator's webhook subscriptions (issue 47, item 4): made, listed, given a new secret and
 * deleted by the console (owner, manager), each change audited in its transaction. The target is
 * checked (api/webhooks/target.ts) before it is kept; a refusal is 400 with its code on `url`.
 */
import { and, asc, count, desc, eq, isNull } from "drizzle-orm";
import type { CreateWebhookBody, WebhookList, WebhookOutput, WebhookWithSecret } from "~contract/operator/webhooks";
import { WEBHOOKS_PER_OPERATOR } from "~contract/operator/webhook-rules";
import { clockNow } from "../clock";
import type { Db } from "../db/client";
import { resellers, webhookSubscriptions, type WebhookSubscriptionRow } from "../db/schema";
import { ApiError, conflict, notFound } from "../http/errors";
import { writeAudit, type Actor } from "../audit/log";
import { randomId } from "../ids";
import { newWebhookSecret } from "./secrets";
import { checkedTargetUrl } from "./target";

const iso = (at: Date | null) => (at ? at.toISOString() : null);

export const webhookOutputOf = (row: WebhookSubscriptionRow): WebhookOutput => ({
  id: row.id,
  url: row.url,
  events: row.events,
  enabled: row.enabled,
  disabledAt: iso(row.disabledAt),
  disabledReason: row.disabledReason,
  failingSince: iso(row.failingSince),
  createdAt: row.createdAt.toISOString(),
  secretRotatedAt: iso(row.secretRotatedAt),
});

/** The operator's own subscriptions (its resellers' OCTO ones are theirs: api/octo/webhooks.ts). */
export const operatorsOwn = (accountId: string) =>
  and(eq(webhookSubscriptions.accountId, accountId), isNull(webhookSubscriptions.resellerId));

/** The subscription `webhookId` of this operator, locked when `lock`; another operator's or none: 404 webhook_not_found. */
export async function ownWebhook(
  db: Db,
  accountId: string,
  webhookId: string,
  lock = false,
): Promise<WebhookSubscriptionRow> {
  const query = db
    .select()
    .from(webhookSubscriptions)
    .where(and(eq(webhookSubscriptions.id, webhookId), operatorsOwn(accountId)))
    .limit(1);
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw notFound(`No webhook "${webhookId}".`, "webhook_not_found");
  return row;
}

/** GET /v1/operator/webhooks: its own, newest first; its resellers' OCTO ones, by reseller then newest first. */
export async function listWebhooks(db: Db, accountId: string): Promise<WebhookList> {
  const [rows, resellersRows] = await Promise.all([
    db
      .select()
      .from(webhookSubscriptions)
      .where(operatorsOwn(accountId))
      .orderBy(desc(webhookSubscriptions.createdAt), asc(webhookSubscriptions.id)),
    db
      .select({ subscription: webhookSubscriptions, resellerName: resellers.name })
      .from(webhookSubscriptions)
      .innerJoin(resellers, eq(resellers.id, webhookSubscriptions.resellerId))
      .where(and(eq(webhookSubscriptions.accountId, accountId), eq(resellers.accountId, accountId)))
      .orderBy(asc(resellers.name), desc(webhookSubscriptions.createdAt), asc(webhookSubscriptions.id)),
  ]);
  return {
    webhooks: rows.map(webhookOutputOf),
    // The same fields as its own, but the events (always booking_update's) and the secret's rotation (the reseller's).
    resellerWebhooks: resellersRows.map(({ subscription, resellerName }) => {
      const { events: _events, secretRotatedAt: _rotated, ...shown } = webhookOutputOf(subscription);
      return { ...shown, resellerId: subscription.resellerId!, resellerName };
    }),
  };
}

/** The target's refusal as a 400 on the `url` field, with its own code. */
export const checkedUrl = (url: string): Promise<string> =>
  checkedTargetUrl(url, (refusal) => new ApiError(400, refusal.code, refusal.message, { url: [refusal.message] }));

/** POST /v1/operator/webhooks: the secret is answered here only. */
export async function createWebhook(db: Db, actor: Actor, body: CreateWebhookBody): Promise<WebhookWithSecret> {
  const url = await checkedUrl(body.url);
  const { secret, sealed } = newWebhookSecret();
  return db.transaction(async (tx) => {
    const [{ n }] = await tx.select({ n: count() }).from(webhookSubscriptions).where(operatorsOwn(actor.accountId));
    if (n >= WEBHOOKS_PER_OPERATOR)
      throw conflict(`An operator may have ${WEBHOOKS_PER_OPERATOR} webhooks.`, "webhook_limit_reached");
    const [row] = await tx
      .insert(webhookSubscriptions)
      .values({
        id: randomId("wh_"),
        accountId: actor.accountId,
        url,
        events: body.events,
        secretSealed: sealed,
        createdAt: clockNow(),
      })
      .returning();
    await writeAudit(tx, actor, "webhook.created", { webhookId: row.id, url, events: row.events.join(",") });
    return { ...webhookOutputOf(row), secret };
  });
}

/** POST /v1/operator/webhooks/{webhookId}/secret: the old secret signs nothing from now on. */
export async function rotateWebhookSecret(db: Db, actor: Actor, webhookId: string): Promise<WebhookWithSecret> {
  const { secret, sealed } = newWebhookSecret();
  return db.transaction(async (tx) => {
    const own = await ownWebhook(tx, actor.accountId, webhookId, true);
    const [row] = await tx
      .update(webhookSubscriptions)
      .set({ secretSealed: sealed, secretRotatedAt: clockNow() })
      .where(eq(webhookSubscriptions.id, own.id))
      .returning();
    await writeAudit(tx, actor, "webhook.secret_rotated", { webhookId: row.id, url: row.url });
    return { ...webhookOutputOf(row), secret };
  });
}

/**
 * POST /v1/operator/webhooks/{webhookId}/enable: a disabled subscription on again, its URL checked
 * again first (where it points may have changed since it was added); failures count from now.
 * Events made while it was off are not sent (they were given up when it was disabled).
 */
export async function enableWebhook(db: Db, actor: Actor, webhookId: string): Promise<WebhookOutput> {
  const found = await ownWebhook(db, actor.accountId, webhookId);
  if (found.enabled) return webhookOutputOf(found);
  await checkedUrl(found.url);
  return db.transaction(async (tx) => {
    const own = await ownWebhook(tx, actor.accountId, webhookId, true);
    if (own.enabled) return webhookOutputOf(own);
    const [row] = await tx
      .update(webhookSubscriptions)
      .set({ enabled: true, disabledAt: null, disabledReason: null, failingSince: null })
      .where(eq(webhookSubscriptions.id, own.id))
      .returning();
    await writeAudit(tx, actor, "webhook.enabled", { webhookId: row.id, url: row.url });
    return webhookOutputOf(row);
  });
}

/** DELETE /v1/operator/webhooks/{webhookId}: its deliveries and their attempts go with it. */
export async function deleteWebhook(db: Db, actor: Actor, webhookId: string): Promise<WebhookOutput> {
  return db.transaction(async (tx) => {
    const own = await ownWebhook(tx, actor.accountId, webhookId, true);
    await tx.delete(webhookSubscriptions).where(eq(webhookSubscriptions.id, own.id));
    await writeAudit(tx, actor, "webhook.deleted", { webhookId: own.id, url: own.url, events: own.events.join(",") });
    return webhookOutputOf(own);
  });
}
