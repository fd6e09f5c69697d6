import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { paymentWebhookFailures } from "~runtime/metrics.mjs";
import { endpoints } from "~contract/endpoints";
import { ApiError, notFound } from "../http/errors";
import { handle } from "../http/register";
import type { AppEnv } from "../http/types";
import { receiveEvent } from "./events";
import { paymentProvider } from "./index";
import { WebhookVerificationError } from "./provider";
import { payoutAccountNotFound, payoutAccountView, payoutStateOf } from "./payout-accounts";
import { completeSandboxOnboarding, findSandboxAccount, paySandboxCheckout, sandboxCheckoutView } from "./sandbox";

export const paymentRoutes = new Hono<AppEnv>();

/** The sandbox checkout exists only while the sandbox is the payment provider. */
const sandboxOnly = createMiddleware<AppEnv>(async (c, next) => {
  if (paymentProvider().name !== "sandbox") throw notFound(`No endpoint at ${c.req.method} ${c.req.path}.`);
  c.header("Cache-Control", "no-store");
  await next();
});

handle(paymentRoutes, endpoints.sandboxCheckout, { use: [sandboxOnly] }, async (c, { params }) =>
  sandboxCheckoutView(c.get("db"), params.sessionId),
);

/**
 * Pays or declines a sandbox checkout (public: the session id is the capability, as on a
 * hosted payment page). The outcome goes through the same event path as a webhook.
 */
handle(paymentRoutes, endpoints.paySandboxCheckout, { use: [sandboxOnly] }, async (c, { params, body }) => {
  const db = c.get("db");
  const { checkout, event } = await paySandboxCheckout(db, params.sessionId, body);
  await receiveEvent(db, event);
  return { status: checkout.status, redirectUrl: checkout.successUrl };
});

/** The sandbox's onboarding page of the owner's own payout account (another's: 404). */
handle(paymentRoutes, endpoints.sandboxOnboarding, { use: [sandboxOnly] }, async (c, { params, member }) => {
  const row = await findSandboxAccount(c.get("db"), params.payoutAccountId, member.account.id);
  if (!row) throw payoutAccountNotFound();
  return { providerAccountId: row.providerAccountId, operatorName: member.account.name, state: payoutStateOf(row) };
});

/** The owner "completes" the sandbox's onboarding: the account takes charges and gets payouts. */
handle(paymentRoutes, endpoints.completeSandboxOnboarding, { use: [sandboxOnly] }, async (c, { params, member }) => {
  const row = await completeSandboxOnboarding(c.get("db"), member.account.id, params.payoutAccountId);
  if (!row) throw payoutAccountNotFound();
  return payoutAccountView("sandbox", row);
});

/**
 * Provider webhooks: the signature is verified on the raw body (400 when it does not match);
 * an event id handled before is acknowledged (200) and ignored. Each one answered with an error
 * counts in `payment_webhooks_failed_total` (invalid: the signature; failed: its handling threw).
 */
handle(paymentRoutes, endpoints.paymentWebhook, async (c, { params }) => {
  const provider = paymentProvider();
  if (provider.name === "sandbox" || params.provider !== provider.name) {
    throw notFound(`No endpoint at ${c.req.method} ${c.req.path}.`);
  }
  const rawBody = await c.req.text();
  let event;
  try {
    event = provider.parseWebhook(rawBody, c.req.raw.headers);
  } catch (error) {
    const invalid = error instanceof WebhookVerificationError;
    paymentWebhookFailures.inc({ provider: provider.name, reason: invalid ? "invalid" : "failed" });
    if (invalid) throw new ApiError(400, "webhook_invalid", error.message);
    throw error;
  }
  try {
    const result = await receiveEvent(c.get("db"), event);
    return { eventId: event.eventId, duplicate: result.duplicate };
  } catch (error) {
    paymentWebhookFailures.inc({ provider: provider.name, reason: "failed" });
    throw error;
  }
});
