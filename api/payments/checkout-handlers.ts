import type { Db } from "../db/client";
import type { PaymentEvent, PurchaseKind } from "./provider";
import type { CardDetails } from "~contract/bookings/cards";

/**
 * The port through which a checkout's outcome reaches what it paid for. Payments knows checkouts,
 * not bookings or tips: the rooms that open checkouts register a handler per kind and outcome
 * when the app is made (api/wiring.ts), and every provider event (webhook, sandbox payment) is
 * handed to the one registered for it.
 */

/** What a checkout pays for. */
export type CheckoutKind = "booking" | PurchaseKind;

/** What handling an event did (the answer of receiveEvent). */
export type CheckoutOutcome =
  "confirmed" | "already_confirmed" | "refunded" | "failed" | "expired" | "updated" | "ignored";

/** A provider's event, as the handler of its kind gets it. */
export interface CheckoutEvent extends PaymentEvent {
  /** The card that paid: the event's own, else asked of the provider (best effort: null when it cannot tell). */
  paidCard(): Promise<CardDetails | null>;
}

/** Idempotent: a provider may send an event twice, and two deliveries may race. */
export type CheckoutHandler = (db: Db, event: CheckoutEvent) => Promise<CheckoutOutcome>;

type Settled = Extract<PaymentEvent["type"], `checkout.${string}`>;

const handlers = new Map<`${Settled}:${CheckoutKind}`, CheckoutHandler>();

/** Who is told that a checkout of this kind was paid (one handler per kind; registering again replaces it). */
export function onCheckoutCompleted(kind: CheckoutKind, handler: CheckoutHandler): void {
  handlers.set(`checkout.completed:${kind}`, handler);
}

/** Who is told that a payment of this kind failed for good; without one, the event is ignored. */
export function onCheckoutFailed(kind: CheckoutKind, handler: CheckoutHandler): void {
  handlers.set(`checkout.failed:${kind}`, handler);
}

/** Who is told that a checkout of this kind expired unpaid; without one, the event is ignored. */
export function onCheckoutExpired(kind: CheckoutKind, handler: CheckoutHandler): void {
  handlers.set(`checkout.expired:${kind}`, handler);
}

/**
 * The handler of an event. A paid checkout must reach someone (money was taken): without a
 * handler it throws, the provider's delivery is answered 5xx and retried. A failed or expired
 * one only concerns whoever asked to hear of it.
 */
export function checkoutHandler(type: Settled, kind: CheckoutKind): CheckoutHandler | null {
  const handler = handlers.get(`${type}:${kind}`);
  if (!handler && type === "checkout.completed") {
    throw new Error(`no handler for a paid ${kind} checkout: the payments port is not wired (api/wiring.ts)`);
  }
  return handler ?? null;
}
