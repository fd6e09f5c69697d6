/**
 * Pickup points' limits and times as plain values (no zod), for the API and the pages;
 * contract/bookings/pickup-points.ts re-exports them. A pickup is so many minutes before the
 * departure's start: an instant (the start minus the minutes), shown as a local time of the
 * experience's zone, so a pickup across a daylight-saving change is still right.
 */
import { zonedParts } from "../time-zones";

export const MAX_PICKUP_POINTS = 30;
/** A pickup is at most 12 hours before the departure. */
export const MAX_MINUTES_BEFORE = 720;

/** The pickup point a booking chose, as it was then (bookings.pickup): later edits do not change it. */
export interface BookingPickupPoint {
  pickupPointId: string;
  name: string;
  address: string;
  latitude: number | null;
  longitude: number | null;
  minutesBefore: number;
}

/** The pickup's instant: the departure's start minus the point's minutes. */
export const pickupInstant = (startsAt: Date | string, minutesBefore: number): Date =>
  new Date(new Date(startsAt).getTime() - minutesBefore * 60_000);

/** An instant's local time in a zone, "08:30" (24-hour clock). */
export function localClockTime(at: Date | string, timeZone: string): string {
  const { hour, minute } = zonedParts(new Date(at), timeZone);
  return `${hour}:${minute}`;
}

/** A pickup as the pages, the email and the ticket show it: when (local, zone named) and where. */
export interface PickupShown {
  name: string;
  address: string;
  /** The pickup's instant (ISO). */
  pickupAt: string;
  /** Its local time in the experience's zone, "08:30". */
  localTime: string;
  /** The experience's IANA zone. */
  timezone: string;
}

/** "Pickup at 08:30 (Europe/Lisbon) — Hotel Avenida, Av. da Liberdade 1": the email's and the calendar's words. */
export const pickupSentence = (pickup: PickupShown): string =>
  `Pickup at ${pickup.localTime} (${pickup.timezone}) — ${[pickup.name, pickup.address].filter(Boolean).join(", ")}`;
