import { z } from "zod";
import { said } from "../fields";
import { catalogId } from "../catalog/requests";
import type * as out from "../outputs";
import { emptyAsAbsent } from "../query";
import { INVALID_TEXT } from "../text";
import { localDate, localTime, MAX_CAPACITY, SCHEDULE_LIMITS } from "./schedule-fields";

export * from "./schedule-fields";
export { DEPARTURE_STATUSES, type DepartureStatus } from "../statuses";

export const weeklyRule = z
  .object({
    weekdays: z
      .array(z.number().int().min(1).max(7))
      .min(1, said("weekdays.required"))
      .max(7)
      .transform((days) => [...new Set(days)].sort()),
    startTimes: z
      .array(localTime)
      .min(1, said("startTimes.required"))
      .max(SCHEDULE_LIMITS.times, said("startTimes.tooMany"))
      .transform((times) => [...new Set(times)].sort()),
    validFrom: localDate,
    validUntil: localDate.nullable().default(null),
  })
  .refine((rule) => rule.validUntil === null || rule.validUntil >= rule.validFrom, {
    message: said("validUntil.beforeFrom"),
    path: ["validUntil"],
  });

export const blackout = z.object({
  date: localDate,
  reason: z
    .string()
    .max(SCHEDULE_LIMITS.reason, said("reason.tooLong"))
    .refine((value) => !INVALID_TEXT.test(value), said("text.unstorable"))
    .default(""),
});

export const salesCutoffMinutes = z
  .number()
  .int(said("cutoff.whole"))
  .min(0, said("cutoff.negative"))
  .max(SCHEDULE_LIMITS.cutoffMinutes, said("cutoff.tooLong"));

/**
 * PUT /v1/operator/services/{serviceId}/schedule: the whole schedule of a service, in local times
 * of the experience's zone (set on the experience: PATCH /v1/operator/experiences/{experienceId};
 * unknown keys, such as a `timezone`, are refused).
 */
export const setScheduleBody = z
  .object({
    rules: z.array(weeklyRule).max(SCHEDULE_LIMITS.rules, said("rules.tooMany")),
    blackouts: z
      .array(blackout)
      .max(SCHEDULE_LIMITS.blackouts, said("blackouts.tooMany"))
      .refine((list) => new Set(list.map((entry) => entry.date)).size === list.length, said("blackouts.duplicate")),
    salesCutoffMinutes,
  })
  .strict();

export const capacity = z
  .number()
  .int(said("seatCapacity.whole"))
  .min(1, said("seatCapacity.tooSmall"))
  .max(MAX_CAPACITY, said("seatCapacity.tooBig"));

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
    status: z.enum(["open", "closed"], { errorMap: () => ({ message: said("departureStatus.invalid") }) }).optional(),
    keep: z.literal(true).optional(),
    /** The guide who leads it (a member of the team, any role), or null: none. */
    guideUserId: z
      .string()
      .min(1, said("guide.invalid"))
      .max(128, said("guide.invalid"))
      .refine((value) => !INVALID_TEXT.test(value), said("guide.invalid"))
      .nullable()
      .optional(),
  })
  .refine(
    (body) =>
      body.capacity !== undefined ||
      body.status !== undefined ||
      body.keep !== undefined ||
      body.guideUserId !== undefined,
    { message: said("departure.nothing") },
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
  said("listingDate.range"),
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
