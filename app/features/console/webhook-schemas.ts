import { z } from "zod";
import { catalogId } from "~contract/fields";
import { WEBHOOK_EVENT_TYPES, WEBHOOK_URL_MAX } from "~contract/operator/webhook-rules";

/**
 * The Webhooks page's forms (issue 47, item 4): add a subscription (its URL and the events it
 * wants), give one a new secret, turn a disabled one back on, delete one, send a delivery again. Whether the URL may be used
 * (https, a public address) is the API's to say; the form only asks for an http(s) address.
 */
export const AddWebhookSchema = z.object({
  intent: z.literal("add"),
  url: z
    .string({ required_error: "webhooks.urlInvalid" })
    .trim()
    .max(WEBHOOK_URL_MAX, "webhooks.urlInvalid")
    .url("webhooks.urlInvalid")
    .refine((value) => /^https?:\/\//i.test(value), "webhooks.urlInvalid"),
  events: z
    .array(z.enum(WEBHOOK_EVENT_TYPES, { errorMap: () => ({ message: "webhooks.eventsRequired" }) }), {
      required_error: "webhooks.eventsRequired",
    })
    .min(1, "webhooks.eventsRequired"),
});

const webhookId = catalogId;
export const RotateSecretSchema = z.object({ intent: z.literal("rotateSecret"), webhookId });
export const EnableWebhookSchema = z.object({ intent: z.literal("enable"), webhookId });
export const DeleteWebhookSchema = z.object({ intent: z.literal("delete"), webhookId });
export const RedeliverSchema = z.object({ intent: z.literal("redeliver"), webhookId, deliveryId: catalogId });

export const WEBHOOK_SCHEMAS = {
  add: AddWebhookSchema,
  rotateSecret: RotateSecretSchema,
  enable: EnableWebhookSchema,
  delete: DeleteWebhookSchema,
  redeliver: RedeliverSchema,
};
