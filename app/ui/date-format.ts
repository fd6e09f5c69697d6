/**
 * Every date and time a page shows is formatted here, always in a named time zone: the server
 * renders in its zone and the browser hydrates in the visitor's, so a format without `timeZone`
 * prints another day or hour in the browser than in the HTML (React's hydration errors #418,
 * #423, #425). Which zone (docs/decisions/027-dates-and-time-zones-words-and-signs.md):
 * - a departure, a session's times, a cancellation deadline: the experience's own zone;
 * - anything else (a review's date, when a notification came, when a payment was made, when a
 *   waiver was signed): `TRAVELLER_TIME_ZONE`, UTC, with "UTC" said beside a time of day.
 * A calendar day (YYYY-MM-DD, no instant) is formatted in UTC from its parts.
 *
 * One Intl.DateTimeFormat per locale and options, built once and reused: building one costs
 * about 50 times more than formatting with it, and pages format every day and slot they show.
 * The cache is bounded (locales come from our own list, time zones from our operators).
 */
const formats = new Map<string, Intl.DateTimeFormat>();
const MAX_FORMATS = 500;

/** Options that must name their zone: without one a date depends on the machine that prints it. */
export type ZonedFormatOptions = Intl.DateTimeFormatOptions & { timeZone: string };

/**
 * The zone of instants that belong to no experience. We do not know the traveller's zone on the
 * server (no profile field; the browser's would differ between the HTML and hydration, and is
 * never known without JavaScript), so we say UTC and write it beside every time of day.
 */
export const TRAVELLER_TIME_ZONE = "UTC";

export function dateTimeFormat(locale: string, options: ZonedFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    if (formats.size >= MAX_FORMATS) formats.clear();
    format = new Intl.DateTimeFormat(locale, options);
    formats.set(key, format);
  }
  return format;
}

type Instant = string | number | Date;
const toDate = (at: Instant) => (at instanceof Date ? at : new Date(at));

/** An instant's day in a zone: "Nov 21, 2026" (`long`: "November 21, 2026"; `full`: with the weekday). */
export function formatDate(
  at: Instant,
  { timeZone, locale, style = "medium" }: { timeZone: string; locale: string; style?: "medium" | "long" | "full" },
): string {
  return dateTimeFormat(locale, { dateStyle: style, timeZone }).format(toDate(at));
}

/** A formatter of instants in a zone that names it beside the time. */
function withZoneName(options: Intl.DateTimeFormatOptions) {
  return (at: Instant, { timeZone, locale }: { timeZone: string; locale: string }): string =>
    dateTimeFormat(locale, { ...options, hour: "numeric", minute: "2-digit", timeZoneName: "short", timeZone }).format(
      toDate(at),
    );
}

/** An instant's day and time in a zone, with the zone's name: "Nov 21, 2026, 12:36 AM UTC". */
export const formatDateTime = withZoneName({ year: "numeric", month: "short", day: "numeric" });

/**
 * A moment as travellers check it before paying (a departure, a free-cancellation deadline), in the
 * experience's zone and naming it: "Fri, Nov 27, 10:00 AM EST".
 */
export const formatMoment = withZoneName({ weekday: "short", month: "short", day: "numeric" });

/** A calendar day (YYYY-MM-DD) for people, the same in every zone: "Nov 21, 2026". */
export function formatCalendarDay(
  date: string,
  { locale, style = "medium" }: { locale: string; style?: "medium" | "long" | "full" },
): string {
  return dateTimeFormat(locale, { dateStyle: style, timeZone: "UTC" }).format(new Date(`${date}T12:00:00Z`));
}
