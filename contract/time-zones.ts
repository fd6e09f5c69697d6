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
