import { isUniqueViolation } from "../db/errors";
import { and, asc, count, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { AuthIdentity } from "../auth/verify";
import type { Db } from "../db/client";
import { bookings, slots, type AccountRow, type BookingRow, type PaymentMethodRow } from "../db/schema";
import { ownCard } from "../payments/saved-cards";
import { ApiError, conflict, notFound } from "../http/errors";
import { expireHolds } from "../jobs/hold-expiry";
import { addNotification } from "../notifications/service";
import { paymentProvider, providerNamed } from "../payments";
import type { CheckoutBooking } from "../payments/provider";
import { findUsablePromo, redeemPromo, toPricingPromo } from "../promo/service";
import { recordReferral, referralFor } from "../referrals/service";
import { findUser, requireUserRow } from "../users/service";
import { missingSteps, refuseMissingSteps } from "./missing-steps";
import { bookingEnv, getApiEnv } from "../env";
import { enforceRateLimits } from "../rate-limit/service";
import { loadBookableService, loadOpenSlot, priceTickets } from "./context";
import { bookingCalendar, bookingPath, cancellationEmail } from "./emails";
import { writeBookingEmail } from "./booking-mail";
import { fulfilBooking, markCheckoutExpired, markPaymentFailed, releaseBooking } from "./fulfilment";
import { formatWhen } from "./format";
import { newBookingId } from "./ids";
import { settleRefund } from "./refunds";
import { freeCancellationUntil } from "./cancellation-deadline";
import { priceBreakdown } from "~contract/pricing";
import { takeSeats } from "./seats";
import {
  BOOKINGS_PAGE_SIZE,
  type BookingFilter,
  type BookingPage,
  type BookingView,
  type CreateBookingBody,
  type Quote,
  type QuoteBody,
} from "~contract/bookings";
import { bookingViewQuery, findBookingView, toBookingView } from "./view";
import { errorFields, logger } from "../logger";

const bookingNotFound = () => notFound("No such booking.", "booking_not_found");

/** POST /v1/bookings/quote: the price and the seats left; an unusable promo code is not an error here. */
/**
 * The discount of a booking: its promo code, or else the invitation the guest followed (only for
 * a signed-in guest, only on their first booking: see referralFor).
 */
async function discountOf(
  db: Db,
  priced: ReturnType<typeof priceTickets>["priced"],
  promo: Awaited<ReturnType<typeof findUsablePromo>>,
  referralCode: string | undefined,
  userId: string | null,
) {
  if (promo) return { pricing: toPricingPromo(promo), referral: null };
  if (!referralCode) return { pricing: null, referral: null };
  const referral = await referralFor(db, userId, referralCode, priceBreakdown(priced, null).subtotalMinor);
  if (!userId) return { pricing: null, referral: { ...referral, applied: false, discountMinor: 0 } };
  const pricing = referral.applied
    ? { code: referral.code, percentOff: null, amountOffMinor: referral.discountMinor }
    : null;
  return { pricing, referral };
}

export async function quoteBooking(
  db: Db,
  input: QuoteBody,
  scope: AccountRow | null,
  userId: string | null = null,
): Promise<Quote> {
  const context = await loadBookableService(db, input.serviceId, scope);
  const slot = await loadOpenSlot(db, input.slotId, input.serviceId);
  const { priced } = priceTickets(context.ticketTypes, input.tickets);
  const promo = input.promoCode ? await findUsablePromo(db, input.promoCode, context.account) : null;
  const discount = await discountOf(db, priced, promo, input.referralCode, userId);
  const user = userId ? await findUser(db, userId) : null;
  return {
    breakdown: priceBreakdown(priced, discount.pricing),
    currency: context.account.currency,
    promo: input.promoCode ? { code: input.promoCode, valid: promo !== null } : null,
    referral: discount.referral,
    seatsLeft: slot.seatsLeft,
    startsAt: slot.startsAt.toISOString(),
    endsAt: slot.endsAt.toISOString(),
    timezone: context.account.timezone,
    freeCancellationUntil: freeCancellationUntil(slot.startsAt, context.account.cancellationCutoffHours),
    missing: await missingSteps(db, user, context.account),
  };
}

export interface CreateBookingInput {
  identity: AuthIdentity;
  scope: AccountRow | null;
  body: CreateBookingBody;
  idempotencyKey: string;
  /** scheme://host[:port] the request was sent to: payment return links and email links use it. */
  origin: string;
}

export interface PlacedBooking {
  booking: BookingView;
  checkoutUrl: string;
  /** false: the Idempotency-Key was used before and this is that booking. */
  created: boolean;
}

const sameTickets = (
  a: Array<{ ticketTypeId: string; quantity: number }>,
  b: Array<{ ticketTypeId: string; quantity: number }>,
) => {
  const key = (lines: typeof a) =>
    lines
      .filter((line) => line.quantity > 0)
      .map((line) => `${line.ticketTypeId}:${line.quantity}`)
      .sort()
      .join(",");
  return key(a) === key(b);
};

async function findByIdempotencyKey(db: Db, userId: string, key: string): Promise<BookingRow | null> {
  const [row] = await db
    .select()
    .from(bookings)
    .where(and(eq(bookings.userId, userId), eq(bookings.idempotencyKey, key)))
    .limit(1);
  return row ?? null;
}

function successPath(body: CreateBookingBody, bookingId: string): string {
  return body.returnUrl.replaceAll("{bookingId}", bookingId);
}

/**
 * Opens (or finds again: providers are idempotent per booking) the checkout of a held booking
 * and records it. A booking that no longer waits for payment goes straight to its return page.
 */
async function ensureCheckout(
  db: Db,
  booking: BookingRow,
  body: CreateBookingBody,
  title: string,
  email: string | null,
): Promise<string> {
  const back = successPath(body, booking.id);
  if (booking.status !== "held") return booking.checkoutUrl ?? back;
  if (booking.checkoutUrl) return booking.checkoutUrl;
  const provider = paymentProvider();
  const checkoutBooking = checkoutBookingOf(booking, title, email);
  let session;
  try {
    session = await provider.createCheckout(db, checkoutBooking, {
      successUrl: new URL(back, booking.origin).toString(),
      cancelUrl: body.cancelUrl ? new URL(body.cancelUrl, booking.origin).toString() : null,
    });
  } catch (error) {
    logger.error({ bookingId: booking.id, err: errorFields(error) }, "checkout could not be created");
    // The booking keeps its hold: repeating the request (same Idempotency-Key) tries again.
    throw new ApiError(
      503,
      "payment_unavailable",
      "The payment provider cannot be reached right now. Try again in a moment.",
    );
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

function checkoutBookingOf(booking: BookingRow, title: string, email: string | null): CheckoutBooking {
  return {
    id: booking.id,
    title,
    tickets: booking.tickets,
    subtotalMinor: booking.subtotalMinor,
    discountMinor: booking.discountMinor,
    feesMinor: booking.feesMinor,
    taxMinor: booking.taxMinor,
    totalMinor: booking.totalMinor,
    currency: booking.currency,
    promoCode: booking.promoCode,
    holdExpiresAt: booking.holdExpiresAt!,
    createdAt: booking.createdAt,
    saveCard: booking.saveCard,
    customerEmail: email,
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
  let charged;
  try {
    charged = await provider.chargeSavedCard(db, checkoutBookingOf(booking, title, email), card);
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

async function placed(
  db: Db,
  booking: BookingRow,
  body: CreateBookingBody,
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
 * POST /v1/bookings. The same Idempotency-Key from the same user gives the same booking, also
 * when the two requests race (unique index on (user_id, idempotency_key); the loser's
 * transaction is rolled back, seats included, and it answers the winner's booking).
 */
export async function createBooking(db: Db, input: CreateBookingInput): Promise<PlacedBooking> {
  const { identity, scope, body, idempotencyKey } = input;
  const user = await requireUserRow(db, identity.uid);
  await enforceRateLimits([
    { key: `booking:user:${user.id}`, limit: getApiEnv().BOOKING_ATTEMPTS_PER_USER, windowSeconds: 600 },
  ]);
  // Someone else's card (or a made-up id) is refused before anything is held.
  const savedCard = body.paymentMethodId ? await ownCard(db, user.id, body.paymentMethodId) : null;

  const replay = async (existing: BookingRow) => {
    if (
      existing.slotId !== body.slotId ||
      existing.serviceId !== body.serviceId ||
      !sameTickets(existing.tickets, body.tickets)
    ) {
      throw conflict(
        "This Idempotency-Key was used for another booking. Use a new key for a new booking.",
        "idempotency_key_reused",
      );
    }
    return placed(db, existing, body, user.email, false, savedCard);
  };
  const existing = await findByIdempotencyKey(db, user.id, idempotencyKey);
  if (existing) return replay(existing);

  const context = await loadBookableService(db, body.serviceId, scope);
  await refuseMissingSteps(db, user, context.account);
  // 404 for an unknown or started departure; seats are judged by the update below.
  await loadOpenSlot(db, body.slotId, body.serviceId);
  const { priced, tickets } = priceTickets(context.ticketTypes, body.tickets);
  const promo = body.promoCode ? await findUsablePromo(db, body.promoCode, context.account) : null;
  if (body.promoCode && !promo)
    throw conflict(`The promo code ${body.promoCode} cannot be used for this booking.`, "promo_invalid");
  const discount = await discountOf(db, priced, promo, body.referralCode, user.id);
  const price = priceBreakdown(priced, discount.pricing);
  const referralCode = discount.referral?.applied ? discount.referral.code : null;

  // Expired holds of this departure give their seats back before we ask for seats.
  await expireHolds(db, { slotId: body.slotId });

  // The guest's own hold on this departure never blocks them: the same order answers that
  // booking again (one booking however often Pay is pressed, from however many pages); a
  // changed order replaces it in the transaction that takes the seats, so its seats count.
  // Two requests of one guest for one departure take turns (a transaction-scoped advisory lock).
  let booking: BookingRow;
  let replaced: BookingRow[] = [];
  let reused: BookingRow | undefined;
  try {
    booking = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`${user.id}:${body.slotId}`}, 0))`);
      const ownHolds = await heldBy(tx, user.id, body.slotId);
      reused = ownHolds.find(
        (hold) =>
          sameTickets(hold.tickets, tickets) &&
          hold.promoCode === (promo?.code ?? null) &&
          hold.totalMinor === price.totalMinor &&
          hold.saveCard === body.saveCard,
      );
      if (reused) return reused;
      replaced = await releaseOwnHolds(tx, ownHolds);
      if (!(await takeSeats(tx, body.slotId, body.serviceId, price.seats))) throw soldOut();
      if (promo && !(await redeemPromo(tx, promo.code, context.account))) {
        throw conflict(`The promo code ${promo.code} cannot be used any more.`, "promo_invalid");
      }
      const [row] = await tx
        .insert(bookings)
        .values({
          id: newBookingId(),
          userId: user.id,
          accountId: context.account.id,
          experienceId: context.experience.id,
          serviceId: context.service.id,
          slotId: body.slotId,
          status: "held",
          tickets,
          seats: price.seats,
          subtotalMinor: price.subtotalMinor,
          discountMinor: price.discountMinor,
          feesMinor: price.feesMinor,
          taxMinor: price.taxMinor,
          totalMinor: price.totalMinor,
          currency: context.account.currency,
          promoCode: promo?.code ?? null,
          referralCode,
          utm: body.utm ?? null,
          holdExpiresAt: sql`app_now() + make_interval(mins => ${bookingEnv.holdMinutes})`,
          idempotencyKey,
          origin: input.origin,
          storefront: scope !== null,
          saveCard: body.saveCard,
          paymentStatus: price.totalMinor > 0 ? "pending" : "not_required",
        })
        .returning();
      if (referralCode) await recordReferral(tx, user.id, referralCode, row.id);
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error, "bookings_user_idempotency_key")) {
      const winner = await findByIdempotencyKey(db, user.id, idempotencyKey);
      if (winner) return replay(winner);
    }
    throw error;
  }

  if (reused) return placed(db, booking, body, user.email, false, savedCard);
  await closeCheckouts(db, replaced);

  if (booking.totalMinor === 0) {
    // Nothing to pay (free tickets only): confirmed at once, no checkout.
    await fulfilBooking(db, booking.id, { sessionId: null, paymentIntentId: null, paymentMethodSaved: false });
    const [fresh] = await db.select().from(bookings).where(eq(bookings.id, booking.id));
    return placed(db, fresh, body, user.email, true);
  }
  return placed(db, booking, body, user.email, true, savedCard);
}

/** The guest's held bookings on a departure whose hold has not run out. */
async function heldBy(db: Db, userId: string, slotId: string): Promise<BookingRow[]> {
  return db
    .select()
    .from(bookings)
    .where(
      and(
        eq(bookings.userId, userId),
        eq(bookings.slotId, slotId),
        eq(bookings.status, "held"),
        sql`${bookings.holdExpiresAt} > app_now()`,
      ),
    )
    .orderBy(asc(bookings.createdAt));
}

/** Cancels the given holds that are still held (row locks first, as everywhere), freeing their seats. */
async function releaseOwnHolds(tx: Db, holds: BookingRow[]): Promise<BookingRow[]> {
  const released: BookingRow[] = [];
  for (const hold of holds) {
    const [locked] = await tx
      .select()
      .from(bookings)
      .where(and(eq(bookings.id, hold.id), eq(bookings.status, "held")))
      .for("update");
    if (!locked) continue;
    await releaseBooking(tx, locked, "cancelled", { cancelledAt: sql`app_now()`, paymentStatus: "expired" });
    released.push(locked);
  }
  return released;
}

/**
 * Replaced bookings stop taking payments. Best effort: a payment that still arrives for one
 * is refunded by fulfilment (a booking cancelled before payment is never confirmed).
 */
async function closeCheckouts(db: Db, replaced: BookingRow[]): Promise<void> {
  for (const old of replaced) {
    if (!old.paymentSessionId || !old.paymentProvider) continue;
    try {
      await providerNamed(old.paymentProvider).closeCheckout(db, old.paymentSessionId);
    } catch (error) {
      logger.warn({ bookingId: old.id, err: errorFields(error) }, "replaced checkout could not be closed");
    }
  }
}

const soldOut = () => conflict("Not enough seats left for this time.", "sold_out");

/** The caller's booking (and, in account mode, of that operator only); otherwise 404. */
export function ownBooking(userId: string, scope: AccountRow | null, id: string): SQL {
  return and(eq(bookings.id, id), eq(bookings.userId, userId), ...(scope ? [eq(bookings.accountId, scope.id)] : []))!;
}

export async function getBooking(db: Db, userId: string, scope: AccountRow | null, id: string): Promise<BookingView> {
  const [row] = await bookingViewQuery(db)
    .where(ownBooking(userId, scope, id))
    .limit(1);
  if (!row) throw bookingNotFound();
  return toBookingView(row);
}

/**
 * GET /v1/bookings: upcoming (held or confirmed, not started; soonest first), past (confirmed,
 * started; latest first) or cancelled (cancelled or refunded; latest first). Two queries.
 */
export async function listBookings(
  db: Db,
  userId: string,
  scope: AccountRow | null,
  filter: BookingFilter,
  page: number,
): Promise<BookingPage> {
  const pageSize = BOOKINGS_PAGE_SIZE;
  const mine = [eq(bookings.userId, userId), ...(scope ? [eq(bookings.accountId, scope.id)] : [])];
  const [where, order] = {
    upcoming: [
      and(...mine, inArray(bookings.status, ["held", "confirmed"]), sql`${slots.startsAt} > app_now()`),
      [asc(slots.startsAt), asc(bookings.id)],
    ],
    past: [
      and(...mine, eq(bookings.status, "confirmed"), sql`${slots.startsAt} <= app_now()`),
      [desc(slots.startsAt), desc(bookings.id)],
    ],
    cancelled: [
      and(...mine, inArray(bookings.status, ["cancelled", "refunded"])),
      [desc(sql`coalesce(${bookings.cancelledAt}, ${bookings.updatedAt})`), desc(bookings.id)],
    ],
  }[filter] as [SQL, SQL[]];
  const [rows, [{ total }]] = await Promise.all([
    bookingViewQuery(db)
      .where(where)
      .orderBy(...order)
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(bookings).innerJoin(slots, eq(slots.id, bookings.slotId)).where(where),
  ]);
  const n = Number(total);
  return { items: rows.map(toBookingView), page, pageSize, total: n, totalPages: Math.ceil(n / pageSize) };
}

/**
 * GET /v1/user/payments: the caller's bookings that money moved for (paid, or paid then
 * refunded), newest first, a page at a time.
 */
export async function listPayments(
  db: Db,
  userId: string,
  scope: AccountRow | null,
  page: number,
): Promise<BookingPage> {
  const pageSize = BOOKINGS_PAGE_SIZE;
  const where = and(
    eq(bookings.userId, userId),
    ...(scope ? [eq(bookings.accountId, scope.id)] : []),
    inArray(bookings.paymentStatus, ["paid", "refunded"]),
    sql`${bookings.totalMinor} > 0`,
  );
  const [rows, [{ total }]] = await Promise.all([
    bookingViewQuery(db)
      .where(where)
      .orderBy(desc(bookings.createdAt), desc(bookings.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(bookings).where(where),
  ]);
  const n = Number(total);
  return { items: rows.map(toBookingView), page, pageSize, total: n, totalPages: Math.ceil(n / pageSize) };
}

/**
 * POST /v1/bookings/{id}/refresh-payment: asks the provider about the booking's checkout (the
 * return page calls it rather than wait for the webhook) and runs the same fulfilment.
 */
export async function refreshPayment(
  db: Db,
  userId: string,
  scope: AccountRow | null,
  id: string,
): Promise<BookingView> {
  const [booking] = await db
    .select()
    .from(bookings)
    .where(ownBooking(userId, scope, id))
    .limit(1);
  if (!booking) throw bookingNotFound();
  if (booking.paymentSessionId && booking.paymentProvider && ["held", "expired", "failed"].includes(booking.status)) {
    let state;
    try {
      state = await providerNamed(booking.paymentProvider).getCheckout(db, booking.paymentSessionId);
    } catch (error) {
      logger.error({ bookingId: id, err: errorFields(error) }, "payment status unavailable");
      throw new ApiError(
        503,
        "payment_unavailable",
        "The payment provider cannot be reached right now. Try again in a moment.",
      );
    }
    if (state.status === "paid") {
      await fulfilBooking(db, id, {
        sessionId: booking.paymentSessionId,
        paymentIntentId: state.paymentIntentId,
        paymentMethodSaved: state.paymentMethodSaved,
        card: state.card,
      });
    } else if (state.status === "failed") {
      await markPaymentFailed(db, id);
    } else if (state.status === "expired") {
      await markCheckoutExpired(db, id);
    }
  }
  return getBooking(db, userId, scope, id);
}

/**
 * POST /v1/bookings/{id}/cancel. A held booking: cancelled, seats freed, nothing to refund. A
 * confirmed one: only while its departure starts more than the operator's cutoff from now
 * (else 409 cancellation_closed); refunded in full through its provider, cancelled, seats
 * freed, the guest notified (notification and email). Cancelling a cancelled booking again
 * answers it unchanged. Other statuses: 409 not_cancellable.
 */
export async function cancelBooking(
  db: Db,
  userId: string,
  scope: AccountRow | null,
  id: string,
): Promise<BookingView> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        booking: bookings,
        open: sql<boolean>`${slots.startsAt} > app_now() + make_interval(hours => (select cancellation_cutoff_hours from accounts where id = ${bookings.accountId}))`,
      })
      .from(bookings)
      .innerJoin(slots, eq(slots.id, bookings.slotId))
      .where(ownBooking(userId, scope, id))
      .for("update", { of: bookings });
    if (!row) throw bookingNotFound();
    const { booking } = row;
    if (booking.status === "cancelled") return "unchanged" as const;
    if (booking.status === "held") {
      await releaseBooking(tx, booking, "cancelled", { cancelledAt: sql`app_now()`, paymentStatus: "expired" });
      return "released" as const;
    }
    if (booking.status !== "confirmed")
      throw conflict("This booking is not active, so it cannot be cancelled.", "not_cancellable");
    if (!row.open) throw conflict("It is too late to cancel this booking online.", "cancellation_closed");
    // A paid booking owes its refund from here; the provider is called after the commit.
    const refundable = booking.totalMinor > 0 && booking.paymentIntentId !== null && booking.paymentProvider !== null;
    await releaseBooking(tx, booking, "cancelled", {
      cancelledAt: sql`app_now()`,
      ...(refundable ? {} : { refundMinor: 0 }),
    });
    const view = (await findBookingView(tx, id))!;
    await addNotification(tx, {
      userId,
      kind: "booking_cancelled",
      title: `Booking cancelled: ${view.experienceTitle}`,
      body: `${view.serviceName}, ${formatWhen(view.startsAt, view.endsAt, view.timezone)}.${refundable ? " Your payment is refunded in full." : ""}`,
      link: bookingPath(id),
    });
    await writeBookingEmail(tx, id, cancellationEmail);
    return "cancelled" as const;
  });
  // The refund owed (now, or left over from an earlier failed attempt) is made outside the
  // transaction; if the provider fails, the booking stays cancelled and the sweep retries it.
  try {
    await settleRefund(db, id);
  } catch (error) {
    logger.error({ bookingId: id, err: errorFields(error) }, "refund failed; retried by the sweep");
  }
  return getBooking(db, userId, scope, id);
}

/**
 * GET /v1/bookings/{id}/calendar: the booking as an .ics file (the caller's own only, and only
 * while it is confirmed: a held, cancelled or expired booking is no event to keep).
 */
export async function bookingCalendarFile(
  db: Db,
  userId: string,
  scope: AccountRow | null,
  id: string,
  origin: string,
): Promise<{ filename: string; content: string }> {
  const view = await getBooking(db, userId, scope, id);
  if (view.status !== "confirmed")
    throw conflict("Only a confirmed booking goes in a calendar.", "booking_not_confirmed");
  const row = (await findBookingView(db, view.id))!;
  const link = new URL(bookingPath(view.id), origin).toString();
  return { filename: `${view.reference}.ics`, content: bookingCalendar(row, link) };
}
