import { Hono } from "hono";
import { endpoints } from "~contract/endpoints";
import { clientIp } from "../http/client-info";
import { handle, WithStatus } from "../http/register";
import type { AppEnv } from "../http/types";
import { actorOf } from "../members/guard";
import { listWebhookDeliveries, redeliverWebhook } from "./delivery-log";
import { createWebhook, deleteWebhook, enableWebhook, listWebhooks, rotateWebhookSecret } from "./subscriptions";

/** The console's webhooks (owner, manager of the operator named by X-Account-Context). */
export const webhookRoutes = new Hono<AppEnv>();

handle(webhookRoutes, endpoints.operatorListWebhooks, async (c, { member }) =>
  listWebhooks(c.get("db"), member.account.id),
);

handle(webhookRoutes, endpoints.operatorCreateWebhook, async (c, { body, member }) => {
  const created = await createWebhook(c.get("db"), actorOf(member, clientIp(c)), body);
  return new WithStatus(201, created);
});

handle(webhookRoutes, endpoints.operatorRotateWebhookSecret, async (c, { params, member }) =>
  rotateWebhookSecret(c.get("db"), actorOf(member, clientIp(c)), params.webhookId),
);

handle(webhookRoutes, endpoints.operatorEnableWebhook, async (c, { params, member }) =>
  enableWebhook(c.get("db"), actorOf(member, clientIp(c)), params.webhookId),
);

handle(webhookRoutes, endpoints.operatorDeleteWebhook, async (c, { params, member }) =>
  deleteWebhook(c.get("db"), actorOf(member, clientIp(c)), params.webhookId),
);

handle(webhookRoutes, endpoints.operatorListWebhookDeliveries, async (c, { params, member }) =>
  listWebhookDeliveries(c.get("db"), member.account.id, params.webhookId),
);

handle(webhookRoutes, endpoints.operatorRedeliverWebhook, async (c, { params, member }) => {
  const delivery = await redeliverWebhook(
    c.get("db"),
    actorOf(member, clientIp(c)),
    params.webhookId,
    params.deliveryId,
  );
  return new WithStatus(202, delivery);
});
