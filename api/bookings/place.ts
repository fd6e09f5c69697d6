/** Placing a booking: the guest may book this, the order is priced, its seats are held, its payment starts. */
import { and, eq } from "drizzle-orm";
import type { AuthIdentity } from "../auth/verify";
import type { Db } from "../db/client";
import { isUniqueViolation } from "../db/errors";
import { bookings, type AccountRow, type BookingRow } from "../db/schema";
import { getApiEnv } from "../env";
import { conflict, validationError } from "../http/errors";
import { loadBookableService } from "../catalog/bookable-service";
import { ownCard } from "../payments/saved-cards";
import { enforceRateLimits } from "../rate-limit/service";
import { requireUserRow } from "../users/service";
import { refuseMissingSteps } from "./missing-steps";
import { acceptedAnswers } from "./answers";
import { chosenPickupPoint } from "./pickup-points";
import { limitGiftCardAttempts } from "../gift-cards/attempts";
import { giftCardInvalid } from "../gift-cards/ledger";
import { normalizeGiftCardCode } from "~contract/gifts/gift-cards";
import { closeCheckouts, startPayment, type PlacedBooking } from "./checkout";
import { fulfilBooking } from "./fulfilment";
import { planDeposit } from "./deposits";
import { expireHolds } from "./hold-expiry";
import { holdSeats, sameTickets, type Hold } from "./hold-seats";
import { priceOrder } from "./price";
import { loadOpenSlot } from "./seats";
import { refuseBookingTwice } from "./standing";
import type { CreateBookingBody } from "~contract/bookings/requests";
import { refuseSuspended } from "../accounts/status";
import { refusePayoutsNotReady } from "../payments/payout-accounts";

export interface CreateBookingInput {
  identity: AuthIdentity;
  scope: AccountRow | null;
  body: CreateBookingBody;
  idempotencyKey: string;
  /** scheme://host[:port] the request was sent to: payment return links and email links use it. */
  origin: string;
  /** The client's address: gift card attempts are limited per address. */
  clientAddress: string;
}

async function findByIdempotencyKey(db: Db, userId: string, key: string): Promise<BookingRow | null> {
  const [row] = await db
    .select()
    .from(bookings)
    .where(and(eq(bookings.userId, userId), eq(bookings.idempotencyKey, key)))
    .limit(1);
  return row ?? null;
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
    return startPayment(db, existing, body, user.email, false, savedCard);
  };
  const existing = await findByIdempotencyKey(db, user.id, idempotencyKey);
  if (existing) return replay(existing);

  if (body.giftCardCode !== undefined && body.savedGiftCardId !== undefined) {
    throw validationError({ savedGiftCardId: ["Send a gift card code or a saved card's id, not both."] });
  }
  // A typed gift card code counts against the same limits as a balance lookup (guessing stays hopeless).
  if (body.giftCardCode !== undefined) {
    await limitGiftCardAttempts(input.clientAddress, body.giftCardCode);
    // A code sent empty or blank is a code that names no card, not "no card" (issue 39 item 19).
    if (!normalizeGiftCardCode(body.giftCardCode)) throw giftCardInvalid();
  }
  const context = await loadBookableService(db, body.serviceId, scope);
  // A suspended operator takes no new sale; holdSeats checks again under the account row's lock.
  refuseSuspended(context.account);
  // With Stripe, an operator whose payout account cannot take charges sells nothing (409 payouts_not_ready).
  await refusePayoutsNotReady(db, context.account.id);
  await refuseMissingSteps(db, user, context.account);
  // 404 for an unknown or started departure; seats are judged by the update below.
  const slot = await loadOpenSlot(db, body.slotId, body.serviceId);
  // A waitlist offer is itself a deliberate ask for more seats of the departure: no second question.
  if (body.bookAgain === false && !body.waitlistOffer) await refuseBookingTwice(db, user.id, body.slotId);
  const order = await priceOrder(db, context, body, user.id);
  // THE rule of the booking questions: a missing or wrong answer is refused before any seat is taken.
  const answers = acceptedAnswers(context.questions, order.tickets, body.answers);
  // The pickup point: one of the experience's, and one at all when it requires it (400 pickup_required).
  const pickup = await chosenPickupPoint(db, context.experience, body.pickupPointId, true);
  if (body.promoCode && !order.promo)
    throw conflict(`The promo code ${body.promoCode} cannot be used for this booking.`, "promo_invalid");

  // Expired holds of this departure give their seats back before we ask for seats.
  await expireHolds(db, { slotId: body.slotId });
  let hold: Hold;
  try {
    hold = await holdSeats(db, {
      holder: { kind: "user", userId: user.id },
      context,
      body,
      order,
      idempotencyKey,
      answers,
      pickup,
      origin: input.origin,
      storefront: scope !== null,
      giftCard: body.giftCardCode
        ? { code: body.giftCardCode }
        : body.savedGiftCardId
          ? { savedId: body.savedGiftCardId, userId: user.id, email: user.email }
          : null,
    });
  } catch (error) {
    if (isUniqueViolation(error, "bookings_user_idempotency_key")) {
      const winner = await findByIdempotencyKey(db, user.id, idempotencyKey);
      if (winner) return replay(winner);
    }
    throw error;
  }

  if (hold.reused) return startPayment(db, hold.booking, body, user.email, false, savedCard);
  // A service that asks a deposit for a departure this far away: the deposit now, the balance later.
  const booking = await planDeposit(
    db,
    hold.booking,
    context.service,
    slot.startsAt,
    context.account.cancellationCutoffHours,
  );
  await closeCheckouts(db, hold.replaced);
  if (booking.totalMinor === booking.giftCardMinor) {
    // Nothing (left) to pay: free tickets only, or all paid by the gift card. Confirmed at once, no checkout.
    await fulfilBooking(db, booking.id, { sessionId: null, paymentIntentId: null, paymentMethodSaved: false });
    const [fresh] = await db.select().from(bookings).where(eq(bookings.id, booking.id));
    return startPayment(db, fresh, body, user.email, true);
  }
  return startPayment(db, booking, body, user.email, true, savedCard);
}
