import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { processedWebhookEvents } from "../db/schema";
import { checkoutHandler, type CheckoutKind, type CheckoutOutcome } from "./checkout-handlers";
import { payoutEventHandler, type PayoutOutcome } from "./payout-events";
import type { PaymentEvent } from "./provider";
import type { CardDetails } from "~contract/bookings/cards";
import { providerNamed } from "./index";
import { errorFields, logger } from "../logger";
import { applyAccountUpdate } from "./payout-accounts";

export interface EventResult {
  /** The event id was handled before: acknowledged and ignored. */
  duplicate: boolean;
  outcome: CheckoutOutcome | PayoutOutcome;
}

/** The card that paid, asked of the provider when its event did not say; best effort (receipts, saving). */
async function cardOf(db: Db, event: PaymentEvent): Promise<CardDetails | null> {
  if (!event.paymentIntentId) return null;
  try {
    return await providerNamed(event.provider).paymentCard(db, event.paymentIntentId);
  } catch (error) {
    logger.warn({ paymentIntentId: event.paymentIntentId, err: errorFields(error) }, "payment card unavailable");
    return null;
  }
}

/** Hands the event to the handler of its kind (a payout's, a purchase's checkout, else a booking's) and outcome. */
async function apply(db: Db, event: PaymentEvent): Promise<CheckoutOutcome | PayoutOutcome> {
  if (event.type === "ignored") return "ignored";
  if (event.type === "payout.paid" || event.type === "payout.failed") return payoutEventHandler()(db, event);
  // A connected account's news: kept unless the account has more recent news already.
  if (event.type === "account.updated") {
    if (!event.account || (event.provider !== "stripe" && event.provider !== "sandbox")) return "ignored";
    return (await applyAccountUpdate(db, event.provider, event.account.state, event.account.at))
      ? "updated"
      : "ignored";
  }
  const kind: CheckoutKind = event.purchase?.kind ?? "booking";
  const handler = checkoutHandler(event.type, kind);
  if (!handler) return "ignored";
  return handler(db, { ...event, paidCard: async () => event.card ?? (await cardOf(db, event)) });
}

/**
 * The one path of every provider event (Stripe webhooks, sandbox payments). An event id seen
 * before is acknowledged and ignored. The id is recorded only after the event was handled, so
 * an event whose handling failed is handled again when the provider retries it; two deliveries
 * racing each other may both run, which is safe because every handler is idempotent
 * (a booking's fulfilment locks the booking row and confirms once).
 */
export async function receiveEvent(db: Db, event: PaymentEvent): Promise<EventResult> {
  const [seen] = await db
    .select({ id: processedWebhookEvents.eventId })
    .from(processedWebhookEvents)
    .where(and(eq(processedWebhookEvents.provider, event.provider), eq(processedWebhookEvents.eventId, event.eventId)))
    .limit(1);
  if (seen) return { duplicate: true, outcome: "ignored" };
  const outcome = await apply(db, event);
  const recorded = await db
    .insert(processedWebhookEvents)
    .values({ provider: event.provider, eventId: event.eventId, type: event.providerType })
    .onConflictDoNothing()
    .returning({ id: processedWebhookEvents.eventId });
  return { duplicate: recorded.length === 0, outcome };
}
