import { cardParams } from "./cards";
import { referralCodeField } from "./referrals";
import { z } from "zod";
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_PATTERN } from "./idempotency-key";
import { emptyAsAbsent, pageParam } from "./query";
import { isSafeContinuePath } from "./auth";
import { catalogId } from "./catalog";

import { BOOKING_FILTERS, MAX_SEATS, MAX_TICKETS_PER_TYPE } from "./booking-limits";
import type * as out from "./outputs";

export * from "./booking-limits";

const isoDate = z
  .string({ invalid_type_error: "Give this parameter only once." })
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Use the format YYYY-MM-DD.")
  .refine((value) => {
    const time = Date.parse(`${value}T00:00:00Z`);
    // Refinements also run after a failed regex: never call toISOString on an invalid date.
    return !Number.isNaN(time) && new Date(time).toISOString().startsWith(value);
  }, "Not a calendar date.");

export const availabilityQuery = z.object({
  from: z.preprocess(emptyAsAbsent, isoDate.optional()),
  to: z.preprocess(emptyAsAbsent, isoDate.optional()),
});
export type AvailabilityQuery = z.output<typeof availabilityQuery>;

const ticketLine = z.object({
  ticketTypeId: catalogId,
  quantity: z
    .number({ required_error: "Give a quantity.", invalid_type_error: "Must be a whole number." })
    .int("Must be a whole number.")
    .min(0, "Must be at least 0.")
    .max(MAX_TICKETS_PER_TYPE, `Must be at most ${MAX_TICKETS_PER_TYPE}.`),
});

const tickets = z
  .array(ticketLine, {
    required_error: "Choose at least one ticket.",
    invalid_type_error: "Must be a list of tickets.",
  })
  .max(20, "Too many ticket lines.")
  .superRefine((lines, ctx) => {
    const seen = new Set<string>();
    lines.forEach((line, index) => {
      if (seen.has(line.ticketTypeId))
        ctx.addIssue({ code: "custom", path: [index, "ticketTypeId"], message: "This ticket type is listed twice." });
      seen.add(line.ticketTypeId);
    });
    const seats = lines.reduce((sum, line) => sum + line.quantity, 0);
    if (seats < 1) ctx.addIssue({ code: "custom", message: "Choose at least one ticket." });
    if (seats > MAX_SEATS) ctx.addIssue({ code: "custom", message: `Book at most ${MAX_SEATS} seats at once.` });
  });

/** Optional promo code; an empty one counts as none. Not judged here (see the quote and booking rules). */
const promoCode = z
  .string({ invalid_type_error: "Must be text." })
  .trim()
  .max(32, "Use at most 32 characters.")
  .optional()
  .transform((value) => (value ? value.toUpperCase() : undefined));

export const quoteBody = z.object({
  serviceId: catalogId,
  slotId: catalogId,
  tickets,
  promoCode,
  /** An invitation's code (ignored without a signed-in guest; a promo code takes precedence). */
  referralCode: referralCodeField,
  /**
   * A waitlist offer's token (the link of the offer email): the seats held for the caller's offer
   * on this departure are theirs (quote: seatsLeft counts them; booking: 409 waitlist_offer_invalid
   * when it is not such an open offer).
   */
  waitlistOffer: z
    .string({ invalid_type_error: "Must be text." })
    .regex(/^[A-Za-z0-9_-]{16,64}$/, "Not a valid waitlist offer.")
    .optional(),
});
export type QuoteBody = z.output<typeof quoteBody>;

const utmValue = z
  .string({ invalid_type_error: "Must be text." })
  .trim()
  .max(200, "Use at most 200 characters.")
  .optional();

/** A path on this site (see isSafeContinuePath); `{bookingId}` is replaced by the new booking's id. */
const sitePath = (what: string) =>
  z
    .string({ required_error: `Give ${what}.`, invalid_type_error: `Give ${what}.` })
    .max(2048, "Use at most 2048 characters.")
    .refine((value) => isSafeContinuePath(value), "Use a path on this site, starting with a single /.");

export const createBookingBody = quoteBody.extend({
  utm: z
    .object({ source: utmValue, medium: utmValue, campaign: utmValue, term: utmValue, content: utmValue })
    .optional()
    .transform((utm) => {
      if (!utm) return undefined;
      const entries = Object.entries(utm).filter(([, value]) => value);
      return entries.length > 0 ? (Object.fromEntries(entries) as Record<string, string>) : undefined;
    }),
  returnUrl: sitePath("the page to come back to after payment"),
  cancelUrl: sitePath("the page to go back to").optional(),
  /**
   * false: refused (409 already_booked) when the caller already has a paid booking of this
   * departure, so a pay page reached again (the back button) never books twice by accident; a
   * page sends true once the guest chose to book more seats. Absent: no such check.
   */
  bookAgain: z.boolean({ invalid_type_error: "Must be true or false." }).optional(),
  /** The guest wants to keep the card for later bookings (Stripe: setup_future_usage). */
  saveCard: z.boolean({ invalid_type_error: "Must be true or false." }).optional().default(false),
  /** Pay at once with one of the guest's saved cards (GET /v1/user/payment-methods). */
  paymentMethodId: cardParams.shape.id.optional(),
  /**
   * A gift card pays as much of the total as its balance allows; the checkout takes the rest. Sent,
   * it is judged: an empty or blank code is refused like any other (404 gift_card_invalid).
   */
  giftCardCode: z
    .string({ invalid_type_error: "Type the gift card code." })
    .trim()
    .max(64, "Not a gift card code.")
    .optional(),
  /**
   * Or a gift card kept on the caller's account (addGiftCardToWallet) or sent to their email, by
   * its id (myGiftCards): it pays like a typed code. Not with giftCardCode (400); a card that is not
   * the caller's, not usable here or empty is 404 gift_card_invalid.
   */
  savedGiftCardId: z
    .string({ invalid_type_error: "Give a gift card's id." })
    .regex(/^gc_[A-Za-z0-9_-]{1,40}$/, "Not a gift card's id.")
    .optional(),
});
export type CreateBookingBody = z.output<typeof createBookingBody>;

/** POST /v1/bookings: the same key from the same user gives the same booking. */
export const idempotencyKeyHeaders = z.object({
  [IDEMPOTENCY_KEY_HEADER]: z
    .string({ required_error: "Send an Idempotency-Key header (e.g. a UUID)." })
    .regex(IDEMPOTENCY_KEY_PATTERN, "Use 8–128 visible ASCII characters."),
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
      .enum(BOOKING_FILTERS, { errorMap: () => ({ message: `Use one of: ${BOOKING_FILTERS.join(", ")}.` }) })
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
    .string({ invalid_type_error: "Must be a date and time." })
    .datetime({ offset: true, message: "Must be a date and time." })
    .optional(),
});
export type RescheduleBody = z.infer<typeof rescheduleBody>;

export const bookingParams = z.object({ id: z.string().regex(/^bk_[A-Za-z0-9_-]{16}$/, "Not a valid booking id.") });

/** Answer of the availability endpoint. */
export type AvailabilitySlot = z.infer<typeof out.availabilitySlot>;
export type AvailabilityDay = z.infer<typeof out.availabilityDay>;
export type Availability = z.infer<typeof out.availability>;

export { BOOKING_STEPS, type BookingStep } from "./statuses";

/** One ticket line of a booking, priced when the booking was made. */
export type BookingTicket = z.infer<typeof out.bookingTicket>;

export type Quote = z.infer<typeof out.quote>;

/** A booking as every booking endpoint answers it (app/lib/bookings.ts reads it). */
export type BookingView = z.infer<typeof out.booking>;

export type BookingPage = z.infer<typeof out.bookingPage>;
