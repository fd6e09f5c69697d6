import { and, eq, or } from "drizzle-orm";
import { fulfilBooking, markCheckoutExpired, markPaymentFailed, type FulfilmentOutcome } from "../bookings/fulfilment";
import type { Db } from "../db/client";
import { bookings, processedWebhookEvents } from "../db/schema";
import type { PaymentEvent } from "./provider";
import type { CardDetails } from "./saved-cards";
import { providerNamed } from "./index";
import { fulfilTip } from "../tips/service";
import { errorFields, logger } from "../logger";

export interface EventResult {
  /** The event id was handled before: acknowledged and ignored. */
  duplicate: boolean;
  outcome: FulfilmentOutcome | "failed" | "expired" | "ignored";
}

/** The booking an event is about: by checkout session first, else by the booking id it carries. */
async function bookingOf(db: Db, event: PaymentEvent): Promise<string | null> {
  const conditions = [
    ...(event.sessionId ? [eq(bookings.paymentSessionId, event.sessionId)] : []),
    ...(event.bookingId && /^bk_[A-Za-z0-9_-]{16}$/.test(event.bookingId) ? [eq(bookings.id, event.bookingId)] : []),
  ];
  if (conditions.length === 0) return null;
  const rows = await db
    .select({ id: bookings.id, sessionId: bookings.paymentSessionId })
    .from(bookings)
    .where(and(or(...conditions)))
    .limit(2);
  return (rows.find((row) => row.sessionId === event.sessionId) ?? rows[0])?.id ?? null;
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

async function apply(db: Db, event: PaymentEvent): Promise<EventResult["outcome"]> {
  if (event.type === "ignored") return "ignored";
  // A tip's checkout: paid or not, the booking itself is not concerned.
  if (event.tipId) {
    if (event.type !== "checkout.completed") return "ignored";
    const card = event.card ?? (await cardOf(db, event));
    return (await fulfilTip(db, event.tipId, {
      sessionId: event.sessionId,
      paymentIntentId: event.paymentIntentId,
      card,
    })) === "paid"
      ? "confirmed"
      : "ignored";
  }
  const bookingId = await bookingOf(db, event);
  if (!bookingId) return "ignored";
  switch (event.type) {
    case "checkout.completed":
      return fulfilBooking(db, bookingId, {
        sessionId: event.sessionId,
        paymentIntentId: event.paymentIntentId,
        paymentMethodSaved: event.paymentMethodSaved,
        card: event.card ?? (await cardOf(db, event)),
      });
    case "checkout.failed":
      return (await markPaymentFailed(db, bookingId)) ? "failed" : "ignored";
    case "checkout.expired":
      return (await markCheckoutExpired(db, bookingId)) ? "expired" : "ignored";
  }
}

/**
 * The one path of every provider event (Stripe webhooks, sandbox payments). An event id seen
 * before is acknowledged and ignored. The id is recorded only after the event was handled, so
 * an event whose handling failed is handled again when the provider retries it; two deliveries
 * racing each other may both run, which is safe because every handler is idempotent
 * (fulfilment locks the booking row and confirms once).
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
