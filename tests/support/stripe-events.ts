import { randomUUID } from "node:crypto";
import Stripe from "stripe";
import { api, type ApiResult } from "./api";
import { v1Path } from "./client";
import type { StripeObject } from "./fake-stripe";

/** The webhook secret the tests' Stripe provider is made with. */
export const STRIPE_WEBHOOK_SECRET = "whsec_test_fake_secret";

/** The Connect endpoint's secret (the connected accounts' events), for providers made with it. */
export const STRIPE_CONNECT_WEBHOOK_SECRET = "whsec_test_fake_connect_secret";

const signer = new Stripe("sk_test_fake_signer");

/** A Stripe event's JSON: `type` about `object`, made at `created` (seconds; now by default). */
export function stripeEvent(
  type: string,
  object: StripeObject,
  options: { id?: string; created?: number; account?: string } = {},
): string {
  return JSON.stringify({
    id: options.id ?? `evt_${randomUUID().replace(/-/g, "")}`,
    object: "event",
    type,
    api_version: "2026-10-28.endive",
    created: options.created ?? Math.floor(Date.now() / 1000),
    ...(options.account ? { account: options.account } : {}),
    data: { object },
  });
}

/** Delivers `payload` to the Stripe webhook, signed as Stripe would with `secret` (the platform endpoint's by default). */
export function sendStripeWebhook(payload: string, secret = STRIPE_WEBHOOK_SECRET): Promise<ApiResult> {
  const headers = new Headers({ "Content-Type": "application/json" });
  headers.set("Stripe-Signature", signer.webhooks.generateTestHeaderString({ payload, secret }));
  return api(v1Path("paymentWebhook", { params: { provider: "stripe" } }), { method: "POST", headers, body: payload });
}
