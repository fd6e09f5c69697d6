/** A booking as the API returns it (docs/api.md): the API's own types, imported as types only. */
export type { BookingPage, BookingView as Booking, Quote } from "~api/bookings/schema";

export const BOOKING_FILTERS = ["upcoming", "past", "cancelled"] as const;
export type BookingFilter = (typeof BOOKING_FILTERS)[number];
