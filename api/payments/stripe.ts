import Stripe from "stripe";
import { glossary } from "~contract/glossary";
import type { Db } from "../db/client";
import {
  checkoutExpiry,
  PayoutRefusedError,
  WebhookVerificationError,
  type CheckoutBooking,
  type CheckoutSession,
  type CheckoutState,
  type CheckoutUrls,
  type ConnectedAccountState,
  type DestinationCharge,
  type PaymentEvent,
  type PaymentEventType,
  type PaymentProvider,
  type PayoutEventDetails,
  type PayoutRequest,
  type ProviderPayout,
  type PurchaseCheckout,
  type PurchaseKind,
} from "./provider";
import type { OffSessionCharge, OffSessionOutcome, OperatorTransfer, RefundOptions } from "./provider";
import type { CardDetails } from "~contract/bookings/cards";

export interface StripeProviderConfig {
  secretKey: string;
  webhookSecret: string;
  /** The Connect endpoint's signing secret (connected accounts' events), tried when the platform's does not match. */
  connectWebhookSecret?: string | null;
  /** Another API origin (tests: a fake Stripe server); null = api.stripe.com. */
  apiBase: string | null;
}

function clientOptions(apiBase: string | null): Stripe.StripeConfig {
  const options: Stripe.StripeConfig = { maxNetworkRetries: 2, timeout: 20_000, telemetry: false };
  if (!apiBase) return options;
  const url = new URL(apiBase);
  const protocol = url.protocol === "http:" ? "http" : "https";
  return { ...options, protocol, host: url.hostname, port: url.port || (protocol === "http" ? 80 : 443) };
}

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === "string" ? value : value.id;

function isPaid(session: Stripe.Checkout.Session): boolean {
  return (
    session.status === "complete" &&
    (session.payment_status === "paid" || session.payment_status === "no_payment_required")
  );
}

/** checkout.session.* events → the port's event types. Other events are acknowledged and ignored. */
function eventType(event: Stripe.Event, session: Stripe.Checkout.Session): PaymentEventType {
  switch (event.type) {
    case "checkout.session.completed":
      // Delayed methods (bank debits) complete unpaid; their async_payment_* event follows.
      return isPaid(session) ? "checkout.completed" : "ignored";
    case "checkout.session.async_payment_succeeded":
      return "checkout.completed";
    case "checkout.session.async_payment_failed":
      return "checkout.failed";
    case "checkout.session.expired":
      return "checkout.expired";
    default:
      return "ignored";
  }
}

/**
 * A destination charge's part of a PaymentIntent: the money goes to the operator's connected
 * account, Stripe keeps the platform's application fee (none: the whole goes to the operator).
 */
function destinationParams(connect: DestinationCharge | null) {
  if (!connect) return {};
  return {
    ...(connect.applicationFeeMinor > 0 ? { application_fee_amount: connect.applicationFeeMinor } : {}),
    transfer_data: { destination: connect.destination },
  };
}

/** A Connect account as the port has it: what Stripe needs now is its currently and past due codes. */
function accountState(account: Stripe.Account): ConnectedAccountState {
  const requirements = account.requirements;
  return {
    providerAccountId: account.id,
    chargesEnabled: account.charges_enabled ?? false,
    payoutsEnabled: account.payouts_enabled ?? false,
    detailsSubmitted: account.details_submitted ?? false,
    requirements: [...new Set([...(requirements?.past_due ?? []), ...(requirements?.currently_due ?? [])])],
    disabledReason: requirements?.disabled_reason ?? null,
  };
}

/**
 * Stripe Checkout through the official client. One Checkout Session per booking (the
 * booking id is the idempotency key), line items from the booking's tickets plus the booking
 * fee and tax, a one-off coupon for a promo discount, and `setup_future_usage` when the guest
 * chose to keep the card.
 */
export function createStripeProvider(config: StripeProviderConfig): PaymentProvider {
  const stripe = new Stripe(config.secretKey, clientOptions(config.apiBase));

  /** The card of a payment (brand, last 4, expiry, its PaymentMethod and Customer); null for other methods. */
  async function cardOfPayment(paymentIntentId: string): Promise<CardDetails | null> {
    const intent = await stripe.paymentIntents.retrieve(paymentIntentId, { expand: ["payment_method"] });
    const method = intent.payment_method;
    if (!method || typeof method === "string" || !method.card) return null;
    return {
      brand: method.card.brand,
      last4: method.card.last4,
      expMonth: method.card.exp_month,
      expYear: method.card.exp_year,
      providerRef: method.id,
      providerCustomer: idOf(intent.customer),
    };
  }

  /**
   * Gives back `platformPartMinor` of a destination charge's application fee, at most what is left
   * of it; answers what it gave back.
   */
  async function refundApplicationFee(intent: Stripe.PaymentIntent, options: RefundOptions): Promise<number> {
    const chargeId = idOf(intent.latest_charge);
    const feeId = chargeId ? idOf((await stripe.charges.retrieve(chargeId)).application_fee) : null;
    if (!feeId) return 0;
    // Once per refund: the key travels in the fee refund's metadata (what is left of the fee
    // changes once it is made, so a retry could not repeat the same request).
    const key = `${options.idempotencyKey}_fee`;
    for await (const made of stripe.applicationFees.listRefunds(feeId, { limit: 100 }))
      if (made.metadata?.key === key) return made.amount;
    const fee = await stripe.applicationFees.retrieve(feeId);
    const amount = Math.min(options.platformPartMinor!, fee.amount - fee.amount_refunded);
    if (amount <= 0) return 0;
    await stripe.applicationFees.createRefund(feeId, { amount, metadata: { key } }, { idempotencyKey: key });
    return amount;
  }

  /** A deposit's checkout: one line, the card kept for off-session use (always: the balance needs it). */
  async function depositCheckout(booking: CheckoutBooking, urls: CheckoutUrls): Promise<CheckoutSession> {
    const lineItems = [
      {
        quantity: 1,
        price_data: {
          currency: booking.currency.toLowerCase(),
          unit_amount: booking.totalMinor - booking.giftCardMinor - booking.balanceMinor,
          product_data: { name: `Deposit: ${booking.title}` },
        },
      },
    ];
    return openBookingCheckout(booking, urls, { lineItems, keepCard: true });
  }

  /**
   * The booking's Checkout Session (one a booking: keyed by its id), expiring with its hold; with
   * `keepCard` the card is kept for later off-session charges.
   */
  async function openBookingCheckout(
    booking: CheckoutBooking,
    urls: CheckoutUrls,
    {
      lineItems,
      discounts,
      keepCard,
    }: {
      lineItems: Stripe.Checkout.SessionCreateParams.LineItem[];
      discounts?: Stripe.Checkout.SessionCreateParams.Discount[];
      keepCard: boolean;
    },
  ): Promise<CheckoutSession> {
    const session = await stripe.checkout.sessions.create(
      {
        mode: "payment",
        client_reference_id: booking.id,
        metadata: { bookingId: booking.id, saveCard: String(booking.saveCard) },
        line_items: lineItems,
        ...(discounts ? { discounts } : {}),
        ...(booking.customerEmail ? { customer_email: booking.customerEmail } : {}),
        ...(keepCard ? { customer_creation: "always" as const } : {}),
        payment_intent_data: {
          metadata: { bookingId: booking.id },
          ...(keepCard ? { setup_future_usage: "off_session" as const } : {}),
          ...destinationParams(booking.connect),
        },
        success_url: urls.successUrl,
        ...(urls.cancelUrl ? { cancel_url: urls.cancelUrl } : {}),
        expires_at: Math.floor(checkoutExpiry(booking.holdExpiresAt, booking.createdAt).getTime() / 1000),
      },
      { idempotencyKey: `checkout_${booking.id}` },
    );
    if (!session.url) throw new Error(`Stripe returned checkout session ${session.id} without a url`);
    return { sessionId: session.id, url: session.url };
  }

  return {
    name: "stripe",

    async createCheckout(_db: Db, booking: CheckoutBooking, urls: CheckoutUrls): Promise<CheckoutSession> {
      const currency = booking.currency.toLowerCase();
      // A deposit booking pays its deposit here, the card kept for the balance (off-session).
      if (booking.balanceMinor > 0) return depositCheckout(booking, urls);
      // What makes the subtotal: a private booking's group price, the tickets, the add-ons.
      const sold = [
        ...(booking.privatePriceMinor === null
          ? []
          : [{ name: glossary.en.privateDeparture, quantity: 1, unitPriceMinor: booking.privatePriceMinor }]),
        ...booking.tickets,
        ...booking.addOns,
      ];
      const lineItems: Stripe.Checkout.SessionCreateParams.LineItem[] = sold
        .filter((line) => line.quantity > 0 && line.unitPriceMinor > 0)
        .map((line) => ({
          quantity: line.quantity,
          price_data: {
            currency,
            unit_amount: line.unitPriceMinor,
            product_data: { name: `${booking.title} — ${line.name}` },
          },
        }));
      if (booking.feesMinor > 0) {
        lineItems.push({
          quantity: 1,
          price_data: { currency, unit_amount: booking.feesMinor, product_data: { name: glossary.en.serviceFee } },
        });
      }
      if (booking.taxMinor > 0) {
        lineItems.push({
          quantity: 1,
          price_data: { currency, unit_amount: booking.taxMinor, product_data: { name: "Taxes" } },
        });
      }
      let discounts: Stripe.Checkout.SessionCreateParams.Discount[] | undefined;
      // The promo discount and the gift card's part, as one coupon (a session takes one).
      const offMinor = booking.discountMinor + booking.giftCardMinor;
      if (offMinor > 0) {
        const names = [
          ...(booking.discountMinor > 0 ? [booking.promoCode ?? "Discount"] : []),
          ...(booking.giftCardMinor > 0 ? ["Gift card"] : []),
        ];
        const coupon = await stripe.coupons.create(
          {
            amount_off: offMinor,
            currency,
            duration: "once",
            max_redemptions: 1,
            name: names.join(" + "),
          },
          { idempotencyKey: `coupon_${booking.id}` },
        );
        discounts = [{ coupon: coupon.id }];
      }
      return openBookingCheckout(booking, urls, { lineItems, discounts, keepCard: booking.saveCard });
    },

    async createPurchaseCheckout(_db: Db, purchase: PurchaseCheckout, urls: CheckoutUrls): Promise<CheckoutSession> {
      const metadata = {
        purchaseKind: purchase.kind,
        purchaseId: purchase.id,
        ...(purchase.bookingId ? { bookingId: purchase.bookingId } : {}),
      };
      const session = await stripe.checkout.sessions.create(
        {
          mode: "payment",
          client_reference_id: purchase.id,
          metadata,
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: purchase.currency.toLowerCase(),
                unit_amount: purchase.amountMinor,
                product_data: { name: purchase.title },
              },
            },
          ],
          ...(purchase.customerEmail ? { customer_email: purchase.customerEmail } : {}),
          payment_intent_data: { metadata, ...destinationParams(purchase.connect) },
          success_url: urls.successUrl,
          ...(urls.cancelUrl ? { cancel_url: urls.cancelUrl } : {}),
          expires_at: Math.floor(purchase.expiresAt.getTime() / 1000),
        },
        { idempotencyKey: `${purchase.kind}_checkout_${purchase.id}_${purchase.amountMinor}` },
      );
      if (!session.url) throw new Error(`Stripe returned checkout session ${session.id} without a url`);
      return { sessionId: session.id, url: session.url };
    },

    async getCheckout(_db: Db, sessionId: string): Promise<CheckoutState> {
      const session = await stripe.checkout.sessions.retrieve(sessionId);
      const paid = isPaid(session);
      return {
        status: paid ? "paid" : session.status === "expired" ? "expired" : "open",
        paymentIntentId: idOf(session.payment_intent),
        paymentMethodSaved: paid && session.metadata?.saveCard === "true",
        card: paid && session.payment_intent ? await cardOfPayment(idOf(session.payment_intent)!) : null,
      };
    },

    async paymentCard(_db: Db, paymentIntentId: string) {
      return cardOfPayment(paymentIntentId);
    },

    /** The PaymentIntent's amount received, less its refunds that succeeded or are on their way. */
    async paymentTotals(_db: Db, paymentIntentId: string) {
      let intent: Stripe.PaymentIntent;
      try {
        intent = await stripe.paymentIntents.retrieve(paymentIntentId);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
        throw error;
      }
      let refundedMinor = 0;
      for await (const refund of stripe.refunds.list({ payment_intent: paymentIntentId, limit: 100 })) {
        if (refund.status === "succeeded" || refund.status === "pending") refundedMinor += refund.amount;
      }
      return { paidMinor: intent.amount_received, refundedMinor };
    },

    /**
     * A saved card, the guest present on our page: a PaymentIntent confirmed at once with the
     * card and its Customer. Anything but an immediate success (a decline, 3-D Secure asking
     * for the guest) answers null and the booking goes through Checkout instead.
     */
    async chargeSavedCard(_db: Db, booking: CheckoutBooking, card: CardDetails) {
      if (!card.providerCustomer) return null;
      let intent: Stripe.PaymentIntent;
      try {
        intent = await stripe.paymentIntents.create(
          {
            amount: booking.totalMinor - booking.giftCardMinor - booking.balanceMinor,
            currency: booking.currency.toLowerCase(),
            customer: card.providerCustomer,
            payment_method: card.providerRef,
            confirm: true,
            off_session: true,
            description: booking.title,
            metadata: { bookingId: booking.id },
            ...destinationParams(booking.connect),
          },
          { idempotencyKey: `saved_${booking.id}_${card.providerRef}` },
        );
      } catch (error) {
        if (error instanceof Stripe.errors.StripeCardError) return null;
        throw error;
      }
      return intent.status === "succeeded" ? { sessionId: intent.id, paymentIntentId: intent.id } : null;
    },

    /**
     * A deposit booking's balance, the traveller away: a PaymentIntent confirmed off-session with
     * the card the deposit kept (its Customer). A card error is a decline; anything else throws.
     */
    async chargeOffSession(_db: Db, charge: OffSessionCharge): Promise<OffSessionOutcome> {
      if (!charge.card.providerCustomer) return { paid: false, reason: "card_not_kept" };
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: charge.amountMinor,
            currency: charge.currency.toLowerCase(),
            customer: charge.card.providerCustomer,
            payment_method: charge.card.providerRef,
            confirm: true,
            off_session: true,
            description: charge.title,
            metadata: { bookingId: charge.bookingId, purchaseKind: "balance" },
            ...destinationParams(charge.connect),
          },
          { idempotencyKey: charge.idempotencyKey },
        );
        return intent.status === "succeeded"
          ? { paid: true, paymentIntentId: intent.id }
          : { paid: false, reason: intent.status };
      } catch (error) {
        if (error instanceof Stripe.errors.StripeCardError)
          return { paid: false, reason: error.code ?? "card_declined" };
        throw error;
      }
    },

    async closeCheckout(_db: Db, sessionId: string): Promise<void> {
      const session = await stripe.checkout.sessions.retrieve(sessionId);
      if (session.status === "open") await stripe.checkout.sessions.expire(sessionId);
    },

    /**
     * A destination charge's refund takes back from both sides: the operator's transfer is
     * reversed by the amount refunded, and the platform's application fee refunded in proportion
     * (`refund_application_fee`), or, when the ledger says otherwise (`platformPartMinor`: a
     * goodwill refund comes out of the operator's part), by exactly that amount, as an application
     * fee refund of its own (never more than is left of the fee).
     */
    async refund(_db: Db, paymentIntentId: string, amountMinor: number, options: RefundOptions) {
      const intent = await stripe.paymentIntents.retrieve(paymentIntentId);
      const destinationCharge = intent.transfer_data?.destination != null;
      const exact = destinationCharge && options.platformPartMinor !== undefined;
      const refund = await stripe.refunds.create(
        {
          payment_intent: paymentIntentId,
          amount: amountMinor,
          ...(destinationCharge ? { reverse_transfer: true, refund_application_fee: !exact } : {}),
        },
        { idempotencyKey: options.idempotencyKey },
      );
      const feeBackMinor = exact && options.platformPartMinor! > 0 ? await refundApplicationFee(intent, options) : 0;
      return { refundId: refund.id, feeBackMinor };
    },

    /**
     * A payout on the operator's connected account (its schedule is manual: the payout engine
     * decides when). Our payout id is the idempotency key and travels in its metadata; Stripe's
     * payout.paid / payout.failed events tell how it ended.
     */
    async createPayout(_db: Db, payout: PayoutRequest): Promise<ProviderPayout> {
      let made: Stripe.Payout;
      try {
        made = await stripe.payouts.create(
          { amount: payout.amountMinor, currency: payout.currency.toLowerCase(), metadata: { payoutId: payout.id } },
          { stripeAccount: payout.providerAccountId, idempotencyKey: payout.id },
        );
      } catch (error) {
        // Refused (no bank account, balance too low, payouts paused): the same request gets the same answer.
        if (
          error instanceof Stripe.errors.StripeInvalidRequestError ||
          error instanceof Stripe.errors.StripePermissionError
        )
          throw new PayoutRefusedError(error.code ?? "payout_refused", error.message);
        throw error;
      }
      return { providerPayoutId: made.id, status: "in_transit", arrivalDate: stripeDate(made.arrival_date) };
    },

    /** A transfer from the platform's balance (a gift card's part of a booking), grouped with the booking's payment. */
    async transferToOperator(_db: Db, transfer: OperatorTransfer) {
      const made = await stripe.transfers.create(
        {
          amount: transfer.amountMinor,
          currency: transfer.currency.toLowerCase(),
          destination: transfer.destination,
          transfer_group: transfer.bookingId,
          metadata: { bookingId: transfer.bookingId },
        },
        { idempotencyKey: transfer.idempotencyKey },
      );
      return { transferId: made.id };
    },

    /**
     * A reversal of part of a transfer, once per key: the key travels in its metadata, and a
     * reversal already made with it (a retry after a failure further on) is not made again.
     */
    async reverseTransfer(_db: Db, transferId: string, amountMinor: number, options: { idempotencyKey: string }) {
      for await (const reversal of stripe.transfers.listReversals(transferId, { limit: 100 }))
        if (reversal.metadata?.key === options.idempotencyKey) return;
      const transfer = await stripe.transfers.retrieve(transferId);
      const amount = Math.min(amountMinor, transfer.amount - transfer.amount_reversed);
      if (amount <= 0) return;
      await stripe.transfers.createReversal(
        transferId,
        { amount, metadata: { key: options.idempotencyKey } },
        { idempotencyKey: options.idempotencyKey },
      );
    },

    parseWebhook(rawBody: string, headers: Headers): PaymentEvent {
      const signature = headers.get("Stripe-Signature");
      if (!signature) throw new WebhookVerificationError("The Stripe-Signature header is missing.");
      // The platform's endpoint, else the Connect endpoint (the connected accounts' events).
      let event: Stripe.Event | null = null;
      for (const secret of [config.webhookSecret, config.connectWebhookSecret]) {
        if (!secret || event) continue;
        try {
          event = stripe.webhooks.constructEvent(rawBody, signature, secret);
        } catch {
          // Not this endpoint's signature: the next secret, if any.
        }
      }
      if (!event) throw new WebhookVerificationError("The Stripe signature does not match this payload.");
      if (event.type === "payout.paid" || event.type === "payout.failed") return payoutEvent(event);
      if (event.type === "account.updated") return accountEvent(event);
      const isSession = event.type.startsWith("checkout.session.");
      const session = (isSession ? event.data.object : null) as Stripe.Checkout.Session | null;
      return {
        provider: "stripe",
        eventId: event.id,
        type: session ? eventType(event, session) : "ignored",
        providerType: event.type,
        sessionId: session?.id ?? null,
        bookingId: session
          ? (session.metadata?.bookingId ?? (purchaseOf(session) ? null : session.client_reference_id))
          : null,
        purchase: session ? purchaseOf(session) : null,
        paymentIntentId: session ? idOf(session.payment_intent) : null,
        paymentMethodSaved: session ? isPaid(session) && session.metadata?.saveCard === "true" : false,
        card: null,
      };
    },

    /**
     * A Connect Express account for the operator: card payments and transfers, payouts on a
     * manual schedule (the platform's payout engine makes them). One per operator (its id is the
     * idempotency key).
     */
    async createConnectedAccount(_db: Db, owner) {
      const account = await stripe.accounts.create(
        {
          type: "express",
          ...(owner.country ? { country: owner.country } : {}),
          ...(owner.email ? { email: owner.email } : {}),
          business_profile: { name: owner.name },
          capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
          settings: { payouts: { schedule: { interval: "manual" } } },
          metadata: { accountId: owner.accountId },
        },
        { idempotencyKey: `connect_account_${owner.accountId}` },
      );
      return accountState(account);
    },

    async onboardingLink(_db: Db, providerAccountId: string, urls) {
      const link = await stripe.accountLinks.create({
        account: providerAccountId,
        type: "account_onboarding",
        return_url: urls.returnUrl,
        refresh_url: urls.refreshUrl,
      });
      return { url: link.url };
    },

    async connectedAccount(_db: Db, providerAccountId: string) {
      return accountState(await stripe.accounts.retrieve(providerAccountId));
    },
  };
}

/** `account.updated`: a connected account's state, as of the event's time (seconds). */
function accountEvent(event: Stripe.Event): PaymentEvent {
  const account = event.data.object as Stripe.Account;
  return {
    ...connectedAccountEvent(event, "account.updated"),
    account: { state: accountState(account), at: new Date(event.created * 1000) },
  };
}

/** A Stripe date (a Unix time at midnight UTC) as YYYY-MM-DD. */
function stripeDate(seconds: number | null | undefined): string | null {
  return seconds ? new Date(seconds * 1000).toISOString().slice(0, 10) : null;
}

/** payout.paid / payout.failed of a connected account's payout. */
function payoutEvent(event: Stripe.PayoutPaidEvent | Stripe.PayoutFailedEvent): PaymentEvent {
  const payout = event.data.object;
  const details: PayoutEventDetails = {
    providerPayoutId: payout.id,
    payoutId: payout.metadata?.payoutId ?? null,
    providerAccountId: event.account ?? null,
    failureCode: event.type === "payout.failed" ? (payout.failure_code ?? "payout_failed") : null,
    arrivalDate: stripeDate(payout.arrival_date),
  };
  return { ...connectedAccountEvent(event, event.type), payout: details };
}

/** An event about a connected account (its state, its payouts): no checkout, booking, purchase or card. */
function connectedAccountEvent(event: Stripe.Event, type: PaymentEventType): PaymentEvent {
  return {
    provider: "stripe",
    eventId: event.id,
    type,
    providerType: event.type,
    sessionId: null,
    bookingId: null,
    purchase: null,
    paymentIntentId: null,
    paymentMethodSaved: false,
    card: null,
  };
}

const PURCHASE_KINDS: readonly PurchaseKind[] = ["tip", "gift_card", "reschedule", "balance"];

/** What a purchase's session paid for, from its metadata (sessions opened before 0036 say `tipId`). */
function purchaseOf(session: Stripe.Checkout.Session): { kind: PurchaseKind; id: string } | null {
  const metadata = session.metadata ?? {};
  const kind = PURCHASE_KINDS.find((known) => known === metadata.purchaseKind);
  if (kind && metadata.purchaseId) return { kind, id: metadata.purchaseId };
  return metadata.tipId ? { kind: "tip", id: metadata.tipId } : null;
}
