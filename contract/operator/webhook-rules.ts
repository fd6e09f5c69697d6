/**
 * Webhooks' plain rules (issue 47, item 4), without the endpoints: the console's add form loads
 * them in the browser.
 */

/** The events a subscription may ask for, in the order the console lists them. */
export const WEBHOOK_EVENT_TYPES = [
  "booking.created",
  "booking.cancelled",
  "booking.changed",
  "availability.changed",
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** A delivery: waiting for its (next) attempt, being sent, answered 2xx, or given up. */
export const WEBHOOK_DELIVERY_STATES = ["pending", "sending", "succeeded", "failed"] as const;
export type WebhookDeliveryState = (typeof WEBHOOK_DELIVERY_STATES)[number];

/** The longest target URL accepted. */
export const WEBHOOK_URL_MAX = 2000;

/** Subscriptions an operator may have at once. */
export const WEBHOOKS_PER_OPERATOR = 10;
