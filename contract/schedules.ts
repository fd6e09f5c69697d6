import { z } from "zod";
import { catalogId } from "./catalog";
import type * as out from "./outputs";
import { emptyAsAbsent } from "./query";
import { DEPARTURE_STATUSES, type DepartureStatus } from "./statuses";
import { INVALID_TEXT } from "./text";
import {
  isTimeZone,
  localDate,
  localTime,
  MAX_CAPACITY,
  SCHEDULE_LIMITS,
  TIME_ZONES,
  WEEKDAYS,
} from "./schedule-fields";

export {
  DEPARTURE_STATUSES,
  isTimeZone,
  localDate,
  localTime,
  MAX_CAPACITY,
  SCHEDULE_LIMITS,
  TIME_ZONES,
  WEEKDAYS,
  type DepartureStatus,
};

export const weeklyRule = z
  .object({
    weekdays: z
      .array(z.number().int().min(1).max(7))
      .min(1, "Choose at least one day of the week.")
      .max(7)
      .transform((days) => [...new Set(days)].sort()),
    startTimes: z
      .array(localTime)
      .min(1, "Give at least one start time.")
      .max(SCHEDULE_LIMITS.times, `At most ${SCHEDULE_LIMITS.times} start times.`)
      .transform((times) => [...new Set(times)].sort()),
    validFrom: localDate,
    validUntil: localDate.nullable().default(null),
  })
  .refine((rule) => rule.validUntil === null || rule.validUntil >= rule.validFrom, {
    message: "The last day must not be before the first.",
    path: ["validUntil"],
  });

export const blackout = z.object({
  date: localDate,
  reason: z
    .string()
    .max(SCHEDULE_LIMITS.reason, `At most ${SCHEDULE_LIMITS.reason} characters.`)
    .refine((value) => !INVALID_TEXT.test(value), "This text contains characters that cannot be stored.")
    .default(""),
});

export const salesCutoffMinutes = z
  .number()
  .int("Give whole minutes.")
  .min(0, "Must be 0 or more.")
  .max(SCHEDULE_LIMITS.cutoffMinutes, "At most 7 days (10080 minutes).");

/**
 * PUT /v1/operator/services/{serviceId}/schedule: the whole schedule of a service, in local times
 * of the experience's zone (set on the experience: PATCH /v1/operator/experiences/{experienceId};
 * unknown keys, such as a `timezone`, are refused).
 */
export const setScheduleBody = z
  .object({
    rules: z.array(weeklyRule).max(SCHEDULE_LIMITS.rules, `At most ${SCHEDULE_LIMITS.rules} rules.`),
    blackouts: z
      .array(blackout)
      .max(SCHEDULE_LIMITS.blackouts, `At most ${SCHEDULE_LIMITS.blackouts} blackout dates.`)
      .refine((list) => new Set(list.map((entry) => entry.date)).size === list.length, "Each date once."),
    salesCutoffMinutes,
  })
  .strict();

export const capacity = z
  .number()
  .int("Give a whole number.")
  .min(1, "At least 1 seat.")
  .max(MAX_CAPACITY, `At most ${MAX_CAPACITY} seats.`);

/** POST /v1/operator/services/{serviceId}/departures: a one-off, at a local date and time of the experience's zone. */
export const createDepartureBody = z.object({
  date: localDate,
  time: localTime,
  /** Absent: the service's capacity. */
  capacity: capacity.optional(),
});

/**
 * PATCH /v1/operator/departures/{departureId}: its capacity (never below the seats sold and held),
 * closing or reopening its sales, or keeping it as a one-off when its rule no longer wants it.
 */
export const updateDepartureBody = z
  .object({
    capacity: capacity.optional(),
    status: z.enum(["open", "closed"], { errorMap: () => ({ message: "Choose open or closed." }) }).optional(),
    keep: z.literal(true).optional(),
    /** The guide who leads it (a member of the team, any role), or null: none. */
    guideUserId: z
      .string()
      .min(1, "Choose a member of the team.")
      .max(128, "Choose a member of the team.")
      .refine((value) => !INVALID_TEXT.test(value), "Choose a member of the team.")
      .nullable()
      .optional(),
  })
  .refine(
    (body) =>
      body.capacity !== undefined ||
      body.status !== undefined ||
      body.keep !== undefined ||
      body.guideUserId !== undefined,
    { message: "Give a capacity, a status, keep or a guide." },
  );

export const serviceScheduleParams = z.object({ serviceId: catalogId });
export const experienceScheduleParams = z.object({ experienceId: catalogId });
export const departureParams = z.object({ departureId: catalogId });

/** GET …/schedule?service=: the service whose schedule to read (absent: the experience's first). */
export const scheduleQuery = z.object({ service: z.preprocess(emptyAsAbsent, catalogId.optional()) });

/** The most days one listing of departures covers. */
export const MAX_DEPARTURE_DAYS = 120;

/** A date a listing may start or end on: of this millennium (a window's neighbours stay dates). */
const listingDate = localDate.refine(
  (value) => value >= "2000-01-01" && value <= "2999-12-31",
  "Give a date between 2000-01-01 and 2999-12-31.",
);

/** GET …/departures?service=&from=&to=: local dates of the experience's zone (default: today, and 30 days on). */
export const departureListQuery = z.object({
  service: z.preprocess(emptyAsAbsent, catalogId.optional()),
  from: z.preprocess(emptyAsAbsent, listingDate.optional()),
  to: z.preprocess(emptyAsAbsent, listingDate.optional()),
});

export type WeeklyRule = z.output<typeof weeklyRule>;
export type SetScheduleBody = z.input<typeof setScheduleBody>;
export type OperatorSchedule = z.infer<typeof out.operatorSchedule>;
export type ScheduleOutcome = z.infer<typeof out.scheduleOutcome>;
export type OperatorDeparture = z.infer<typeof out.operatorDeparture>;
export type OperatorDepartures = z.infer<typeof out.operatorDepartures>;
export type DepartureCancelled = z.infer<typeof out.departureCancelled>;
