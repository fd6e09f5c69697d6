/**
 * The answers of the endpoints as zod schemas (the envelope's `data`). Each is declared as a
 * `z.ZodType` of the contract's interface, so TypeScript keeps the two equal; the API test suite
 * parses every successful answer it receives with its endpoint's schema (tests/api/helpers/api.ts),
 * so the API cannot drift from what the web reads. The client does not parse at run time.
 */
import { z } from "zod";
import type { DevClock, DevClockMoved, DevJobs } from "./jobs";
import type { TipListItem, TipPage, TipStarted, TipView } from "./tips";
import type { UnsubscribeView } from "./unsubscribe";
import type { MyReferral, ReferralInvite } from "./referrals";
import type { ReviewPage, ReviewView } from "./reviews";
import { NOTIFICATION_CATEGORIES } from "./preference-values";
import type { AccountContext } from "./accounts";
import type { PasswordPolicy, PasswordSet, RenewedSession, SessionCreated } from "./auth";
import { BOOKING_STEPS, type Availability, type BookingPage, type BookingView, type Quote } from "./bookings";
import type { ExperienceDetail, ExperiencePage, Facets, ServiceDetail } from "./catalog";
import type { NotificationPage } from "./notifications";
import type { NotificationPreferences } from "./preferences";
import type { SavedCard } from "./cards";
import type { OutboxMessage } from "./outbox";
import type { CheckoutStatus, SandboxCheckoutView } from "./payments";
import type { PromoCodeView } from "./promo";
import { BOOKING_STATUSES, OUTBOX_CHANNELS, OUTBOX_STATUSES, PAYMENT_STATUSES } from "./statuses";
import { MISSING_DATA_FIELDS, type MissingDataField, type UserInfo } from "./users";
import type { PersonalInfo } from "./settings";
import type { WaiverView } from "./waivers";

const isoTime = z.string().datetime({ offset: true });
const calendarDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const minor = z.number().int();
const count = z.number().int().min(0);
/** What a traveller is shown of a booking: WF-XXXX-XXXX (api/bookings/view.ts makes it), never the bk_ id. */
const bookingReference = z.string().regex(/^WF-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
const paging = { page: z.number().int().min(1), pageSize: z.number().int().min(1), total: count, totalPages: count };

export const nothing = z.undefined();
export const health = z.object({ status: z.string(), database: z.string() });

export const accountContext: z.ZodType<AccountContext> = z.object({
  slug: z.string(),
  name: z.string(),
  tagline: z.string(),
  logoUrl: z.string().nullable(),
  colors: z.object({ primary: z.string(), accent: z.string(), ink: z.string() }),
  currency: z.string().length(3),
  timezone: z.string(),
  contact: z.object({ email: z.string().nullable(), phone: z.string().nullable(), address: z.string().nullable() }),
});

const namedSlug = z.object({ slug: z.string(), name: z.string() });
const money = z.object({ amount: minor, currency: z.string().length(3) });

const ratingSummary = z.object({ average: z.number().min(1).max(5), count: count });
export const reviewView: z.ZodType<ReviewView> = z.object({
  id: z.string(),
  rating: z.number().int().min(1).max(5),
  body: z.string(),
  authorName: z.string(),
  verified: z.boolean(),
  createdAt: isoTime,
});
export const reviewPage: z.ZodType<ReviewPage> = z.object({
  items: z.array(reviewView),
  rating: ratingSummary.nullable(),
  ...paging,
});

export const experiencePage: z.ZodType<ExperiencePage> = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      summary: z.string(),
      imageUrl: z.string().nullable(),
      category: namedSlug,
      city: namedSlug,
      operator: namedSlug,
      priceFrom: money,
      priceBasis: z.enum(["adult", "person"]),
      rating: ratingSummary.nullable(),
      priceApprox: money.nullable(),
      durationMinutes: count,
      firstServiceId: z.string(),
    }),
  ),
  ...paging,
});

const geoPoint = z.object({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) });

const experienceSummary = z.object({
  id: z.string(),
  title: z.string(),
  summary: z.string(),
  description: z.string(),
  images: z.array(z.string()),
  included: z.array(z.string()),
  meetingPoint: z.string(),
  meetingPointLocation: geoPoint.nullable(),
  cancellationPolicy: z.string(),
  cancellationCutoffHours: z.number().int().min(0),
  category: namedSlug,
  city: namedSlug,
  operator: namedSlug.extend({ logoUrl: z.string().nullable() }),
  currency: z.string().length(3),
  rating: ratingSummary.nullable(),
});

export const experienceDetail: z.ZodType<ExperienceDetail> = experienceSummary.extend({
  services: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      description: z.string(),
      durationMinutes: count,
      priceFrom: money.nullable(),
    }),
  ),
});

export const serviceDetail: z.ZodType<ServiceDetail> = z.object({
  experience: experienceSummary,
  service: z.object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    durationMinutes: count,
    capacity: count,
    ticketTypes: z.array(z.object({ id: z.string(), code: z.string(), name: z.string(), priceMinor: minor })),
    nextAvailableDate: calendarDate.nullable(),
  }),
});

const facetEntry = namedSlug.extend({ count });
export const facets: z.ZodType<Facets> = z.object({
  categories: z.array(facetEntry),
  cities: z.array(facetEntry),
  operators: z.array(facetEntry),
});

export const availability: z.ZodType<Availability> = z.object({
  timezone: z.string(),
  currency: z.string().length(3),
  minDate: calendarDate.nullable(),
  maxDate: calendarDate.nullable(),
  days: z.array(
    z.object({
      date: calendarDate,
      seatsLeft: count,
      status: z.enum(["available", "few", "sold_out"]),
      slots: z.array(
        z.object({
          id: z.string(),
          startsAt: isoTime,
          endsAt: isoTime,
          capacity: count,
          seatsLeft: count,
          freeCancellationUntil: isoTime.nullable(),
        }),
      ),
    }),
  ),
});

export const passwordPolicy: z.ZodType<PasswordPolicy> = z.object({
  minLength: count,
  maxLength: count,
  requireLowercase: z.boolean(),
  requireUppercase: z.boolean(),
  requireNumeric: z.boolean(),
  requireNonAlphanumeric: z.boolean(),
});

export const userInfo: z.ZodType<UserInfo> = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phoneNumber: z.string(),
  signInMethod: z.string(),
  requiresPasswordSetup: z.boolean(),
  unreadNotifications: count,
});

export const sessionCreated: z.ZodType<SessionCreated> = z.object({
  sessionCookie: z.string().min(20),
  maxAgeSeconds: z.number().int().positive(),
  user: userInfo,
  missingData: z.array(z.string()),
});

export const missingData: z.ZodType<{ missingData: MissingDataField[] }> = z.object({
  missingData: z.array(z.enum(MISSING_DATA_FIELDS)),
});

export const waiver: z.ZodType<WaiverView> = z.object({
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
export const quote: z.ZodType<Quote> = z.object({
  breakdown: z.object({
    lines: z.array(priceLine),
    seats: count,
    subtotalMinor: minor,
    discountMinor: minor,
    feesMinor: minor,
    taxMinor: minor,
    totalMinor: minor,
  }),
  currency: z.string().length(3),
  promo: z.object({ code: z.string(), valid: z.boolean() }).nullable(),
  referral: z
    .object({
      code: z.string(),
      firstName: z.string().nullable(),
      applied: z.boolean(),
      reason: z.enum(["referral_not_found", "referral_own_code", "referral_not_first_booking"]).nullable(),
      discountMinor: minor,
    })
    .nullable(),
  seatsLeft: count,
  startsAt: isoTime,
  endsAt: isoTime,
  timezone: z.string().min(1),
  freeCancellationUntil: isoTime.nullable(),
  missing: z.array(z.enum(BOOKING_STEPS)),
});

export const booking: z.ZodType<BookingView> = z.object({
  id: z.string(),
  reference: bookingReference,
  status: z.enum(BOOKING_STATUSES),
  experienceId: z.string(),
  experienceTitle: z.string(),
  serviceId: z.string(),
  serviceName: z.string(),
  operatorName: z.string(),
  startsAt: isoTime,
  endsAt: isoTime,
  timezone: z.string(),
  meetingPoint: z.string(),
  meetingPointLocation: geoPoint.nullable(),
  seats: z.number().int().positive(),
  tickets: z.array(
    z.object({ ticketTypeId: z.string(), code: z.string(), name: z.string(), quantity: count, unitPriceMinor: minor }),
  ),
  subtotalMinor: minor,
  discountMinor: minor,
  feesMinor: minor,
  taxMinor: minor,
  totalMinor: minor,
  currency: z.string().length(3),
  promoCode: z.string().nullable(),
  canCancel: z.boolean(),
  canReview: z.boolean(),
  reviewed: z.boolean(),
  cancellationCutoffHours: count,
  freeCancellationUntil: isoTime.nullable(),
  refundMinor: minor.nullable(),
  refundIfCancelledMinor: minor,
  checkoutUrl: z.string().nullable(),
  holdExpiresAt: isoTime.nullable(),
  createdAt: isoTime,
  paymentStatus: z.enum(PAYMENT_STATUSES),
  confirmedAt: isoTime.nullable(),
  card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
});
export const bookingPage: z.ZodType<BookingPage> = z.object({ items: z.array(booking), ...paging });
export const placedBooking = z.object({ booking, checkoutUrl: z.string().min(1) });

export const promoCode: z.ZodType<PromoCodeView> = z.object({
  code: z.string(),
  percentOff: z.number().nullable(),
  amountOffMinor: minor.nullable(),
});

const checkoutStatus: z.ZodType<CheckoutStatus> = z.enum(["open", "paid", "failed", "expired"]);
export const sandboxCheckout: z.ZodType<SandboxCheckoutView> = z.object({
  id: z.string(),
  amountMinor: minor,
  currency: z.string().length(3),
  title: z.string(),
  status: checkoutStatus,
  bookingId: z.string(),
  cancelUrl: z.string().nullable(),
});
export const sandboxPaid = z.object({ status: checkoutStatus, redirectUrl: z.string() });

export const notificationPreferences: z.ZodType<NotificationPreferences> = z.object({
  booking: z.object({ email: z.boolean(), sms: z.boolean() }),
  reminders: z.object({ email: z.boolean(), sms: z.boolean() }),
  tips: z.object({ email: z.boolean(), sms: z.boolean() }),
  referrals: z.object({ email: z.boolean(), sms: z.boolean() }),
  news: z.object({ email: z.boolean(), sms: z.boolean() }),
});

export const savedCards: z.ZodType<SavedCard[]> = z.array(
  z.object({
    id: z.string(),
    brand: z.string(),
    last4: z.string(),
    expMonth: z.number().int(),
    expYear: z.number().int(),
    isDefault: z.boolean(),
    expired: z.boolean(),
    createdAt: isoTime,
  }),
);

export const notificationPage: z.ZodType<NotificationPage> = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      kind: z.string(),
      title: z.string(),
      body: z.string(),
      link: z.string().nullable(),
      readAt: isoTime.nullable(),
      createdAt: isoTime,
    }),
  ),
  unread: count,
  ...paging,
});

export const outboxMessage: z.ZodType<OutboxMessage> = z.object({
  id: z.string(),
  channel: z.enum(OUTBOX_CHANNELS),
  recipient: z.string(),
  subject: z.string(),
  textBody: z.string(),
  htmlBody: z.string().nullable(),
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

export const personalInfo: z.ZodType<PersonalInfo> = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z
    .string()
    .regex(/^\+1\d{10}$/)
    .nullable(),
  location: z
    .object({ address: z.string(), city: z.string(), state: z.string(), zipcode: z.string(), country: z.string() })
    .nullable(),
  signInMethods: z.array(z.string()),
  pendingPhone: z.string().nullable(),
  pendingEmail: z.string().nullable(),
});

/** A session minted for the caller after a change that ended their sessions (a new email address). */
export const renewedSession: z.ZodType<RenewedSession> = z.object({
  sessionCookie: z.string().min(20),
  maxAgeSeconds: z.number().int().positive(),
  customToken: z.string().min(20),
});

export const passwordSet: z.ZodType<PasswordSet> = z.object({
  sessionCookie: z.string().min(20),
  maxAgeSeconds: z.number().int().positive(),
  customToken: z.string().min(20),
  user: userInfo,
  missingData: z.array(z.string()),
});

/** An .ics file for a calendar: its name and its text. */
export const calendarFile = z.object({ filename: z.string(), content: z.string().startsWith("BEGIN:VCALENDAR") });

export const devClock: z.ZodType<DevClock> = z.object({ now: z.string(), offsetMinutes: z.number() });
export const devClockMoved: z.ZodType<DevClockMoved> = z.object({
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
export const devJobs: z.ZodType<DevJobs> = z.object({
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
const tipView: z.ZodType<TipView> = z.object({
  amountMinor: z.number(),
  currency: z.string(),
  status: z.enum(["pending", "paid"]),
  paidAt: z.string().nullable(),
  card: tipCard,
});
export const tipPage: z.ZodType<TipPage> = z.object({
  booking: z.object({
    reference: bookingReference,
    experienceTitle: z.string(),
    serviceName: z.string(),
    operatorName: z.string(),
    startsAt: z.string(),
    timezone: z.string(),
    guide: z.string().nullable(),
  }),
  currency: z.string(),
  presets: z.array(z.object({ percent: z.number().nullable(), amountMinor: z.number() })),
  minMinor: z.number(),
  maxMinor: z.number(),
  tip: tipView.nullable(),
});
export const tipStarted: z.ZodType<TipStarted> = z.object({ checkoutUrl: z.string() });
export const tipList: z.ZodType<TipListItem[]> = z.array(
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

export const unsubscribeView: z.ZodType<UnsubscribeView> = z.object({
  category: z.enum(NOTIFICATION_CATEGORIES),
  email: z.string(),
  subscribed: z.boolean(),
});

export const referralInvite: z.ZodType<ReferralInvite> = z.object({
  firstName: z.string(),
  offer: z.object({ percentOff: z.number(), maxDiscountMinor: z.number() }),
  own: z.boolean(),
});
export const myReferral: z.ZodType<MyReferral> = z.object({
  code: z.string(),
  url: z.string(),
  invited: z.number(),
  rewarded: z.number(),
  credit: z.array(z.string()),
});
