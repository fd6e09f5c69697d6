import { z } from "zod";
import { said } from "~contract/fields";
import { DECIMAL_AMOUNT } from "~contract/money";
import { MAX_HOLD_DAYS, MAX_MONTHLY_PAYOUT_DAY, PAYOUT_INTERVALS } from "~contract/payouts/schedule-rules";

const whole = (code: "payoutDay.invalid" | "holdDays.invalid", max: number, min = 1) =>
  z
    .number({ required_error: said(code), invalid_type_error: said(code) })
    .int(said(code))
    .min(min, said(code))
    .max(max, said(code));

/**
 * The owner's payout schedule form (works without JavaScript: every field is always there): how
 * often, the weekday of weekly payouts and the day of the month of monthly ones (the one the
 * interval uses is sent as the API's `day`), the minimum in major units, the hold in days. The
 * contract's codes as messages (the form shows their locale keys).
 */
export const ScheduleSchema = z.object({
  intent: z.literal("schedule"),
  interval: z.enum(PAYOUT_INTERVALS, { errorMap: () => ({ message: said("choice.invalid") }) }),
  weekday: whole("payoutDay.invalid", 7),
  monthDay: whole("payoutDay.invalid", MAX_MONTHLY_PAYOUT_DAY),
  minimum: z
    .string({ required_error: said("payoutMinimum.invalid") })
    .trim()
    .regex(DECIMAL_AMOUNT, said("payoutMinimum.invalid")),
  holdDays: whole("holdDays.invalid", MAX_HOLD_DAYS, 0),
});

/** The API's body of a valid form: the day the interval uses (none for daily). */
export function scheduleBody(value: z.infer<typeof ScheduleSchema>) {
  const day = value.interval === "weekly" ? value.weekday : value.interval === "monthly" ? value.monthDay : undefined;
  return { interval: value.interval, day, minimum: value.minimum, holdDays: value.holdDays };
}

export const PAYOUT_SCHEMAS = { schedule: ScheduleSchema } as const;
