/**
 * The IANA zone names this runtime knows (Intl's canonical list, plus UTC) and the ISO weekdays:
 * plain values a page may load (no zod), for the schedule's form and its schema (./schedules.ts).
 * Zone names are case sensitive and aliases ("US/Eastern", "EST") are refused: one spelling per zone.
 */
export const TIME_ZONES: readonly string[] = (() => {
  const names = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return names.includes("UTC") ? names : [...names, "UTC"].sort();
})();

/** ISO weekdays: 1 Monday … 7 Sunday. */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

const partFormats = new Map<string, Intl.DateTimeFormat>();

/** An instant's local date and time in a zone, each part 2 digits (the year 4): year…minute. */
export function zonedParts(instant: Date, zone: string): Record<"year" | "month" | "day" | "hour" | "minute", string> {
  let format = partFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-CA", {
      timeZone: zone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    partFormats.set(zone, format);
  }
  const parts = format.formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((each) => each.type === type)?.value ?? "";
  return { year: part("year"), month: part("month"), day: part("day"), hour: part("hour"), minute: part("minute") };
}
