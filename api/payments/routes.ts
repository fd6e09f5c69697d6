import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { withTenant } from "../accounts/tenant";
import { dataResponse } from "../http/envelope";
import { ApiError, notFound } from "../http/errors";
import { allowOnly } from "../http/method-guard";
import type { AppEnv } from "../http/types";
import { validate } from "../http/validate";
import { withDb } from "../http/with-db";
import { receiveEvent } from "./events";
import { paymentProvider } from "./index";
import { WebhookVerificationError } from "./provider";
import { paySandboxCheckout, sandboxCheckoutView } from "./sandbox";
import { sandboxCheckoutParams, sandboxPayBody, webhookParams } from "~contract/payments";

export const paymentRoutes = new Hono<AppEnv>();

/** The sandbox checkout exists only while the sandbox is the payment provider. */
const sandboxOnly = createMiddleware<AppEnv>(async (c, next) => {
  if (paymentProvider().name !== "sandbox") throw notFound(`No endpoint at ${c.req.method} ${c.req.path}.`);
  c.header("Cache-Control", "no-store");
  await next();
});

paymentRoutes.get(
  "/payments/sandbox/checkouts/:sessionId",
  sandboxOnly,
  validate("param", sandboxCheckoutParams),
  withDb,
  withTenant,
  async (c) => dataResponse(c, await sandboxCheckoutView(c.get("db"), c.req.valid("param").sessionId)),
);
allowOnly(paymentRoutes, "/payments/sandbox/checkouts/:sessionId", ["GET"]);

/**
 * Pays or declines a sandbox checkout (public: the session id is the capability, as on a
 * hosted payment page). The outcome goes through the same event path as a webhook.
 */
paymentRoutes.post(
  "/payments/sandbox/checkouts/:sessionId/pay",
  sandboxOnly,
  validate("param", sandboxCheckoutParams),
  validate("json", sandboxPayBody),
  withDb,
  withTenant,
  async (c) => {
    const db = c.get("db");
    const { checkout, event } = await paySandboxCheckout(db, c.req.valid("param").sessionId, c.req.valid("json"));
    await receiveEvent(db, event);
    return dataResponse(c, { status: checkout.status, redirectUrl: checkout.successUrl });
  },
);
allowOnly(paymentRoutes, "/payments/sandbox/checkouts/:sessionId/pay", ["POST"]);

/**
 * Provider webhooks: the signature is verified on the raw body (400 when it does not match);
 * an event id handled before is acknowledged (200) and ignored.
 */
paymentRoutes.post("/payments/webhook/:provider", validate("param", webhookParams), withDb, async (c) => {
  const provider = paymentProvider();
  if (provider.name === "sandbox" || c.req.valid("param").provider !== provider.name) {
    throw notFound(`No endpoint at ${c.req.method} ${c.req.path}.`);
  }
  const rawBody = await c.req.text();
  let event;
  try {
    event = provider.parseWebhook(rawBody, c.req.raw.headers);
  } catch (error) {
    if (error instanceof WebhookVerificationError) throw new ApiError(400, "webhook_invalid", error.message);
    throw error;
  }
  const result = await receiveEvent(c.get("db"), event);
  return c.json({ success: true, data: { eventId: event.eventId, duplicate: result.duplicate } });
});
allowOnly(paymentRoutes, "/payments/webhook/:provider", ["POST"]);
