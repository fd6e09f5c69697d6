/** Booking limits as plain values (no zod), so that browser code can read them cheaply. */

/** Most tickets of one type, and most seats, in one booking. */
export const MAX_TICKETS_PER_TYPE = 20;
export const MAX_SEATS = 20;
/** Availability: the longest window one call may ask for, and the default one (six weeks). */
export const MAX_WINDOW_DAYS = 62;
export const DEFAULT_WINDOW_DAYS = 42;
/** A day with this many seats left or fewer is "few". */
export const FEW_SEATS = 5;
export const BOOKINGS_PAGE_SIZE = 10;

export const BOOKING_FILTERS = ["upcoming", "past", "cancelled"] as const;
export type BookingFilter = (typeof BOOKING_FILTERS)[number];
