/** Statuses and stored shapes that both the API and its clients read. */

export interface OutboxAttachment {
  name: string;
  contentType: string;
  /** Base64. */
  content: string;
}

export const OUTBOX_CHANNELS = ["email", "sms"] as const;
export const OUTBOX_STATUSES = ["pending", "sending", "sent", "failed", "kept"] as const;
export type OutboxChannel = (typeof OUTBOX_CHANNELS)[number];
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

export const BOOKING_STATUSES = ["held", "confirmed", "cancelled", "expired", "refunded", "failed"] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
/** `owed`: a booking the team took "pay on arrival", confirmed and not yet paid (issue 42). */
export const PAYMENT_STATUSES = ["pending", "paid", "failed", "expired", "refunded", "not_required", "owed"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
/**
 * How a booking the team took is paid: a card (`card_link`: a payment link emailed to the guest;
 * `card_now`: the checkout opened on the spot), cash, on arrival (owed), or not at all (comp).
 */
export const STAFF_PAYMENTS = ["card_link", "card_now", "cash", "pay_on_arrival", "comp"] as const;
export type StaffPayment = (typeof STAFF_PAYMENTS)[number];
/** The templates of a message to guests (issue 42, item 4); `custom` is the team's own words. */
export const GUEST_MESSAGE_TEMPLATES = ["custom", "meeting_point", "running_late", "weather"] as const;
export type GuestMessageTemplate = (typeof GUEST_MESSAGE_TEMPLATES)[number];
/** Where a booking was made: on the marketplace, on the operator's storefront, by the team (the desk), or by a reseller through /octo. */
export const BOOKING_CHANNELS = ["marketplace", "storefront", "staff", "reseller"] as const;
export type BookingChannel = (typeof BOOKING_CHANNELS)[number];

/** What the user still owes before booking here (GET /v1/user/missing-data). */
export const MISSING_DATA_FIELDS = ["firstName", "lastName", "location", "paymentMethod"] as const;
export type MissingDataField = (typeof MISSING_DATA_FIELDS)[number];

/**
 * What a caller still has to do before `POST /v1/bookings` takes their booking, in the order the
 * booking funnel asks for it: sign in, complete the profile (first and last name), sign the
 * operator's current waiver. A caller who must set a password first never gets this far: every
 * POST of theirs but the password's answers `403 password_setup_required`.
 */
export const BOOKING_STEPS = ["sign_in", "profile", "waiver"] as const;
export type BookingStep = (typeof BOOKING_STEPS)[number];

/** The roles of an operator's team: owner (everything), manager (catalog, schedules, prices, refunds), guide (their departures). */
export const OPERATOR_ROLES = ["owner", "manager", "guide"] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

/** A departure's status: on sale; closed (no more sales, bookings stand); cancelled (bookings refunded). */
export const DEPARTURE_STATUSES = ["open", "closed", "cancelled"] as const;
export type DepartureStatus = (typeof DEPARTURE_STATUSES)[number];

/**
 * How a service sells its departures private (issue 46): never; both ways (by the seat, or the
 * whole departure at a group price); or only private.
 */
export const PRIVATE_SALES = ["none", "both", "only"] as const;
export type PrivateSale = (typeof PRIVATE_SALES)[number];
