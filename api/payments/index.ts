import { paymentEnv } from "../env";
import { ApiError } from "../http/errors";
import type { PaymentProvider } from "./provider";
import { createSandboxProvider } from "./sandbox";
import { createStripeProvider } from "./stripe";

/**
 * The payment providers. `paymentProvider()` is the one new bookings use (PAYMENT_PROVIDER);
 * `providerNamed()` finds the one an existing booking was paid with (refunds, status checks),
 * so switching providers does not strand earlier bookings.
 */
let sandbox: PaymentProvider | undefined;
let stripe: PaymentProvider | undefined;
let override: PaymentProvider | undefined;

function sandboxProvider(): PaymentProvider {
  sandbox ??= createSandboxProvider();
  return sandbox;
}

function stripeProvider(): PaymentProvider | null {
  if (paymentEnv.provider !== "stripe") return null;
  stripe ??= createStripeProvider(paymentEnv);
  return stripe;
}

export function paymentProvider(): PaymentProvider {
  if (override) return override;
  return paymentEnv.provider === "stripe" ? stripeProvider()! : sandboxProvider();
}

export function providerNamed(name: string): PaymentProvider {
  if (override?.name === name) return override;
  if (name === "sandbox") return sandboxProvider();
  const configured = name === "stripe" ? stripeProvider() : null;
  if (!configured) throw new Error(`payment provider ${name} is not configured`);
  return configured;
}

/** Tests: use this provider (e.g. Stripe against a fake server); undefined = back to the environment. */
export function setPaymentProviderForTests(provider: PaymentProvider | undefined): void {
  override = provider;
}

export type { PaymentProvider } from "./provider";

/** The provider could not be asked (nothing changed: the payer tries again). */
export const paymentUnavailable = () =>
  new ApiError(503, "payment_unavailable", "The payment provider cannot be reached right now. Try again in a moment.");
