import type { Db } from "../db/client";
import type { PaymentEvent } from "./provider";

/**
 * The port through which a provider's payout events (Stripe's payout.paid / payout.failed) reach
 * the payout engine: payments knows the provider's wire format, not payouts, so the engine
 * registers its handler when the app is made (api/wiring.ts), like a checkout's handlers.
 */

/** What handling a payout event did. */
export type PayoutOutcome = "payout_paid" | "payout_failed" | "ignored";

/** Idempotent: a provider may send an event twice, and two deliveries may race. */
export type PayoutEventHandler = (db: Db, event: PaymentEvent) => Promise<PayoutOutcome>;

let handler: PayoutEventHandler | null = null;

/** Who settles payouts (one handler; registering again replaces it). */
export function onPayoutEvent(next: PayoutEventHandler): void {
  handler = next;
}

/**
 * The handler of payout events. Money moved at the provider must be recorded: without a handler it
 * throws, the delivery is answered 5xx and the provider retries it.
 */
export function payoutEventHandler(): PayoutEventHandler {
  if (!handler) throw new Error("no handler for payout events: the payments port is not wired (api/wiring.ts)");
  return handler;
}
