import { cardParams } from "./cards";
import { referralCodeField } from "../gifts/referrals";
import { z } from "zod";
import { said, type FieldMessageCode } from "../fields";
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_PATTERN } from "../idempotency-key";
import { emptyAsAbsent, pageParam } from "../query";
import { isSafeContinuePath } from "../identity/auth";
import { catalogId } from "../catalog/requests";
import { bookingAnswersInput } from "./questions";
import { addOnsRequest } from "./add-ons";
import { pickupPointRequest } from "./pickup-points";

import { BOOKING_FILTERS, MAX_SEATS, MAX_TICKETS_PER_TYPE } from "./limits";
import type * as out from "../outputs";

export * from "./limits";

const isoDate = z
  .string({ invalid_type_error: said("param.single") })
  .regex(/^\d{4}-\d{2}-\d{2}$/, said("date.format"))
  .refine((value) => {
    const time = Date.parse(`${value}T00:00:00Z`);
    // Refinements also run after a failed regex: never call toISOString on an invalid date.
    return !Number.isNaN(time) && new Date(time).toISOString().startsWith(value);
  }, said("date.invalid"));

export const availabilityQuery = z.object({
  from: z.preprocess(emptyAsAbsent, isoDate.optional()),
  to: z.preprocess(emptyAsAbsent, isoDate.optional()),
});
export type AvailabilityQuery = z.output<typeof availabilityQuery>;

const ticketLine = z.object({
  ticketTypeId: catalogId,
  quantity: z
    .number({ required_error: said("quantity.required"), invalid_type_error: said("number.whole") })
    .int(said("number.whole"))
    .min(0, said("number.atLeast"))
    .max(MAX_TICKETS_PER_TYPE, said("number.atMost")),
});

/** The tickets of a booking: one line per ticket type, at least one seat, at most MAX_SEATS. */
export const bookingTickets = z
  .array(ticketLine, {
    required_error: said("tickets.required"),
    invalid_type_error: said("tickets.notList"),
  })
  .max(20, said("tickets.tooMany"))
  .superRefine((lines, ctx) => {
    const seen = new Set<string>();
    lines.forEach((line, index) => {
      if (seen.has(line.ticketTypeId))
        ctx.addIssue({ code: "custom", path: [index, "ticketTypeId"], message: said("tickets.duplicate") });
      seen.add(line.ticketTypeId);
    });
    const seats = lines.reduce((sum, line) => sum + line.quantity, 0);
    if (seats < 1) ctx.addIssue({ code: "custom", message: said("tickets.required") });
    if (seats > MAX_SEATS) ctx.addIssue({ code: "custom", message: said("seats.tooMany") });
  });

/** Optional promo code; an empty one counts as none. Not judged here (see the quote and booking rules). */
const promoCode = z
  .string({ invalid_type_error: said("text.notText") })
  .trim()
  .max(32, said("text.tooLong"))
  .optional()
  .transform((value) => (value ? value.toUpperCase() : undefined));

export const quoteBody = z.object({
  serviceId: catalogId,
  slotId: catalogId,
  tickets: bookingTickets,
  promoCode,
  /** An invitation's code (ignored without a signed-in guest; a promo code takes precedence). */
  referralCode: referralCodeField,
  /**
   * A waitlist offer's token (the link of the offer email): the seats held for the caller's offer
   * on this departure are theirs (quote: seatsLeft counts them; booking: 409 waitlist_offer_invalid
   * when it is not such an open offer).
   */
  waitlistOffer: z
    .string({ invalid_type_error: said("text.notText") })
    .regex(/^[A-Za-z0-9_-]{16,64}$/, said("waitlistOffer.invalid"))
    .optional(),
  /** The add-ons wanted with the tickets (quote: `addOnsOffered`); a per-guest one at most once a guest. */
  addOns: addOnsRequest,
  /**
   * The whole departure for these guests at the service's group price (issue 46; its `privateSale`
   * says whether and up to how many guests): only a departure with no seat taken (409
   * private_unavailable); it then closes for everyone else on every channel.
   */
  private: z.boolean({ invalid_type_error: said("boolean.invalid") }).default(false),
  /** The pickup point chosen (quote: `pickupPoints`); required to book when `pickupPoints.required` (400 pickup_required). */
  pickupPointId: pickupPointRequest,
});
export type QuoteBody = z.output<typeof quoteBody>;

const utmValue = z
  .string({ invalid_type_error: said("text.notText") })
  .trim()
  .max(200, said("text.tooLong"))
  .optional();

/** A path on this site (see isSafeContinuePath); `{bookingId}` is replaced by the new booking's id. */
const sitePath = (missing: FieldMessageCode) =>
  z
    .string({ required_error: said(missing), invalid_type_error: said(missing) })
    .max(2048, said("text.tooLong"))
    .refine((value) => isSafeContinuePath(value), said("sitePath.invalid"));

/** POST /v1/bookings/{id}/balance/checkout: where the provider sends the traveller back (a path of this site). */
export const balanceCheckoutBody = z.object({ returnUrl: sitePath("returnUrl.required") }).strict();

export const createBookingBody = quoteBody.extend({
  utm: z
    .object({ source: utmValue, medium: utmValue, campaign: utmValue, term: utmValue, content: utmValue })
    .optional()
    .transform((utm) => {
      if (!utm) return undefined;
      const entries = Object.entries(utm).filter(([, value]) => value);
      return entries.length > 0 ? (Object.fromEntries(entries) as Record<string, string>) : undefined;
    }),
  returnUrl: sitePath("returnUrl.required"),
  cancelUrl: sitePath("cancelUrl.required").optional(),
  /**
   * false: refused (409 already_booked) when the caller already has a paid booking of this
   * departure, so a pay page reached again (the back button) never books twice by accident; a
   * page sends true once the guest chose to book more seats. Absent: no such check.
   */
  bookAgain: z.boolean({ invalid_type_error: said("boolean.invalid") }).optional(),
  /** The guest wants to keep the card for later bookings (Stripe: setup_future_usage). */
  saveCard: z
    .boolean({ invalid_type_error: said("boolean.invalid") })
    .optional()
    .default(false),
  /** Pay at once with one of the guest's saved cards (GET /v1/user/payment-methods). */
  paymentMethodId: cardParams.shape.id.optional(),
  /**
   * A gift card pays as much of the total as its balance allows; the checkout takes the rest. Sent,
   * it is judged: an empty or blank code is refused like any other (404 gift_card_invalid).
   */
  giftCardCode: z
    .string({ invalid_type_error: said("giftCardCode.required") })
    .trim()
    .max(64, said("giftCardCode.invalid"))
    .optional(),
  /**
   * Or a gift card kept on the caller's account (addGiftCardToWallet) or sent to their email, by
   * its id (myGiftCards): it pays like a typed code. Not with giftCardCode (400); a card that is not
   * the caller's, not usable here or empty is 404 gift_card_invalid.
   */
  savedGiftCardId: z
    .string({ invalid_type_error: said("giftCardId.required") })
    .regex(/^gc_[A-Za-z0-9_-]{1,40}$/, said("giftCardId.invalid"))
    .optional(),
  /**
   * Answers to the service's booking questions (quote: `questions`, `guests`): the booking's and
   * each guest's, in guest order. Judged by contract/bookings/questions.ts judgeAnswers: a missing
   * required answer or a wrong one is 400 naming the field (`answers.guests[1].height`).
   */
  answers: bookingAnswersInput.optional(),
});
export type CreateBookingBody = z.output<typeof createBookingBody>;

/** POST /v1/bookings: the same key from the same user gives the same booking. */
export const idempotencyKeyHeaders = z.object({
  [IDEMPOTENCY_KEY_HEADER]: z
    .string({ required_error: said("idempotencyKey.required") })
    .regex(IDEMPOTENCY_KEY_PATTERN, said("idempotencyKey.invalid")),
});

/**
 * A console write that creates something (a photo, a service, a logo, an invitation): with a key,
 * the same key again answers the first answer and creates nothing more (a form sent twice).
 */
export const optionalIdempotencyKeyHeaders = idempotencyKeyHeaders.partial();

export const bookingListQuery = z.object({
  filter: z.preprocess(
    emptyAsAbsent,
    z
      .enum(BOOKING_FILTERS, { errorMap: () => ({ message: said("bookingFilter.invalid") }) })
      .optional()
      .default("upcoming"),
  ),
  page: pageParam,
});

export const paymentListQuery = z.object({ page: pageParam });

/** POST /v1/bookings/{id}/reschedule: the departure of the same service to move to. */
export const rescheduleBody = z.object({
  slotId: catalogId,
  /**
   * When the booking's departure starts as the caller saw it (its startsAt): a booking moved
   * meanwhile (another tab, another device) is then refused with 409 booking_changed instead of
   * being moved again.
   */
  currentStartsAt: z
    .string({ invalid_type_error: said("dateTime.invalid") })
    .datetime({ offset: true, message: said("dateTime.invalid") })
    .optional(),
});
export type RescheduleBody = z.infer<typeof rescheduleBody>;

/** PUT /v1/bookings/{id}/answers: every answer (what is left out is no longer answered). */
export const changeAnswersBody = z.object({ answers: bookingAnswersInput }).strict();

export const bookingParams = z.object({ id: z.string().regex(/^bk_[A-Za-z0-9_-]{16}$/, said("bookingId.invalid")) });

/** Answer of the availability endpoint. */
export type AvailabilitySlot = z.infer<typeof out.availabilitySlot>;
export type AvailabilityDay = z.infer<typeof out.availabilityDay>;
export type Availability = z.infer<typeof out.availability>;

export { BOOKING_STEPS, type BookingStep } from "../statuses";

/** One ticket line of a booking, priced when the booking was made. */
export type BookingTicket = z.infer<typeof out.bookingTicket>;

export type Quote = z.infer<typeof out.quote>;

/** A booking as every booking endpoint answers it (app/lib/bookings.ts reads it). */
export type BookingView = z.infer<typeof out.booking>;

/** A deposit booking's paid, due and when (BookingView.deposit). */
export type BookingDeposit = z.infer<typeof out.bookingDeposit>;

export type BookingPage = z.infer<typeof out.bookingPage>;
