import { DateTime, IANAZone } from "luxon";

/** A weekly rule as the expansion reads it: ISO weekdays, local "HH:MM" times, an inclusive date range. */
export interface RuleToExpand {
  id: string;
  weekdays: readonly number[];
  startTimes: readonly string[];
  validFrom: string;
  validUntil: string | null;
}

export interface ExpandedDeparture {
  /** The UTC instant of the local start. */
  startsAt: Date;
  ruleId: string;
  /** The local date and time it was made from (the rule's, in the zone). */
  date: string;
  time: string;
}

const HOUR_MS = 3_600_000;

/**
 * The UTC instant of a local date and time in an IANA zone, by the zone's rules (luxon, never by
 * adding hours to a date):
 * - a time that does not exist (the hour skipped when clocks go forward, e.g. 02:30 in New York
 *   on the second Sunday of March) moves forward by the gap, as the clocks do: 03:30 local;
 * - a time that happens twice (the hour repeated when clocks go back, e.g. 01:30 in New York on
 *   the first Sunday of November) is its FIRST occurrence (the earlier offset, daylight time):
 *   a guest arriving at "01:30" finds the departure the first time the clock shows it.
 */
export function localToUtc(date: string, time: string, zone: string): Date {
  const [year, month, day] = date.split("-").map(Number);
  const [hour, minute] = time.split(":").map(Number);
  const picked = DateTime.fromObject({ year, month, day, hour, minute }, { zone });
  if (!picked.isValid) throw new Error(`cannot place ${date} ${time} in ${zone}: ${picked.invalidExplanation}`);
  // The wall time read as if it were UTC; each offset the zone has around it gives a candidate.
  const wallAsUtc = Date.UTC(year, month - 1, day, hour, minute);
  const iana = IANAZone.create(zone);
  const candidates = [...new Set([iana.offset(wallAsUtc - 24 * HOUR_MS), iana.offset(wallAsUtc + 24 * HOUR_MS)])]
    .map((offsetMinutes) => wallAsUtc - offsetMinutes * 60_000)
    .filter((instant) => {
      const local = DateTime.fromMillis(instant, { zone });
      return local.hour === hour && local.minute === minute && local.day === day;
    });
  // No candidate: a skipped time, placed as luxon does (forward by the gap).
  return candidates.length > 0 ? new Date(Math.min(...candidates)) : picked.toJSDate();
}

/** The local date (YYYY-MM-DD) of an instant in a zone. */
export function localDateOf(instant: Date, zone: string): string {
  return DateTime.fromJSDate(instant, { zone }).toISODate()!;
}

/** `date` plus `days` calendar days (a calendar step, not 24-hour steps). */
export function addLocalDays(date: string, days: number): string {
  return DateTime.fromISO(date, { zone: "UTC" }).plus({ days }).toISODate()!;
}

/** Calendar days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return DateTime.fromISO(to, { zone: "UTC" }).diff(DateTime.fromISO(from, { zone: "UTC" }), "days").days;
}

/**
 * Every departure the rules make on the local dates `from`…`through` (both included) of `zone`,
 * except on blackout dates and outside each rule's own range; sorted by instant. Two rules making
 * the same instant make one departure (the first rule's).
 */
export function expandRules(input: {
  zone: string;
  rules: readonly RuleToExpand[];
  blackouts: Iterable<string>;
  from: string;
  through: string;
}): ExpandedDeparture[] {
  const { zone, rules } = input;
  const blackouts = new Set(input.blackouts);
  const found = new Map<number, ExpandedDeparture>();
  const last = DateTime.fromISO(input.through, { zone: "UTC" });
  for (let day = DateTime.fromISO(input.from, { zone: "UTC" }); day <= last; day = day.plus({ days: 1 })) {
    const date = day.toISODate()!;
    if (blackouts.has(date)) continue;
    for (const rule of rules) {
      if (date < rule.validFrom || (rule.validUntil !== null && date > rule.validUntil)) continue;
      if (!rule.weekdays.includes(day.weekday)) continue;
      for (const time of rule.startTimes) {
        const startsAt = localToUtc(date, time, zone);
        if (!found.has(startsAt.getTime())) found.set(startsAt.getTime(), { startsAt, ruleId: rule.id, date, time });
      }
    }
  }
  return [...found.values()].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
}
