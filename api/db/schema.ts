import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import {
  BOOKING_STATUSES,
  OUTBOX_CHANNELS,
  OUTBOX_STATUSES,
  PAYMENT_STATUSES,
  type BookingChannel,
  type BookingStatus,
  type OutboxAttachment,
  type OutboxChannel,
  type OperatorRole,
  type DepartureStatus,
  type PrivateSale,
  type OutboxStatus,
  type PaymentStatus,
  type StaffPayment,
  type GuestMessageTemplate,
} from "~contract/statuses";
import type { WebhookDeliveryState, WebhookEventType } from "~contract/operator/webhook-rules";
import type { BookingTicket } from "~contract/bookings/requests";
import { NO_ANSWERS, type BookingAnswers, type BookingQuestion } from "~contract/bookings/questions";
import type { AddOnScope, BookingAddOn } from "~contract/bookings/add-ons";
import type { BookingPickupPoint } from "~contract/bookings/pickup-rules";
import type { BalanceState, DepositKind } from "~contract/bookings/deposit-rules";
import type { CardDetails } from "~contract/bookings/cards";
import type { BrandingView as BrandingDraft } from "~contract/operator/branding";
import type { OctoContact, OctoUnitItemRef } from "~contract/octo/bookings";

export { BOOKING_STATUSES, OUTBOX_CHANNELS, OUTBOX_STATUSES, PAYMENT_STATUSES };
export type { BookingStatus, BookingTicket, OutboxAttachment, OutboxChannel, OutboxStatus, PaymentStatus };

/** IDs are URL-safe strings: ^[A-Za-z0-9_-]{1,64}$ (readable slugs or short ids). */
const idCheck = (column: string) => sql.raw(`${column} ~ '^[A-Za-z0-9_-]{1,64}$'`);
const slugCheck = (column: string) => sql.raw(`${column} ~ '^[a-z0-9][a-z0-9-]{0,62}$'`);
const colorCheck = (column: string) => sql.raw(`${column} ~ '^#[0-9a-fA-F]{6}$'`);

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

/** Operators selling experiences; each one can have a white-label storefront. */
export const accounts = pgTable(
  "accounts",
  {
    id: text("id").primaryKey(),
    slug: text("slug").notNull(),
    name: text("name").notNull(),
    tagline: text("tagline").notNull().default(""),
    logoUrl: text("logo_url"),
    primaryColor: text("primary_color").notNull(),
    accentColor: text("accent_color").notNull(),
    inkColor: text("ink_color").notNull(),
    timezone: text("timezone").notNull(),
    currency: text("currency").notNull(),
    cancellationCutoffHours: integer("cancellation_cutoff_hours").notNull().default(24),
    /** A move to a cheaper departure is refunded the difference (false: such moves are refused; migration 0034). */
    rescheduleRefunds: boolean("reschedule_refunds").notNull().default(true),
    waiverText: text("waiver_text").notNull().default(""),
    waiverVersion: integer("waiver_version").notNull().default(1),
    /** How guests reach the operator (the storefront's contact page); each may be absent. */
    contactEmail: text("contact_email"),
    contactPhone: text("contact_phone"),
    /** The operator's postal address, as one would write it on an envelope (any country's format). */
    postalAddress: text("postal_address"),
    /** Only checked-in guests get the tip and review emails (migration 0025). */
    requireCheckIn: boolean("require_check_in").notNull().default(false),
    /** The console's draft branding, not yet published (migration 0029); null: none. */
    brandingDraft: jsonb("branding_draft").$type<BrandingDraft>(),
    /** Guides may take bookings at the desk (migration 0045; owners and managers always may). */
    guidesMayBook: boolean("guides_may_book").notNull().default(false),
    /** The owner requires two-step sign-in of every member (migration 0049). */
    requireTwoStep: boolean("require_two_step").notNull().default(false),
    /** active | suspended: a platform admin's decision (migration 0050); suspended takes no new sale. */
    status: text("status").$type<OperatorStatus>().notNull().default("active"),
    /** When and why it was suspended (both null while active). */
    suspendedAt: timestamp("suspended_at", { withTimezone: true }),
    suspensionReason: text("suspension_reason"),
    /** ISO 3166-1 alpha-2, from its application or `npm run admin -- create-operator` (migration 0051); the seed's: null. */
    country: text("country"),
    /** The platform's commission in basis points (1500 = 15 %); null: the platform default (migration 0052). */
    commissionBps: integer("commission_bps"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("accounts_slug_key").on(t.slug),
    check("accounts_id_format", idCheck("id")),
    check("accounts_slug_format", slugCheck("slug")),
    check("accounts_currency_format", sql`${t.currency} ~ '^[A-Z]{3}$'`),
    check("accounts_primary_color_format", colorCheck("primary_color")),
    check("accounts_accent_color_format", colorCheck("accent_color")),
    check("accounts_ink_color_format", colorCheck("ink_color")),
    check("accounts_cutoff_non_negative", sql`${t.cancellationCutoffHours} >= 0`),
    check("accounts_status_value", sql`${t.status} IN ('active', 'suspended')`),
    check("accounts_suspension_consistent", sql`(${t.status} = 'suspended') = (${t.suspendedAt} IS NOT NULL)`),
    check("accounts_country_format", sql`${t.country} IS NULL OR ${t.country} ~ '^[A-Z]{2}$'`),
    check(
      "accounts_commission_range",
      sql`${t.commissionBps} IS NULL OR (${t.commissionBps} >= 0 AND ${t.commissionBps} <= 10000)`,
    ),
  ],
);

/** An operator's standing on the platform (migration 0050). */
export type OperatorStatus = "active" | "suspended";

/**
 * What one minor unit of a currency (a cent, a yen) is worth in US cents, in millionths: EUR at
 * 1.08 $ is 1080000, JPY at 0.0067 $ is 670000. The catalog shows "≈ US$" beside other
 * currencies and sorts and filters prices on it. Seeded by migration 0013; `npm run rates --
 * EUR=1.09` updates it (in dollars per unit).
 */
export const exchangeRates = pgTable(
  "exchange_rates",
  {
    currency: text("currency").primaryKey(),
    usdMinorMicros: integer("usd_minor_micros").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("exchange_rates_currency_format", sql`${t.currency} ~ '^[A-Z]{3}$'`),
    check("exchange_rates_positive", sql`${t.usdMinorMicros} > 0`),
  ],
);

/** PostgreSQL's full-text document type (read as text, never written: generated columns only). */
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/** The parent of what is sold: a tour, class or activity of one operator. */
export const experiences = pgTable(
  "experiences",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    summary: text("summary").notNull(),
    description: text("description").notNull(),
    categorySlug: text("category_slug").notNull(),
    categoryName: text("category_name").notNull(),
    citySlug: text("city_slug").notNull(),
    cityName: text("city_name").notNull(),
    images: jsonb("images").$type<string[]>().notNull().default([]),
    /**
     * The cover (experience_photos at position 0) as a card draws it, kept in the transaction of
     * every photo change (api/photos/service.ts), so a catalog page reads no other table for it.
     */
    coverPhoto: jsonb("cover_photo").$type<StoredPicture>(),
    included: jsonb("included").$type<string[]>().notNull().default([]),
    /** What is asked at checkout (migration 0053; contract/bookings/questions.ts judges it in and out). */
    bookingQuestions: jsonb("booking_questions").$type<BookingQuestion[]>().notNull().default([]),
    /** A new booking must choose one of its pickup points (migration 0057; none listed: nothing to choose). */
    pickupRequired: boolean("pickup_required").notNull().default(false),
    meetingPoint: text("meeting_point").notNull(),
    /** Where the meeting point is (WGS 84 degrees), for a map link; both or neither. */
    meetingPointLat: doublePrecision("meeting_point_lat"),
    meetingPointLng: doublePrecision("meeting_point_lng"),
    cancellationPolicy: text("cancellation_policy").notNull(),
    /**
     * The IANA zone its schedules are kept in (migration 0023): its weekly rules' local times and
     * the local days its departures are listed by. An insert that leaves it out takes the
     * operator's zone (a BEFORE INSERT trigger; NOT NULL holds after it).
     */
    timezone: text("timezone")
      .notNull()
      .default(sql`null`),
    /**
     * Search (api/catalog/search.ts): English stems, the title weighing most, then the summary,
     * then city and category; and the same words in lower case, from which the search lexicon
     * (search_words, for typos) takes its words.
     */
    searchVector: tsvector("search_vector").generatedAlwaysAs(
      sql`setweight(to_tsvector('english'::regconfig, "title"), 'A') || setweight(to_tsvector('english'::regconfig, "summary"), 'B') || setweight(to_tsvector('english'::regconfig, "city_name" || ' ' || "category_name"), 'C')`,
    ),
    searchText: text("search_text").generatedAlwaysAs(
      sql`lower("title" || ' ' || "summary" || ' ' || "city_name" || ' ' || "category_name")`,
    ),
    /**
     * What a catalog card shows, kept by the database as the data behind it changes (migration
     * 0016: triggers on services, ticket types and reviews; demand refreshed by a job), so a
     * catalog page never aggregates prices, reviews or departures per request.
     * The "from" price (api/catalog/fragments.ts fromPrice); null: no ticket type, not listed.
     */
    priceFrom: integer("price_from"),
    /** priceFrom in US cents (exchange_rates; 1:1 without a rate): the price filter and sort. */
    priceUsd: integer("price_usd"),
    /** Whether priceFrom is an adult ticket's price ("per adult"), else "per person". */
    perAdult: boolean("per_adult").notNull().default(false),
    /** The shortest service with a price. */
    durationMinutes: integer("duration_minutes"),
    /** The first service (by sort order) with a price: where a card links. */
    firstServiceId: text("first_service_id"),
    ratingCount: integer("rating_count").notNull().default(0),
    ratingTotal: integer("rating_total").notNull().default(0),
    /** How full the next 30 days of departures are, 0–100: the "recommended" order. */
    demandPercent: integer("demand_percent").notNull().default(0),
    /**
     * When the operator published it; null: a draft, invisible to travellers (migration 0021: its
     * priceFrom and priceUsd stay null, so it is not listed; the details, availability, quote and
     * booking doors check it too).
     */
    publishedAt: timestamp("published_at", { withTimezone: true }),
    /** The languages it is given in: BCP 47 codes ("en", "pt-BR"). */
    languages: jsonb("languages").$type<string[]>().notNull().default([]),
    /** The city's country, ISO 3166-1 alpha-2. */
    countryCode: text("country_code"),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("experiences_account_id_idx").on(t.accountId),
    index("experiences_search_vector_idx").using("gin", t.searchVector),
    // Filters of listed experiences (and their counts: index-only).
    index("experiences_category_slug_idx")
      .on(t.categorySlug)
      .where(sql`${t.priceFrom} is not null`),
    index("experiences_city_slug_idx")
      .on(t.citySlug)
      .where(sql`${t.priceFrom} is not null`),
    index("experiences_listed_account_idx")
      .on(t.accountId)
      .where(sql`${t.priceFrom} is not null`),
    // The catalog's orders, each walked from the top for a page (listed experiences only).
    index("experiences_listed_demand_idx")
      .on(sql`${t.demandPercent} desc`, t.id)
      .where(sql`${t.priceFrom} is not null`),
    index("experiences_listed_price_idx")
      .on(t.priceUsd, t.id)
      .where(sql`${t.priceFrom} is not null`),
    index("experiences_listed_title_idx")
      .on(t.title, t.id)
      .where(sql`${t.priceFrom} is not null`),
    check("experiences_id_format", idCheck("id")),
    check("experiences_category_slug_format", slugCheck("category_slug")),
    check(
      "experiences_meeting_point_coordinates",
      sql`(${t.meetingPointLat} is null) = (${t.meetingPointLng} is null) and ${t.meetingPointLat} between -90 and 90 and ${t.meetingPointLng} between -180 and 180`,
    ),
    check("experiences_city_slug_format", slugCheck("city_slug")),
    check("experiences_languages_array", sql`jsonb_typeof(${t.languages}) = 'array'`),
    check("experiences_booking_questions_list", sql`jsonb_typeof(${t.bookingQuestions}) = 'array'`),
    check("experiences_country_code_format", sql`${t.countryCode} ~ '^[A-Z]{2}$'`),
    // The console's list: an operator's experiences, most recently changed first.
    index("experiences_account_updated_idx").on(t.accountId, sql`${t.updatedAt} desc`, t.id),
  ],
);

/** A bookable variant of an experience (e.g. shared or private tour). */
export const services = pgTable(
  "services",
  {
    id: text("id").primaryKey(),
    experienceId: text("experience_id")
      .notNull()
      .references(() => experiences.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description").notNull(),
    durationMinutes: integer("duration_minutes").notNull(),
    /** Default capacity of a new slot of this service. */
    capacity: integer("capacity").notNull(),
    sortOrder: integer("sort_order").notNull().default(0),
    /** Online sales of a departure stop this many minutes before it starts (0: at the start). */
    salesCutoffMinutes: integer("sales_cutoff_minutes").notNull().default(0),
    /** Sold private (the whole departure at a group price): never (none), both ways, or only so (migration 0059). */
    privateSale: text("private_sale").$type<PrivateSale>().notNull().default("none"),
    /** The group price of a private booking, in minor units, and the most guests it takes. */
    privatePriceMinor: integer("private_price_minor"),
    privateMaxGuests: integer("private_max_guests"),
    /** The last local date its weekly rules were expanded to (api/schedules/materialise.ts); null: never. */
    materialisedThrough: date("materialised_through", { mode: "string" }),
    /**
     * The deposit it asks (migration 0058): a percentage (basis points) or a fixed amount (minor
     * units) paid at booking when the departure is more than `depositMinDays` days away, the
     * balance charged `balanceDueDays` days before it. All four null: no deposit.
     */
    depositKind: text("deposit_kind").$type<DepositKind>(),
    depositValue: integer("deposit_value"),
    depositMinDays: integer("deposit_min_days"),
    balanceDueDays: integer("balance_due_days"),
    createdAt: createdAt(),
  },
  (t) => [
    index("services_experience_id_idx").on(t.experienceId, t.sortOrder),
    check("services_deposit_kind_value", sql`${t.depositKind} IS NULL OR ${t.depositKind} IN ('percent', 'fixed')`),
    check("services_sales_cutoff_range", sql`${t.salesCutoffMinutes} >= 0 AND ${t.salesCutoffMinutes} <= 10080`),
    check("services_id_format", idCheck("id")),
    check("services_duration_positive", sql`${t.durationMinutes} > 0`),
    check("services_capacity_positive", sql`${t.capacity} > 0`),
    check("services_private_sale_value", sql`${t.privateSale} IN ('none', 'both', 'only')`),
    check(
      "services_private_sale_priced",
      sql`${t.privateSale} = 'none' OR (${t.privatePriceMinor} IS NOT NULL AND ${t.privateMaxGuests} IS NOT NULL)`,
    ),
    check("services_private_price_non_negative", sql`${t.privatePriceMinor} IS NULL OR ${t.privatePriceMinor} >= 0`),
    check("services_private_max_guests_positive", sql`${t.privateMaxGuests} IS NULL OR ${t.privateMaxGuests} >= 1`),
  ],
);

/** Prices of a service per kind of ticket (adult, child...), in minor units. */
export const ticketTypes = pgTable(
  "ticket_types",
  {
    id: text("id").primaryKey(),
    serviceId: text("service_id")
      .notNull()
      .references(() => services.id, { onDelete: "cascade" }),
    code: text("code").notNull(),
    name: text("name").notNull(),
    priceMinor: integer("price_minor").notNull(),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [
    uniqueIndex("ticket_types_service_code_key").on(t.serviceId, t.code),
    check("ticket_types_id_format", idCheck("id")),
    check("ticket_types_code_format", sql`${t.code} ~ '^[a-z][a-z0-9_]{0,31}$'`),
    check("ticket_types_price_non_negative", sql`${t.priceMinor} >= 0`),
  ],
);

/** One departure of a service; the seat count is guarded by the database. */
export const slots = pgTable(
  "slots",
  {
    id: text("id").primaryKey(),
    serviceId: text("service_id")
      .notNull()
      .references(() => services.id, { onDelete: "cascade" }),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    capacity: integer("capacity").notNull(),
    seatsTaken: integer("seats_taken").notNull().default(0),
    /** The weekly rule that made it; null: a one-off (created so, or kept when its rule changed). */
    ruleId: uuid("rule_id").references(() => scheduleRules.id, { onDelete: "set null" }),
    /** open: on sale; closed: no more sales (bookings stand); cancelled: its bookings cancelled and refunded. */
    status: text("status").$type<DepartureStatus>().notNull().default("open"),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    /** Its rule no longer wants it but it has bookings or holds: the operator keeps or cancels it. */
    needsDecision: boolean("needs_decision").notNull().default(false),
    /** The guide who leads it (a member of the operator's team); null: not assigned. */
    guideUserId: text("guide_user_id"),
    /** The private booking that holds the whole departure (migration 0059): no channel sells it a seat meanwhile. */
    privateBookingId: text("private_booking_id"),
  },
  (t) => [
    uniqueIndex("slots_service_starts_at_key").on(t.serviceId, t.startsAt),
    index("slots_rule_id_idx").on(t.ruleId),
    index("slots_needs_decision_idx")
      .on(t.serviceId)
      .where(sql`${t.needsDecision}`),
    check("slots_status_value", sql`${t.status} IN ('open', 'closed', 'cancelled')`),
    check("slots_cancelled_at_with_status", sql`(${t.status} = 'cancelled') = (${t.cancelledAt} IS NOT NULL)`),
    index("slots_starts_at_idx").on(t.startsAt),
    check("slots_id_format", idCheck("id")),
    check("slots_capacity_non_negative", sql`${t.capacity} >= 0`),
    check("slots_seats_taken_in_range", sql`${t.seatsTaken} >= 0 AND ${t.seatsTaken} <= ${t.capacity}`),
    check("slots_ends_after_start", sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

/**
 * What an experience sells beside its tickets (migration 0055), per booking or per guest. Its stock
 * is taken like seats (decision 016): `taken_total` here and slot_add_ons.taken per departure count
 * the add-on in every booking that holds seats, changed by one conditional statement each, after
 * the slot's row lock. One left out of the operator's list is archived (bookings name it).
 */
export const experienceAddOns = pgTable(
  "experience_add_ons",
  {
    id: text("id").primaryKey(),
    experienceId: text("experience_id")
      .notNull()
      .references(() => experiences.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    priceMinor: integer("price_minor").notNull(),
    per: text("per").$type<AddOnScope>().notNull(),
    stockPerDeparture: integer("stock_per_departure"),
    stockTotal: integer("stock_total"),
    maxPerBooking: integer("max_per_booking"),
    takenTotal: integer("taken_total").notNull().default(0),
    position: integer("position").notNull().default(0),
    archived: boolean("archived").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index("experience_add_ons_experience_idx").on(t.experienceId, t.position),
    check("experience_add_ons_id_format", idCheck("id")),
    check("experience_add_ons_per_value", sql`${t.per} IN ('booking', 'guest')`),
    check("experience_add_ons_price_non_negative", sql`${t.priceMinor} >= 0`),
    check("experience_add_ons_one_stock", sql`${t.stockPerDeparture} IS NULL OR ${t.stockTotal} IS NULL`),
    check(
      "experience_add_ons_stock_non_negative",
      sql`coalesce(${t.stockPerDeparture}, 0) >= 0 AND coalesce(${t.stockTotal}, 0) >= 0`,
    ),
    check("experience_add_ons_max_positive", sql`${t.maxPerBooking} IS NULL OR ${t.maxPerBooking} >= 1`),
    check("experience_add_ons_taken_total_non_negative", sql`${t.takenTotal} >= 0`),
  ],
);

/** How many of an add-on a departure's bookings that hold seats have (migration 0055); no row: none. */
export const slotAddOns = pgTable(
  "slot_add_ons",
  {
    slotId: text("slot_id")
      .notNull()
      .references(() => slots.id, { onDelete: "cascade" }),
    addOnId: text("add_on_id")
      .notNull()
      .references(() => experienceAddOns.id, { onDelete: "cascade" }),
    taken: integer("taken").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.slotId, t.addOnId] }),
    check("slot_add_ons_taken_non_negative", sql`${t.taken} >= 0`),
  ],
);

/**
 * Where an experience collects its guests, so many minutes before a departure starts (migration
 * 0057). Set as a whole list; one left out is archived (bookings keep the point they chose).
 */
export const pickupPoints = pgTable(
  "pickup_points",
  {
    id: text("id").primaryKey(),
    experienceId: text("experience_id")
      .notNull()
      .references(() => experiences.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    address: text("address").notNull().default(""),
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
    minutesBefore: integer("minutes_before").notNull(),
    sortOrder: integer("sort_order").notNull().default(0),
    archived: boolean("archived").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index("pickup_points_experience_idx").on(t.experienceId, t.sortOrder),
    check("pickup_points_id_format", idCheck("id")),
    check("pickup_points_minutes_before_range", sql`${t.minutesBefore} BETWEEN 0 AND 720`),
    check("pickup_points_latitude_range", sql`${t.latitude} IS NULL OR ${t.latitude} BETWEEN -90 AND 90`),
    check("pickup_points_longitude_range", sql`${t.longitude} IS NULL OR ${t.longitude} BETWEEN -180 AND 180`),
    check("pickup_points_coordinates_both", sql`(${t.latitude} IS NULL) = (${t.longitude} IS NULL)`),
  ],
);

/**
 * A service's weekly rule (migration 0023): on these ISO weekdays (1 Monday … 7 Sunday), at these
 * local start times ("HH:MM") in the experience's zone, from `validFrom` to `validUntil` (both
 * included; null: open-ended). Departures are materialised from the rules (api/schedules/).
 */
export const scheduleRules = pgTable(
  "schedule_rules",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    serviceId: text("service_id")
      .notNull()
      .references(() => services.id, { onDelete: "cascade" }),
    weekdays: integer("weekdays").array().notNull(),
    startTimes: text("start_times").array().notNull(),
    validFrom: date("valid_from", { mode: "string" }).notNull(),
    validUntil: date("valid_until", { mode: "string" }),
    sortOrder: integer("sort_order").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("schedule_rules_service_id_idx").on(t.serviceId, t.sortOrder),
    check("schedule_rules_weekdays_iso", sql`cardinality(${t.weekdays}) > 0 AND ${t.weekdays} <@ ARRAY[1,2,3,4,5,6,7]`),
    check(
      "schedule_rules_start_times_format",
      sql`cardinality(${t.startTimes}) > 0 AND array_to_string(${t.startTimes}, ',') ~ '^([01][0-9]|2[0-3]):[0-5][0-9](,([01][0-9]|2[0-3]):[0-5][0-9])*$'`,
    ),
    check("schedule_rules_valid_range", sql`${t.validUntil} IS NULL OR ${t.validUntil} >= ${t.validFrom}`),
  ],
);

/** A local date of the experience's zone on which a service's weekly rules make no departure. */
export const scheduleBlackouts = pgTable(
  "schedule_blackouts",
  {
    serviceId: text("service_id")
      .notNull()
      .references(() => services.id, { onDelete: "cascade" }),
    date: date("date", { mode: "string" }).notNull(),
    reason: text("reason").notNull().default(""),
  },
  (t) => [primaryKey({ columns: [t.serviceId, t.date] })],
);

/**
 * Every word of the catalog's search text (three letters or more), kept by a statement trigger on
 * experiences (migration 0016): a misspelt search word is matched against these few thousand words
 * by trigram likeness (GIN), and the words it resembles join its full-text query.
 */
export const searchWords = pgTable("search_words", { word: text("word").primaryKey() }, (t) => [
  index("search_words_word_trgm_idx").using("gin", sql`${t.word} gin_trgm_ops`),
]);

/**
 * Per operator-local day and experience, the latest start of a departure with a free seat (null:
 * none has one): the catalog's date filter reads one row per experience instead of its departures.
 * Kept by statement triggers on slots (migration 0016) when a departure is added, moved or removed
 * or becomes full or free again; days long past are purged.
 */
export const departureDays = pgTable(
  "departure_days",
  {
    day: date("day").notNull(),
    experienceId: text("experience_id").notNull(),
    lastOpenStart: timestamp("last_open_start", { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.day, t.experienceId] })],
);

/** A postal address given by the user, in any country's format (region and postal code may be ""). */
export interface UserLocation {
  address: string;
  city: string;
  state: string;
  zipcode: string;
  /** ISO 3166-1 alpha-2; absent on addresses saved before countries were asked (then US). */
  country?: string;
}

const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

/**
 * People who signed in. The id is the Firebase uid; every row is read and written only
 * with the uid of a verified token. Not touched by the catalog seed.
 */
export const users = pgTable(
  "users",
  {
    id: text("id").primaryKey(),
    email: text("email"),
    firstName: text("first_name"),
    lastName: text("last_name"),
    /** E.164, US only for now: +1 and 10 digits. */
    phone: text("phone"),
    location: jsonb("location").$type<UserLocation>(),
    /** How the user last signed in: password, emailLink, google.com, apple.com… */
    signInMethod: text("sign_in_method").notNull(),
    requiresPasswordSetup: boolean("requires_password_setup").notNull().default(false),
    passwordIsSet: boolean("password_is_set").notNull().default(false),
    hasPaymentMethod: boolean("has_payment_method").notNull().default(false),
    /** The code this user shares to invite friends (made on first use). */
    referralCode: text("referral_code"),
    /**
     * Sessions signed in before this instant (to the millisecond) are refused: set by "sign out on
     * all devices", a password change and an email change. The identity provider's own revocation
     * counts whole seconds, so a session opened in the same second would otherwise survive.
     */
    sessionsValidAfter: timestamp("sessions_valid_after", { withTimezone: true, precision: 3 }),
    /** A confirmed authenticator app or a passkey (kept with them: the session check reads only this). */
    secondFactorEnabled: boolean("second_factor_enabled").notNull().default(false),
    /** Runs the platform (issue 44); always needs two-step sign-in. */
    isPlatformAdmin: boolean("is_platform_admin").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** Name, email and the phone's digits, lower-cased: what the desk's search reads (migration 0044). */
    searchText: text("search_text").generatedAlwaysAs(sql`search_text`),
  },
  (t) => [
    uniqueIndex("users_referral_code_key").on(t.referralCode),
    index("users_email_lower_idx").on(sql`lower(${t.email})`),
    // Firebase uids: 1–128 characters (generated ones are 28 alphanumerics; custom ones may be anything).
    check("users_id_length", sql`char_length(${t.id}) BETWEEN 1 AND 128`),
    check("users_phone_format", sql`${t.phone} IS NULL OR ${t.phone} ~ '^[+]1[0-9]{10}$'`),
  ],
);

/**
 * A phone or email change waiting for its code (spec section 7). The code is stored hashed;
 * `status` is pending until the right code confirms it, or the 5th wrong one cancels it.
 */
/**
 * Sessions signed out on one device ("Sign out" in the header): refused until they would have
 * expired anyway (the identity provider can only end all of a user's sessions at once).
 */
export const signedOutSessions = pgTable(
  "signed_out_sessions",
  {
    /** SHA-256 of the session cookie (or ID token), hex. */
    tokenHash: text("token_hash").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("signed_out_sessions_expires_idx").on(t.expiresAt)],
);

/**
 * Two-step sign-in (migration 0049, issue 43): the authenticator app's secret, sealed with
 * TWO_STEP_KEY (AES-256-GCM); `confirmedAt` null while the enrolment waits for its first code
 * (until `pendingExpiresAt`); `lastStep` the last 30-second step accepted (a code counts once).
 */
export const userTotp = pgTable("user_totp", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  secretSealed: text("secret_sealed").notNull(),
  confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
  pendingExpiresAt: timestamp("pending_expires_at", { withTimezone: true }),
  lastStep: bigint("last_step", { mode: "number" }),
  createdAt: createdAt(),
});

/** A passkey (WebAuthn credential): its id and public key in base64url, its signature counter. */
export const userPasskeys = pgTable(
  "user_passkeys",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    credentialId: text("credential_id").notNull(),
    publicKey: text("public_key").notNull(),
    counter: bigint("counter", { mode: "number" }).notNull().default(0),
    transports: jsonb("transports").$type<string[]>().notNull().default([]),
    name: text("name").notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("user_passkeys_credential_id_key").on(t.credentialId),
    index("user_passkeys_user_id_idx").on(t.userId),
  ],
);

/** Ten single-use recovery codes, as HMAC-SHA-256 with TWO_STEP_KEY (never in clear). */
export const userRecoveryCodes = pgTable(
  "user_recovery_codes",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [primaryKey({ name: "user_recovery_codes_pk", columns: [t.userId, t.codeHash] })],
);

export type WebAuthnPurpose = "register" | "authenticate";
/** The one open WebAuthn challenge of a user per purpose (5 minutes). */
export const webauthnChallenges = pgTable(
  "webauthn_challenges",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose").$type<WebAuthnPurpose>().notNull(),
    challenge: text("challenge").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ name: "webauthn_challenges_pk", columns: [t.userId, t.purpose] })],
);

/** When a session (SHA-256 of its token, as signed_out_sessions) gave its second step. */
export const sessionSecondSteps = pgTable(
  "session_second_steps",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    verifiedAt: timestamp("verified_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("session_second_steps_user_id_idx").on(t.userId),
    index("session_second_steps_expires_idx").on(t.expiresAt),
  ],
);

/** Wrong second-step answers in the current window, and the lock they caused (every process reads it). */
export const secondStepAttempts = pgTable("second_step_attempts", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  failures: integer("failures").notNull().default(0),
  windowStartedAt: timestamp("window_started_at", { withTimezone: true }).notNull(),
  lockedUntil: timestamp("locked_until", { withTimezone: true }),
});

/** A user's own security log: enrolments, removals, resets, recovery-code use, locks. */
export const securityEvents = pgTable(
  "security_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    action: text("action").notNull(),
    detail: jsonb("detail").$type<Record<string, string | null>>().notNull().default({}),
    /** Who acted when not the user (an owner's reset). */
    actorId: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    clientAddress: text("client_address").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("security_events_user_id_at_idx").on(t.userId, t.at)],
);

export const VERIFICATION_PURPOSES = ["phone", "email"] as const;
export type VerificationPurpose = (typeof VERIFICATION_PURPOSES)[number];
export const verificationCodes = pgTable(
  "verification_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose").$type<VerificationPurpose>().notNull(),
    target: text("target").notNull(),
    codeHash: text("code_hash").notNull(),
    attempts: integer("attempts").notNull().default(0),
    status: text("status").$type<"pending" | "confirmed" | "cancelled" | "replaced">().notNull().default("pending"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("verification_codes_user_purpose_idx").on(t.userId, t.purpose, t.createdAt),
    check("verification_codes_purpose_value", sql`${t.purpose} IN ('phone', 'email')`),
    check("verification_codes_status_value", sql`${t.status} IN ('pending', 'confirmed', 'cancelled', 'replaced')`),
    check("verification_codes_attempts_range", sql`${t.attempts} BETWEEN 0 AND 5`),
  ],
);
export type VerificationCodeRow = typeof verificationCodes.$inferSelect;

/**
 * Signed waivers: one per user, operator (null = the platform waiver) and text version.
 * The account foreign key is made DEFERRABLE INITIALLY DEFERRED by migration 0002 so that
 * re-seeding the catalog (delete and re-insert accounts with the same ids, in one
 * transaction) keeps the signatures.
 */
export const waivers = pgTable(
  "waivers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accountId: text("account_id").references(() => accounts.id),
    textVersion: integer("text_version").notNull(),
    signedName: text("signed_name").notNull(),
    signedAt: timestamp("signed_at", { withTimezone: true }).notNull().defaultNow(),
    ip: text("ip").notNull(),
    userAgent: text("user_agent").notNull(),
  },
  (t) => [
    unique("waivers_user_account_version_key").on(t.userId, t.accountId, t.textVersion).nullsNotDistinct(),
    index("waivers_account_id_idx").on(t.accountId),
    check("waivers_text_version_positive", sql`${t.textVersion} > 0`),
  ],
);

/**
 * Messages to send. Written before any delivery attempt; `kept` means no transport is
 * configured (development): the message is only readable through the dev outbox.
 */
export const outbox = pgTable(
  "outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    channel: text("channel").$type<OutboxChannel>().notNull(),
    recipient: text("recipient").notNull(),
    subject: text("subject").notNull().default(""),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body"),
    attachments: jsonb("attachments").$type<OutboxAttachment[]>().notNull().default([]),
    status: text("status").$type<OutboxStatus>().notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    kind: text("kind").notNull(),
    meta: jsonb("meta").$type<Record<string, unknown>>().notNull().default({}),
    /** The From display name (an operator's, for their storefront's messages); null keeps SMTP_FROM's. */
    senderName: text("sender_name"),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** While `sending`: until when this attempt owns the message (a crashed one is taken again after). */
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
  },
  (t) => [
    index("outbox_recipient_created_at_idx").on(t.recipient, t.createdAt),
    index("outbox_status_created_at_idx").on(t.status, t.createdAt),
    check("outbox_channel_value", sql`${t.channel} IN ('email', 'sms')`),
    check("outbox_status_value", sql`${t.status} IN ('pending', 'sending', 'sent', 'failed', 'kept')`),
    check("outbox_attempts_non_negative", sql`${t.attempts} >= 0`),
  ],
);

export type AccountRow = typeof accounts.$inferSelect;
export type ExperienceRow = typeof experiences.$inferSelect;
export type ServiceRow = typeof services.$inferSelect;
export type TicketTypeRow = typeof ticketTypes.$inferSelect;
export type ExperienceAddOnRow = typeof experienceAddOns.$inferSelect;
export type PickupPointRow = typeof pickupPoints.$inferSelect;
export type SlotRow = typeof slots.$inferSelect;
export type ScheduleRuleRow = typeof scheduleRules.$inferSelect;
export type UserRow = typeof users.$inferSelect;
export type WaiverRow = typeof waivers.$inferSelect;
export type OutboxRow = typeof outbox.$inferSelect;

/**
 * Discount codes. `account_id` null: valid for every operator. Exactly one of `percent_off`
 * (1–100) and `amount_off_minor` (with its `currency`). A booking counts in `redemptions`
 * while it is held or confirmed (see api/promo/service.ts).
 */
export const promoCodes = pgTable(
  "promo_codes",
  {
    code: text("code").primaryKey(),
    accountId: text("account_id").references(() => accounts.id, { onDelete: "cascade" }),
    percentOff: integer("percent_off"),
    amountOffMinor: integer("amount_off_minor"),
    currency: text("currency"),
    validFrom: timestamp("valid_from", { withTimezone: true }),
    validTo: timestamp("valid_to", { withTimezone: true }),
    maxRedemptions: integer("max_redemptions"),
    redemptions: integer("redemptions").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index("promo_codes_account_id_idx").on(t.accountId),
    check("promo_codes_code_format", sql`${t.code} ~ '^[A-Z0-9][A-Z0-9_-]{1,31}$'`),
    check(
      "promo_codes_one_discount",
      sql`(${t.percentOff} IS NOT NULL AND ${t.amountOffMinor} IS NULL AND ${t.percentOff} BETWEEN 1 AND 100) OR (${t.percentOff} IS NULL AND ${t.amountOffMinor} IS NOT NULL AND ${t.amountOffMinor} > 0 AND ${t.currency} IS NOT NULL)`,
    ),
    check("promo_codes_currency_format", sql`${t.currency} IS NULL OR ${t.currency} ~ '^[A-Z]{3}$'`),
    check("promo_codes_redemptions_non_negative", sql`${t.redemptions} >= 0`),
    check("promo_codes_max_redemptions_positive", sql`${t.maxRedemptions} IS NULL OR ${t.maxRedemptions} > 0`),
    check(
      "promo_codes_valid_range",
      sql`${t.validFrom} IS NULL OR ${t.validTo} IS NULL OR ${t.validTo} > ${t.validFrom}`,
    ),
  ],
);

export interface BookingUtm {
  source?: string;
  medium?: string;
  campaign?: string;
  term?: string;
  content?: string;
}

/**
 * Bookings. A booking holds its seats (they are counted in `slots.seats_taken`) exactly while
 * its status is `held` or `confirmed`; every other status has given them back.
 */
export const bookings = pgTable(
  "bookings",
  {
    id: text("id").primaryKey(),
    /** The account holder; null for a booking the team took for a guest without an account (migration 0045). */
    userId: text("user_id").references(() => users.id),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id),
    experienceId: text("experience_id")
      .notNull()
      .references(() => experiences.id),
    serviceId: text("service_id")
      .notNull()
      .references(() => services.id),
    slotId: text("slot_id")
      .notNull()
      .references(() => slots.id),
    status: text("status").$type<BookingStatus>().notNull(),
    tickets: jsonb("tickets").$type<BookingTicket[]>().notNull(),
    seats: integer("seats").notNull(),
    /** Sold private (migration 0059): the whole departure at this group price; null: sold by the seat. */
    privatePriceMinor: integer("private_price_minor"),
    subtotalMinor: integer("subtotal_minor").notNull(),
    discountMinor: integer("discount_minor").notNull(),
    feesMinor: integer("fees_minor").notNull(),
    taxMinor: integer("tax_minor").notNull(),
    totalMinor: integer("total_minor").notNull(),
    /** The part of the total paid with gift cards (taken when the seats were held); the provider charges the rest. */
    giftCardMinor: integer("gift_card_minor").notNull().default(0),
    currency: text("currency").notNull(),
    promoCode: text("promo_code"),
    utm: jsonb("utm").$type<BookingUtm>(),
    holdExpiresAt: timestamp("hold_expires_at", { withTimezone: true }),
    idempotencyKey: text("idempotency_key").notNull(),
    /** scheme://host[:port] the booking was made on: links in emails point back there. */
    origin: text("origin").notNull(),
    /** Made on the operator's storefront (account mode): its emails carry the operator's branding. */
    storefront: boolean("storefront").notNull().default(false),
    paymentProvider: text("payment_provider"),
    paymentSessionId: text("payment_session_id"),
    checkoutUrl: text("checkout_url"),
    paymentIntentId: text("payment_intent_id"),
    paymentStatus: text("payment_status").$type<PaymentStatus>().notNull().default("pending"),
    saveCard: boolean("save_card").notNull().default(false),
    refundMinor: integer("refund_minor"),
    /** The card that paid, when the provider tells (receipts). */
    cardBrand: text("card_brand"),
    cardLast4: text("card_last4"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    /** Scheduled work done for this booking (api/jobs/due-work.ts), each at most once. */
    reminderSentAt: timestamp("reminder_sent_at", { withTimezone: true }),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    lapseEmailSentAt: timestamp("lapse_email_sent_at", { withTimezone: true }),
    /** The tip link's access key, hashed (SHA-256, hex); the key itself is only in the tip email. */
    tipKeyHash: text("tip_key_hash"),
    /** The invitation whose discount this booking got (its first booking). */
    referralCode: text("referral_code"),
    tipEmailSentAt: timestamp("tip_email_sent_at", { withTimezone: true }),
    /**
     * The ticket's secret (migration 0025): 26 characters of Crockford base32, 130 random bits,
     * made by the database's new_ticket_code(); shown (and as a QR code) once confirmed.
     */
    ticketCode: text("ticket_code")
      .notNull()
      .default(sql`new_ticket_code()`),
    /**
     * The SEQUENCE of the booking's calendar files (migration 0035): raised by a trigger when the
     * booking moves to another departure or is cancelled, so a later file updates the guest's event.
     */
    calendarSequence: integer("calendar_sequence").notNull().default(0),
    /** The guest's own contact, for a booking taken by the team (migration 0044); else the account holder's. */
    guestName: text("guest_name"),
    guestEmail: text("guest_email"),
    /** E.164, +1 and 10 digits. */
    guestPhone: text("guest_phone"),
    /** The team member who took the booking (channel `staff`). */
    takenByUserId: text("taken_by_user_id").references(() => users.id),
    /** How a staff booking is paid (migration 0045); null for the guest's own bookings. */
    staffPayment: text("staff_payment").$type<StaffPayment>(),
    /** Why the team set a price other than the listed one (a custom price, or comp). */
    priceReason: text("price_reason"),
    /** The guest agreed, when the team took the booking, to hear about news and offers. */
    marketingConsent: boolean("marketing_consent").notNull().default(false),
    /**
     * When the operator offered the guest a departure of their choice (migration 0047): until the
     * departure starts, the guest's own date change is open past the cancellation cutoff. Cleared
     * when the booking moves.
     */
    moveOfferedAt: timestamp("move_offered_at", { withTimezone: true }),
    /**
     * A reseller's booking made through /octo (migration 0061): the reseller, its own reference, the
     * OCTO uuid it reserved with (one booking per uuid per reseller) and the notes it sent.
     */
    resellerId: text("reseller_id").references(() => resellers.id),
    resellerReference: text("reseller_reference"),
    octoUuid: text("octo_uuid"),
    notes: text("notes"),
    /** The OCTO contact as the reseller sent it (its name, email and a US phone are on the guest columns too). */
    octoContact: jsonb("octo_contact").$type<OctoContact>(),
    /** Its OCTO unit items: each unit's uuid, unit (ticket type) and the reseller's reference. */
    octoUnitItems: jsonb("octo_unit_items").$type<OctoUnitItemRef[]>(),
    /** Why it was cancelled, as the reseller said. */
    cancellationReason: text("cancellation_reason"),
    /**
     * What the reseller owes for it (migration 0063): fixed at its confirmation by the reseller's
     * terms then (net rates, else the retail less the commission), again when a confirmed booking's
     * tickets change; null for a booking that is not a reseller's or was never confirmed.
     */
    resellerNetMinor: integer("reseller_net_minor"),
    /** reseller | staff | storefront | marketplace, from the columns above (generated by the database). */
    channel: text("channel")
      .$type<BookingChannel>()
      .generatedAlwaysAs(
        sql`CASE WHEN reseller_id IS NOT NULL THEN 'reseller' WHEN taken_by_user_id IS NOT NULL THEN 'staff'
    WHEN storefront THEN 'storefront' ELSE 'marketplace' END`,
      ),
    /** Its account holder's search text (name, email, phone digits), copied and kept by triggers (migration 0048). */
    holderSearchText: text("holder_search_text").notNull().default(""),
    /**
     * What the desk's search reads (migrations 0044 and 0048), generated by the database: the
     * booking's reference, ticket code and guest's contact, and its holder's search text.
     */
    searchText: text("search_text").generatedAlwaysAs(sql`search_text`),
    /** The commission it was sold at, its operator's then (migration 0052); null: made before payouts, none. */
    commissionBps: integer("commission_bps"),
    /** When its money became the operator's to pay out (departure plus the hold; migration 0052). */
    fundsReleasedAt: timestamp("funds_released_at", { withTimezone: true }),
    /** The questions it was asked (migration 0053): its service's, as they were when it was booked. */
    questions: jsonb("questions").$type<BookingQuestion[]>().notNull().default([]),
    /** Its answers to them, the booking's and each guest's in guest order. */
    answers: jsonb("answers").$type<BookingAnswers>().notNull().default(NO_ANSWERS),
    /** The add-ons it bought (migration 0055): each one's name and unit price as sold. */
    addOns: jsonb("add_ons").$type<BookingAddOn[]>().notNull().default([]),
    /** The pickup point it chose (migration 0057), as it was then; null: none. */
    pickup: jsonb("pickup").$type<BookingPickupPoint>(),
    /**
     * A deposit booking (migration 0058): what the deposit paid now (null: paid in full), the
     * balance owed, when it is charged and when, still unpaid, the booking is cancelled; its
     * state, the card kept to charge it, and the charge's idempotency key and payment.
     */
    depositMinor: integer("deposit_minor"),
    balanceMinor: integer("balance_minor").notNull().default(0),
    balanceDueAt: timestamp("balance_due_at", { withTimezone: true }),
    balanceCutoffAt: timestamp("balance_cutoff_at", { withTimezone: true }),
    balanceState: text("balance_state").$type<BalanceState>(),
    balanceCard: jsonb("balance_card").$type<CardDetails>(),
    balanceChargeKey: text("balance_charge_key"),
    balancePaymentIntentId: text("balance_payment_intent_id"),
    balanceLinkSentAt: timestamp("balance_link_sent_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("bookings_user_idempotency_key").on(t.userId, t.idempotencyKey),
    uniqueIndex("bookings_staff_idempotency_key")
      .on(t.takenByUserId, t.idempotencyKey)
      .where(sql`${t.userId} IS NULL`),
    index("bookings_user_id_created_at_idx").on(t.userId, t.createdAt),
    index("bookings_slot_id_idx").on(t.slotId),
    index("bookings_account_id_idx").on(t.accountId),
    /** The platform admins' operators list: each operator's bookings of the last 30 days (migration 0051). */
    index("bookings_account_confirmed_idx")
      .on(t.accountId, t.confirmedAt)
      .where(sql`confirmed_at IS NOT NULL`),
    /** Paid bookings whose money is not yet released to their operator (migration 0052). */
    index("bookings_funds_unreleased_idx")
      .on(t.accountId, t.slotId)
      .where(sql`funds_released_at IS NULL AND payment_status = 'paid'`),
    uniqueIndex("bookings_payment_session_id_key").on(t.paymentSessionId),
    uniqueIndex("bookings_balance_charge_key").on(t.balanceChargeKey),
    index("bookings_balance_due_idx")
      .on(t.balanceDueAt)
      .where(sql`balance_state IN ('due', 'failed')`),
    uniqueIndex("bookings_tip_key_hash_key").on(t.tipKeyHash),
    uniqueIndex("bookings_ticket_code_key").on(t.ticketCode),
    // Confirmed bookings not yet completed: what the scheduled work looks at.
    index("bookings_open_confirmed_idx")
      .on(t.slotId)
      .where(sql`${t.status} = 'confirmed' and ${t.completedAt} is null`),
    // Held bookings by service and expiry: the hold sweep and the availability arithmetic.
    index("bookings_held_idx")
      .on(t.serviceId, t.holdExpiresAt)
      .where(sql`${t.status} = 'held'`),
    check("bookings_id_format", sql`${t.id} ~ '^bk_[A-Za-z0-9_-]{16}$'`),
    check(
      "bookings_status_value",
      sql`${t.status} IN ('held', 'confirmed', 'cancelled', 'expired', 'refunded', 'failed')`,
    ),
    check(
      "bookings_payment_status_value",
      sql`${t.paymentStatus} IN ('pending', 'paid', 'failed', 'expired', 'refunded', 'not_required', 'owed')`,
    ),
    check("bookings_seats_range", sql`${t.seats} BETWEEN 1 AND 20`),
    check("bookings_add_ons_list", sql`jsonb_typeof(${t.addOns}) = 'array'`),
    check("bookings_pickup_object", sql`${t.pickup} IS NULL OR jsonb_typeof(${t.pickup}) = 'object'`),
    check("bookings_gift_card_range", sql`${t.giftCardMinor} >= 0 AND ${t.giftCardMinor} <= ${t.totalMinor}`),
    check(
      "bookings_amounts_non_negative",
      sql`${t.subtotalMinor} >= 0 AND ${t.discountMinor} >= 0 AND ${t.feesMinor} >= 0 AND ${t.taxMinor} >= 0 AND ${t.totalMinor} >= 0`,
    ),
    check(
      "bookings_refund_range",
      sql`${t.refundMinor} IS NULL OR (${t.refundMinor} >= 0 AND ${t.refundMinor} <= ${t.totalMinor})`,
    ),
    check("bookings_currency_format", sql`${t.currency} ~ '^[A-Z]{3}$'`),
    check("bookings_held_has_expiry", sql`${t.status} <> 'held' OR ${t.holdExpiresAt} IS NOT NULL`),
    check("bookings_idempotency_key_length", sql`char_length(${t.idempotencyKey}) BETWEEN 8 AND 128`),
    check(
      "bookings_holder",
      sql`${t.userId} IS NOT NULL OR (${t.takenByUserId} IS NOT NULL AND ${t.guestName} IS NOT NULL AND ${t.guestEmail} IS NOT NULL) OR ${t.resellerId} IS NOT NULL`,
    ),
    check("bookings_reseller_uuid", sql`(${t.resellerId} IS NULL) = (${t.octoUuid} IS NULL)`),
    check("bookings_reseller_net_non_negative", sql`${t.resellerNetMinor} IS NULL OR ${t.resellerNetMinor} >= 0`),
    uniqueIndex("bookings_reseller_uuid_key")
      .on(t.resellerId, t.octoUuid)
      .where(sql`reseller_id IS NOT NULL`),
    index("bookings_reseller_reference_idx")
      .on(t.resellerId, t.resellerReference)
      .where(sql`reseller_id IS NOT NULL`),
    check(
      "bookings_staff_payment_value",
      sql`${t.staffPayment} IS NULL OR ${t.staffPayment} IN ('card_link', 'card_now', 'cash', 'pay_on_arrival', 'comp')`,
    ),
    index("bookings_account_guest_email_idx")
      .on(t.accountId, sql`lower(${t.guestEmail})`)
      .where(sql`${t.guestEmail} IS NOT NULL`),
  ],
);

export const REFUND_STATUSES = ["owed", "made"] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/**
 * Refunds of a booking, each one a row (migration 0024): full ones from a cancellation and
 * partial or full ones an operator makes. `owed` once decided (in the deciding transaction),
 * `made` once the provider refunded it. Reports sum them by `created_at`.
 */
export const bookingRefunds = pgTable(
  "booking_refunds",
  {
    id: text("id").primaryKey(),
    bookingId: text("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id),
    amountMinor: integer("amount_minor").notNull(),
    /** The part of this refund given back to gift cards (written to their ledger when decided); the provider refunds the rest. */
    giftCardMinor: integer("gift_card_minor").notNull().default(0),
    currency: text("currency").notNull(),
    reason: text("reason").notNull().default(""),
    /** The member who made it (null: the traveller's own cancellation, or the system). */
    requestedBy: text("requested_by"),
    releaseSeats: boolean("release_seats").notNull().default(false),
    idempotencyKey: text("idempotency_key").notNull(),
    status: text("status").$type<RefundStatus>().notNull().default("owed"),
    createdAt: createdAt(),
    madeAt: timestamp("made_at", { withTimezone: true }),
    /** The payment it goes back to when not the booking's own: a date change's difference (migration 0039). */
    paymentProvider: text("payment_provider"),
    paymentIntentId: text("payment_intent_id"),
    /** It returns a payment that never became part of the total (a date change paid too late): not in refund_minor. */
    outsideTotal: boolean("outside_total").notNull().default(false),
    /**
     * The part that is the operator's goodwill, beyond what the cancellation policy still promised
     * (migration 0054): it comes out of the operator's part, not in proportion (0: within the policy).
     */
    goodwillMinor: integer("goodwill_minor").notNull().default(0),
  },
  (t) => [
    uniqueIndex("booking_refunds_booking_idempotency_key").on(t.bookingId, t.idempotencyKey),
    index("booking_refunds_account_created_idx").on(t.accountId, t.createdAt),
    check("booking_refunds_id_format", sql`${t.id} ~ '^rf_[A-Za-z0-9_-]{1,64}$'`),
    check("booking_refunds_gift_card_range", sql`${t.giftCardMinor} >= 0 AND ${t.giftCardMinor} <= ${t.amountMinor}`),
    check("booking_refunds_amount_positive", sql`${t.amountMinor} > 0`),
    check("booking_refunds_currency_format", sql`${t.currency} ~ '^[A-Z]{3}$'`),
    check("booking_refunds_status_value", sql`${t.status} IN ('owed', 'made')`),
    check("booking_refunds_made_at_with_status", sql`(${t.status} = 'made') = (${t.madeAt} IS NOT NULL)`),
    check("booking_refunds_reason_length", sql`char_length(${t.reason}) <= 500`),
    check("booking_refunds_idempotency_key_length", sql`char_length(${t.idempotencyKey}) BETWEEN 8 AND 128`),
    check("booking_refunds_payment_pair", sql`(${t.paymentProvider} IS NULL) = (${t.paymentIntentId} IS NULL)`),
    check("booking_refunds_goodwill_range", sql`${t.goodwillMinor} >= 0 AND ${t.goodwillMinor} <= ${t.amountMinor}`),
  ],
);
export type BookingRefundRow = typeof bookingRefunds.$inferSelect;

/**
 * What a booking paid with marketplace gift cards owes its operator's connected account from the
 * platform's balance (Stripe Connect; migration 0056): the operator's part the card charge did not
 * carry. `owed` in the payment's transaction, `made` once the provider's transfer exists; refunds
 * reverse it in the ledger's share (api/payments/gift-card-transfers.ts).
 */
export const giftCardTransfers = pgTable(
  "gift_card_transfers",
  {
    bookingId: text("booking_id")
      .primaryKey()
      .references(() => bookings.id, { onDelete: "cascade" }),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id),
    provider: text("provider").notNull(),
    /** The operator's connected account. */
    destination: text("destination").notNull(),
    amountMinor: integer("amount_minor").notNull(),
    currency: text("currency").notNull(),
    status: text("status").$type<RefundStatus>().notNull().default("owed"),
    /** The provider's transfer, once made. */
    providerRef: text("provider_ref"),
    createdAt: createdAt(),
    madeAt: timestamp("made_at", { withTimezone: true }),
  },
  (t) => [
    index("gift_card_transfers_owed_idx")
      .on(t.createdAt)
      .where(sql`${t.status} = 'owed'`),
    check("gift_card_transfers_amount_positive", sql`${t.amountMinor} > 0`),
    check("gift_card_transfers_currency_format", sql`${t.currency} ~ '^[A-Z]{3}$'`),
    check("gift_card_transfers_status_value", sql`${t.status} IN ('owed', 'made')`),
    check(
      "gift_card_transfers_made_with_ref",
      sql`(${t.status} = 'made') = (${t.providerRef} IS NOT NULL AND ${t.madeAt} IS NOT NULL)`,
    ),
  ],
);
export type GiftCardTransferRow = typeof giftCardTransfers.$inferSelect;

/** A booking's moves to another departure of its service (migration 0034): its history. */
export const bookingChanges = pgTable(
  "booking_changes",
  {
    id: text("id").primaryKey(),
    bookingId: text("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    fromSlotId: text("from_slot_id")
      .notNull()
      .references(() => slots.id),
    toSlotId: text("to_slot_id")
      .notNull()
      .references(() => slots.id),
    /** New total minus old total (negative: refunded). */
    priceDifferenceMinor: integer("price_difference_minor").notNull(),
    idempotencyKey: text("idempotency_key").notNull(),
    createdAt: createdAt(),
    /**
     * done: the booking moved (its history). A dearer move waits for its checkout
     * (awaiting_payment, its new seats held), then is done, expired (nothing moved) or refunded
     * (paid once it could no longer be made: the payment went back). Migration 0039.
     */
    status: text("status").$type<BookingChangeStatus>().notNull().default("done"),
    /** Seats held on the new departure while awaiting payment. */
    seats: integer("seats"),
    currency: text("currency"),
    /** The booking's amounts and ticket lines once the move is made (a dearer move: its total is what was paid in all). */
    newOrder: jsonb("new_order").$type<BookingChangeOrder>(),
    holdExpiresAt: timestamp("hold_expires_at", { withTimezone: true }),
    paymentProvider: text("payment_provider"),
    paymentSessionId: text("payment_session_id"),
    checkoutUrl: text("checkout_url"),
    /** The payment of the difference (refunds of it go there). */
    paymentIntentId: text("payment_intent_id"),
    /** When the booking moved (null until done). */
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("booking_changes_booking_key").on(t.bookingId, t.idempotencyKey),
    index("booking_changes_booking_created_idx").on(t.bookingId, t.createdAt),
    check("booking_changes_idempotency_key_length", sql`char_length(${t.idempotencyKey}) BETWEEN 8 AND 128`),
    check("booking_changes_status_value", sql`${t.status} IN ('awaiting_payment', 'done', 'expired', 'refunded')`),
    check(
      "booking_changes_pending_hold",
      sql`${t.status} <> 'awaiting_payment' OR (${t.holdExpiresAt} IS NOT NULL AND ${t.seats} IS NOT NULL AND ${t.priceDifferenceMinor} > 0)`,
    ),
    uniqueIndex("booking_changes_one_pending")
      .on(t.bookingId)
      .where(sql`${t.status} = 'awaiting_payment'`),
    index("booking_changes_pending_expiry_idx")
      .on(t.holdExpiresAt)
      .where(sql`${t.status} = 'awaiting_payment'`),
  ],
);
export type BookingChangeRow = typeof bookingChanges.$inferSelect;
export type BookingChangeStatus = "awaiting_payment" | "done" | "expired" | "refunded";
/** An order's lines and sums in minor units: a date change's new order, a checkout's booking. */
export interface PricedOrder {
  tickets: BookingTicket[];
  subtotalMinor: number;
  discountMinor: number;
  feesMinor: number;
  taxMinor: number;
  totalMinor: number;
}
export type BookingChangeOrder = PricedOrder;

export const CHECK_IN_STATUSES = ["checked_in", "no_show"] as const;
export type CheckInStatus = (typeof CHECK_IN_STATUSES)[number];

/** Check-in per guest (1 … seats) of a booking: a row once checked in or a no-show (migration 0025). */
export const bookingCheckIns = pgTable(
  "booking_check_ins",
  {
    bookingId: text("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    guestNo: integer("guest_no").notNull(),
    status: text("status").$type<CheckInStatus>().notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    byUserId: text("by_user_id"),
  },
  (t) => [
    primaryKey({ name: "booking_check_ins_pk", columns: [t.bookingId, t.guestNo] }),
    check("booking_check_ins_guest_no_range", sql`${t.guestNo} BETWEEN 1 AND 20`),
    check("booking_check_ins_status_value", sql`${t.status} IN ('checked_in', 'no_show')`),
  ],
);
export type BookingCheckInRow = typeof bookingCheckIns.$inferSelect;

/** A scan's answer by its idempotency key, per operator: a retried scan gets the first answer. */
export const checkInScans = pgTable(
  "check_in_scans",
  {
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    idempotencyKey: text("idempotency_key").notNull(),
    answer: jsonb("answer").$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: "check_in_scans_pk", columns: [t.accountId, t.idempotencyKey] }),
    index("check_in_scans_created_at_idx").on(t.createdAt),
    check("check_in_scans_key_length", sql`char_length(${t.idempotencyKey}) BETWEEN 8 AND 128`),
  ],
);

/**
 * A console write's first answer by its Idempotency-Key, per operator (migration 0042): the same
 * key again (a form sent twice) answers it and creates nothing more. `request` names what was
 * asked (the endpoint and its target): the key sent for another request is refused.
 */
export const consoleWriteKeys = pgTable(
  "console_write_keys",
  {
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    idempotencyKey: text("idempotency_key").notNull(),
    request: text("request").notNull(),
    answer: jsonb("answer").$type<unknown>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: "console_write_keys_pk", columns: [t.accountId, t.idempotencyKey] }),
    index("console_write_keys_created_at_idx").on(t.createdAt),
    check("console_write_keys_key_length", sql`char_length(${t.idempotencyKey}) BETWEEN 8 AND 128`),
  ],
);

/**
 * A signed-in traveller who reached an experience's confirm page (migration 0031): the latest
 * visit per traveller and experience, and when they were last reminded (at most once a week).
 */
export const checkoutVisits = pgTable(
  "checkout_visits",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    experienceId: text("experience_id")
      .notNull()
      .references(() => experiences.id, { onDelete: "cascade" }),
    serviceId: text("service_id")
      .notNull()
      .references(() => services.id, { onDelete: "cascade" }),
    /** scheme://host[:port] of the visit: the reminder's link goes back there. */
    origin: text("origin").notNull(),
    /** The departure and tickets chosen on the visit (migration 0041): the reminder's link opens them again. */
    slotId: text("slot_id").references(() => slots.id, { onDelete: "set null" }),
    tickets: jsonb("tickets").$type<Array<{ ticketTypeId: string; quantity: number }>>(),
    /** On the operator's storefront: the reminder carries the operator's branding. */
    storefront: boolean("storefront").notNull().default(false),
    visitedAt: timestamp("visited_at", { withTimezone: true }).notNull(),
    remindedAt: timestamp("reminded_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ name: "checkout_visits_pk", columns: [t.userId, t.experienceId] }),
    index("checkout_visits_visited_at_idx").on(t.visitedAt),
  ],
);

export const WAITLIST_STATUSES = ["waiting", "offered", "booked", "expired", "declined", "left", "cancelled"] as const;
export type WaitlistStatus = (typeof WAITLIST_STATUSES)[number];
export const WAITLIST_OFFER_STATUSES = ["open", "accepted", "expired", "declined", "withdrawn"] as const;
export type WaitlistOfferStatus = (typeof WAITLIST_OFFER_STATUSES)[number];

/**
 * A traveller's place on a departure's waitlist (migration 0032): a party of `seats`, in
 * `position` order; waiting and offered are active (the departure's freed seats then go to the
 * waitlist, not the public). One entry per traveller and departure, ever.
 */
export const waitlistEntries = pgTable(
  "waitlist_entries",
  {
    id: text("id").primaryKey(),
    position: bigint("position", { mode: "number" }).notNull().generatedAlwaysAsIdentity(),
    slotId: text("slot_id")
      .notNull()
      .references(() => slots.id, { onDelete: "cascade" }),
    serviceId: text("service_id")
      .notNull()
      .references(() => services.id, { onDelete: "cascade" }),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    seats: integer("seats").notNull(),
    status: text("status").$type<WaitlistStatus>().notNull().default("waiting"),
    /** scheme://host[:port] of the join: the offer's links go back there. */
    origin: text("origin").notNull(),
    /** Joined on the operator's storefront: the offer email carries the operator's branding. */
    storefront: boolean("storefront").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("waitlist_entries_slot_user_key").on(t.slotId, t.userId),
    index("waitlist_entries_active_idx")
      .on(t.slotId, t.position)
      .where(sql`${t.status} IN ('waiting', 'offered')`),
    index("waitlist_entries_user_idx").on(t.userId, t.createdAt),
    check(
      "waitlist_entries_status_value",
      sql`${t.status} IN ('waiting', 'offered', 'booked', 'expired', 'declined', 'left', 'cancelled')`,
    ),
    check("waitlist_entries_seats_positive", sql`${t.seats} >= 1`),
  ],
);
export type WaitlistEntryRow = typeof waitlistEntries.$inferSelect;

/**
 * An offer of freed seats to a waitlist entry (migration 0032): the seats are taken from the
 * departure for it until `expires_at`; its single-use link's token is stored hashed.
 */
export const waitlistOffers = pgTable(
  "waitlist_offers",
  {
    id: text("id").primaryKey(),
    entryId: text("entry_id")
      .notNull()
      .references(() => waitlistEntries.id, { onDelete: "cascade" }),
    slotId: text("slot_id")
      .notNull()
      .references(() => slots.id, { onDelete: "cascade" }),
    seats: integer("seats").notNull(),
    tokenHash: text("token_hash").notNull(),
    status: text("status").$type<WaitlistOfferStatus>().notNull().default("open"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** The booking made through it (accepted). */
    bookingId: text("booking_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp("closed_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("waitlist_offers_token_hash_key").on(t.tokenHash),
    uniqueIndex("waitlist_offers_one_open_per_entry")
      .on(t.entryId)
      .where(sql`${t.status} = 'open'`),
    index("waitlist_offers_open_expiry_idx")
      .on(t.expiresAt)
      .where(sql`${t.status} = 'open'`),
    check("waitlist_offers_status_value", sql`${t.status} IN ('open', 'accepted', 'expired', 'declined', 'withdrawn')`),
  ],
);
export type WaitlistOfferRow = typeof waitlistOffers.$inferSelect;

export const SANDBOX_CHECKOUT_STATUSES = ["open", "paid", "failed", "expired"] as const;
export type SandboxCheckoutStatus = (typeof SANDBOX_CHECKOUT_STATUSES)[number];

/** The built-in sandbox payment provider's checkout sessions (test cards only, no money moves). */
export const sandboxCheckouts = pgTable(
  "sandbox_checkouts",
  {
    id: text("id").primaryKey(),
    /** The booking paid for, or that a tip or date change is for; null for a gift card (migration 0036). */
    bookingId: text("booking_id").references(() => bookings.id, { onDelete: "cascade" }),
    /** Set when the checkout pays for a purchase (tip, gift card, date change), not a booking's order. */
    purchaseKind: text("purchase_kind").$type<"tip" | "gift_card" | "reschedule" | "balance">(),
    /** The purchase's own id (tip, gift card, booking change). */
    purchaseId: text("purchase_id"),
    amountMinor: integer("amount_minor").notNull(),
    currency: text("currency").notNull(),
    title: text("title").notNull(),
    status: text("status").$type<SandboxCheckoutStatus>().notNull().default("open"),
    cardLast4: text("card_last4"),
    cardExpMonth: integer("card_exp_month"),
    cardExpYear: integer("card_exp_year"),
    saveCard: boolean("save_card").notNull().default(false),
    paymentIntentId: text("payment_intent_id"),
    refundedMinor: integer("refunded_minor").notNull().default(0),
    successUrl: text("success_url").notNull(),
    cancelUrl: text("cancel_url"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (t) => [
    // One checkout per booking for the booking itself; a purchase's checkouts are apart.
    uniqueIndex("sandbox_checkouts_booking_id_key")
      .on(t.bookingId)
      .where(sql`${t.purchaseId} is null`),
    // Every checkout of a booking (deleting bookings cascades here; migration 0043).
    index("sandbox_checkouts_booking_id_idx").on(t.bookingId),
    check(
      "sandbox_checkouts_purchase",
      sql`(${t.purchaseKind} IS NULL) = (${t.purchaseId} IS NULL) AND (${t.purchaseKind} IS NOT NULL OR ${t.bookingId} IS NOT NULL)`,
    ),
    check("sandbox_checkouts_purchase_kind", sql`${t.purchaseKind} IN ('tip', 'gift_card', 'reschedule', 'balance')`),
    uniqueIndex("sandbox_checkouts_payment_intent_id_key").on(t.paymentIntentId),
    check("sandbox_checkouts_id_format", sql`${t.id} ~ '^cs_sandbox_[A-Za-z0-9_-]{1,64}$'`),
    check("sandbox_checkouts_status_value", sql`${t.status} IN ('open', 'paid', 'failed', 'expired')`),
    check("sandbox_checkouts_amount_non_negative", sql`${t.amountMinor} >= 0`),
    check("sandbox_checkouts_refund_range", sql`${t.refundedMinor} >= 0 AND ${t.refundedMinor} <= ${t.amountMinor}`),
  ],
);

/**
 * The sandbox's refunds, one per idempotency key (migration 0028): a repeated call with the same
 * key refunds nothing more, as a real provider's idempotency keys do; partial refunds add up.
 */
export const sandboxRefunds = pgTable(
  "sandbox_refunds",
  {
    idempotencyKey: text("idempotency_key").primaryKey(),
    paymentIntentId: text("payment_intent_id").notNull(),
    amountMinor: integer("amount_minor").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("sandbox_refunds_payment_intent_idx").on(t.paymentIntentId),
    check("sandbox_refunds_amount_positive", sql`${t.amountMinor} > 0`),
  ],
);

/** Webhook events already handled, per provider: a replayed event id is acknowledged and ignored. */
export const processedWebhookEvents = pgTable(
  "processed_webhook_events",
  {
    provider: text("provider").notNull(),
    eventId: text("event_id").notNull(),
    type: text("type").notNull().default(""),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

/** Messages in the user's account area (booking confirmed, cancelled, refunded…). */
export const notifications = pgTable(
  "notifications",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    link: text("link"),
    readAt: timestamp("read_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("notifications_user_id_created_at_idx").on(t.userId, t.createdAt),
    check("notifications_id_format", idCheck("id")),
  ],
);

/** What the team wrote to a booking's guest (issue 42, item 4), kept on the booking's history. */
export const bookingMessages = pgTable(
  "booking_messages",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id),
    bookingId: text("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    sentByUserId: text("sent_by_user_id")
      .notNull()
      .references(() => users.id),
    template: text("template").$type<GuestMessageTemplate>().notNull(),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    emailSent: boolean("email_sent").notNull(),
    smsSent: boolean("sms_sent").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("booking_messages_booking_idx").on(t.bookingId, t.createdAt),
    check(
      "booking_messages_template_value",
      sql`${t.template} IN ('custom', 'meeting_point', 'running_late', 'weather')`,
    ),
  ],
);

/** Notes the team keeps on a customer (issue 42, item 6): a customer is an email within one operator. */
export const customerNotes = pgTable(
  "customer_notes",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id),
    /** Lower-cased. */
    email: text("email").notNull(),
    authorUserId: text("author_user_id")
      .notNull()
      .references(() => users.id),
    body: text("body").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("customer_notes_account_email_idx").on(t.accountId, t.email, t.createdAt),
    check("customer_notes_email_lower", sql`${t.email} = lower(${t.email})`),
  ],
);

export type PromoCodeRow = typeof promoCodes.$inferSelect;
export type BookingRow = typeof bookings.$inferSelect;
export type SandboxCheckoutRow = typeof sandboxCheckouts.$inferSelect;
export type NotificationRow = typeof notifications.$inferSelect;

/**
 * The guest's notification choices, one row per category and channel they set; a missing row
 * means the default (DEFAULT_NOTIFICATION_PREFERENCES in the contract).
 */
export const notificationPreferences = pgTable(
  "notification_preferences",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    category: text("category").notNull(),
    channel: text("channel").notNull(),
    enabled: boolean("enabled").notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.category, t.channel] }),
    check(
      "notification_preferences_category_value",
      sql`${t.category} IN ('booking', 'reminders', 'tips', 'referrals', 'news')`,
    ),
    check("notification_preferences_channel_value", sql`${t.channel} IN ('email', 'sms')`),
  ],
);

/**
 * Cards guests kept for later bookings: the provider's reference (sandbox: its own id; Stripe:
 * the PaymentMethod id), never a card number. At most one default per user.
 */
export const paymentMethods = pgTable(
  "payment_methods",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    providerRef: text("provider_ref").notNull(),
    /** Stripe: the Customer the card is attached to (needed to charge it again). */
    providerCustomer: text("provider_customer"),
    brand: text("brand").notNull(),
    last4: text("last4").notNull(),
    expMonth: integer("exp_month").notNull(),
    expYear: integer("exp_year").notNull(),
    isDefault: boolean("is_default").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index("payment_methods_user_id_idx").on(t.userId, t.createdAt),
    uniqueIndex("payment_methods_user_provider_ref_key").on(t.userId, t.provider, t.providerRef),
    uniqueIndex("payment_methods_one_default")
      .on(t.userId)
      .where(sql`${t.isDefault}`),
    check("payment_methods_id_format", sql`${t.id} ~ '^pm_[A-Za-z0-9_-]{8,64}$'`),
    check("payment_methods_last4_format", sql`${t.last4} ~ '^[0-9]{4}$'`),
    check("payment_methods_exp_month_range", sql`${t.expMonth} BETWEEN 1 AND 12`),
    check("payment_methods_exp_year_range", sql`${t.expYear} BETWEEN 2000 AND 2100`),
  ],
);
export type PaymentMethodRow = typeof paymentMethods.$inferSelect;

/**
 * The test clock (APP_ENV=local only): how far the product's clock is ahead of the real one.
 * SQL reads it through app_now() (migration 0008), the code through api/clock.ts.
 */
export const appClock = pgTable(
  "app_clock",
  {
    id: integer("id").primaryKey().default(1),
    offsetMs: bigint("offset_ms", { mode: "number" }).notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [check("app_clock_single_row", sql`${t.id} = 1`)],
);

export const TIP_STATUSES = ["pending", "paid"] as const;
export type TipStatus = (typeof TIP_STATUSES)[number];

/**
 * Tips for the guide, one per booking (reached from the tip email's access key). `pending` while
 * its checkout is open (a new amount replaces it), `paid` once the provider says so.
 */
export const tips = pgTable(
  "tips",
  {
    id: text("id").primaryKey(),
    bookingId: text("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    /** The tipping guest's account; null for a guest the team booked for, without one. */
    userId: text("user_id").references(() => users.id),
    amountMinor: integer("amount_minor").notNull(),
    currency: text("currency").notNull(),
    status: text("status").$type<TipStatus>().notNull().default("pending"),
    paymentProvider: text("payment_provider"),
    paymentSessionId: text("payment_session_id"),
    paymentIntentId: text("payment_intent_id"),
    cardBrand: text("card_brand"),
    cardLast4: text("card_last4"),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("tips_booking_id_key").on(t.bookingId),
    uniqueIndex("tips_payment_session_id_key").on(t.paymentSessionId),
    index("tips_user_id_idx").on(t.userId, t.createdAt),
    check("tips_id_format", sql`${t.id} ~ '^tip_[A-Za-z0-9_-]{16}$'`),
    check("tips_status_value", sql`${t.status} IN ('pending', 'paid')`),
    check("tips_amount_positive", sql`${t.amountMinor} > 0`),
  ],
);
export type TipRow = typeof tips.$inferSelect;

/**
 * Invitations taken up: one per invited guest (the first code that discounted one of their
 * bookings). `rewarded` once a booking of theirs with that discount was completed and the
 * inviter got their reward (a single-use promo code).
 */
export const referrals = pgTable(
  "referrals",
  {
    referredUserId: text("referred_user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    referrerId: text("referrer_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    code: text("code").notNull(),
    status: text("status").$type<"pending" | "rewarded">().notNull().default("pending"),
    bookingId: text("booking_id"),
    rewardCode: text("reward_code"),
    createdAt: createdAt(),
    rewardedAt: timestamp("rewarded_at", { withTimezone: true }),
  },
  (t) => [
    index("referrals_referrer_id_idx").on(t.referrerId),
    check("referrals_status_value", sql`${t.status} IN ('pending', 'rewarded')`),
    check("referrals_not_self", sql`${t.referrerId} <> ${t.referredUserId}`),
  ],
);

/**
 * Reviews of experiences: one per completed booking, by its guest (verified); demo reviews of the
 * seed have no booking. The catalog reads their average and count per experience.
 */
export const reviews = pgTable(
  "reviews",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    experienceId: text("experience_id")
      .notNull()
      .references(() => experiences.id, { onDelete: "cascade" }),
    bookingId: text("booking_id").references(() => bookings.id, { onDelete: "cascade" }),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    rating: integer("rating").notNull(),
    body: text("body").notNull(),
    authorName: text("author_name").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("reviews_booking_id_key").on(t.bookingId),
    index("reviews_experience_id_created_at_idx").on(t.experienceId, t.createdAt),
    check("reviews_rating_range", sql`${t.rating} BETWEEN 1 AND 5`),
  ],
);
export type ReviewRow = typeof reviews.$inferSelect;

/** A member's role (contract/operator/team.ts: owner, manager, guide). */
/** A photo as kept for drawing it: its storage key prefix and what the <picture> needs. */
export interface StoredPicture {
  prefix: string;
  widths: number[];
  width: number;
  height: number;
  alt: string;
  placeholder: string;
}

/**
 * An experience's photos (api/photos): position 0 is the cover, one per place (so one cover).
 * The files (AVIF, WebP, JPEG at each of `widths`) are in the photo storage under storage_prefix.
 */
export const experiencePhotos = pgTable(
  "experience_photos",
  {
    id: text("id").primaryKey(),
    experienceId: text("experience_id")
      .notNull()
      .references(() => experiences.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    alt: text("alt").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    widths: jsonb("widths").$type<number[]>().notNull(),
    formats: jsonb("formats").$type<string[]>().notNull(),
    storagePrefix: text("storage_prefix").notNull(),
    placeholder: text("placeholder").notNull(),
    bytes: integer("bytes").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique("experience_photos_position_unique").on(t.experienceId, t.position),
    check("experience_photos_alt_length", sql`char_length(${t.alt}) BETWEEN 1 AND 250`),
    check("experience_photos_size_positive", sql`${t.width} > 0 AND ${t.height} > 0 AND ${t.bytes} >= 0`),
    check("experience_photos_placeholder_small", sql`char_length(${t.placeholder}) <= 1500`),
  ],
);

const roleCheck = (column: string) => sql.raw(`${column} IN ('owner', 'manager', 'guide')`);

/** The people of an operator's team, each with one role there. */
export const operatorMembers = pgTable(
  "operator_members",
  {
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role").$type<OperatorRole>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.userId] }),
    index("operator_members_user_id_idx").on(t.userId),
    check("operator_members_role_value", roleCheck("role")),
  ],
);

/**
 * An invitation to an operator's team, sent by email: the link carries a token, of which only the
 * SHA-256 is kept. Single use (accepted_at), valid until expires_at.
 */
export const operatorInvitations = pgTable(
  "operator_invitations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    role: text("role").$type<OperatorRole>().notNull(),
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    acceptedBy: text("accepted_by").references(() => users.id, { onDelete: "set null" }),
    invitedBy: text("invited_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("operator_invitations_token_hash_key").on(t.tokenHash),
    index("operator_invitations_account_id_idx").on(t.accountId, t.createdAt),
    check("operator_invitations_role_value", roleCheck("role")),
  ],
);

/** Every console action: who (actor), what (action, target), when (at), from where (client address). */
export const auditLog = pgTable(
  "audit_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    /** The user who acted (null once that user is deleted: the row stays). */
    actorId: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    /** The actor's email when they acted. */
    actorEmail: text("actor_email"),
    action: text("action").notNull(),
    target: jsonb("target").$type<Record<string, string | null>>().notNull().default({}),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    clientAddress: text("client_address").notNull(),
  },
  (t) => [index("audit_log_account_id_at_idx").on(t.accountId, t.at)],
);
export type AuditLogRow = typeof auditLog.$inferSelect;

/** pending: checkout open; scheduled: paid, waiting for its delivery date (no code yet); active: code sent. */
export type GiftCardStatus = "pending" | "scheduled" | "active" | "void";
/**
 * A gift card (migration 0033): the code is kept only as its SHA-256 (`codeHash`) and its last 4;
 * `accountId` null = a marketplace card, else good only on that operator's storefront. No balance
 * column: the balance is the sum of its `giftCardTransactions` (api/gift-cards/ledger.ts).
 */
export const giftCards = pgTable(
  "gift_cards",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").references(() => accounts.id, { onDelete: "cascade" }),
    currency: text("currency").notNull(),
    /** Made at delivery (null before): SHA-256 of the code, never the code. */
    codeHash: text("code_hash"),
    last4: text("last4"),
    /** The price paid, which the "issue" row of the ledger puts on the card. */
    amountMinor: integer("amount_minor").notNull().default(0),
    senderName: text("sender_name"),
    recipientName: text("recipient_name"),
    paymentProvider: text("payment_provider"),
    paymentSessionId: text("payment_session_id"),
    paymentIntentId: text("payment_intent_id"),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    /** scheme://host[:port] it was bought on: the delivery email's links use it. */
    origin: text("origin"),
    purchaserId: text("purchaser_id").references(() => users.id, { onDelete: "set null" }),
    recipientEmail: text("recipient_email").notNull(),
    message: text("message"),
    deliverAt: timestamp("deliver_at", { withTimezone: true }).notNull(),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    status: text("status").$type<GiftCardStatus>().notNull().default("pending"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("gift_cards_code_hash_key").on(t.codeHash),
    index("gift_cards_account_id_idx").on(t.accountId),
    index("gift_cards_purchaser_id_idx").on(t.purchaserId),
    index("gift_cards_recipient_email_idx").on(sql`lower(${t.recipientEmail})`),
    check("gift_cards_code_hash_format", sql`${t.codeHash} ~ '^[0-9a-f]{64}$'`),
    check("gift_cards_last4_format", sql`${t.last4} ~ '^[2-9A-HJKMNP-Z]{4}$'`),
    check("gift_cards_status", sql`${t.status} IN ('pending', 'scheduled', 'active', 'void')`),
    check(
      "gift_cards_code_when_active",
      sql`${t.status} IN ('pending', 'scheduled') OR (${t.codeHash} IS NOT NULL AND ${t.last4} IS NOT NULL)`,
    ),
    check("gift_cards_amount_positive", sql`${t.amountMinor} >= 0`),
    index("gift_cards_due_idx")
      .on(t.deliverAt)
      .where(sql`${t.status} = 'scheduled'`),
    uniqueIndex("gift_cards_payment_session_key").on(t.paymentSessionId),
  ],
);
export type GiftCardRow = typeof giftCards.$inferSelect;

/**
 * The travellers' wallets (issue 39 item 14): a card whose code a traveller typed on their payments
 * page, kept on their account to apply itself later (the code itself is never kept).
 */
export const giftCardHolders = pgTable(
  "gift_card_holders",
  {
    giftCardId: text("gift_card_id")
      .notNull()
      .references(() => giftCards.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: "gift_card_holders_pk", columns: [t.giftCardId, t.userId] }),
    index("gift_card_holders_user_id_idx").on(t.userId),
  ],
);

/** release: a booking held but never paid gives back what it took. */
export type GiftCardTransactionKind = "issue" | "redeem" | "refund" | "release";
/** A gift card's ledger: issue and refund add, redeem takes; one row per (card, idempotency key). */
export const giftCardTransactions = pgTable(
  "gift_card_transactions",
  {
    id: text("id").primaryKey(),
    giftCardId: text("gift_card_id")
      .notNull()
      .references(() => giftCards.id, { onDelete: "cascade" }),
    kind: text("kind").$type<GiftCardTransactionKind>().notNull(),
    amountMinor: integer("amount_minor").notNull(),
    bookingId: text("booking_id").references(() => bookings.id, { onDelete: "set null" }),
    idempotencyKey: text("idempotency_key").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("gift_card_transactions_idempotency_key").on(t.giftCardId, t.idempotencyKey),
    index("gift_card_transactions_booking_id_idx").on(t.bookingId),
    check("gift_card_transactions_kind", sql`${t.kind} IN ('issue', 'redeem', 'refund', 'release')`),
    check(
      "gift_card_transactions_sign",
      sql`(${t.kind} = 'redeem' AND ${t.amountMinor} < 0) OR (${t.kind} <> 'redeem' AND ${t.amountMinor} > 0)`,
    ),
  ],
);
export type GiftCardTransactionRow = typeof giftCardTransactions.$inferSelect;

/** pending: waiting for a platform admin; approved: its operator exists (accountId); rejected: with a reason. */
export type OperatorApplicationStatus = "pending" | "approved" | "rejected";
/**
 * An application to sell on the marketplace (migration 0051, issue 44): one open (pending) one per
 * user (a partial unique index). Approving it creates the operator (api/platform/create-operator.ts).
 */
export const operatorApplications = pgTable(
  "operator_applications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    businessName: text("business_name").notNull(),
    slug: text("slug").notNull(),
    /** ISO 3166-1 alpha-2. */
    country: text("country").notNull(),
    currency: text("currency").notNull(),
    timezone: text("timezone").notNull(),
    contactEmail: text("contact_email").notNull(),
    contactPhone: text("contact_phone").notNull(),
    description: text("description").notNull(),
    website: text("website"),
    status: text("status").$type<OperatorApplicationStatus>().notNull().default("pending"),
    rejectionReason: text("rejection_reason"),
    decidedBy: text("decided_by").references(() => users.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    /** The operator its approval created. */
    accountId: text("account_id").references(() => accounts.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("operator_applications_one_open_per_user")
      .on(t.userId)
      .where(sql`status = 'pending'`),
    index("operator_applications_status_created_idx").on(t.status, t.createdAt, t.id),
    index("operator_applications_slug_idx")
      .on(t.slug)
      .where(sql`status = 'pending'`),
    index("operator_applications_user_idx").on(t.userId, t.createdAt),
    check("operator_applications_status_value", sql`${t.status} IN ('pending', 'approved', 'rejected')`),
    check("operator_applications_slug_format", sql`${t.slug} ~ '^[a-z0-9]([a-z0-9-]{1,38})[a-z0-9]$'`),
    check("operator_applications_country_format", sql`${t.country} ~ '^[A-Z]{2}$'`),
    check("operator_applications_currency_format", sql`${t.currency} ~ '^[A-Z]{3}$'`),
    check(
      "operator_applications_rejection_reason",
      sql`(${t.status} = 'rejected') = (${t.rejectionReason} IS NOT NULL)`,
    ),
    check("operator_applications_decided", sql`(${t.status} = 'pending') = (${t.decidedAt} IS NULL)`),
  ],
);
export type OperatorApplicationRow = typeof operatorApplications.$inferSelect;

/**
 * Every platform admin action (migration 0051): who (actor id and email then; null actor for the
 * `npm run admin` commands), what (action, target), when, from where, and the target before and after.
 */
export const platformAuditLog = pgTable(
  "platform_audit_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    actorId: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    actorEmail: text("actor_email"),
    action: text("action").notNull(),
    /** What the action was about: "application", "operator", "booking" … and its id. */
    targetType: text("target_type").notNull(),
    targetId: text("target_id").notNull(),
    before: jsonb("before").$type<Record<string, unknown>>(),
    after: jsonb("after").$type<Record<string, unknown>>(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    clientAddress: text("client_address").notNull(),
  },
  (t) => [
    index("platform_audit_log_at_idx").on(t.at, t.id),
    index("platform_audit_log_target_idx").on(t.targetType, t.targetId, t.at),
  ],
);
export type PlatformAuditLogRow = typeof platformAuditLog.$inferSelect;

/** How often an operator is paid out (migration 0052). */
export type PayoutInterval = "daily" | "weekly" | "monthly";
export type PayoutProviderName = "sandbox" | "stripe";

/**
 * An operator's connected payout account (migration 0052, issue 45): Stripe Connect Express, or
 * the sandbox's mirror of one; what the provider still needs, and the owner's payout schedule.
 */
export const payoutAccounts = pgTable(
  "payout_accounts",
  {
    accountId: text("account_id")
      .primaryKey()
      .references(() => accounts.id, { onDelete: "cascade" }),
    provider: text("provider").$type<PayoutProviderName>().notNull(),
    providerAccountId: text("provider_account_id").notNull(),
    chargesEnabled: boolean("charges_enabled").notNull().default(false),
    payoutsEnabled: boolean("payouts_enabled").notNull().default(false),
    detailsSubmitted: boolean("details_submitted").notNull().default(false),
    /** The provider's codes for what it still needs (e.g. "external_account"). */
    requirements: jsonb("requirements").$type<string[]>().notNull().default([]),
    disabledReason: text("disabled_reason"),
    scheduleInterval: text("schedule_interval").$type<PayoutInterval>().notNull().default("weekly"),
    /** weekly: 1 (Monday) to 7 (Sunday); monthly: day 1 to 28; daily: 1. */
    scheduleDay: integer("schedule_day").notNull().default(1),
    minimumMinor: integer("minimum_minor").notNull().default(0),
    /** Days after the departure before its money can be paid out. */
    holdDays: integer("hold_days").notNull().default(2),
    /** The provider's last account event applied (its time): an older one replayed late changes nothing. */
    providerUpdatedAt: timestamp("provider_updated_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("payout_accounts_provider_account_key").on(t.provider, t.providerAccountId),
    check("payout_accounts_provider_value", sql`${t.provider} IN ('sandbox', 'stripe')`),
    check("payout_accounts_interval_value", sql`${t.scheduleInterval} IN ('daily', 'weekly', 'monthly')`),
    check(
      "payout_accounts_day_range",
      sql`(${t.scheduleInterval} = 'daily' AND ${t.scheduleDay} = 1) OR (${t.scheduleInterval} = 'weekly' AND ${t.scheduleDay} BETWEEN 1 AND 7) OR (${t.scheduleInterval} = 'monthly' AND ${t.scheduleDay} BETWEEN 1 AND 28)`,
    ),
    check("payout_accounts_minimum_non_negative", sql`${t.minimumMinor} >= 0`),
    check("payout_accounts_hold_range", sql`${t.holdDays} BETWEEN 0 AND 30`),
  ],
);
export type PayoutAccountRow = typeof payoutAccounts.$inferSelect;

export type PayoutStatus = "pending" | "in_transit" | "paid" | "failed";

/** Money sent to an operator's bank (migration 0052): the sandbox's own, or Stripe's payouts. */
export const payouts = pgTable(
  "payouts",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    provider: text("provider").$type<PayoutProviderName>().notNull(),
    providerPayoutId: text("provider_payout_id"),
    amountMinor: integer("amount_minor").notNull(),
    currency: text("currency").notNull(),
    status: text("status").$type<PayoutStatus>().notNull().default("pending"),
    failureReason: text("failure_reason"),
    createdAt: timestamp("created_at", { withTimezone: true })
      .notNull()
      .default(sql`app_now()`),
    arrivalDate: date("arrival_date"),
    paidAt: timestamp("paid_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("payouts_provider_payout_key").on(t.provider, t.providerPayoutId),
    index("payouts_account_created_idx").on(t.accountId, t.createdAt, t.id),
    check("payouts_id_format", sql`${t.id} ~ '^po_[A-Za-z0-9_-]{16}$'`),
    check("payouts_provider_value", sql`${t.provider} IN ('sandbox', 'stripe')`),
    check("payouts_status_value", sql`${t.status} IN ('pending', 'in_transit', 'paid', 'failed')`),
    check("payouts_amount_positive", sql`${t.amountMinor} > 0`),
    check("payouts_currency_format", sql`${t.currency} ~ '^[A-Z]{3}$'`),
    check("payouts_paid_at_with_status", sql`(${t.status} = 'paid') = (${t.paidAt} IS NOT NULL)`),
  ],
);
export type PayoutRow = typeof payouts.$inferSelect;

export type LedgerKind =
  | "charge"
  | "refund"
  | "tip"
  | "gift_card_issue"
  | "gift_card_spend"
  | "gift_card_refund"
  | "release"
  | "payout"
  | "payout_failed";

/**
 * The money ledger (migration 0052): each movement is one transaction (`transactionKey`) of
 * double-entry lines that sum to zero per currency, checked by the database when the writing
 * transaction commits. Accounts: api/ledger/accounts.ts. Lines are never changed, except that a
 * payout marks the available lines it took (`payoutId`).
 */
export const ledgerEntries = pgTable(
  "ledger_entries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    transactionKey: text("transaction_key").notNull(),
    line: integer("line").notNull(),
    kind: text("kind").$type<LedgerKind>().notNull(),
    account: text("account").notNull(),
    amountMinor: bigint("amount_minor", { mode: "number" }).notNull(),
    currency: text("currency").notNull(),
    operatorId: text("operator_id").references(() => accounts.id, { onDelete: "cascade" }),
    bookingId: text("booking_id").references(() => bookings.id, { onDelete: "cascade" }),
    payoutId: text("payout_id").references(() => payouts.id, { onDelete: "set null" }),
    provider: text("provider"),
    providerRef: text("provider_ref"),
    occurredAt: timestamp("occurred_at", { withTimezone: true })
      .notNull()
      .default(sql`app_now()`),
  },
  (t) => [
    uniqueIndex("ledger_entries_transaction_line_key").on(t.transactionKey, t.line),
    index("ledger_entries_operator_idx").on(t.operatorId, t.account, t.occurredAt),
    index("ledger_entries_booking_idx").on(t.bookingId),
    index("ledger_entries_payout_idx").on(t.payoutId),
    check(
      "ledger_entries_kind_value",
      sql`${t.kind} IN ('charge', 'refund', 'tip', 'gift_card_issue', 'gift_card_spend', 'gift_card_refund', 'release', 'payout', 'payout_failed')`,
    ),
    check("ledger_entries_currency_format", sql`${t.currency} ~ '^[A-Z]{3}$'`),
    check("ledger_entries_amount_non_zero", sql`${t.amountMinor} <> 0`),
  ],
);
export type LedgerEntryRow = typeof ledgerEntries.$inferSelect;

/**
 * A reseller of an operator (issue 47, migration 0060): an OCTO channel with its commission in
 * basis points (1500 = 15 %), selling every published experience of the operator or only those
 * in `resellerExperiences`.
 */
export const resellers = pgTable(
  "resellers",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    contactEmail: text("contact_email").notNull(),
    commissionBps: integer("commission_bps").notNull().default(0),
    /** Sells every published experience of its operator (false: only those listed). */
    allExperiences: boolean("all_experiences").notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    index("resellers_account_idx").on(t.accountId, t.createdAt),
    check("resellers_id_format", idCheck("id")),
    check("resellers_commission_range", sql`${t.commissionBps} >= 0 AND ${t.commissionBps} <= 10000`),
  ],
);
export type ResellerRow = typeof resellers.$inferSelect;

/** The experiences a reseller that does not sell them all may sell. */
export const resellerExperiences = pgTable(
  "reseller_experiences",
  {
    resellerId: text("reseller_id")
      .notNull()
      .references(() => resellers.id, { onDelete: "cascade" }),
    experienceId: text("experience_id")
      .notNull()
      .references(() => experiences.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.resellerId, t.experienceId] })],
);

/**
 * A reseller's net rate for a ticket type (migration 0063): it owes `netMinor` a ticket of that type
 * instead of the retail less its commission.
 */
export const resellerNetRates = pgTable(
  "reseller_net_rates",
  {
    resellerId: text("reseller_id")
      .notNull()
      .references(() => resellers.id, { onDelete: "cascade" }),
    ticketTypeId: text("ticket_type_id")
      .notNull()
      .references(() => ticketTypes.id, { onDelete: "cascade" }),
    netMinor: integer("net_minor").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.resellerId, t.ticketTypeId] }),
    check("reseller_net_rates_net_non_negative", sql`${t.netMinor} >= 0`),
  ],
);

/**
 * A reseller's API key for /octo: kept only as the SHA-256 of its text and its last 4 characters
 * (the text is answered once, when it is made); revoked: refused from then on.
 */
export const resellerKeys = pgTable(
  "reseller_keys",
  {
    id: text("id").primaryKey(),
    resellerId: text("reseller_id")
      .notNull()
      .references(() => resellers.id, { onDelete: "cascade" }),
    keyHash: text("key_hash").notNull(),
    last4: text("last4").notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("reseller_keys_hash_key").on(t.keyHash),
    index("reseller_keys_reseller_idx").on(t.resellerId),
    check("reseller_keys_id_format", idCheck("id")),
  ],
);

/**
 * A webhook subscription of an operator (issue 47, migration 0062): where its events go, which of
 * them, and its signing secret sealed at rest (api/two-step/sealing.ts). Disabled (with when and
 * why) by its owner or after a day of failed attempts; `failingSince`: the first failed attempt
 * since the last success.
 */
export const webhookSubscriptions = pgTable(
  "webhook_subscriptions",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    events: text("events").array().$type<WebhookEventType[]>().notNull(),
    secretSealed: text("secret_sealed").notNull(),
    secretRotatedAt: timestamp("secret_rotated_at", { withTimezone: true }),
    enabled: boolean("enabled").notNull().default(true),
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
    disabledReason: text("disabled_reason"),
    failingSince: timestamp("failing_since", { withTimezone: true }),
    /** A reseller's OCTO subscription (POST /octo/webhooks): its own bookings, in OCTO's shape. Null: the operator's. */
    resellerId: text("reseller_id").references(() => resellers.id, { onDelete: "cascade" }),
    /** The OCTO capabilities the reseller asked for when it subscribed (`octo/pricing`). */
    capabilities: text("capabilities")
      .array()
      .notNull()
      .default(sql`'{}'`),
    createdAt: createdAt(),
  },
  (t) => [
    index("webhook_subscriptions_account_idx").on(t.accountId, t.createdAt),
    index("webhook_subscriptions_reseller_idx")
      .on(t.resellerId)
      .where(sql`reseller_id IS NOT NULL`),
    check(
      "webhook_subscriptions_reseller_events",
      sql`${t.resellerId} IS NULL OR ${t.events} = ARRAY['booking.created', 'booking.cancelled', 'booking.changed']::text[]`,
    ),
    check("webhook_subscriptions_id_format", idCheck("id")),
    check(
      "webhook_subscriptions_events_value",
      sql`cardinality(${t.events}) > 0 AND ${t.events} <@ ARRAY['booking.created', 'booking.cancelled', 'booking.changed', 'availability.changed']::text[]`,
    ),
  ],
);
export type WebhookSubscriptionRow = typeof webhookSubscriptions.$inferSelect;

/** One event for one subscription: its message id (the same on every attempt), body, state and next try. */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: text("id").primaryKey(),
    subscriptionId: text("subscription_id")
      .notNull()
      .references(() => webhookSubscriptions.id, { onDelete: "cascade" }),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    eventId: text("event_id").notNull(),
    eventType: text("event_type").$type<WebhookEventType>().notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    state: text("state").$type<WebhookDeliveryState>().notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
    /** While `sending`: until when this attempt owns the delivery (a crashed one is taken again after). */
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    lastAttemptAt: timestamp("last_attempt_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("webhook_deliveries_due_idx").on(t.state, t.nextAttemptAt),
    index("webhook_deliveries_subscription_idx").on(t.subscriptionId, t.createdAt),
    check("webhook_deliveries_id_format", idCheck("id")),
    check("webhook_deliveries_state_value", sql`${t.state} IN ('pending', 'sending', 'succeeded', 'failed')`),
    check("webhook_deliveries_attempts_non_negative", sql`${t.attempts} >= 0`),
  ],
);
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;

/** One attempt of a delivery: the answer's status code, or the network error; how long it took. */
export const webhookAttempts = pgTable(
  "webhook_attempts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    deliveryId: text("delivery_id")
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: "cascade" }),
    number: integer("number").notNull(),
    attemptedAt: timestamp("attempted_at", { withTimezone: true }).notNull(),
    statusCode: integer("status_code"),
    error: text("error"),
    durationMs: integer("duration_ms").notNull(),
  },
  (t) => [unique("webhook_attempts_delivery_id_number_unique").on(t.deliveryId, t.number)],
);
export type WebhookAttemptRow = typeof webhookAttempts.$inferSelect;
