import type { Db } from "../db/client";
import type { PricedOrder } from "../db/schema";
import type { BookingAddOn } from "~contract/bookings/add-ons";

/**
 * The payment-provider port. The booking code only talks to this interface; the provider is
 * chosen by PAYMENT_PROVIDER (see `paymentProvider()` in ./index.ts).
 *
 * Every method that may touch the database gets the executor to use (`db`): inside a
 * transaction that is the transaction, so the sandbox provider's rows change atomically with
 * the booking (and, on PGlite's single connection, a second connection is never waited for).
 * Stripe ignores it.
 */
import type { CheckoutStatus } from "~contract/bookings/payments";
import type { CardDetails } from "~contract/bookings/cards";

export type { CheckoutStatus };

/** What a provider needs to know about the booking being paid. */
export interface CheckoutBooking extends PricedOrder {
  id: string;
  /** The add-ons it bought (issue 46), in the subtotal with the tickets. */
  addOns: BookingAddOn[];
  /** A private booking's group price (its tickets then cost nothing by themselves); null: by the seat. */
  privatePriceMinor: number | null;
  /** "<experience title> · <service name>" */
  title: string;
  /** Paid with a gift card already: the checkout charges totalMinor - giftCardMinor. */
  giftCardMinor: number;
  currency: string;
  promoCode: string | null;
  holdExpiresAt: Date;
  createdAt: Date;
  /** The guest asked to keep the card for later bookings. */
  saveCard: boolean;
  /**
   * A deposit booking: the balance charged later, off-session (0: paid in full now). The checkout
   * charges the deposit (totalMinor - giftCardMinor - balanceMinor) and keeps the card for
   * off-session use (Stripe: setup_future_usage off_session).
   */
  balanceMinor: number;
  customerEmail: string | null;
  /**
   * Where the money goes (Stripe: a destination charge); null for a charge kept by the platform
   * (the sandbox, which moves no money, and bookings of no connected account).
   */
  connect: DestinationCharge | null;
}

/**
 * A destination charge (Stripe Connect): the payment lands on the operator's connected account
 * minus the platform's application fee (the service fee and the commission, never more than what
 * the card is charged). A tip's has no fee: it goes to the operator whole.
 */
export interface DestinationCharge {
  /** The operator's connected account (payout_accounts.provider_account_id). */
  destination: string;
  applicationFeeMinor: number;
}

/** What a checkout pays for, besides a booking's own order: each kind has its own room and table. */
export type PurchaseKind = "tip" | "gift_card" | "reschedule" | "balance";

/** A charge of a kept card with the traveller away (a deposit booking's balance). */
export interface OffSessionCharge {
  bookingId: string;
  title: string;
  amountMinor: number;
  currency: string;
  card: CardDetails;
  /** The same key never charges twice: asked again, the payment made answers. */
  idempotencyKey: string;
  connect: DestinationCharge | null;
}

/** What an off-session charge came to: paid, or declined (the card's answer, for the traveller). */
export type OffSessionOutcome = { paid: true; paymentIntentId: string } | { paid: false; reason: string };

/**
 * A payment for something other than a booking's order: a tip for a booking that has ended, a
 * gift card, the difference of a move to a dearer departure. `id` is the thing's own id (tip,
 * gift card, booking change); it comes back on the provider's events.
 */
export interface PurchaseCheckout {
  kind: PurchaseKind;
  id: string;
  /** The booking it is for (a tip, a date change); null for a gift card. */
  bookingId: string | null;
  /** What the payer sees, e.g. "Tip for <experience title>". */
  title: string;
  amountMinor: number;
  currency: string;
  customerEmail: string | null;
  /** When the checkout stops taking payments (at least MIN_CHECKOUT_MINUTES away for Stripe). */
  expiresAt: Date;
  /** The operator's account it is paid to (a tip, a date change); null: the platform's (a gift card). */
  connect: DestinationCharge | null;
}

export interface CheckoutUrls {
  /** Absolute URL the provider sends the guest back to (paid or not). */
  successUrl: string;
  /** Absolute URL of the "back" link on the provider's page, if any. */
  cancelUrl: string | null;
}

export interface CheckoutSession {
  sessionId: string;
  /** Where the guest pays: absolute (Stripe) or a path on this site (sandbox). */
  url: string;
}

export interface CheckoutState {
  status: CheckoutStatus;
  paymentIntentId: string | null;
  paymentMethodSaved: boolean;
  /** The card that paid, when the provider tells. */
  card: CardDetails | null;
}

/** What a connected account (an operator's, to be paid out) can do and what it still needs. */
export interface ConnectedAccountState {
  providerAccountId: string;
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  detailsSubmitted: boolean;
  /** The provider's codes of what it needs now (Stripe: requirements.currently_due and past_due). */
  requirements: string[];
  disabledReason: string | null;
}

/** The operator a connected account is opened for. */
export interface ConnectedAccountOwner {
  accountId: string;
  name: string;
  /** ISO 3166-1 alpha-2, when the operator's country is known. */
  country: string | null;
  email: string | null;
}

/** Where the provider's onboarding sends the owner: done (return) or its link expired (refresh). */
export interface OnboardingUrls {
  returnUrl: string;
  refreshUrl: string;
}

/** A provider event, whatever its wire format. */
export type PaymentEventType =
  | "checkout.completed"
  | "checkout.failed"
  | "checkout.expired"
  | "payout.paid"
  | "payout.failed"
  | "account.updated"
  | "ignored";

/** What a payout event says of one payout (Stripe's payout.paid / payout.failed). */
export interface PayoutEventDetails {
  /** The provider's payout id. */
  providerPayoutId: string;
  /** Ours, from the metadata the payout was made with (null when it was made elsewhere). */
  payoutId: string | null;
  /** The connected account the payout left from. */
  providerAccountId: string | null;
  /** Why it failed: the provider's code (e.g. "account_closed"). */
  failureCode: string | null;
  /** YYYY-MM-DD: the day it reaches (or reached) the bank. */
  arrivalDate: string | null;
}

export interface PaymentEvent {
  provider: string;
  eventId: string;
  type: PaymentEventType;
  /** The provider's own event type (e.g. checkout.session.completed). */
  providerType: string;
  sessionId: string | null;
  bookingId: string | null;
  /** Set when the checkout paid for a purchase (tip, gift card, date change), not a booking's order. */
  purchase: { kind: PurchaseKind; id: string } | null;
  paymentIntentId: string | null;
  paymentMethodSaved: boolean;
  card: CardDetails | null;
  /** Set on payout events. */
  payout?: PayoutEventDetails | null;
  /** account.updated: the connected account as the event tells it, and when the provider made the event. */
  account?: { state: ConnectedAccountState; at: Date } | null;
}

/** A payout of an operator's available balance to its bank (issue 45). */
export interface PayoutRequest {
  /** Ours (po_…): the idempotency key, and the metadata the provider's events carry back. */
  id: string;
  amountMinor: number;
  currency: string;
  /** The operator's connected account at the provider. */
  providerAccountId: string;
}

/** What the provider made of a payout request. */
export interface ProviderPayout {
  providerPayoutId: string;
  /** paid: at once (the sandbox); in_transit: on its way, an event tells how it ended (Stripe). */
  status: "paid" | "in_transit";
  /** YYYY-MM-DD; null: the day it was made, in the operator's zone. */
  arrivalDate: string | null;
}

/** The provider refused a payout for good (asking again gives the same answer): the money is available again. */
export class PayoutRefusedError extends Error {
  constructor(
    /** The provider's code (e.g. "balance_insufficient"). */
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = "PayoutRefusedError";
  }
}

/** A transfer of the platform's money to an operator's connected account (a gift card's part of a booking). */
export interface OperatorTransfer {
  bookingId: string;
  destination: string;
  amountMinor: number;
  currency: string;
  idempotencyKey: string;
}

/** A refund made. */
export interface ProviderRefund {
  refundId: string;
  /** What the platform's fee gave back to the operator's account with it, when told exactly (`platformPartMinor`). */
  feeBackMinor?: number;
}

export interface RefundOptions {
  idempotencyKey: string;
  /**
   * What the platform gives back of it (its application fee), when not in proportion to the
   * refund: a goodwill refund comes out of the operator's part (api/ledger/movements.ts). Absent:
   * in proportion, as the provider shares a refund by itself.
   */
  platformPartMinor?: number;
}

/** A payment as its provider keeps it, in minor units. */
export interface PaymentTotals {
  paidMinor: number;
  refundedMinor: number;
}

/** A webhook whose signature or body does not check out (answered 400). */
export class WebhookVerificationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "WebhookVerificationError";
  }
}

export interface PaymentProvider {
  readonly name: "sandbox" | "stripe";
  /**
   * Opens a checkout for the booking. Idempotent per booking: asking again for the same
   * booking gives the same session (a replayed booking request never opens a second one).
   * The session stays payable until `checkoutExpiry(booking.holdExpiresAt)`.
   */
  createCheckout(db: Db, booking: CheckoutBooking, urls: CheckoutUrls): Promise<CheckoutSession>;
  /** Opens a checkout for a purchase (a new one for each purchase id and amount). */
  createPurchaseCheckout(db: Db, purchase: PurchaseCheckout, urls: CheckoutUrls): Promise<CheckoutSession>;
  getCheckout(db: Db, sessionId: string): Promise<CheckoutState>;
  /**
   * Stops an open checkout from taking payments (its booking was replaced by a new order).
   * A checkout that is no longer open is left as it is.
   */
  closeCheckout(db: Db, sessionId: string): Promise<void>;
  /** Refunds `amountMinor` of a payment; the same idempotency key never refunds twice. */
  refund(db: Db, paymentIntentId: string, amountMinor: number, options: RefundOptions): Promise<ProviderRefund>;
  /**
   * Charges a saved card for a held booking, the guest present (no page to fill in). Answers
   * the payment, or null when the card cannot pay it (expired, declined, or the provider asks
   * for the guest on its page): the booking then goes through the checkout as usual.
   */
  chargeSavedCard(
    db: Db,
    booking: CheckoutBooking,
    card: CardDetails,
  ): Promise<{ sessionId: string; paymentIntentId: string } | null>;
  /**
   * Charges a kept card with the traveller away (a deposit's balance), once per idempotency key.
   * A decline answers `paid: false`; anything else that fails throws (asked again later).
   */
  chargeOffSession(db: Db, charge: OffSessionCharge): Promise<OffSessionOutcome>;
  /**
   * What a payment took and what has been refunded of it, as the provider's own records say (the
   * ledger's reconciliation); null when the provider knows no such payment.
   */
  paymentTotals(db: Db, paymentIntentId: string): Promise<PaymentTotals | null>;
  /** The card that made a payment, when the provider's event did not carry it (receipts, saving). */
  paymentCard(db: Db, paymentIntentId: string): Promise<CardDetails | null>;
  /**
   * Sends an operator's payout to its bank from its connected account. Idempotent by the payout's
   * id (asked again, the same payout answers); throws PayoutRefusedError when the provider refuses
   * it for good, anything else when it cannot be asked now (asked again later).
   */
  createPayout(db: Db, payout: PayoutRequest): Promise<ProviderPayout>;
  /**
   * Sends an operator's part of a booking paid with marketplace gift cards from the platform's
   * balance to its connected account. Idempotent by `idempotencyKey`.
   */
  transferToOperator(db: Db, transfer: OperatorTransfer): Promise<{ transferId: string }>;
  /**
   * Takes `amountMinor` of a transfer back (a refund of the booking). Once per `idempotencyKey`:
   * asked again, the reversal already made answers.
   */
  reverseTransfer(db: Db, transferId: string, amountMinor: number, options: { idempotencyKey: string }): Promise<void>;
  /** Verifies and decodes a webhook (throws WebhookVerificationError). */
  parseWebhook(rawBody: string, headers: Headers): PaymentEvent;
  /**
   * Opens a connected account for an operator (Stripe: Connect Express, payouts on a manual
   * schedule: the platform's payout engine decides when). Idempotent per operator.
   */
  createConnectedAccount(db: Db, owner: ConnectedAccountOwner): Promise<ConnectedAccountState>;
  /** Where the owner completes (or continues) the account's onboarding: an absolute URL, or a path of this site (sandbox). */
  onboardingLink(db: Db, providerAccountId: string, urls: OnboardingUrls): Promise<{ url: string }>;
  /** The account as the provider has it now. */
  connectedAccount(db: Db, providerAccountId: string): Promise<ConnectedAccountState>;
}

/** Stripe closes a Checkout Session no sooner than 30 minutes after creating it. */
export const MIN_CHECKOUT_MINUTES = 30;

/** Margin over Stripe's minimum, so a checkout re-requested a few minutes later is still valid. */
const CHECKOUT_MARGIN_MINUTES = 5;

/**
 * When a checkout stops taking payments: the hold's end, but at least 35 minutes after the
 * booking was made (Stripe needs 30 from the session's creation). Derived from the booking, not
 * from the clock, so a repeated request sends Stripe the same parameters (its idempotency keys
 * demand that). A payment that arrives after the hold has expired is handled by fulfilment:
 * the seats are taken again if they are still free, otherwise the payment is refunded.
 */
export function checkoutExpiry(holdExpiresAt: Date, bookingCreatedAt: Date): Date {
  const earliest = bookingCreatedAt.getTime() + (MIN_CHECKOUT_MINUTES + CHECKOUT_MARGIN_MINUTES) * 60_000;
  return new Date(Math.max(holdExpiresAt.getTime(), earliest));
}
