/**
 * The desk's staff bookings (issue 42, item 2): a booking the team takes for a guest on the phone
 * or at the desk, with the guest's own contact (no account needed), at the listed or a custom
 * price, paid by card (a link emailed, or the checkout on the spot), cash, on arrival, or comp.
 */
import { z } from "zod";
import { emailAddress, phoneNumber, requiredLine, said, typedLines } from "../fields";
import { catalogId } from "../catalog/requests";
import { DECIMAL_AMOUNT } from "../money";
import { bookingTickets, quoteBody } from "../bookings/requests";
import { addOnOutput } from "../bookings/add-ons";
import { pickupPointOutput } from "../bookings/pickup-points";
import { privateSaleOffer } from "../catalog/private-sale";
import { bookingReference, departureFields, isoTime, minor } from "../output-parts";
import { BOOKING_CHANNELS, BOOKING_STATUSES, DEPARTURE_STATUSES, PAYMENT_STATUSES, STAFF_PAYMENTS } from "../statuses";
import { emptyAsAbsent } from "../query";
import { staffMoney } from "./staff-money";

export { STAFF_PAYMENTS, type StaffPayment } from "../statuses";

/** The longest price reason (a custom price or a comp). */
export const PRICE_REASON_MAX = 500;
/** The longest guest name the desk takes. */
export const GUEST_NAME_MAX = 120;

/** The guest the booking is for: a name and an email (the confirmation goes there), a US phone optionally. */
export const staffBookingGuest = z
  .object({
    name: requiredLine("name.required", GUEST_NAME_MAX),
    email: emailAddress,
    /** +1 and 10 digits (E.164). */
    phone: phoneNumber.optional(),
  })
  .strict();

/** POST /v1/operator/bookings */
export const staffBookingBody = z
  .object({
    slotId: catalogId,
    tickets: bookingTickets,
    guest: staffBookingGuest,
    /**
     * card_link: held (23 hours) and a payment link emailed to the guest; card_now: held, the
     * checkout answered for the desk to open; cash: paid; pay_on_arrival: confirmed and owed;
     * comp: free (a reason required).
     */
    payment: z.enum(STAFF_PAYMENTS, { errorMap: () => ({ message: said("choice.invalid") }) }),
    /** A price other than the listed one, as typed in the operator's currency ("45.00"; "4500" for yen). */
    customTotal: z
      .string({ invalid_type_error: said("price.invalid") })
      .regex(DECIMAL_AMOUNT, said("price.invalid"))
      .optional(),
    /** Why: required with a custom total and for comp. */
    priceReason: typedLines(
      z
        .string({ invalid_type_error: said("reason.required") })
        .trim()
        .max(PRICE_REASON_MAX, said("reason.tooLong")),
    ).optional(),
    /** The guest agreed to hear about news and offers. */
    marketingConsent: z
      .boolean({ invalid_type_error: said("boolean.invalid") })
      .optional()
      .default(false),
    /** Book a departure closed for online sales (or past its cut-off): the desk saw the warning. */
    allowClosed: z
      .boolean({ invalid_type_error: said("boolean.invalid") })
      .optional()
      .default(false),
    /**
     * As createBooking's (issue 46): the add-ons, the pickup point (400 pickup_required when the
     * experience requires one) and the whole departure at the group price (409
     * private_unavailable). A service sold only private is booked private whatever `private` says.
     */
    addOns: quoteBody.shape.addOns,
    pickupPointId: quoteBody.shape.pickupPointId,
    private: quoteBody.shape.private,
  })
  .strict()
  .superRefine((body, ctx) => {
    const needsReason = body.customTotal !== undefined || body.payment === "comp";
    if (needsReason && !body.priceReason)
      ctx.addIssue({ code: "custom", path: ["priceReason"], message: said("reason.required") });
  });
export type StaffBookingBody = z.output<typeof staffBookingBody>;
export type StaffBookingInput = z.input<typeof staffBookingBody>;

/** A staff booking as the desk gets it back. */
export const staffBooking = z.object({
  id: z.string(),
  reference: bookingReference,
  status: z.enum(BOOKING_STATUSES),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  channel: z.enum(BOOKING_CHANNELS),
  staffPayment: z.enum(STAFF_PAYMENTS),
  slotId: z.string(),
  seats: z.number().int().positive(),
  guest: z.object({ name: z.string(), email: z.string(), phone: z.string().nullable() }),
  /** When a card payment's hold ends unpaid (null once confirmed). */
  holdExpiresAt: isoTime.nullable(),
  money: staffMoney(
    z.object({
      totalMinor: z.number().int().nonnegative(),
      currency: z.string().length(3),
      priceReason: z.string().nullable(),
    }),
  ),
});

/** POST /v1/operator/bookings: the booking, and where its card payment is made (null when no card payment waits). */
export const staffBookingPlaced = z.object({
  booking: staffBooking,
  /** card_now: the checkout to open at the desk; card_link: the link emailed to the guest. */
  checkoutUrl: z.string().nullable(),
});
export type StaffBookingPlaced = z.infer<typeof staffBookingPlaced>;

/** POST /v1/operator/bookings/{bookingId}/paid: the money owed was taken (cash on arrival). */
export const markedPaid = z.object({
  id: z.string(),
  status: z.enum(BOOKING_STATUSES),
  paymentStatus: z.enum(PAYMENT_STATUSES),
});

/** PUT /v1/operator/booking-settings (owner): whether guides may take bookings at the desk. */
export const bookingSettingsBody = z
  .object({
    guidesMayBook: z.boolean({ required_error: said("boolean.invalid"), invalid_type_error: said("boolean.invalid") }),
  })
  .strict();
export const bookingSettings = z.object({ guidesMayBook: z.boolean() });

/** GET /v1/operator/bookable: what the desk may book — the operator's experiences, and one's upcoming departures. */
export const bookableQuery = z.object({
  experienceId: z.preprocess(emptyAsAbsent, catalogId.optional()),
});

/** The desk's booking form's choices. */
export const bookable = z.object({
  experiences: z.array(z.object({ id: z.string(), title: z.string(), timezone: z.string() })),
  /** The chosen experience's departures that have not started (the next 120 days, at most 300), soonest first. */
  departures: z.array(
    z.object({
      ...departureFields,
      seatsLeft: z.number().int(),
      status: z.enum(DEPARTURE_STATUSES),
      /** Online sales open (not closed, not past the cut-off): else the desk books it only with allowClosed. */
      onSale: z.boolean(),
    }),
  ),
  /** The ticket types of the chosen experience's services, in their order; prices null for a guide. */
  ticketTypes: z.array(
    z.object({ id: z.string(), serviceId: z.string(), name: z.string(), priceMinor: z.number().int().nullable() }),
  ),
  /**
   * The chosen experience's services that can be sold private (issue 46): the whole departure for
   * up to `maxGuests` at the group price (null for a guide); `only`: never by the seat.
   */
  privateSales: z.array(privateSaleOffer.extend({ serviceId: z.string(), priceMinor: minor.nullable() })),
  /** The chosen experience's pickup points, in its order, and whether a booking must choose one (none: no pickup). */
  pickupPoints: z.object({ required: z.boolean(), points: z.array(pickupPointOutput) }),
  /** The chosen experience's add-ons on sale, in its order (prices null for a guide). */
  addOns: z.array(addOnOutput.extend({ priceMinor: minor.nullable() })),
  money: staffMoney(z.object({ currency: z.string().length(3) })),
});
export type Bookable = z.infer<typeof bookable>;
