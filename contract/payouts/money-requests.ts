/**
 * What the money endpoints take (issue 45): the operator's payouts and statement, its payout
 * schedule, and the platform admins' commission and earnings. Every rule says a message code
 * (contract/fields.ts); money typed by a person is a decimal string in the operator's currency's
 * major units (contract/money.ts DECIMAL_AMOUNT), turned into minor units by the API.
 */
import { z } from "zod";
import { said, wholeNumberIn } from "../fields";
import { checkDateRange, dateRangeFields } from "../date-range";
import { DECIMAL_AMOUNT } from "../money";
import { cursorParam, emptyAsAbsent, limitParam } from "../query";
import { decodeKeyCursor } from "../platform/applications";

import { MAX_HOLD_DAYS, MAX_MONTHLY_PAYOUT_DAY, PAYOUT_INTERVALS } from "./schedule-rules";

export { MAX_HOLD_DAYS, MAX_MONTHLY_PAYOUT_DAY, PAYOUT_INTERVALS, type PayoutInterval } from "./schedule-rules";
/** The highest minimum payout, in minor units (a million dollars; 100 million yen). */
export const MAX_PAYOUT_MINIMUM_MINOR = 100_000_000;

/**
 * The schedule of an operator without a payout account row (payout_accounts' column defaults):
 * weekly on Monday, no minimum, two days' hold after the departure.
 */
export const DEFAULT_PAYOUT_SCHEDULE = { interval: "weekly", day: 1, minimumMinor: 0, holdDays: 2 } as const;

export const PAYOUTS_PAGE_MAX = 100;
export const PAYOUTS_PAGE_DEFAULT = 20;

/** A keyset cursor whose key is a time (ISO 8601): the last payout's creation and id. */
const timeCursor = cursorParam(400, (text) => {
  const cursor = decodeKeyCursor(text);
  return cursor && !Number.isNaN(Date.parse(cursor.key)) ? cursor : null;
});

/** GET /v1/operator/payouts: newest first, keyset paged. */
export const payoutsQuery = z.object({
  cursor: timeCursor,
  limit: limitParam(PAYOUTS_PAGE_MAX),
});

/** A payout's id: po_ and 16 characters. */
export const payoutParams = z.object({
  payoutId: z.string().regex(/^po_[A-Za-z0-9_-]{16}$/, said("id.invalid")),
});

/** A calendar month, YYYY-MM (years 2000 to 2999). */
export const calendarMonth = z
  .string({ invalid_type_error: said("param.single") })
  .regex(/^2\d{3}-(0[1-9]|1[0-2])$/, said("month.invalid"));

/** GET /v1/operator/statement?month=YYYY-MM&format=csv: a month in the operator's zone (default this one). */
export const statementQuery = z.object({
  month: z.preprocess(emptyAsAbsent, calendarMonth.optional()),
  /** `csv`: the same as `Accept: text/csv` (one row per booking, then the totals). */
  format: z.preprocess(
    emptyAsAbsent,
    z.enum(["json", "csv"], { errorMap: () => ({ message: said("format.jsonOrCsv") }) }).optional(),
  ),
});

const wholeDays = (code: "payoutDay.invalid" | "holdDays.invalid", min: number, max: number) =>
  z
    .number({ required_error: said(code), invalid_type_error: said(code) })
    .int(said(code))
    .min(min, said(code))
    .max(max, said(code));

/**
 * PUT /v1/operator/payout-schedule: how often the available balance is paid out — daily; weekly
 * on `day` 1 (Monday) to 7 (Sunday); monthly on `day` 1 to 28, in the operator's time zone — the
 * smallest payout (`minimum`, major units of the operator's currency: "50.00"; a smaller balance
 * waits for a later payout) and the days after a departure before its money may be paid out.
 */
export const updatePayoutScheduleBody = z
  .object({
    interval: z.enum(PAYOUT_INTERVALS, { errorMap: () => ({ message: said("choice.invalid") }) }),
    /** Daily: absent (or 1). */
    day: wholeDays("payoutDay.invalid", 1, MAX_MONTHLY_PAYOUT_DAY).optional(),
    minimum: z
      .string({ required_error: said("payoutMinimum.invalid"), invalid_type_error: said("payoutMinimum.invalid") })
      .trim()
      .regex(DECIMAL_AMOUNT, said("payoutMinimum.invalid")),
    holdDays: wholeDays("holdDays.invalid", 0, MAX_HOLD_DAYS),
  })
  .strict()
  .superRefine((body, ctx) => {
    const refuse = () => ctx.addIssue({ code: "custom", path: ["day"], message: said("payoutDay.invalid") });
    if (body.interval === "daily" && body.day !== undefined && body.day !== 1) refuse();
    if (body.interval === "weekly" && (body.day === undefined || body.day > 7)) refuse();
    if (body.interval === "monthly" && body.day === undefined) refuse();
  });
export type UpdatePayoutScheduleBody = z.infer<typeof updatePayoutScheduleBody>;

/** PUT /v1/admin/operators/{id}/commission: basis points (1500 = 15 %), or null for the platform's default. */
export const adminCommissionBody = z
  .object({
    commissionBps: wholeNumberIn("commission.invalid", 0, 10_000).nullable(),
  })
  .strict();

/** The longest range of the platform's earnings, in days (a leap year). */
export const MAX_EARNINGS_DAYS = 366;
/** The range when none is asked for: the last 30 days (UTC), today included. */
export const DEFAULT_EARNINGS_DAYS = 30;

/** GET /v1/admin/earnings?from=&to=: UTC dates, both or neither (the last 30 days). */
export const adminEarningsQuery = z.object(dateRangeFields).superRefine(checkDateRange(MAX_EARNINGS_DAYS));

/** GET /v1/admin/operators/{id}/money: its balance and a page of its payouts. */
export const adminOperatorMoneyQuery = payoutsQuery;
