import { z } from "zod";
import { localDate, localTime, MAX_CAPACITY, SCHEDULE_LIMITS } from "~contract/operator/schedule-fields";

const TIMES = /^\s*([01]\d|2[0-3]):[0-5]\d(\s*,\s*([01]\d|2[0-3]):[0-5]\d)*\s*$/;
const DATES = /^\s*\d{4}-\d{2}-\d{2}(\s*,\s*\d{4}-\d{2}-\d{2})*\s*$/;
const date = z
  .string({ required_error: "schedules.dateRequired" })
  .refine((value) => localDate.safeParse(value).success, "schedules.dateInvalid");
const optionalDate = z
  .string()
  .optional()
  .refine((value) => value === undefined || localDate.safeParse(value).success, "schedules.dateInvalid");

/** One weekly rule's row of the schedule form (an empty row is left out; `remove` drops a rule). */
const ruleRow = z.object({
  weekdays: z.array(z.coerce.number().int().min(1).max(7)).optional(),
  times: z.string().max(400).optional(),
  from: optionalDate,
  until: optionalDate,
  remove: z.literal("on").optional(),
});

/** The schedule form: the cut-off, the rules' rows, the blackout dates (in the experience's zone). */
export const ScheduleSchema = z
  .object({
    intent: z.literal("schedule"),
    serviceId: z.string().min(1).max(64),
    salesCutoffMinutes: z.coerce
      .number({ invalid_type_error: "schedules.cutoffInvalid" })
      .int("schedules.cutoffInvalid")
      .min(0, "schedules.cutoffInvalid")
      .max(SCHEDULE_LIMITS.cutoffMinutes, "schedules.cutoffInvalid")
      .default(0),
    rules: z
      .array(ruleRow)
      .max(SCHEDULE_LIMITS.rules + 1)
      .default([]),
    blackouts: z
      .string()
      .max(8_000)
      .optional()
      .refine((value) => !value || DATES.test(value), "schedules.blackoutsInvalid"),
  })
  .superRefine((form, ctx) => {
    form.rules.forEach((rule, index) => {
      if (rule.remove || (!rule.weekdays?.length && !rule.times?.trim())) return;
      if (!rule.weekdays?.length)
        ctx.addIssue({ code: "custom", path: ["rules", index, "weekdays"], message: "schedules.weekdaysRequired" });
      if (!rule.times || !TIMES.test(rule.times))
        ctx.addIssue({ code: "custom", path: ["rules", index, "times"], message: "schedules.timesInvalid" });
      if (!rule.from)
        ctx.addIssue({ code: "custom", path: ["rules", index, "from"], message: "schedules.dateRequired" });
      if (rule.from && rule.until && rule.until < rule.from)
        ctx.addIssue({ code: "custom", path: ["rules", index, "until"], message: "schedules.untilBeforeFrom" });
    });
  });

/** A one-off departure: local date and time of the experience's zone, optional capacity. */
export const OneOffSchema = z.object({
  intent: z.literal("oneOff"),
  serviceId: z.string().min(1).max(64),
  date,
  time: z
    .string({ required_error: "schedules.timeRequired" })
    .refine((value) => localTime.safeParse(value).success, "schedules.timeInvalid"),
  capacity: z.coerce
    .number()
    .int()
    .min(1, "schedules.capacityInvalid")
    .max(MAX_CAPACITY, "schedules.capacityInvalid")
    .optional(),
});

const departureId = z.string().min(1).max(64);
/** The departures page: a departure's capacity, close/reopen, keep, cancel (after its confirmation step). */
export const CapacitySchema = z.object({
  intent: z.literal("capacity"),
  departureId,
  capacity: z.coerce
    .number({ required_error: "schedules.capacityInvalid", invalid_type_error: "schedules.capacityInvalid" })
    .int("schedules.capacityInvalid")
    .min(1, "schedules.capacityInvalid")
    .max(MAX_CAPACITY, "schedules.capacityInvalid"),
});
export const StatusSchema = z.object({ intent: z.literal("status"), departureId, status: z.enum(["open", "closed"]) });
export const KeepSchema = z.object({ intent: z.literal("keep"), departureId });
export const CancelSchema = z.object({ intent: z.literal("cancel"), departureId });
/** The departure's guide: a team member's user id, or empty for none. */
export const GuideSchema = z.object({
  intent: z.literal("guide"),
  departureId,
  guideUserId: z.string().max(128, "manifest.guideInvalid").optional(),
});

export const DEPARTURE_SCHEMAS = {
  capacity: CapacitySchema,
  status: StatusSchema,
  keep: KeepSchema,
  cancel: CancelSchema,
  guide: GuideSchema,
} as const;
export type DepartureIntent = keyof typeof DEPARTURE_SCHEMAS;

export const SCHEDULE_SCHEMAS = { schedule: ScheduleSchema, oneOff: OneOffSchema } as const;
export type ScheduleIntent = keyof typeof SCHEDULE_SCHEMAS;

/** "09:00, 14:30" → ["09:00", "14:30"]; "2026-05-01, 2026-05-02" → the dates. */
export const splitList = (value: string | undefined) =>
  (value ?? "")
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
