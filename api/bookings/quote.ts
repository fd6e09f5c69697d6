import type { Db } from "../db/client";
import type { AccountRow } from "../db/schema";
import { standingBookings } from "./standing";
import { loadBookableService } from "../catalog/bookable-service";
import { freeCancellationUntil } from "./cancellation-deadline";
import { priceOrder } from "./price";
import { loadOpenSlot } from "./seats";
import { missingSteps } from "./missing-steps";
import { findUser } from "../users/service";
import { offerState } from "./waitlist-offer";
import { refuseSuspended } from "../accounts/status";
import type { Quote, QuoteBody } from "~contract/bookings/requests";
import { guestsOf } from "~contract/bookings/questions";
import { offeredAddOns } from "./add-ons";
import { privateSaleOf } from "../catalog/private-sale";
import { chosenPickupPoint, offeredPickupPoints } from "./pickup-points";
import { quotedDeposit } from "./deposits";

/** POST /v1/bookings/quote: the price and the seats left; an unusable promo code is not an error here. */
export async function quoteBooking(
  db: Db,
  input: QuoteBody,
  scope: AccountRow | null,
  userId: string | null = null,
): Promise<Quote> {
  const context = await loadBookableService(db, input.serviceId, scope);
  refuseSuspended(context.account);
  const slot = await loadOpenSlot(db, input.slotId, input.serviceId);
  // The price and what the caller still owes read different rows: asked together.
  const [order, missing, offered, yourBookings, addOnsOffered, pickupPoints] = await Promise.all([
    priceOrder(db, context, input, userId),
    (userId ? findUser(db, userId) : Promise.resolve(null)).then((user) => missingSteps(db, user, context.account)),
    // A waitlist offer's seats are the caller's (and only theirs: the public sees none while people wait).
    userId && input.waitlistOffer ? offerState(db, userId, input.slotId, input.waitlistOffer) : null,
    userId ? standingBookings(db, userId, input.slotId) : [],
    offeredAddOns(db, context.experience.id, input.slotId),
    offeredPickupPoints(db, context.experience.id, slot.startsAt, context.experience.timezone),
    // A pickup point asked for is one of the experience's (400 otherwise); one is required only to book.
    chosenPickupPoint(db, context.experience, input.pickupPointId, false),
  ]);
  const privateSale = privateSaleOf(context.service);
  return {
    breakdown: order.price,
    currency: context.account.currency,
    promo: input.promoCode ? { code: input.promoCode, valid: order.promo !== null } : null,
    referral: order.referral,
    seatsLeft: offered?.seats ?? slot.seatsLeft,
    privateSale: privateSale && { ...privateSale, available: slot.seatsLeft === slot.capacity },
    startsAt: slot.startsAt.toISOString(),
    endsAt: slot.endsAt.toISOString(),
    timezone: context.experience.timezone,
    freeCancellationUntil: freeCancellationUntil(slot.startsAt, context.account.cancellationCutoffHours),
    missing,
    yourBookings,
    questions: context.questions,
    guests: guestsOf(order.tickets).map((guest, index) => ({ guestNo: index + 1, ...guest })),
    addOnsOffered,
    pickupPoints: { required: context.experience.pickupRequired && pickupPoints.length > 0, points: pickupPoints },
    deposit: quotedDeposit(context.service, order.price.totalMinor, slot.startsAt),
  };
}
