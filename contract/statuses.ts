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
export const PAYMENT_STATUSES = ["pending", "paid", "failed", "expired", "refunded", "not_required"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
/** Where a booking was made: on the marketplace, on the operator's storefront, or by the team (the desk). */
export const BOOKING_CHANNELS = ["marketplace", "storefront", "staff"] as const;
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
