import { randomUUID } from "node:crypto";
import Stripe from "stripe";
import { api } from "./api";
import { v1Path } from "./client";
import type { StripeObject } from "./fake-stripe";

/** The webhook secret the tests give the Stripe provider, and a client to sign with it. */
export const WEBHOOK_SECRET = "whsec_test_fake_secret";
/** The Connect endpoint's secret (the connected accounts' events), for providers made with it. */
export const CONNECT_WEBHOOK_SECRET = "whsec_test_fake_connect_secret";
const signer = new Stripe("sk_test_fake_signer");

/**
 * A Stripe event's JSON around `object` (a new event id unless told); `account` for a connected
 * account's event (Connect: payouts, account updates); `created` its time in seconds (now unless told).
 */
export function stripeEvent(
  type: string,
  object: StripeObject,
  options: { eventId?: string; account?: string; created?: number } = {},
): string {
  return JSON.stringify({
    id: options.eventId ?? `evt_${randomUUID().replace(/-/g, "")}`,
    object: "event",
    type,
    api_version: "2026-10-28.endive",
    created: options.created ?? Math.floor(Date.now() / 1000),
    ...(options.account ? { account: options.account } : {}),
    data: { object },
  });
}

/** Delivers a payload to the Stripe webhook, signed with `secret` (WEBHOOK_SECRET, the platform endpoint's, unless told). */
export function sendStripeWebhook(payload: string, secret = WEBHOOK_SECRET) {
  const headers = new Headers({ "Content-Type": "application/json" });
  headers.set("Stripe-Signature", signer.webhooks.generateTestHeaderString({ payload, secret }));
  return api(v1Path("paymentWebhook", { params: { provider: "stripe" } }), { method: "POST", headers, body: payload });
}
