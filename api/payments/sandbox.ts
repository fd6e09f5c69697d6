import { luhnValid } from "~contract/card";
import { and, eq, gt, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { sandboxCheckouts, type SandboxCheckoutRow } from "../db/schema";
import { randomId } from "../bookings/ids";
import { ApiError, conflict, notFound } from "../http/errors";
import {
  checkoutExpiry,
  WebhookVerificationError,
  type CheckoutBooking,
  type CheckoutSession,
  type CheckoutState,
  type CheckoutStatus,
  type CheckoutUrls,
  type PaymentEvent,
  type PaymentProvider,
} from "./provider";
import type { SandboxCheckoutView, SandboxPayBody } from "~contract/payments";

/**
 * The built-in payment provider: a checkout page of this site (/sandbox/checkout/{id}) that
 * takes two test cards and moves no money. Its sessions live in `sandbox_checkouts`.
 */
export const SANDBOX_SUCCEEDS = "4242424242424242";
export const SANDBOX_DECLINED = "4000000000000002";

/** The web app's page for a sandbox checkout. */
export const sandboxCheckoutPath = (sessionId: string) => `/sandbox/checkout/${sessionId}`;

/** The sandbox sends the guest back within this site: keep the path, query and fragment only. */
export function sitePath(url: string): string {
  const parsed = new URL(url, "http://same.invalid");
  return parsed.pathname + parsed.search + parsed.hash;
}

/** open, unless its time is up (reported as expired without writing). */
function effectiveStatus(row: SandboxCheckoutRow, now = new Date()): CheckoutStatus {
  return row.status === "open" && row.expiresAt.getTime() <= now.getTime() ? "expired" : row.status;
}

async function findCheckout(db: Db, sessionId: string): Promise<SandboxCheckoutRow | null> {
  const [row] = await db.select().from(sandboxCheckouts).where(eq(sandboxCheckouts.id, sessionId)).limit(1);
  return row ?? null;
}

export function createSandboxProvider(): PaymentProvider {
  return {
    name: "sandbox",

    async createCheckout(db: Db, booking: CheckoutBooking, urls: CheckoutUrls): Promise<CheckoutSession> {
      const [inserted] = await db
        .insert(sandboxCheckouts)
        .values({
          id: randomId("cs_sandbox_", 24),
          bookingId: booking.id,
          amountMinor: booking.totalMinor,
          currency: booking.currency,
          title: booking.title,
          saveCard: booking.saveCard,
          successUrl: sitePath(urls.successUrl),
          cancelUrl: urls.cancelUrl ? sitePath(urls.cancelUrl) : null,
          expiresAt: checkoutExpiry(booking.holdExpiresAt, booking.createdAt),
        })
        .onConflictDoNothing({ target: sandboxCheckouts.bookingId })
        .returning({ id: sandboxCheckouts.id });
      // One checkout per booking: a second call answers the first one.
      const sessionId =
        inserted?.id ??
        (
          await db
            .select({ id: sandboxCheckouts.id })
            .from(sandboxCheckouts)
            .where(eq(sandboxCheckouts.bookingId, booking.id))
        )[0].id;
      return { sessionId, url: sandboxCheckoutPath(sessionId) };
    },

    async getCheckout(db: Db, sessionId: string): Promise<CheckoutState> {
      const row = await findCheckout(db, sessionId);
      if (!row) throw new Error(`sandbox checkout ${sessionId} not found`);
      const status = effectiveStatus(row);
      return { status, paymentIntentId: row.paymentIntentId, paymentMethodSaved: status === "paid" && row.saveCard };
    },

    async refund(db: Db, paymentIntentId: string, amountMinor: number): Promise<{ refundId: string }> {
      // Full refunds only, so setting (not adding) the amount makes a repeated call harmless.
      const [row] = await db
        .update(sandboxCheckouts)
        .set({
          refundedMinor: sql`least(${sandboxCheckouts.amountMinor}, greatest(${sandboxCheckouts.refundedMinor}, ${amountMinor}))`,
        })
        .where(and(eq(sandboxCheckouts.paymentIntentId, paymentIntentId), eq(sandboxCheckouts.status, "paid")))
        .returning({ id: sandboxCheckouts.id });
      if (!row) throw new Error(`sandbox payment ${paymentIntentId} not found`);
      return { refundId: `re_sandbox_${paymentIntentId.slice("pi_sandbox_".length)}` };
    },

    parseWebhook(): PaymentEvent {
      throw new WebhookVerificationError("The sandbox provider sends no webhooks.");
    },
  };
}

/** GET /v1/payments/sandbox/checkouts/{sessionId} */
export async function sandboxCheckoutView(db: Db, sessionId: string): Promise<SandboxCheckoutView> {
  const row = await findCheckout(db, sessionId);
  if (!row) throw notFound("No such checkout.", "checkout_not_found");
  return {
    id: row.id,
    amountMinor: row.amountMinor,
    currency: row.currency,
    title: row.title,
    status: effectiveStatus(row),
    bookingId: row.bookingId,
    cancelUrl: row.cancelUrl,
  };
}

export const cardInvalid = (message: string) => new ApiError(400, "card_invalid", message);

export interface SandboxPayment {
  checkout: SandboxCheckoutRow;
  event: PaymentEvent;
}

/**
 * Pays (4242…) or declines (4000 0000 0000 0002) an open checkout: one conditional update, so
 * two submissions never both pay. Any other number is `400 card_invalid`; a checkout that is
 * not open (paid, failed, expired) is `409 checkout_closed`. Returns the provider event to
 * hand to the same path as a webhook.
 */
export async function paySandboxCheckout(db: Db, sessionId: string, card: SandboxPayBody): Promise<SandboxPayment> {
  const digits = card.cardNumber;
  if (!/^\d{12,19}$/.test(digits) || !luhnValid(digits)) throw cardInvalid("The card number is not valid.");
  if (digits !== SANDBOX_SUCCEEDS && digits !== SANDBOX_DECLINED) {
    throw cardInvalid("Use a test card: 4242 4242 4242 4242 (succeeds) or 4000 0000 0000 0002 (declined).");
  }
  const paid = digits === SANDBOX_SUCCEEDS;
  const [checkout] = await db
    .update(sandboxCheckouts)
    .set({
      status: paid ? "paid" : "failed",
      cardLast4: digits.slice(-4),
      saveCard: paid && card.saveCard,
      paymentIntentId: paid ? randomId("pi_sandbox_", 24) : null,
      completedAt: sql`now()`,
    })
    .where(
      and(
        eq(sandboxCheckouts.id, sessionId),
        eq(sandboxCheckouts.status, "open"),
        gt(sandboxCheckouts.expiresAt, sql`now()`),
      ),
    )
    .returning();
  if (!checkout) {
    if (!(await findCheckout(db, sessionId))) throw notFound("No such checkout.", "checkout_not_found");
    throw conflict("This checkout is closed: it was paid, declined or has expired.", "checkout_closed");
  }
  return {
    checkout,
    event: {
      provider: "sandbox",
      eventId: `evt_sandbox_${sessionId}`,
      type: paid ? "checkout.completed" : "checkout.failed",
      providerType: paid ? "checkout.session.completed" : "checkout.session.async_payment_failed",
      sessionId,
      bookingId: checkout.bookingId,
      paymentIntentId: checkout.paymentIntentId,
      paymentMethodSaved: paid && card.saveCard,
    },
  };
}
