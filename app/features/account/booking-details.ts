import type { Booking } from "~/features/booking/bookings";
import { dateTimeFormat } from "~/ui/date-format";

/** "Add to Google Calendar": the event as Google's template link (times in UTC). */
export function googleCalendarLink(booking: Booking): string {
  const stamp = (iso: string) => iso.replace(/[-:]/g, "").replace(/\.\d{3}/, "");
  const params = new URLSearchParams({
    action: "TEMPLATE",
    text: `${booking.experienceTitle} — ${booking.serviceName}`,
    dates: `${stamp(booking.startsAt)}/${stamp(booking.endsAt)}`,
    details: `${booking.reference} · ${booking.operatorName}`,
    location: booking.meetingPoint,
  });
  return `https://calendar.google.com/calendar/render?${params}`;
}

/** The day and time in the operator's timezone, with the timezone's name. */
export function whenText(booking: Booking, locale: string): string {
  const options = { timeZone: booking.timezone };
  const day = dateTimeFormat(locale, { ...options, dateStyle: "full" }).format(new Date(booking.startsAt));
  const time = (iso: string, zone: boolean) =>
    dateTimeFormat(locale, {
      ...options,
      hour: "numeric",
      minute: "2-digit",
      ...(zone ? { timeZoneName: "long" } : {}),
    }).format(new Date(iso));
  return `${day}, ${time(booking.startsAt, false)} – ${time(booking.endsAt, true)}`;
}

/** Whole minutes until an instant (0 once it has passed). */
export function minutesLeft(iso: string | null, now = Date.now()): number {
  return iso ? Math.max(0, Math.ceil((Date.parse(iso) - now) / 60_000)) : 0;
}
