/** "Tuesday, November 24, 2026, 6:30 PM – 8:30 PM WET" in the operator's timezone. */
export function formatWhen(start: Date, end: Date, timeZone: string, locale = "en-US"): string {
  const day = new Intl.DateTimeFormat(locale, {
    timeZone,
    weekday: "long",
    month: "long",
    day: "numeric",
    year: "numeric",
  }).format(start);
  const time = (date: Date, zone: boolean) =>
    new Intl.DateTimeFormat(locale, {
      timeZone,
      hour: "numeric",
      minute: "2-digit",
      ...(zone ? { timeZoneName: "short" } : {}),
    }).format(date);
  return `${day}, ${time(start, false)} – ${time(end, true)}`;
}

/** A departure's time in its experience's zone, the zone named: "…, 6:30 PM – 8:30 PM EST (America/New_York)". */
export const formatDepartureTime = (times: { startsAt: Date; endsAt: Date }, timeZone: string): string =>
  `${formatWhen(times.startsAt, times.endsAt, timeZone)} (${timeZone})`;

/** "Sunday, December 6, 2026, 6:30 PM EST (America/New_York)": one moment in a zone, the zone named twice over. */
export function formatMomentIn(date: Date, timeZone: string, locale = "en-US"): string {
  const text = new Intl.DateTimeFormat(locale, {
    timeZone,
    weekday: "long",
    month: "long",
    day: "numeric",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZoneName: "short",
  }).format(date);
  return `${text.replace(" at ", ", ")} (${timeZone})`;
}

const dateFormatters = new Map<string, Intl.DateTimeFormat>();

/**
 * The operator-local calendar date of an instant, YYYY-MM-DD. Formatters are kept per timezone:
 * creating one costs far more than formatting, and availability formats a date per departure.
 */
export function localDate(date: Date, timeZone: string): string {
  let formatter = dateFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
    dateFormatters.set(timeZone, formatter);
  }
  return formatter.format(date);
}
