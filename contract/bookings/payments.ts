import { z } from "zod";
import { said } from "../fields";
import { expiryInFuture } from "./card";
import type * as out from "../outputs";

/** The state of a hosted checkout. */
export type CheckoutStatus = "open" | "paid" | "failed" | "expired";

export const sandboxCheckoutParams = z.object({
  sessionId: z.string().regex(/^cs_sandbox_[A-Za-z0-9_-]{1,64}$/, said("checkoutId.invalid")),
});

/** POST /v1/payments/sandbox/checkouts/{sessionId}/pay (the card number is judged by the service). */
export const sandboxPayBody = z.object({
  cardNumber: z
    .string({ required_error: said("cardNumber.required"), invalid_type_error: said("cardNumber.required") })
    .max(40, said("cardNumber.required"))
    .transform((value) => value.replace(/[\s-]/g, "")),
  expiry: z
    .string({
      required_error: said("expiry.invalid"),
      invalid_type_error: said("expiry.invalid"),
    })
    .trim()
    .refine((value) => expiryInFuture(value), said("expiry.past")),
  cvc: z
    .string({
      required_error: said("cvc.invalid"),
      invalid_type_error: said("cvc.invalid"),
    })
    .trim()
    .regex(/^\d{3,4}$/, said("cvc.invalid")),
  saveCard: z
    .boolean({ invalid_type_error: said("boolean.invalid") })
    .optional()
    .default(false),
});
export type SandboxPayBody = z.output<typeof sandboxPayBody>;

/** Answer of GET /v1/payments/sandbox/checkouts/{sessionId}. */
export type SandboxCheckoutView = z.infer<typeof out.sandboxCheckout>;

export const webhookParams = z.object({ provider: z.string().regex(/^[a-z]{1,32}$/, said("provider.invalid")) });

/**
 * What a payment provider's webhook may sign its event with (Stripe: `Stripe-Signature`); the
 * provider's adapter checks it on the raw body (a missing or wrong one: 400 `webhook_invalid`).
 */
export const webhookHeaders = z.object({ "Stripe-Signature": z.string().max(4096).optional() });

/** Answer of POST /v1/payments/webhook/{provider}: the event, and whether it had been received before. */
export const webhookReceipt = z.object({ eventId: z.string(), duplicate: z.boolean() });
