import { luhnValid } from "~contract/bookings/card";
import { createHash, randomInt } from "node:crypto";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import {
  payoutAccounts,
  sandboxCheckouts,
  sandboxRefunds,
  type PayoutAccountRow,
  type SandboxCheckoutRow,
} from "../db/schema";
import { randomId } from "../ids";
import { ApiError, conflict, notFound } from "../http/errors";
import {
  checkoutExpiry,
  WebhookVerificationError,
  type CheckoutBooking,
  type ConnectedAccountState,
  type CheckoutSession,
  type CheckoutState,
  type CheckoutStatus,
  type CheckoutUrls,
  type PaymentEvent,
  type PaymentProvider,
  type PayoutRequest,
  type ProviderPayout,
  type PurchaseCheckout,
  type PurchaseKind,
} from "./provider";
import type { OffSessionCharge, OffSessionOutcome, OperatorTransfer, RefundOptions } from "./provider";
import type { SandboxCheckoutView, SandboxPayBody } from "~contract/bookings/payments";
import { cardExpired } from "./saved-cards";
import type { CardDetails } from "~contract/bookings/cards";
import { clockNow } from "../clock";

/**
 * The built-in payment provider: a checkout page of this site (/sandbox/checkout/{id}) that
 * takes two test cards and moves no money. Its sessions live in `sandbox_checkouts`.
 */
export const SANDBOX_SUCCEEDS = "4242424242424242";
export const SANDBOX_DECLINED = "4000000000000002";
/** Pays on the checkout page, but declines every later off-session charge (Stripe's 4000 0000 0000 0341). */
export const SANDBOX_DECLINES_OFF_SESSION = "4000000000000341";

/** The web app's page for a sandbox checkout. */
export const sandboxCheckoutPath = (sessionId: string) => `/sandbox/checkout/${sessionId}`;

/** The sandbox sends the guest back within this site: keep the path, query and fragment only. */
export function sitePath(url: string): string {
  const parsed = new URL(url, "http://same.invalid");
  return parsed.pathname + parsed.search + parsed.hash;
}

/** The web app's page where an owner "completes" a sandbox payout account's onboarding. */
export const sandboxOnboardingPath = (providerAccountId: string) => `/sandbox/onboarding/${providerAccountId}`;

const ALPHANUMERIC = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** A new sandbox connected account's id: acct_sandbox_ and 16 letters or digits. */
export const newSandboxAccountId = () =>
  `acct_sandbox_${Array.from({ length: 16 }, () => ALPHANUMERIC[randomInt(ALPHANUMERIC.length)]).join("")}`;

/** What a new sandbox account needs, as a new Stripe Express account would: a bank account and the terms accepted. */
export const SANDBOX_REQUIREMENTS = ["external_account", "tos_acceptance.date"];

/**
 * A sandbox account as the provider has it: its payout_accounts row (the sandbox keeps its
 * connected accounts there, nowhere else).
 */
function sandboxAccountState(row: PayoutAccountRow): ConnectedAccountState {
  return {
    providerAccountId: row.providerAccountId,
    chargesEnabled: row.chargesEnabled,
    payoutsEnabled: row.payoutsEnabled,
    detailsSubmitted: row.detailsSubmitted,
    requirements: row.requirements,
    disabledReason: row.disabledReason,
  };
}

/** An operator's sandbox account by its id (another operator's is none). */
export async function findSandboxAccount(
  db: Db,
  providerAccountId: string,
  operatorId?: string,
): Promise<PayoutAccountRow | null> {
  const [row] = await db
    .select()
    .from(payoutAccounts)
    .where(
      and(
        eq(payoutAccounts.provider, "sandbox"),
        eq(payoutAccounts.providerAccountId, providerAccountId),
        ...(operatorId ? [eq(payoutAccounts.accountId, operatorId)] : []),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * The owner completed the sandbox's onboarding: the account takes charges and gets payouts, and
 * needs nothing more. Null when the operator has no such sandbox account.
 */
export async function completeSandboxOnboarding(
  db: Db,
  operatorId: string,
  providerAccountId: string,
): Promise<PayoutAccountRow | null> {
  const [row] = await db
    .update(payoutAccounts)
    .set({
      chargesEnabled: true,
      payoutsEnabled: true,
      detailsSubmitted: true,
      requirements: [],
      disabledReason: null,
      providerUpdatedAt: sql`app_now()`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(payoutAccounts.accountId, operatorId),
        eq(payoutAccounts.provider, "sandbox"),
        eq(payoutAccounts.providerAccountId, providerAccountId),
      ),
    )
    .returning();
  return row ?? null;
}

/** Test cards starting with 4 are Visa; the sandbox takes no other. */
const SANDBOX_BRAND = "visa";

function expiryParts(expiry: string): { month: number; year: number } {
  const [month, year] = expiry.split("/").map(Number);
  return { month, year: 2000 + year };
}

/** The card that paid a sandbox checkout (its reference: the card's last 4 and expiry, per user). */
function cardOf(row: SandboxCheckoutRow): CardDetails | null {
  if (!row.cardLast4 || !row.cardExpMonth || !row.cardExpYear) return null;
  return {
    brand: SANDBOX_BRAND,
    last4: row.cardLast4,
    expMonth: row.cardExpMonth,
    expYear: row.cardExpYear,
    providerRef: `card_sandbox_${row.cardLast4}_${row.cardExpMonth}_${row.cardExpYear}`,
  };
}

/** What a purchase's checkout paid for (null: a booking's order). */
function purchaseOf(row: SandboxCheckoutRow): { kind: PurchaseKind; id: string } | null {
  return row.purchaseKind && row.purchaseId ? { kind: row.purchaseKind, id: row.purchaseId } : null;
}

/** open, unless its time is up (reported as expired without writing). */
function effectiveStatus(row: SandboxCheckoutRow, now = clockNow()): CheckoutStatus {
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
          amountMinor: booking.totalMinor - booking.giftCardMinor - booking.balanceMinor,
          currency: booking.currency,
          title: booking.title,
          saveCard: booking.saveCard,
          successUrl: sitePath(urls.successUrl),
          cancelUrl: urls.cancelUrl ? sitePath(urls.cancelUrl) : null,
          expiresAt: checkoutExpiry(booking.holdExpiresAt, booking.createdAt),
        })
        .onConflictDoNothing({ target: sandboxCheckouts.bookingId, where: sql`${sandboxCheckouts.purchaseId} is null` })
        .returning({ id: sandboxCheckouts.id });
      // One checkout per booking: a second call answers the first one.
      const sessionId =
        inserted?.id ??
        (
          await db
            .select({ id: sandboxCheckouts.id })
            .from(sandboxCheckouts)
            .where(and(eq(sandboxCheckouts.bookingId, booking.id), isNull(sandboxCheckouts.purchaseId)))
        )[0].id;
      return { sessionId, url: sandboxCheckoutPath(sessionId) };
    },

    async createPurchaseCheckout(db: Db, purchase: PurchaseCheckout, urls: CheckoutUrls): Promise<CheckoutSession> {
      const sessionId = randomId("cs_sandbox_", 24);
      await db.insert(sandboxCheckouts).values({
        id: sessionId,
        bookingId: purchase.bookingId,
        purchaseKind: purchase.kind,
        purchaseId: purchase.id,
        amountMinor: purchase.amountMinor,
        currency: purchase.currency,
        title: purchase.title,
        successUrl: sitePath(urls.successUrl),
        cancelUrl: urls.cancelUrl ? sitePath(urls.cancelUrl) : null,
        expiresAt: purchase.expiresAt,
      });
      return { sessionId, url: sandboxCheckoutPath(sessionId) };
    },

    async getCheckout(db: Db, sessionId: string): Promise<CheckoutState> {
      const row = await findCheckout(db, sessionId);
      if (!row) throw new Error(`sandbox checkout ${sessionId} not found`);
      const status = effectiveStatus(row);
      return {
        status,
        paymentIntentId: row.paymentIntentId,
        paymentMethodSaved: status === "paid" && row.saveCard,
        card: status === "paid" ? cardOf(row) : null,
      };
    },

    async closeCheckout(db: Db, sessionId: string): Promise<void> {
      await db
        .update(sandboxCheckouts)
        .set({ status: "expired" })
        .where(and(eq(sandboxCheckouts.id, sessionId), eq(sandboxCheckouts.status, "open")));
    },

    // The sandbox moves no money between accounts: who gives back what is the ledger's alone.
    async refund(db: Db, paymentIntentId: string, amountMinor: number, options: RefundOptions) {
      // One refund per idempotency key (a repeated call refunds nothing more); partial refunds add up.
      const refundId = `re_sandbox_${createHash("sha256").update(options.idempotencyKey).digest("hex").slice(0, 24)}`;
      return db.transaction(async (tx) => {
        const [payment] = await tx
          .select({ id: sandboxCheckouts.id, amountMinor: sandboxCheckouts.amountMinor })
          .from(sandboxCheckouts)
          .where(and(eq(sandboxCheckouts.paymentIntentId, paymentIntentId), eq(sandboxCheckouts.status, "paid")))
          .for("update");
        if (!payment) throw new Error(`sandbox payment ${paymentIntentId} not found`);
        const [made] = await tx
          .insert(sandboxRefunds)
          .values({ idempotencyKey: options.idempotencyKey, paymentIntentId, amountMinor })
          .onConflictDoNothing()
          .returning({ key: sandboxRefunds.idempotencyKey });
        if (!made) return { refundId };
        const [updated] = await tx
          .update(sandboxCheckouts)
          .set({ refundedMinor: sql`${sandboxCheckouts.refundedMinor} + ${amountMinor}` })
          .where(
            and(
              eq(sandboxCheckouts.id, payment.id),
              sql`${sandboxCheckouts.refundedMinor} + ${amountMinor} <= ${sandboxCheckouts.amountMinor}`,
            ),
          )
          .returning({ id: sandboxCheckouts.id });
        if (!updated) throw new Error(`sandbox refund of ${amountMinor} exceeds what ${paymentIntentId} has left`);
        return { refundId };
      });
    },

    async chargeSavedCard(db: Db, booking: CheckoutBooking, card) {
      if (cardExpired(card)) return null;
      const sessionId = randomId("cs_sandbox_", 24);
      const paymentIntentId = randomId("pi_sandbox_", 24);
      const [paid] = await db
        .insert(sandboxCheckouts)
        .values({
          id: sessionId,
          bookingId: booking.id,
          amountMinor: booking.totalMinor - booking.giftCardMinor - booking.balanceMinor,
          currency: booking.currency,
          title: booking.title,
          status: "paid",
          cardLast4: card.last4,
          cardExpMonth: card.expMonth,
          cardExpYear: card.expYear,
          paymentIntentId,
          successUrl: "/",
          expiresAt: checkoutExpiry(booking.holdExpiresAt, booking.createdAt),
          completedAt: sql`app_now()`,
        })
        // A booking has one sandbox checkout: one that exists already (opened, or paid by a
        // racing request) is left to the usual path.
        .onConflictDoNothing({ target: sandboxCheckouts.bookingId, where: sql`${sandboxCheckouts.purchaseId} is null` })
        .returning({ id: sandboxCheckouts.id });
      return paid ? { sessionId, paymentIntentId } : null;
    },

    /**
     * A balance charged off-session: a paid checkout of kind "balance" whose id comes from the
     * idempotency key (asked again, the same payment answers). The 0341 card declines.
     */
    async chargeOffSession(db: Db, charge: OffSessionCharge): Promise<OffSessionOutcome> {
      if (cardExpired(charge.card)) return { paid: false, reason: "expired_card" };
      if (charge.card.last4 === SANDBOX_DECLINES_OFF_SESSION.slice(-4)) return { paid: false, reason: "card_declined" };
      const digest = createHash("sha256").update(charge.idempotencyKey).digest("hex").slice(0, 24);
      const sessionId = `cs_sandbox_off_${digest}`;
      await db
        .insert(sandboxCheckouts)
        .values({
          id: sessionId,
          bookingId: charge.bookingId,
          purchaseKind: "balance",
          purchaseId: charge.bookingId,
          amountMinor: charge.amountMinor,
          currency: charge.currency,
          title: charge.title,
          status: "paid",
          cardLast4: charge.card.last4,
          cardExpMonth: charge.card.expMonth,
          cardExpYear: charge.card.expYear,
          paymentIntentId: `pi_sandbox_off_${digest}`,
          successUrl: "/",
          expiresAt: sql`app_now()`,
          completedAt: sql`app_now()`,
        })
        .onConflictDoNothing({ target: sandboxCheckouts.id });
      return { paid: true, paymentIntentId: `pi_sandbox_off_${digest}` };
    },

    async paymentTotals(db: Db, paymentIntentId: string) {
      const [payment] = await db
        .select({
          paidMinor: sandboxCheckouts.amountMinor,
          refundedMinor: sql<string>`(select coalesce(sum(r.amount_minor), 0) from sandbox_refunds r
            where r.payment_intent_id = ${paymentIntentId})`,
        })
        .from(sandboxCheckouts)
        .where(and(eq(sandboxCheckouts.paymentIntentId, paymentIntentId), eq(sandboxCheckouts.status, "paid")));
      return payment ? { paidMinor: payment.paidMinor, refundedMinor: Number(payment.refundedMinor) } : null;
    },

    async paymentCard(db: Db, paymentIntentId: string): Promise<CardDetails | null> {
      const [row] = await db
        .select()
        .from(sandboxCheckouts)
        .where(eq(sandboxCheckouts.paymentIntentId, paymentIntentId))
        .limit(1);
      return row ? cardOf(row) : null;
    },

    /** Paid at once, the day it is made (nothing leaves: the sandbox moves no money). */
    async createPayout(_db: Db, payout: PayoutRequest): Promise<ProviderPayout> {
      const providerPayoutId = `po_sandbox_${createHash("sha256").update(payout.id).digest("hex").slice(0, 24)}`;
      return { providerPayoutId, status: "paid", arrivalDate: null };
    },

    // Gift card parts are the ledger's alone here: nothing moves between sandbox accounts.
    async transferToOperator(_db: Db, transfer: OperatorTransfer) {
      return {
        transferId: `tr_sandbox_${createHash("sha256").update(transfer.idempotencyKey).digest("hex").slice(0, 24)}`,
      };
    },

    async reverseTransfer() {},

    parseWebhook(): PaymentEvent {
      throw new WebhookVerificationError("The sandbox provider sends no webhooks.");
    },

    // The sandbox's connected accounts: a row of payout_accounts (kept by the caller), an id, and
    // an onboarding page of this site that enables the account at the press of a button.
    async createConnectedAccount(): Promise<ConnectedAccountState> {
      return {
        providerAccountId: newSandboxAccountId(),
        chargesEnabled: false,
        payoutsEnabled: false,
        detailsSubmitted: false,
        requirements: SANDBOX_REQUIREMENTS,
        disabledReason: null,
      };
    },

    async onboardingLink(_db: Db, providerAccountId: string, urls) {
      // The page sends the owner back within this site: the path of the return URL only.
      const query = new URLSearchParams({ returnUrl: sitePath(urls.returnUrl) });
      return { url: `${sandboxOnboardingPath(providerAccountId)}?${query}` };
    },

    async connectedAccount(db: Db, providerAccountId: string): Promise<ConnectedAccountState> {
      const row = await findSandboxAccount(db, providerAccountId);
      if (!row) throw new Error(`sandbox account ${providerAccountId} not found`);
      return sandboxAccountState(row);
    },
  };
}

/** GET /v1/payments/sandbox/checkouts/{sessionId} */
export async function sandboxCheckoutView(db: Db, sessionId: string): Promise<SandboxCheckoutView> {
  const row = await findCheckout(db, sessionId);
  if (!row) throw notFound("No such checkout.", "checkout_not_found");
  const status = effectiveStatus(row);
  return {
    id: row.id,
    amountMinor: row.amountMinor,
    currency: row.currency,
    title: row.title,
    status,
    bookingId: row.bookingId,
    cancelUrl: row.cancelUrl,
    paidUrl: status === "paid" ? row.successUrl : null,
  };
}

export const cardInvalid = (message: string) => new ApiError(400, "card_invalid", message);

export interface SandboxPayment {
  checkout: SandboxCheckoutRow;
  event: PaymentEvent;
}

export const cardDeclined = () =>
  new ApiError(402, "card_declined", "The card was declined. Try another card; your seats are still held.");

/**
 * Pays an open checkout with 4242… in one conditional update, so two submissions never both
 * pay. The decline card (4000 0000 0000 0002) is refused with `402 card_declined` and the
 * checkout stays open, as on Stripe's page: the booking keeps its hold and the guest can try
 * another card until the hold ends. Any other number is `400 card_invalid`; a checkout that is
 * not open (paid, expired) is `409 checkout_closed`. Returns the provider event to hand to the
 * same path as a webhook.
 */
export async function paySandboxCheckout(db: Db, sessionId: string, card: SandboxPayBody): Promise<SandboxPayment> {
  const digits = card.cardNumber;
  if (!/^\d{12,19}$/.test(digits) || !luhnValid(digits)) throw cardInvalid("The card number is not valid.");
  if (digits !== SANDBOX_SUCCEEDS && digits !== SANDBOX_DECLINED && digits !== SANDBOX_DECLINES_OFF_SESSION) {
    throw cardInvalid(
      "Use a test card: 4242 4242 4242 4242 (succeeds), 4000 0000 0000 0002 (declined) or 4000 0000 0000 0341 (declines later charges).",
    );
  }
  const open = and(
    eq(sandboxCheckouts.id, sessionId),
    eq(sandboxCheckouts.status, "open"),
    gt(sandboxCheckouts.expiresAt, sql`app_now()`),
  );
  const closed = async () => {
    if (!(await findCheckout(db, sessionId))) return notFound("No such checkout.", "checkout_not_found");
    return conflict("This checkout is closed: it was paid or has expired.", "checkout_closed");
  };
  if (digits === SANDBOX_DECLINED) {
    const [stillOpen] = await db.select({ id: sandboxCheckouts.id }).from(sandboxCheckouts).where(open).limit(1);
    throw stillOpen ? cardDeclined() : await closed();
  }
  const [checkout] = await db
    .update(sandboxCheckouts)
    .set({
      status: "paid",
      cardLast4: digits.slice(-4),
      cardExpMonth: expiryParts(card.expiry).month,
      cardExpYear: expiryParts(card.expiry).year,
      saveCard: card.saveCard,
      paymentIntentId: randomId("pi_sandbox_", 24),
      completedAt: sql`app_now()`,
    })
    .where(open)
    .returning();
  if (!checkout) throw await closed();
  return {
    checkout,
    event: {
      provider: "sandbox",
      eventId: `evt_sandbox_${sessionId}`,
      type: "checkout.completed",
      providerType: "checkout.session.completed",
      sessionId,
      bookingId: checkout.bookingId,
      purchase: purchaseOf(checkout),
      paymentIntentId: checkout.paymentIntentId,
      paymentMethodSaved: card.saveCard,
      card: cardOf(checkout),
    },
  };
}
