import { dateTimeFormat } from "~/ui/date-format";
import type { Availability } from "~contract/bookings/requests";
/** GET /v1/experiences/{parentId}/services/{serviceId}/availability (docs/api.md). */
export type { Availability, AvailabilityDay, AvailabilitySlot } from "~contract/bookings/requests";

/** The days to choose from, the chosen one, and today in the experience's zone (from the server). */
export interface DayChoice {
  availability: Availability;
  selected: string | null;
  today: string;
}

/** The widest window the availability endpoint answers in one call (days). */
export const AVAILABILITY_WINDOW_DAYS = 62;

/** A slot's start as the operator's local time, e.g. "9:30 AM" ("9:30 AM EST" with `zone`: where the clock is not said around it). */
export function slotTime(iso: string, timezone: string, locale = "en-US", options: { zone?: boolean } = {}): string {
  return dateTimeFormat(locale, {
    hour: "numeric",
    minute: "2-digit",
    timeZone: timezone,
    ...(options.zone ? { timeZoneName: "short" } : {}),
  }).format(new Date(iso));
}

/** A calendar day (YYYY-MM-DD), e.g. "Tue, Dec 1". */
export function dayLabel(date: string, locale = "en-US"): string {
  return dateTimeFormat(locale, { weekday: "short", month: "short", day: "numeric", timeZone: "UTC" }).format(
    new Date(`${date}T00:00:00Z`),
  );
}

/** The day of an instant in the operator's timezone, e.g. "Tue, Dec 1" (not the UTC date). */
export function slotDay(iso: string, timezone: string, locale = "en-US"): string {
  return dateTimeFormat(locale, {
    weekday: "short",
    month: "short",
    day: "numeric",
    timeZone: timezone,
  }).format(new Date(iso));
}

/** Today as YYYY-MM-DD in a timezone. */
export function todayIn(timezone: string, now = new Date()): string {
  return dateTimeFormat("en-CA", { timeZone: timezone }).format(now);
}

/** Where a timezone's clock is, for people: "Europe/Lisbon" → "Lisbon", "America/New_York" → "New York". */
export function timezonePlace(timezone: string): string {
  return (timezone.split("/").pop() ?? timezone).replace(/_/g, " ");
}
