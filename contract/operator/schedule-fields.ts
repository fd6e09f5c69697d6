/**
 * A schedule's field rules, as the API's schemas (./schedules.ts) and the console's form
 * (app/features/console/schedule-schemas.ts, loaded after the page) check them: zod and the plain
 * values of ./time-zones.ts only.
 */
import { z } from "zod";
import { said } from "../fields";
import { TIME_ZONES, WEEKDAYS } from "../time-zones";

export { TIME_ZONES, WEEKDAYS };

const zoneSet = new Set(TIME_ZONES);
export const isTimeZone = (value: string) => zoneSet.has(value);

/** A calendar date, YYYY-MM-DD, that exists. */
export const localDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, said("localDate.format"))
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
  }, said("localDate.invalid"));

/** A local time of day, HH:MM (24 hours). */
export const localTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, said("localTime.invalid"));

/** Limits of one schedule: rules, times per rule, blackout dates, cut-off. */
export const SCHEDULE_LIMITS = { rules: 20, times: 24, blackouts: 366, cutoffMinutes: 10_080, reason: 200 } as const;

/** How many departures a service may have at most (capacity of one departure). */
export const MAX_CAPACITY = 10_000;
