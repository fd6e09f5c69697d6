/** GET /v1/experiences/{parentId}/services/{serviceId}/availability (docs/api.md). */
export type AvailabilitySlot = { id: string; startsAt: string; endsAt: string; capacity: number; seatsLeft: number };
export type AvailabilityDay = { date: string; seatsLeft: number; status: "available" | "few" | "sold_out"; slots: AvailabilitySlot[] };
export type Availability = {
  timezone: string;
  currency: string;
  minDate: string | null;
  maxDate: string | null;
  days: AvailabilityDay[];
};

/** A slot's start as the operator's local time, e.g. "9:30 AM". */
export function slotTime(iso: string, timezone: string, locale = "en-US"): string {
  return new Intl.DateTimeFormat(locale, { hour: "numeric", minute: "2-digit", timeZone: timezone }).format(new Date(iso));
}

/** A calendar day, e.g. "Tue, Dec 1". */
export function dayLabel(date: string, locale = "en-US"): string {
  return new Intl.DateTimeFormat(locale, { weekday: "short", month: "short", day: "numeric", timeZone: "UTC" }).format(
    new Date(`${date}T00:00:00Z`),
  );
}
