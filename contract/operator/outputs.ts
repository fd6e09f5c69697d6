import { z } from "zod";
import { booking, bookingRefund, bookingTicket } from "../bookings/outputs";
import { bookingAddOn } from "../bookings/add-ons";
import { geoPoint, money, namedSlug, picture } from "../catalog/outputs";
import { count, departureFields, isoTime, minor, paging } from "../output-parts";
import { DEPOSIT_KINDS } from "../bookings/deposit-rules";
import { staffMoney } from "./staff-money";
import { bookingReseller } from "./bookings";
import { privateSaleOffer } from "../catalog/private-sale";
import { BOOKING_CHANNELS, BOOKING_STATUSES, DEPARTURE_STATUSES, PAYMENT_STATUSES, STAFF_PAYMENTS } from "../statuses";

export * from "./team-outputs";

/** A ticket type as the console edits it: its price in the operator's currency, minor units. */
export const operatorTicketType = z.object({ id: z.string(), code: z.string(), name: z.string(), priceMinor: minor });

/** One service of an experience in the console, with what its future departures have sold. */
export const operatorService = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  durationMinutes: count,
  /** The default capacity of its departures. */
  capacity: count,
  sortOrder: count,
  /** The currency of every price (the operator's). */
  currency: z.string().length(3),
  ticketTypes: z.array(operatorTicketType),
  /** Future departures that follow the default capacity (not changed one by one): a new capacity applies to them. */
  departuresAtCapacity: count,
  /** The most seats sold and held on one of those: the capacity cannot go below it. */
  seatsTakenMax: count,
  /** Bookings ever made of it (any status): a service with bookings cannot be deleted. */
  bookings: count,
  /** Sold private too, or only so (issue 46); null: by the seat only. */
  privateSale: privateSaleOffer.nullable(),
  /** The deposit it asks (issue 46, item 5); null: paid in full at booking. */
  deposit: z
    .object({
      kind: z.enum(DEPOSIT_KINDS),
      value: count,
      minDaysBefore: count,
      balanceDueDaysBefore: count,
    })
    .nullable(),
});

/** GET /v1/operator/experiences/{experienceId}/services */
export const operatorServices = z.object({
  experience: z.object({ id: z.string(), title: z.string() }),
  currency: z.string().length(3),
  services: z.array(operatorService),
});

/** One photo of an experience in the console (api/photos). */
export const operatorPhoto = z.object({
  id: z.string(),
  /** 0 is the cover. */
  position: count,
  cover: z.boolean(),
  picture,
  /** Bytes of every variant written. */
  bytes: count,
  createdAt: isoTime,
});

/** GET /v1/operator/experiences/{experienceId}/photos: cover first. */
export const operatorPhotos = z.object({
  experience: z.object({ id: z.string(), title: z.string() }),
  photos: z.array(operatorPhoto),
  maxPhotos: count,
  maxBytes: count,
});

/** GET /v1/media/…: the variant's bytes. */
export const mediaFile = z.string();
// --- schedules and departures (issue 28, item 4) ----------------------------------------------

const localDateText = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

const scheduleExperience = z.object({ id: z.string(), title: z.string(), timezone: z.string() });

const scheduleService = z.object({ id: z.string(), name: z.string(), capacity: z.number().int() });

/** One departure as the console sees it: instants in UTC, shown in `timezone` (the experience's). */
export const operatorDeparture = z.object({
  ...departureFields,
  /** Seats of confirmed bookings. */
  seatsSold: z.number().int(),
  /** Seats of bookings held while their guests pay (a hold that ran out counts until it is swept). */
  seatsHeld: z.number().int(),
  /** Confirmed and held bookings on it. */
  bookings: z.number().int(),
  status: z.enum(DEPARTURE_STATUSES),
  /** Made by a weekly rule (its id), or null: a one-off (created so, or kept). */
  ruleId: z.string().nullable(),
  /** Its rule no longer wants it but it has bookings or holds: keep it (a one-off) or cancel it. */
  needsDecision: z.boolean(),
  /** Online sales still open: open, and the service's cut-off before its start not reached. */
  onSale: z.boolean(),
  cancelledAt: isoTime.nullable(),
  /** The guide who leads it (a member of the team; name: their profile's, else their email), or null. */
  guide: z.object({ userId: z.string(), name: z.string() }).nullable(),
});

/** GET /v1/operator/experiences/{experienceId}/schedule */
export const operatorSchedule = z.object({
  experience: scheduleExperience,
  services: z.array(scheduleService),
  /** The service whose schedule this is (null: the experience has no service yet). */
  service: scheduleService.extend({ salesCutoffMinutes: z.number().int() }).nullable(),
  rules: z.array(
    z.object({
      id: z.string(),
      weekdays: z.array(z.number().int()),
      startTimes: z.array(z.string()),
      validFrom: localDateText,
      validUntil: localDateText.nullable(),
    }),
  ),
  blackouts: z.array(z.object({ date: localDateText, reason: z.string() })),
  /** Departures are kept materialised this many days ahead. */
  horizonDays: z.number().int(),
  /** The operator's own zone: a new experience's when its place gives none. */
  operatorTimezone: z.string(),
  needsDecision: z.array(operatorDeparture),
});

/** PUT /v1/operator/services/{serviceId}/schedule: what the new schedule did to the departures. */
export const scheduleOutcome = z.object({
  schedule: operatorSchedule,
  /** Departures added. */
  created: z.number().int(),
  /** Departures of the old rules no longer wanted, with nobody booked: removed. */
  removed: z.number().int(),
  /** Departures no longer wanted that have bookings or holds: kept untouched, each needs a decision. */
  kept: z.number().int(),
});

/** GET /v1/operator/experiences/{experienceId}/departures */
export const operatorDepartures = z.object({
  experience: scheduleExperience,
  services: z.array(scheduleService),
  /** The local dates listed, of the experience's zone, both included. */
  from: localDateText,
  to: localDateText,
  /** The windows of as many days just before and just after: the console's paging. */
  earlier: z.object({ from: localDateText, to: localDateText }),
  later: z.object({ from: localDateText, to: localDateText }),
  departures: z.array(operatorDeparture),
  /** Every future departure waiting for the operator's keep or cancel (any date). */
  needsDecision: z.array(operatorDeparture),
});

/** POST /v1/operator/departures/{departureId}/cancel */
export const departureCancelled = z.object({
  departure: operatorDeparture,
  /** Bookings cancelled by this call (0 when it was cancelled already). */
  cancelledBookings: z.number().int(),
  /** Of those, paid bookings whose full refund was made (or is owed and retried by the sweep). */
  refunds: z.number().int(),
});

/** GET /v1/operator/departures/{departureId}: with the experience it belongs to. */
export const operatorDepartureDetail = z.object({ experience: scheduleExperience, departure: operatorDeparture });

const experienceStatus = z.enum(["draft", "published"]);

/** One row of GET /v1/operator/experiences. */
export const operatorExperienceRow = z.object({
  id: z.string(),
  title: z.string(),
  status: experienceStatus,
  city: namedSlug.extend({ country: z.string().nullable() }),
  category: namedSlug,
  /** The card's "from" price; null while no service has a ticket type (or while a draft is not listed). */
  priceFrom: money.nullable(),
  /** Whom `priceFrom` is for. */
  priceBasis: z.enum(["per_adult", "per_person"]),
  services: count,
  upcomingDepartures: count,
  updatedAt: isoTime,
});

/** GET /v1/operator/experiences: this operator's experiences, drafts included, most recently changed first. */
export const operatorExperienceList = z.object({ items: z.array(operatorExperienceRow), ...paging });

/** GET /v1/operator/experiences/{experienceId} and the answers of its writes: every editable field. */
export const operatorExperience = z.object({
  id: z.string(),
  status: experienceStatus,
  publishedAt: isoTime.nullable(),
  title: z.string(),
  summary: z.string(),
  description: z.string(),
  city: z.string(),
  citySlug: z.string(),
  country: z.string().nullable(),
  category: z.string(),
  /** The first service's duration. */
  durationMinutes: count,
  meetingPoint: z.string(),
  meetingPointLocation: geoPoint.nullable(),
  languages: z.array(z.string()),
  included: z.array(z.string()),
  cancellationPolicy: z.string(),
  /** The IANA zone its departures are scheduled, listed and judged "today" in. */
  timezone: z.string(),
  /** What publishing still needs (empty: it may be published). */
  missingToPublish: z.array(z.enum(["ticket_type"])),
  /** The details page travellers see (null while a draft or without a priced service). */
  storefrontPath: z.string().nullable(),
  createdAt: isoTime,
  updatedAt: isoTime,
});

/** POST /v1/operator/experiences */
export const operatorExperienceCreated = z.object({ id: z.string(), serviceId: z.string() });

/** Operator console, refunds (issue 29): a refund as the console sees it, with its reason and who decided it. */
export const operatorRefund = bookingRefund.extend({
  reason: z.string(),
  /** The member who decided it (null: the traveller's cancellation or the system). */
  requestedBy: z.string().nullable(),
  releaseSeats: z.boolean(),
  /** Its part that was the operator's goodwill, past the free-cancellation cutoff: it came out of the operator's part. */
  goodwillMinor: minor,
});

/** A booking's money as the console sees it: paid, refunded so far (owed or made), what can still be refunded. */
export const operatorBookingMoney = z.object({
  currency: z.string().length(3),
  paidMinor: minor,
  /** The part of what was paid that a gift card paid (refunds go back to it first). */
  giftCardMinor: minor,
  refundedMinor: minor,
  refundableMinor: minor,
  /**
   * The platform's part is its commission on what the traveller paid (at the rate the booking was
   * sold at), never less than the service fee, which travellers pay on top of the operator's prices
   * and which is within that part. Each refund gives back its share of every part, as the ledger
   * does. The service fee the platform keeps after the refunds:
   */
  serviceFeeMinor: minor,
  /** The rest of the platform's part that it keeps after the refunds (its commission beyond the service fee). */
  commissionMinor: minor,
  /** What the operator receives: paid, less refunds and the platform's part kept. */
  operatorMinor: minor,
});

/** POST /v1/operator/bookings/{bookingId}/refunds */
export const operatorRefundResult = z.object({
  refund: operatorRefund,
  booking: operatorBookingMoney.extend({
    id: z.string(),
    status: z.enum(BOOKING_STATUSES),
    paymentStatus: z.enum(PAYMENT_STATUSES),
  }),
});

/**
 * A booking as the console's page shows it, without money (a guide gets this much): who, what,
 * when, how many; its tickets without their prices.
 */
export const operatorBookingFacts = booking
  .pick({
    id: true,
    reference: true,
    status: true,
    experienceId: true,
    experienceTitle: true,
    serviceId: true,
    serviceName: true,
    startsAt: true,
    endsAt: true,
    timezone: true,
    meetingPoint: true,
    seats: true,
    paymentStatus: true,
    holdExpiresAt: true,
    createdAt: true,
    confirmedAt: true,
    checkedInGuests: true,
    // The questions it was asked and its answers (as GET /v1/bookings/{id} gives them).
    answers: true,
    // The pickup point it chose and the pickup's time (issue 46, item 3).
    pickup: true,
    // A deposit booking's paid, due and when (issue 46, item 5).
    deposit: true,
  })
  .extend({
    tickets: z.array(bookingTicket.omit({ unitPriceMinor: true })),
    /** The add-ons it bought, without their prices (issue 46). */
    addOns: z.array(bookingAddOn.omit({ unitPriceMinor: true })),
  });

/** GET /v1/operator/bookings/{bookingId}: the console's booking page. */
export const operatorBooking = z.object({
  booking: operatorBookingFacts,
  /** Where it was booked, and for a booking the team took: who, how it is paid, why its price. */
  source: z.object({
    channel: z.enum(BOOKING_CHANNELS),
    /** The reseller that sold it through /octo and its reference (channel `reseller`); null: none. */
    reseller: bookingReseller,
    takenBy: z.object({ userId: z.string(), name: z.string() }).nullable(),
    staffPayment: z.enum(STAFF_PAYMENTS).nullable(),
    marketingConsent: z.boolean(),
    /** Whether the member may mark the money it owes as taken (operatorMarkBookingPaid). */
    canMarkPaid: z.boolean(),
  }),
  guest: z.object({
    /** Null: a guest the team booked for, without an account. */
    userId: z.string().nullable(),
    name: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
  }),
  departure: z.object({
    id: z.string(),
    startsAt: isoTime,
    endsAt: isoTime,
    status: z.enum(DEPARTURE_STATUSES),
    started: z.boolean(),
  }),
  money: staffMoney(
    operatorBookingMoney.extend({
      totalMinor: minor,
      payment: z.object({ provider: z.string().nullable(), status: z.enum(PAYMENT_STATUSES) }),
      refunds: z.array(operatorRefund),
      /** Why the team set a price other than the listed one (a custom price, or comp). */
      priceReason: z.string().nullable(),
      /** Whether a refund can be made now (paid, something left), and whether it may release the seats. */
      canRefund: z.boolean(),
      canReleaseSeats: z.boolean(),
      /** Past the free-cancellation cutoff: a refund now is the operator's goodwill and comes out of its part. */
      refundIsGoodwill: z.boolean(),
      /** Its add-ons and what each cost in all (a partial refund may be one of them). */
      addOns: z.array(z.object({ addOnId: z.string(), name: z.string(), quantity: count, totalMinor: minor })),
    }),
  ),
});
