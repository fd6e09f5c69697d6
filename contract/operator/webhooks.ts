/**
 * The console's webhooks (issue 47, item 4; decision 049): an operator's subscriptions to its
 * booking and availability events, signed as Standard Webhooks with a secret per subscription
 * (answered once, when it is made or rotated), and each delivery's attempts.
 */
import { z } from "zod";
import { catalogId, said } from "../fields";
import { isoTime } from "../output-parts";
import { domain, endpoint } from "../endpoint";
import { WEBHOOK_DELIVERY_STATES, WEBHOOK_EVENT_TYPES, WEBHOOK_URL_MAX } from "./webhook-rules";

export const createWebhookBody = z
  .object({
    url: z
      .string({ required_error: said("webhookUrl.invalid"), invalid_type_error: said("webhookUrl.invalid") })
      .trim()
      .max(WEBHOOK_URL_MAX, said("webhookUrl.invalid"))
      .url(said("webhookUrl.invalid"))
      .refine((value) => /^https?:\/\//i.test(value), said("webhookUrl.invalid")),
    events: z
      .array(z.enum(WEBHOOK_EVENT_TYPES, { errorMap: () => ({ message: said("webhookEvents.required") }) }), {
        required_error: said("webhookEvents.required"),
        invalid_type_error: said("webhookEvents.required"),
      })
      .min(1, said("webhookEvents.required"))
      .max(WEBHOOK_EVENT_TYPES.length, said("webhookEvents.required"))
      .transform((events) => WEBHOOK_EVENT_TYPES.filter((type) => events.includes(type))),
  })
  .strict();
export type CreateWebhookBody = z.infer<typeof createWebhookBody>;

export const webhookParams = z.object({ webhookId: catalogId });
export const webhookDeliveryParams = z.object({ webhookId: catalogId, deliveryId: catalogId });

/** A subscription as the console lists it: never its secret. */
export const webhookOutput = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  enabled: z.boolean(),
  /** When and why it was disabled (a day of failed attempts); null while enabled. */
  disabledAt: isoTime.nullable(),
  disabledReason: z.string().nullable(),
  /** The first failed attempt since its last success; null: the last attempt succeeded (or none yet). */
  failingSince: isoTime.nullable(),
  createdAt: isoTime,
  /** When its secret was last rotated; null: it has its first. */
  secretRotatedAt: isoTime.nullable(),
});
export type WebhookOutput = z.infer<typeof webhookOutput>;

/**
 * A reseller's subscription to this operator's booking updates (made by the reseller through OCTO
 * with its key, deleted there too): the console shows it, read-only, beside the operator's own.
 */
export const resellerWebhookOutput = webhookOutput
  .pick({
    id: true,
    url: true,
    enabled: true,
    disabledAt: true,
    disabledReason: true,
    failingSince: true,
    createdAt: true,
  })
  .extend({ resellerId: z.string(), resellerName: z.string() });
export type ResellerWebhookOutput = z.infer<typeof resellerWebhookOutput>;

export const webhookList = z.object({
  webhooks: z.array(webhookOutput),
  /** Its resellers' OCTO subscriptions, by reseller then newest first. */
  resellerWebhooks: z.array(resellerWebhookOutput),
});
export type WebhookList = z.infer<typeof webhookList>;

/** A new subscription, or one with a new secret: the secret (whsec_…) is in this answer only. */
export const webhookWithSecret = webhookOutput.extend({ secret: z.string() });
export type WebhookWithSecret = z.infer<typeof webhookWithSecret>;

export const webhookAttemptOutput = z.object({
  number: z.number().int(),
  attemptedAt: isoTime,
  /** The receiver's HTTP status; null when there was no answer (see `error`). */
  statusCode: z.number().int().nullable(),
  /** The network error, the refused target or the timeout; null when it answered. */
  error: z.string().nullable(),
  durationMs: z.number().int(),
});

export const webhookDeliveryOutput = z.object({
  id: z.string(),
  /** The Standard Webhooks message id (the `webhook-id` header), the same on every attempt. */
  eventId: z.string(),
  type: z.enum(WEBHOOK_EVENT_TYPES),
  state: z.enum(WEBHOOK_DELIVERY_STATES),
  /** The JSON body sent: `{ type, timestamp, data }`. */
  payload: z.record(z.unknown()),
  createdAt: isoTime,
  /** When it is tried next; null once it succeeded or was given up. */
  nextAttemptAt: isoTime.nullable(),
  /** Oldest first. */
  attempts: z.array(webhookAttemptOutput),
});
export type WebhookDeliveryOutput = z.infer<typeof webhookDeliveryOutput>;

export const webhookDeliveryList = z.object({ deliveries: z.array(webhookDeliveryOutput) });
export type WebhookDeliveryList = z.infer<typeof webhookDeliveryList>;

/** What every call shares: owner or manager of this operator (the resellers' scope). */
const webhookCall = { auth: "user", member: "catalog", tenant: true } as const;

export const consoleWebhookEndpoints = domain("Operator console: webhooks", {
  operatorListWebhooks: endpoint({
    ...webhookCall,
    method: "GET",
    path: "/v1/operator/webhooks",
    summary:
      "The operator's webhook subscriptions: target URL, events, enabled or disabled (when, why), failing since; and its resellers' OCTO subscriptions, read-only (owner, manager)",
    output: webhookList,
    errors: [],
  }),
  operatorCreateWebhook: endpoint({
    ...webhookCall,
    reauth: true,
    method: "POST",
    path: "/v1/operator/webhooks",
    summary:
      "Subscribe a URL to events (booking.created, booking.cancelled, booking.changed, availability.changed): https in production, never a private or loopback address; its signing secret, `secret` (whsec_…), is answered this once; audited (owner, manager)",
    body: createWebhookBody,
    output: webhookWithSecret,
    statuses: [201],
    errors: [
      "webhook_url_invalid",
      "webhook_url_not_https",
      "webhook_url_private_address",
      "webhook_url_unresolved",
      "webhook_limit_reached",
    ],
  }),
  operatorRotateWebhookSecret: endpoint({
    ...webhookCall,
    reauth: true,
    method: "POST",
    path: "/v1/operator/webhooks/:webhookId/secret",
    summary:
      "A new signing secret for the subscription, answered this once; every attempt from now on is signed with it; audited (owner, manager)",
    params: webhookParams,
    output: webhookWithSecret,
    errors: ["webhook_not_found"],
  }),
  operatorEnableWebhook: endpoint({
    ...webhookCall,
    reauth: true,
    method: "POST",
    path: "/v1/operator/webhooks/:webhookId/enable",
    summary:
      "Turn a disabled subscription back on (its URL checked again): events from now on are sent to it, its day of failures starts afresh; one already on is answered as it is; audited (owner, manager)",
    params: webhookParams,
    output: webhookOutput,
    errors: ["webhook_not_found", "webhook_url_not_https", "webhook_url_private_address", "webhook_url_unresolved"],
  }),
  operatorDeleteWebhook: endpoint({
    ...webhookCall,
    reauth: true,
    method: "DELETE",
    path: "/v1/operator/webhooks/:webhookId",
    summary:
      "Delete the subscription: no event is sent to it any more, its delivery log goes with it; audited (owner, manager)",
    params: webhookParams,
    output: webhookOutput,
    errors: ["webhook_not_found"],
  }),
  operatorListWebhookDeliveries: endpoint({
    ...webhookCall,
    method: "GET",
    path: "/v1/operator/webhooks/:webhookId/deliveries",
    summary:
      "The subscription's last 50 deliveries, newest first: event, state, next attempt, and each attempt's status code or error and duration (owner, manager)",
    params: webhookParams,
    output: webhookDeliveryList,
    errors: ["webhook_not_found"],
  }),
  operatorRedeliverWebhook: endpoint({
    ...webhookCall,
    method: "POST",
    path: "/v1/operator/webhooks/:webhookId/deliveries/:deliveryId/redeliver",
    summary:
      "Send a delivery again: one more attempt, at once, with the same message id (the jobs send it); audited (owner, manager)",
    params: webhookDeliveryParams,
    output: webhookDeliveryOutput,
    statuses: [202],
    errors: ["webhook_not_found", "webhook_delivery_not_found", "webhook_disabled", "webhook_delivery_in_progress"],
  }),
});
