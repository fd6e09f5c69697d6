/** Paying a placed booking: its checkout page, or the guest's saved card at once. */
import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { bookings, type BookingRow, type PaymentMethodRow } from "../db/schema";
import { errorFields, logger } from "../logger";
import { paymentProvider, paymentUnavailable, providerNamed } from "../payments";
import type { CheckoutBooking, DestinationCharge } from "../payments/provider";
import {
  bookingApplicationFee,
  depositApplicationFees,
  destinationCharge,
  saleDestination,
} from "../payments/payout-accounts";
import { fulfilBooking } from "./fulfilment";
import { findBookingView, toBookingView } from "./view";
import type { BookingView, CreateBookingBody } from "~contract/bookings/requests";

export interface PlacedBooking {
  booking: BookingView;
  checkoutUrl: string;
  /** false: the Idempotency-Key was used before and this is that booking. */
  created: boolean;
}

/**
 * Where a booking's payment goes: the operator's connected account, the platform keeping the
 * service fee and the commission (at the booking's rate). With Stripe, an operator whose account
 * cannot take charges is refused: 409 payouts_not_ready (the hold stays until it expires).
 */
async function connectOf(db: Db, booking: BookingRow): Promise<DestinationCharge | null> {
  // A deposit booking's checkout charges the deposit: the platform's part of it.
  const fee = booking.balanceState ? depositApplicationFees(booking).deposit : bookingApplicationFee(booking);
  return destinationCharge(await saleDestination(db, booking.accountId), fee);
}

/** Where a checkout returns to: `{bookingId}` in the paths is replaced by the booking's id. */
export type CheckoutReturn = Pick<CreateBookingBody, "returnUrl" | "cancelUrl">;

function successPath(body: CheckoutReturn, bookingId: string): string {
  return body.returnUrl.replaceAll("{bookingId}", bookingId);
}

/**
 * Opens (or finds again: providers are idempotent per booking) the checkout of a held booking
 * and records it. A booking that no longer waits for payment goes straight to its return page.
 */
async function ensureCheckout(
  db: Db,
  booking: BookingRow,
  body: CheckoutReturn,
  title: string,
  email: string | null,
): Promise<string> {
  const back = successPath(body, booking.id);
  if (booking.status !== "held") return booking.checkoutUrl ?? back;
  if (booking.checkoutUrl) return booking.checkoutUrl;
  const provider = paymentProvider();
  const checkoutBooking = checkoutBookingOf(booking, title, email, await connectOf(db, booking));
  let session;
  try {
    session = await provider.createCheckout(db, checkoutBooking, {
      successUrl: new URL(back, booking.origin).toString(),
      cancelUrl: body.cancelUrl ? new URL(body.cancelUrl, booking.origin).toString() : null,
    });
  } catch (error) {
    logger.error({ bookingId: booking.id, err: errorFields(error) }, "checkout could not be created");
    // The booking keeps its hold: repeating the request (same Idempotency-Key) tries again.
    throw paymentUnavailable();
  }
  await db
    .update(bookings)
    .set({
      paymentProvider: provider.name,
      paymentSessionId: session.sessionId,
      checkoutUrl: session.url,
      updatedAt: sql`app_now()`,
    })
    .where(eq(bookings.id, booking.id));
  return session.url;
}

export function checkoutBookingOf(
  booking: BookingRow,
  title: string,
  email: string | null,
  connect: DestinationCharge | null,
): CheckoutBooking {
  return {
    id: booking.id,
    title,
    tickets: booking.tickets,
    addOns: booking.addOns,
    privatePriceMinor: booking.privatePriceMinor,
    subtotalMinor: booking.subtotalMinor,
    discountMinor: booking.discountMinor,
    feesMinor: booking.feesMinor,
    taxMinor: booking.taxMinor,
    totalMinor: booking.totalMinor,
    giftCardMinor: booking.giftCardMinor,
    currency: booking.currency,
    promoCode: booking.promoCode,
    holdExpiresAt: booking.holdExpiresAt!,
    createdAt: booking.createdAt,
    saveCard: booking.saveCard,
    balanceMinor: booking.balanceState ? booking.balanceMinor : 0,
    customerEmail: email,
    connect,
  };
}

/**
 * Pays a held booking with one of the guest's saved cards, at once. False when the card cannot
 * (expired, of another provider, declined, or the booking has a checkout already): the guest
 * then pays on the checkout page as usual, the hold unchanged.
 */
async function payWithSavedCard(
  db: Db,
  booking: BookingRow,
  card: PaymentMethodRow,
  title: string,
  email: string | null,
): Promise<boolean> {
  const provider = paymentProvider();
  if (booking.status !== "held" || booking.paymentSessionId || card.provider !== provider.name) return false;
  const connect = await connectOf(db, booking);
  let charged;
  try {
    charged = await provider.chargeSavedCard(db, checkoutBookingOf(booking, title, email, connect), card);
  } catch (error) {
    logger.warn({ bookingId: booking.id, err: errorFields(error) }, "saved card could not be charged");
    return false;
  }
  if (!charged) return false;
  await db
    .update(bookings)
    .set({ paymentProvider: provider.name, paymentSessionId: charged.sessionId, updatedAt: sql`app_now()` })
    .where(eq(bookings.id, booking.id));
  await fulfilBooking(db, booking.id, {
    sessionId: charged.sessionId,
    paymentIntentId: charged.paymentIntentId,
    paymentMethodSaved: false,
    card,
  });
  return true;
}

/**
 * A placed booking and where it is paid: a saved card is charged at once when the guest chose
 * one (and it can pay); otherwise the booking's checkout, opened now or found again.
 */
export async function startPayment(
  db: Db,
  booking: BookingRow,
  body: CheckoutReturn,
  email: string | null,
  created: boolean,
  savedCard: PaymentMethodRow | null = null,
): Promise<PlacedBooking> {
  const before = (await findBookingView(db, booking.id))!;
  const title = `${before.experienceTitle} · ${before.serviceName}`;
  if (savedCard && (await payWithSavedCard(db, booking, savedCard, title, email))) {
    const [paid] = await db.select().from(bookings).where(eq(bookings.id, booking.id));
    booking = paid;
  }
  const checkoutUrl = await ensureCheckout(db, booking, body, title, email);
  const view = (await findBookingView(db, booking.id))!;
  return { booking: toBookingView(view), checkoutUrl, created };
}

/**
 * Replaced bookings stop taking payments. Best effort: a payment that still arrives for one
 * is refunded by fulfilment (a booking cancelled before payment is never confirmed).
 */
export async function closeCheckouts(db: Db, replaced: BookingRow[]): Promise<void> {
  for (const old of replaced) {
    if (!old.paymentSessionId || !old.paymentProvider) continue;
    try {
      await providerNamed(old.paymentProvider).closeCheckout(db, old.paymentSessionId);
    } catch (error) {
      logger.warn({ bookingId: old.id, err: errorFields(error) }, "replaced checkout could not be closed");
    }
  }
}
