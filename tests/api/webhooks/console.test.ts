import "../../support/env";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { webhookSubscriptions } from "~api/db/schema";
import { unseal } from "~api/two-step/sealing";
import { identityWorld } from "../../support/identity";
import { asMember, auditEntries, teamOf } from "../../support/operator";
import { v1 } from "../../support/client";
import { allowPrivateWebhookTargets } from "../../support/private-webhook-targets";

const { db } = identityWorld();
allowPrivateWebhookTargets();

const body = { url: "http://127.0.0.1:9/hooks", events: ["availability.changed", "booking.created"] };

describe("console webhooks: the guard", () => {
  it("signed out 401, a non-member 404, a guide 403; an owner and a manager may", async () => {
    const { owner, manager, guide, stranger } = await teamOf(db());
    const create = (token?: string) => v1.operatorCreateWebhook(asMember(token, { body }));
    expect((await create()).status).toBe(401);
    expect((await create(stranger.idToken)).status).toBe(404);
    expect((await create(guide.idToken)).status).toBe(403);
    expect((await v1.operatorListWebhooks(asMember(guide.idToken))).status).toBe(403);
    const made = await create(manager.idToken);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    // Kept in the events' order, the secret once and sealed at rest.
    expect(made.body.data.events).toEqual(["booking.created", "availability.changed"]);
    const [row] = await db().select().from(webhookSubscriptions).where(eq(webhookSubscriptions.id, made.body.data.id));
    expect(row.secretSealed).not.toContain(made.body.data.secret);
    expect(unseal(row.secretSealed)).toBe(made.body.data.secret);
    expect(await auditEntries(db(), "webhook.created", manager.uid)).toHaveLength(1);
    const webhookId = made.body.data.id as string;
    for (const token of [guide.idToken, owner.idToken]) {
      const rotate = await v1.operatorRotateWebhookSecret({ params: { webhookId }, ...asMember(token) });
      expect(rotate.status).toBe(token === guide.idToken ? 403 : 200);
    }
    expect((await v1.operatorListWebhookDeliveries({ params: { webhookId }, ...asMember(guide.idToken) })).status).toBe(
      403,
    );
    expect((await v1.operatorDeleteWebhook({ params: { webhookId }, ...asMember(guide.idToken) })).status).toBe(403);
    expect((await v1.operatorDeleteWebhook({ params: { webhookId }, ...asMember(owner.idToken) })).status).toBe(200);
    expect((await v1.operatorListWebhooks(asMember(owner.idToken))).body.data.webhooks).toEqual([]);
  });

  it("another operator's webhook and deliveries are 404 and change nothing", async () => {
    const { owner } = await teamOf(db());
    const made = await v1.operatorCreateWebhook(asMember(owner.idToken, { body }));
    const webhookId = made.body.data.id as string;
    const { manager } = await teamOf(db(), "harbor");
    const asHarbor = asMember(manager.idToken, { account: "harbor" });
    for (const answer of [
      await v1.operatorListWebhookDeliveries({ params: { webhookId }, ...asHarbor }),
      await v1.operatorRotateWebhookSecret({ params: { webhookId }, ...asHarbor }),
      await v1.operatorDeleteWebhook({ params: { webhookId }, ...asHarbor }),
      await v1.operatorEnableWebhook({ params: { webhookId }, ...asHarbor }),
      await v1.operatorRedeliverWebhook({ params: { webhookId, deliveryId: "whd_none" }, ...asHarbor }),
    ]) {
      expect(answer.status).toBe(404);
      expect(answer.body.error.code).toBe("webhook_not_found");
    }
    expect((await v1.operatorListWebhooks(asHarbor)).body.data.webhooks).toEqual([]);
    const own = await v1.operatorListWebhooks(asMember(owner.idToken));
    expect(own.body.data.webhooks.map((webhook: { id: string }) => webhook.id)).toContain(webhookId);
    const missing = await v1.operatorRedeliverWebhook({
      params: { webhookId, deliveryId: "whd_none" },
      ...asMember(owner.idToken),
    });
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe("webhook_delivery_not_found");
  });

  it("refuses no events, an unknown event, a missing URL and more than 10 webhooks", async () => {
    const { owner } = await teamOf(db());
    const create = (payload: unknown) => v1.operatorCreateWebhook(asMember(owner.idToken, { body: payload }));
    const empty = await create({ url: body.url, events: [] });
    expect(empty.status).toBe(400);
    expect(Object.keys(empty.body.error.fields)).toEqual(["events"]);
    expect((await create({ url: body.url, events: ["booking.paid"] })).status).toBe(400);
    const noUrl = await create({ events: ["booking.created"] });
    expect(noUrl.status).toBe(400);
    expect(Object.keys(noUrl.body.error.fields)).toEqual(["url"]);
    const existing = (await v1.operatorListWebhooks(asMember(owner.idToken))).body.data.webhooks.length as number;
    for (let i = existing; i < 10; i++) expect((await create(body)).status).toBe(201);
    const over = await create(body);
    expect(over.status).toBe(409);
    expect(over.body.error.code).toBe("webhook_limit_reached");
  });
});
