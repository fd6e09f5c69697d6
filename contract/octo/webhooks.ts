/**
 * OCTO's webhooks capability (`octo/webhooks`, issue 47 item 4): a reseller subscribes a URL of its
 * own to `booking_update` (one of its bookings confirmed, changed or cancelled) and is sent
 * `{ webhook, booking }`, the booking as GET /octo/bookings/{uuid} answers it, with the capabilities
 * the reseller named when it subscribed. Deliveries are signed as Standard Webhooks with the secret
 * answered once, at creation.
 */
import { z } from "zod";
import { WEBHOOK_URL_MAX } from "../operator/webhook-rules";

/** The one event a reseller may subscribe to. */
export const OCTO_WEBHOOK_EVENTS = ["booking_update"] as const;

/** Subscriptions one reseller may have at once. */
export const OCTO_WEBHOOKS_PER_RESELLER = 5;

export const octoWebhookBody = z.object({
  url: z.string().trim().min(1).max(WEBHOOK_URL_MAX),
  event: z.enum(OCTO_WEBHOOK_EVENTS),
});
export type OctoWebhookBody = z.infer<typeof octoWebhookBody>;

export const octoWebhookParams = z.object({ webhookId: z.string().trim().min(1).max(200) });

export const octoWebhook = z.object({
  id: z.string(),
  event: z.enum(OCTO_WEBHOOK_EVENTS),
  url: z.string(),
  capabilities: z.array(z.string()),
});
export type OctoWebhook = z.infer<typeof octoWebhook>;

/** The created subscription, with the secret its deliveries are signed with (answered this once). */
export const octoWebhookWithSecret = octoWebhook.extend({
  secret: z.string().describe("Standard Webhooks secret (whsec_…): verify each delivery's signature with it."),
});
