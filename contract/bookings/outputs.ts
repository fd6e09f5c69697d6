import { z } from "zod";
import { geoPoint } from "../catalog/outputs";
import { privateSaleOffer } from "../catalog/private-sale";
import { bookingReference, count, isoTime, minor, paging } from "../output-parts";
import { bookingAnswersOutput, bookingQuestionOutput } from "./questions";
import { addOnPriceLine, bookingAddOn, offeredAddOn } from "./add-ons";
import { bookingPickup, offeredPickupPoints } from "./pickup-points";
import { BOOKING_STATUSES, BOOKING_STEPS, PAYMENT_STATUSES } from "../statuses";
import { BALANCE_STATES } from "./deposit-rules";

const priceLine = z.object({
  ticketTypeId: z.string(),
  name: z.string(),
  unitPriceMinor: minor,
  quantity: count,
  totalMinor: minor,
});

/** The invitation on a quote: applied, or why not. */
export const quoteReferral = z.object({
  code: z.string(),
  firstName: z.string().nullable(),
  applied: z.boolean(),
  reason: z.enum(["referral_not_found", "referral_own_code", "referral_not_first_booking"]).nullable(),
  discountMinor: minor,
});

/** A price's parts in minor units, as a quote's breakdown and a booking both state them. */
const priceAmounts = {
  subtotalMinor: minor,
  discountMinor: minor,
  feesMinor: minor,
  taxMinor: minor,
  totalMinor: minor,
};

/**
 * A deposit booking's money: the deposit paid at booking, the balance charged at `balanceDueAt`
 * (off-session, the card kept), unpaid at `balanceCutoffAt` the booking is cancelled by the policy.
 * `paidMinor`: what the card paid so far; `dueMinor`: what is still owed.
 */
export const bookingDeposit = z.object({
  depositMinor: minor,
  balanceMinor: minor,
  paidMinor: minor,
  dueMinor: minor,
  balanceDueAt: isoTime,
  balanceCutoffAt: isoTime,
  balanceState: z.enum(BALANCE_STATES),
});

export const quote = z.object({
  breakdown: z.object({
    lines: z.array(priceLine),
    /** The add-ons asked for, priced (the subtotal counts them). */
    addOns: z.array(addOnPriceLine),
    /** A private booking's group price (the subtotal counts it; its tickets' lines then cost nothing); null: by the seat. */
    privateMinor: minor.nullable(),
    seats: count,
    ...priceAmounts,
  }),
  currency: z.string().length(3),
  promo: z.object({ code: z.string(), valid: z.boolean() }).nullable(),
  /** The invitation asked for, if any: applied or why not. */
  referral: quoteReferral.nullable(),
  seatsLeft: count,
  /**
   * The service sold private (issue 46), and whether this departure can be: none of its seats is
   * taken (createBooking `private: true`); null: by the seat only.
   */
  privateSale: privateSaleOffer.extend({ available: z.boolean() }).nullable(),
  /** The departure priced: its start and end, and the experience's IANA timezone to show them in. */
  startsAt: isoTime,
  endsAt: isoTime,
  timezone: z.string().min(1),
  /** The last moment a booking of this departure can be cancelled with a full refund (null: already past). */
  freeCancellationUntil: isoTime.nullable(),
  /** What the caller must still do to book it (empty: nothing); `["sign_in"]` without a caller. */
  missing: z.array(z.enum(BOOKING_STEPS)),
  /**
   * The caller's bookings of this departure that stand (paid, or held and not run out), newest
   * first; empty without a caller. A pay page says so before a second booking is made.
   */
  yourBookings: z.array(
    z.object({ id: z.string(), status: z.enum(["held", "confirmed"]), seats: count, createdAt: isoTime }),
  ),
  /** The questions a booking of this service is asked (createBooking's `answers`). */
  questions: z.array(bookingQuestionOutput),
  /** The guests of these tickets in order (guest N: `answers.guests[N - 1]`), with their ticket type. */
  guests: z.array(z.object({ guestNo: z.number().int().positive(), code: z.string(), name: z.string() })),
  /** The experience's add-ons on sale (createBooking's `addOns`), each with how many are left for this departure. */
  addOnsOffered: z.array(offeredAddOn),
  /** The experience's pickup points (createBooking's `pickupPointId`), each with its time at this departure, and whether one must be chosen. */
  pickupPoints: offeredPickupPoints,
  /** The service asks a deposit for this departure: paid now, and the balance charged later (null: paid in full now). */
  deposit: z.object({ depositMinor: minor, balanceMinor: minor, balanceDueAt: isoTime }).nullable(),
});

/** One ticket line of a booking, priced when the booking was made. */
export const bookingTicket = z.object({
  ticketTypeId: z.string(),
  code: z.string(),
  name: z.string(),
  quantity: count,
  unitPriceMinor: minor,
});

/** A booking as every booking endpoint answers it. */
/** One refund of a booking, as its guest sees it (owed: decided, on its way; made: the provider refunded it). */
export const bookingRefund = z.object({
  id: z.string(),
  amountMinor: minor,
  currency: z.string().length(3),
  status: z.enum(["owed", "made"]),
  createdAt: isoTime,
  madeAt: isoTime.nullable(),
});

export const booking = z.object({
  id: z.string(),
  /** A reference people can read aloud, e.g. WF-7KQ3-9XPD (derived from the id). */
  reference: bookingReference,
  status: z.enum(BOOKING_STATUSES),
  experienceId: z.string(),
  experienceTitle: z.string(),
  serviceId: z.string(),
  serviceName: z.string(),
  operatorName: z.string(),
  startsAt: isoTime,
  endsAt: isoTime,
  /** The experience's IANA timezone (a departure is shown in it, named). */
  timezone: z.string(),
  meetingPoint: z.string(),
  /** Where the meeting point is, when the operator placed it. */
  meetingPointLocation: geoPoint.nullable(),
  seats: z.number().int().positive(),
  tickets: z.array(bookingTicket),
  /** The add-ons it bought, at their prices then. */
  addOns: z.array(bookingAddOn),
  /** Booked private (issue 46): the whole departure at this group price; null: by the seat. */
  privatePriceMinor: minor.nullable(),
  /** The pickup point it chose (as it was then) and the pickup's time at its departure, in `timezone`; null: none. */
  pickup: bookingPickup.nullable(),
  ...priceAmounts,
  currency: z.string().length(3),
  promoCode: z.string().nullable(),
  /** The part of the total paid with a gift card; the card payment was the rest. */
  giftCardMinor: minor,
  canCancel: z.boolean(),
  /** Its moves to other departures, oldest first (GET /v1/bookings/{id} and rescheduleBooking only). */
  changes: z
    .array(
      z.object({
        fromStartsAt: isoTime,
        toStartsAt: isoTime,
        priceDifferenceMinor: z.number().int(),
        changedAt: isoTime,
      }),
    )
    .optional(),
  /**
   * A move to a dearer departure waiting for its difference to be paid (GET /v1/bookings/{id} and
   * rescheduleBooking only): its new seats are held until `expiresAt`; pay at `checkoutUrl` (a
   * path on this site or the provider's page). Null when none is pending.
   */
  pendingChange: z
    .object({
      toStartsAt: isoTime,
      toEndsAt: isoTime,
      amountMinor: minor,
      currency: z.string().length(3),
      checkoutUrl: z.string().min(1),
      expiresAt: isoTime,
    })
    .nullable()
    .optional(),
  /**
   * The operator offered the guest another departure of their choice: the date can be changed
   * (POST /v1/bookings/{id}/reschedule) past the usual deadline, until the departure starts.
   */
  moveOffered: z.boolean(),
  /** The trip has taken place and the guest has not reviewed it yet (POST /v1/bookings/{id}/review). */
  canReview: z.boolean(),
  reviewed: z.boolean(),
  cancellationCutoffHours: count,
  /**
   * The last moment it can be cancelled with a full refund: the departure minus the operator's
   * cutoff. Null when that moment has passed or the booking no longer stands (cancelled, refunded…).
   */
  freeCancellationUntil: isoTime.nullable(),
  refundMinor: minor.nullable(),
  /** What cancelling now would give back (0 when nothing was paid or it cannot be cancelled). */
  refundIfCancelledMinor: minor,
  /** While held: the checkout to complete the payment in (the same one, resumed). */
  checkoutUrl: z.string().nullable(),
  holdExpiresAt: isoTime.nullable(),
  createdAt: isoTime,
  paymentStatus: z.enum(PAYMENT_STATUSES),
  /** When it was paid and confirmed (null before). */
  confirmedAt: isoTime.nullable(),
  /** The card that paid, when the provider told us (receipts). */
  card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
  /**
   * The ticket's secret code (26 characters of Crockford's base32, shown as a QR code) once the
   * booking is confirmed; null otherwise. The operator's console checks guests in with it.
   */
  ticketCode: z.string().nullable(),
  /** Guests of this booking checked in by the operator (a checked-in booking cannot be cancelled). */
  checkedInGuests: count,
  /** Its refunds, oldest first (every path: cancellations, the operator's refunds, late payments). */
  refunds: z.array(bookingRefund),
  /** The questions it was asked (as they were then) and its answers. */
  answers: bookingAnswersOutput,
  /** Its answers may still be changed (PUT /v1/bookings/{id}/answers): it stands, before the free-cancellation deadline. */
  canChangeAnswers: z.boolean(),
  /** A deposit booking (issue 46, item 5): what was paid, what is due and when; null: paid in full. */
  deposit: bookingDeposit.nullable(),
});

export const bookingPage = z.object({ items: z.array(booking), ...paging });

export const placedBooking = z.object({ booking, checkoutUrl: z.string().min(1) });

/** Where the traveller pays a deposit booking's balance (a path of this site or the provider's page). */
export const balanceCheckout = z.object({ checkoutUrl: z.string().min(1) });

export const promoCode = z.object({
  code: z.string(),
  percentOff: z.number().nullable(),
  amountOffMinor: minor.nullable(),
});

export const checkoutStatus = z.enum(["open", "paid", "failed", "expired"]);

export const sandboxCheckout = z.object({
  id: z.string(),
  amountMinor: minor,
  currency: z.string().length(3),
  /** "<experience title> · <service name>" */
  title: z.string(),
  status: checkoutStatus,
  /** The booking paid for, or the one a tip or a date change is for; null for a gift card. */
  bookingId: z.string().nullable(),
  /** Path back to the booking page, if the booking gave one. */
  cancelUrl: z.string().nullable(),
  /** Once paid: the page the payment returns to (a path on this site); null before. */
  paidUrl: z.string().nullable(),
});

export const sandboxPaid = z.object({ status: checkoutStatus, redirectUrl: z.string() });

export const savedCard = z.object({
  id: z.string(),
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number().int(),
  expYear: z.number().int(),
  isDefault: z.boolean(),
  /** Past its expiry month: listed, but not offered at checkout. */
  expired: z.boolean(),
  createdAt: isoTime,
});

export const savedCards = z.array(savedCard);

/** An .ics file for a calendar: its name and its text. */
export const calendarFile = z.object({ filename: z.string(), content: z.string().startsWith("BEGIN:VCALENDAR") });
