/**
 * The answers of the endpoints as zod schemas (the envelope's `data`). The types the code uses
 * are inferred from them (`z.infer`, named in each domain's file: contract/bookings.ts has
 * `BookingView`…), so there is no hand-written twin to drift; the API test suite parses every
 * successful answer it receives with its endpoint's schema (tests/support/api.ts), and the
 * OpenAPI document is generated from them. The client does not parse at run time.
 */
import { z } from "zod";
import { NOTIFICATION_CATEGORIES } from "./preference-values";
import { staffMoney } from "./staff-money";
import {
  BOOKING_STATUSES,
  BOOKING_STEPS,
  MISSING_DATA_FIELDS,
  OUTBOX_CHANNELS,
  OUTBOX_STATUSES,
  OPERATOR_ROLES,
  DEPARTURE_STATUSES,
  PAYMENT_STATUSES,
} from "./statuses";

const isoTime = z.string().datetime({ offset: true });
const calendarDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const minor = z.number().int();
const count = z.number().int().min(0);
/** What a traveller is shown of a booking: WF-XXXX-XXXX (api/bookings/view.ts makes it), never the bk_ id. */
const bookingReference = z.string().regex(/^WF-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
const paging = { page: z.number().int().min(1), pageSize: z.number().int().min(1), total: count, totalPages: count };

export const nothing = z.undefined();
export const health = z.object({ status: z.string(), database: z.string() });

/** GET /v1/health/live: the process runs. */
export const healthLive = z.object({ status: z.literal("live") });

/** One readiness check: `off` when this process does not use it (no Redis, jobs turned off). */
export const healthCheck = z.object({
  status: z.enum(["ok", "failed", "off"]),
  /** Why it failed, or why it is not checked; no secrets. */
  reason: z.string().optional(),
});

/**
 * GET /v1/health/ready: each check of the process (a 503 `service_unavailable` names the failed
 * ones and their reasons in its message, and each in `fields`).
 */
export const readinessChecks = z.object({
  /** Failed once the process has begun to stop (SIGTERM). */
  shutdown: healthCheck,
  /** `select 1` within a second. */
  database: healthCheck,
  /** PING within a second; off without REDIS_URL. */
  redis: healthCheck,
  /** The Auth emulator answers HTTP; off in production (Google's service is not called). */
  auth: healthCheck,
  /** Every migration this code knows is applied. */
  migrations: healthCheck,
  /** The job runner has started; off with JOBS_ENABLED=false (and under tests). */
  jobs: healthCheck,
});
export const healthReady = z.object({ status: z.literal("ready"), checks: readinessChecks });

export const accountContext = z.object({
  slug: z.string(),
  name: z.string(),
  tagline: z.string(),
  logoUrl: z.string().nullable(),
  colors: z.object({ primary: z.string(), accent: z.string(), ink: z.string() }),
  currency: z.string().length(3),
  timezone: z.string(),
  /** How guests reach the operator; each may be null. */
  contact: z.object({ email: z.string().nullable(), phone: z.string().nullable(), address: z.string().nullable() }),
});

export const namedSlug = z.object({ slug: z.string(), name: z.string() });
/** An amount in minor units (cents) and its currency. */
export const money = z.object({ amount: minor, currency: z.string().length(3) });

/** Guests' reviews: average stars and count. */
export const ratingSummary = z.object({ average: z.number().min(1).max(5), count: count });
export const reviewView = z.object({
  id: z.string(),
  rating: z.number().int().min(1).max(5),
  body: z.string(),
  /** First name and the initial of the last ("Ada L."). */
  authorName: z.string(),
  /** Written by a guest after a completed booking (demo reviews of the seed are not). */
  verified: z.boolean(),
  createdAt: isoTime,
});
export const reviewPage = z.object({
  items: z.array(reviewView),
  rating: ratingSummary.nullable(),
  ...paging,
});

/** A photo as pages draw it (contract/picture.ts: its variants' addresses). */
export const picture = z.object({
  src: z.string().min(1),
  widths: z.array(z.number().int().positive()).min(1),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  alt: z.string(),
  placeholder: z.string().startsWith("data:image/"),
});

export const experienceCard = z.object({
  id: z.string(),
  title: z.string(),
  summary: z.string(),
  /** The seed's illustration, drawn when the operator has uploaded no photo. */
  imageUrl: z.string().nullable(),
  /** The operator's cover photo (the experience's first); null: none uploaded. */
  cover: picture.nullable(),
  category: namedSlug,
  city: namedSlug,
  operator: namedSlug,
  /** What an adult pays (the lowest adult ticket); without adult tickets, the cheapest paid ticket. */
  priceFrom: money,
  /** Whom `priceFrom` is for. */
  priceBasis: z.enum(["adult", "person"]),
  /** Null: no reviews yet. */
  rating: ratingSummary.nullable(),
  /** `priceFrom` in US dollars when the operator sells in another currency (null: USD, or no rate). */
  priceApprox: money.nullable(),
  durationMinutes: count,
  firstServiceId: z.string(),
});
export const experiencePage = z.object({ items: z.array(experienceCard), ...paging });

/** A place on the map, WGS 84 degrees. */
export const geoPoint = z.object({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) });

export const experienceSummary = z.object({
  id: z.string(),
  title: z.string(),
  summary: z.string(),
  description: z.string(),
  /** The seed's illustrations, drawn when the operator has uploaded no photo. */
  images: z.array(z.string()),
  /** The operator's photos, cover first (empty: none uploaded). */
  photos: z.array(picture),
  included: z.array(z.string()),
  meetingPoint: z.string(),
  /** Where the meeting point is, for a map link; null when the operator has not placed it. */
  meetingPointLocation: geoPoint.nullable(),
  cancellationPolicy: z.string(),
  /** The languages it is given in: BCP 47 codes, as the operator set them. */
  languages: z.array(z.string()),
  /** Free cancellation until this many hours before a departure (the operator's rule the API applies). */
  cancellationCutoffHours: z.number().int().min(0),
  category: namedSlug,
  city: namedSlug,
  operator: namedSlug.extend({
    logoUrl: z.string().nullable(),
    /** The operator has a waiver of its own, signed before booking with it besides the platform's. */
    ownWaiver: z.boolean(),
  }),
  currency: z.string().length(3),
  rating: ratingSummary.nullable(),
  /**
   * The experience's one "from" price, the figure its search card shows too (kept by the database,
   * experiences.price_from): what an adult pays on its cheapest option, else the cheapest paid ticket.
   */
  priceFrom: money.nullable(),
  /** Whom `priceFrom` is for. */
  priceBasis: z.enum(["adult", "person"]),
});

export const serviceSummary = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  durationMinutes: count,
  priceFrom: money.nullable(),
});
export const experienceDetail = experienceSummary.extend({ services: z.array(serviceSummary) });

export const ticketTypeView = z.object({ id: z.string(), code: z.string(), name: z.string(), priceMinor: minor });

export const serviceDetail = z.object({
  experience: experienceSummary,
  service: z.object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    durationMinutes: count,
    capacity: count,
    ticketTypes: z.array(ticketTypeView),
    /** First local date (operator's timezone) with a future departure that has free seats. */
    nextAvailableDate: calendarDate.nullable(),
  }),
});

export const facetEntry = namedSlug.extend({ count });
export const facets = z.object({
  categories: z.array(facetEntry),
  cities: z.array(facetEntry),
  operators: z.array(facetEntry),
});

export const availabilitySlot = z.object({
  id: z.string(),
  startsAt: isoTime,
  endsAt: isoTime,
  capacity: count,
  seatsLeft: count,
  /** The last moment a booking of this departure can be cancelled for a full refund; null once past (api/bookings/cancellation-deadline.ts). */
  freeCancellationUntil: isoTime.nullable(),
});
export const availabilityDay = z.object({
  date: calendarDate,
  seatsLeft: count,
  status: z.enum(["available", "few", "sold_out"]),
  slots: z.array(availabilitySlot),
});
export const availability = z.object({
  timezone: z.string(),
  currency: z.string().length(3),
  minDate: calendarDate.nullable(),
  maxDate: calendarDate.nullable(),
  days: z.array(availabilityDay),
});

export const passwordPolicy = z.object({
  minLength: count,
  maxLength: count,
  requireLowercase: z.boolean(),
  requireUppercase: z.boolean(),
  requireNumeric: z.boolean(),
  requireNonAlphanumeric: z.boolean(),
});

export const userInfo = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phoneNumber: z.string(),
  signInMethod: z.string(),
  requiresPasswordSetup: z.boolean(),
  /** Unread notifications (for the badge in the header and the account navigation). */
  unreadNotifications: count,
});

export const sessionCreated = z.object({
  /** The session cookie's value (a signed JWT) and how long it lives. */
  sessionCookie: z.string().min(20),
  maxAgeSeconds: z.number().int().positive(),
  user: userInfo,
  /** What the user still owes before booking here: profile fields and "waiver". */
  missingData: z.array(z.string()),
});

export const missingData = z.object({
  missingData: z.array(z.enum(MISSING_DATA_FIELDS)),
});

export const waiver = z.object({
  accountName: z.string(),
  textVersion: z.number().int().positive(),
  text: z.string(),
  isSigned: z.boolean(),
  signedAt: isoTime.nullable(),
  signedName: z.string().nullable(),
});
export const waiverStatus = z.object({ isSigned: z.boolean() });

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
export const quote = z.object({
  breakdown: z.object({
    lines: z.array(priceLine),
    seats: count,
    ...priceAmounts,
  }),
  currency: z.string().length(3),
  promo: z.object({ code: z.string(), valid: z.boolean() }).nullable(),
  /** The invitation asked for, if any: applied or why not. */
  referral: quoteReferral.nullable(),
  seatsLeft: count,
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
});
export const bookingPage = z.object({ items: z.array(booking), ...paging });
export const placedBooking = z.object({ booking, checkoutUrl: z.string().min(1) });

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

export const notificationPreferences = z.object({
  booking: z.object({ email: z.boolean(), sms: z.boolean() }),
  reminders: z.object({ email: z.boolean(), sms: z.boolean() }),
  tips: z.object({ email: z.boolean(), sms: z.boolean() }),
  referrals: z.object({ email: z.boolean(), sms: z.boolean() }),
  news: z.object({ email: z.boolean(), sms: z.boolean() }),
});

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

export const notificationView = z.object({
  id: z.string(),
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  /** A path in the web app, or null. */
  link: z.string().nullable(),
  readAt: isoTime.nullable(),
  createdAt: isoTime,
});
export const notificationPage = z.object({
  items: z.array(notificationView),
  /** Unread notifications in total (not only on this page). */
  unread: count,
  ...paging,
});

export const outboxMessage = z.object({
  id: z.string(),
  channel: z.enum(OUTBOX_CHANNELS),
  recipient: z.string(),
  subject: z.string(),
  textBody: z.string(),
  htmlBody: z.string().nullable(),
  /** The From display name, when not SMTP_FROM's. */
  senderName: z.string().nullable(),
  attachments: z.array(z.object({ name: z.string(), contentType: z.string(), content: z.string() })),
  status: z.enum(OUTBOX_STATUSES),
  attempts: count,
  lastError: z.string().nullable(),
  kind: z.string(),
  meta: z.record(z.unknown()),
  createdAt: isoTime,
  sentAt: isoTime.nullable(),
});

export const personalInfo = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  /** +1 and 10 digits, or null. */
  phone: z
    .string()
    .regex(/^\+1\d{10}$/)
    .nullable(),
  location: z
    .object({ address: z.string(), city: z.string(), state: z.string(), zipcode: z.string(), country: z.string() })
    .nullable(),
  /** How the account can sign in: password, emailLink, google.com, apple.com… */
  signInMethods: z.array(z.string()),
  /** A change waiting for its code, if any. */
  pendingPhone: z.string().nullable(),
  pendingEmail: z.string().nullable(),
});

/** A session minted for the caller after a change that ended their sessions (a new email address). */
export const renewedSession = z.object({
  sessionCookie: z.string().min(20),
  maxAgeSeconds: z.number().int().positive(),
  customToken: z.string().min(20),
});

export const passwordSet = z.object({
  sessionCookie: z.string().min(20),
  maxAgeSeconds: z.number().int().positive(),
  customToken: z.string().min(20),
  user: userInfo,
  missingData: z.array(z.string()),
});

/** An .ics file for a calendar: its name and its text. */
export const calendarFile = z.object({ filename: z.string(), content: z.string().startsWith("BEGIN:VCALENDAR") });

export const devClock = z.object({ now: z.string(), offsetMinutes: z.number() });
export const devClockMoved = z.object({
  now: z.string(),
  offsetMinutes: z.number(),
  ran: z.object({
    expired: z.number(),
    refunds: z.number(),
    lapsed: z.number(),
    reminders: z.number(),
    completed: z.number(),
    tipRequests: z.number(),
    referralRewards: z.number(),
    /** Departures added by weekly rules as the days moved on. */
    departures: z.number(),
    /** Reminders of bookings left unfinished at the confirm page (api/reminders/checkout-visits.ts). */
    checkoutReminders: z.number(),
    /** Waitlist offers made, expired, and waiting entries closed (api/waitlist/service.ts). */
    waitlistOffers: z.number(),
    waitlistExpired: z.number(),
    giftCards: z.number(),
    requeued: z.number(),
  }),
});
const jobCounts = z.object({
  name: z.string(),
  created: z.number(),
  retry: z.number(),
  active: z.number(),
  completed: z.number(),
  failed: z.number(),
});
export const devJobs = z.object({
  running: z.boolean(),
  clock: devClock,
  queues: z.array(jobCounts),
  recent: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      state: z.string(),
      retryCount: z.number(),
      createdOn: z.string(),
      completedOn: z.string().nullable(),
      output: z.string().nullable(),
    }),
  ),
});

const tipCard = z.object({ brand: z.string(), last4: z.string() }).nullable();
export const tipView = z.object({
  amountMinor: z.number(),
  currency: z.string(),
  status: z.enum(["pending", "paid"]),
  paidAt: z.string().nullable(),
  card: tipCard,
});
export const tipPreset = z.object({
  /** 15, 18, 20 (% of the booking), or null for a fixed amount (free bookings). */
  percent: z.number().nullable(),
  amountMinor: z.number(),
});
export const tipPage = z.object({
  booking: z.object({
    /** The booking's reference as travellers know it (WF-XXXX-XXXX), never its id. */
    reference: bookingReference,
    experienceTitle: z.string(),
    serviceName: z.string(),
    operatorName: z.string(),
    startsAt: z.string(),
    timezone: z.string(),
    /** The guide's name, when the operator gives one. */
    guide: z.string().nullable(),
  }),
  currency: z.string(),
  presets: z.array(tipPreset),
  minMinor: z.number(),
  maxMinor: z.number(),
  /** The tip given (or being paid), if any. */
  tip: tipView.nullable(),
});
export const tipStarted = z.object({ checkoutUrl: z.string() });
export const tipList = z.array(
  z.object({
    id: z.string(),
    bookingId: z.string(),
    reference: bookingReference,
    experienceTitle: z.string(),
    amountMinor: z.number(),
    currency: z.string(),
    paidAt: z.string(),
    card: tipCard,
  }),
);

export const unsubscribeView = z.object({
  category: z.enum(NOTIFICATION_CATEGORIES),
  /** The address, masked: a•••@example.com */
  email: z.string(),
  /** Whether emails of this category still go out. */
  subscribed: z.boolean(),
});

/** What an invitation gives: a share off the first booking, up to a cap in its currency. */
export const referralOffer = z.object({ percentOff: z.number(), maxDiscountMinor: z.number() });
export const referralInvite = z.object({
  /** The inviter's first name only. */
  firstName: z.string(),
  offer: referralOffer,
  /** The caller is signed in as the inviter: their own link (it gives them nothing). */
  own: z.boolean(),
});
export const myReferral = z.object({
  code: z.string(),
  url: z.string(),
  /** Guests who booked with the code. */
  invited: z.number(),
  /** Of those, the ones whose trip took place (each gave a reward). */
  rewarded: z.number(),
  /** The reward promo codes not used yet. */
  credit: z.array(z.string()),
});

const operatorRole = z.enum(OPERATOR_ROLES);
/** GET /v1/operator/me: the caller as a member of this operator's team. */
export const operatorMe = z.object({
  /** timeZone: the operator's own (IANA); the console shows its times in it. */
  account: z.object({ id: z.string(), slug: z.string(), name: z.string(), timeZone: z.string() }),
  userId: z.string(),
  email: z.string().nullable(),
  role: operatorRole,
  /**
   * What the role opens in the console: the day's work (manifest, check-in) is every member's;
   * bookings' refunds, branding and reports are the owner's and managers'.
   */
  can: z.object({
    manageTeam: z.boolean(),
    readAuditLog: z.boolean(),
    manageCatalog: z.boolean(),
    runDay: z.boolean(),
    refund: z.boolean(),
    manageBranding: z.boolean(),
    readReports: z.boolean(),
  }),
});
export const operatorMember = z.object({
  userId: z.string(),
  email: z.string().nullable(),
  name: z.string().nullable(),
  role: operatorRole,
  since: isoTime,
});
export const operatorInvitation = z.object({
  id: z.string(),
  email: z.string(),
  role: operatorRole,
  expiresAt: isoTime,
  invitedAt: isoTime,
  /** Past its date: the link no longer works; the owner may send it again. */
  expired: z.boolean(),
});
/** GET /v1/operator/members: the team and the invitations not accepted (expired ones for 30 days). */
export const operatorTeam = z.object({
  members: z.array(operatorMember),
  invitations: z.array(operatorInvitation),
});
/** GET /v1/operator/invitations/{token}/invitee: whom an open invitation link invites, as what (its sign-in fills the email in). */
export const operatorInvitee = z.object({
  email: z.string(),
  role: operatorRole,
});
/** POST /v1/operator/invitations/{token}/accept */
export const operatorAccepted = z.object({
  account: z.object({ slug: z.string(), name: z.string() }),
  role: operatorRole,
});
/**
 * One row of the audit log. `action` is one of contract/audit-actions.ts (older rows may name
 * actions since renamed); `target` the record as written; `about` what its ids name today (null
 * where the record names none, or it is gone): the actor's name, the booking's reference, the
 * experience, service and departure (its start, and its experience's zone), the member and guide.
 */
export const auditEntry = z.object({
  id: z.string(),
  at: isoTime,
  actor: z.object({ id: z.string().nullable(), email: z.string().nullable(), name: z.string().nullable() }),
  action: z.string(),
  target: z.record(z.string().nullable()),
  about: z.object({
    bookingReference: z.string().nullable(),
    experienceTitle: z.string().nullable(),
    serviceName: z.string().nullable(),
    departureStartsAt: isoTime.nullable(),
    timezone: z.string().nullable(),
    memberName: z.string().nullable(),
    guideName: z.string().nullable(),
  }),
  clientAddress: z.string(),
});
/** GET /v1/operator/audit-log: newest first. */
export const auditLogPage = z.object({ items: z.array(auditEntry), ...paging });

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
  id: z.string(),
  serviceId: z.string(),
  serviceName: z.string(),
  startsAt: isoTime,
  endsAt: isoTime,
  timezone: z.string(),
  capacity: z.number().int(),
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
   * The platform's service fee, which travellers pay on top of the operator's prices: what it
   * keeps of it after the refunds (each refund gives back its share, contract/pricing.ts).
   */
  serviceFeeMinor: minor,
  /** What the operator receives: paid, less refunds and the service fee kept. */
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
  })
  .extend({ tickets: z.array(bookingTicket.omit({ unitPriceMinor: true })) });
/** GET /v1/operator/bookings/{bookingId}: the console's booking page. */
export const operatorBooking = z.object({
  booking: operatorBookingFacts,
  guest: z.object({
    userId: z.string(),
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
      /** Whether a refund can be made now (paid, something left), and whether it may release the seats. */
      canRefund: z.boolean(),
      canReleaseSeats: z.boolean(),
    }),
  ),
});

/** POST /v1/gift-cards/balance: a card's balance and its ledger (last 4 only, never the code). */
export const giftCardBalance = z.object({
  last4: z.string(),
  currency: z.string(),
  /** The sum of the ledger, in minor units. */
  balanceMinor: z.number(),
  /** null: a marketplace card, good everywhere; else the operator's name (good only on its storefront). */
  operatorName: z.string().nullable(),
  transactions: z.array(
    z.object({
      kind: z.enum(["issue", "redeem", "refund", "release"]),
      amountMinor: z.number(),
      at: z.string(),
    }),
  ),
});

/** GET /v1/user/gift-cards: the cards the caller bought (paid), received or saved to their account (last 4 only). */
/** A gift card as its buyer, holder or operator sees it (never its code). */
const giftCardFigures = {
  id: z.string(),
  /** null until the card is delivered (its code is made then). */
  last4: z.string().nullable(),
  currency: z.string(),
  amountMinor: z.number(),
  balanceMinor: z.number(),
  /** scheduled: paid, to be emailed at deliverAt; active: delivered. */
  status: z.enum(["scheduled", "active", "void"]),
};

export const myGiftCard = z.object({
  ...giftCardFigures,
  /**
   * bought: the caller paid for it (its receipt: /account/gift-cards/{id}/receipt); received: it
   * was sent to the caller's email; saved: the caller added it to their account by its code.
   */
  relation: z.enum(["bought", "received", "saved"]),
  recipientEmail: z.string(),
  deliverAt: z.string(),
  operatorName: z.string().nullable(),
  /** When it was paid (a bought card's receipt), and the name it was sent from. */
  paidAt: z.string().nullable(),
  senderName: z.string().nullable(),
});
export const myGiftCards = z.array(myGiftCard);

/** GET /v1/gift-cards/offer: what can be bought here (the marketplace, or this storefront). */
export const giftCardOffer = z.object({
  currency: z.string().length(3),
  minMinor: z.number(),
  maxMinor: z.number(),
  presetsMinor: z.array(z.number()),
  /** How far ahead (days) a delivery date may be. */
  deliveryDays: z.number(),
  /** null: a marketplace card (good everywhere in its currency); else only this operator's. */
  operatorName: z.string().nullable(),
});

/** POST /v1/gift-cards: the card being bought and where to pay for it. */
export const giftCardPurchase = z.object({ id: z.string(), checkoutUrl: z.string(), deliverAt: z.string() });

/** GET /v1/operator/gift-cards: the operator's gift cards, newest first (last 4 only). */
export const operatorGiftCards = z.object({
  items: z.array(
    z.object({
      ...giftCardFigures,
      recipientEmail: z.string(),
      senderName: z.string().nullable(),
      deliverAt: z.string(),
      paidAt: z.string().nullable(),
    }),
  ),
  /** Sums over the cards listed: sold (issued) and still owed to holders (balances). */
  soldMinor: z.number(),
  outstandingMinor: z.number(),
});
