/** A booking as the API returns it (docs/api.md): the contract's types. */
export type { BookingPage, BookingView as Booking, Quote } from "~contract/bookings/requests";
export { BOOKING_FILTERS, type BookingFilter } from "~contract/bookings/limits";
