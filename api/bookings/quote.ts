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
  const [order, missing, offered, yourBookings, addOnsOffered] = await Promise.all([
    priceOrder(db, context, input, userId),
    (userId ? findUser(db, userId) : Promise.resolve(null)).then((user) => missingSteps(db, user, context.account)),
    // A waitlist offer's seats are the caller's (and only theirs: the public sees none while people wait).
    userId && input.waitlistOffer ? offerState(db, userId, input.slotId, input.waitlistOffer) : null,
    userId ? standingBookings(db, userId, input.slotId) : [],
    offeredAddOns(db, context.experience.id, input.slotId),
  ]);
  return {
    breakdown: order.price,
    currency: context.account.currency,
    promo: input.promoCode ? { code: input.promoCode, valid: order.promo !== null } : null,
    referral: order.referral,
    seatsLeft: offered?.seats ?? slot.seatsLeft,
    startsAt: slot.startsAt.toISOString(),
    endsAt: slot.endsAt.toISOString(),
    timezone: context.experience.timezone,
    freeCancellationUntil: freeCancellationUntil(slot.startsAt, context.account.cancellationCutoffHours),
    missing,
    yourBookings,
    questions: context.questions,
    guests: guestsOf(order.tickets).map((guest, index) => ({ guestNo: index + 1, ...guest })),
    addOnsOffered,
    deposit: quotedDeposit(context.service, order.price.totalMinor, slot.startsAt),
  };
}
