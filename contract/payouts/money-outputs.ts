/**
 * What the money endpoints answer (issue 45), every amount in minor units of the operator's
 * currency, read from the ledger (api/ledger): an operator's balance and next payout, its payouts
 * with the bookings each paid, and the monthly statement (per booking: what the traveller paid,
 * the platform's fee, refunds, tips and what the operator gets), whose CSV is one function of the
 * same answer (the API's `format=csv` and the console's download alike). The platform admins'
 * commission and earnings too.
 */
import { z } from "zod";
import { csvLocalTime, csvMoney, csvText, type CsvValue } from "../csv";
import { calendarDate, count, isoTime, minor } from "../output-parts";
import { PAYOUT_INTERVALS } from "./money-requests";

export const PAYOUT_STATUSES = ["pending", "in_transit", "paid", "failed"] as const;

/** The owner's payout schedule (the defaults while the operator has no payout account). */
export const payoutSchedule = z.object({
  interval: z.enum(PAYOUT_INTERVALS),
  /** weekly: 1 (Monday) to 7 (Sunday); monthly: the day of the month, 1 to 28; daily: 1. */
  day: z.number().int(),
  minimumMinor: minor,
  /** Days after a departure before its money may be paid out. */
  holdDays: z.number().int(),
  /** Whether the operator has a payout account (without one the schedule cannot be changed yet). */
  payoutAccount: z.boolean(),
});
export type PayoutSchedule = z.infer<typeof payoutSchedule>;

/** The platform's fees on an operator's bookings (what refunds gave back taken off). */
export const platformFees = z.object({ commissionMinor: minor, serviceFeesMinor: minor, totalMinor: minor });

/**
 * GET /v1/operator/balance: the operator's money in the ledger. `pendingMinor`: sold, its
 * departure and hold not yet past; `availableMinor`: released, to be paid out; `inTransitMinor`:
 * paid out, not yet arrived; `paidOutMinor`: every payout not failed, in transit included.
 * `nextPayout`: the next date of the schedule (today when today's payout is not made yet) and an
 * estimate of its amount: what is available now and what the holds of past departures release by
 * the start of that day; below the minimum it waits for a later payout (`belowMinimum`); none is
 * made while the payout account cannot receive payouts (`payoutsEnabled`).
 */
export const operatorBalance = z.object({
  currency: z.string().length(3),
  timeZone: z.string(),
  pendingMinor: minor,
  availableMinor: minor,
  inTransitMinor: minor,
  paidOutMinor: minor,
  platformFees,
  schedule: payoutSchedule,
  /** Whether the payout account can receive payouts (none is made until it can). */
  payoutsEnabled: z.boolean(),
  /** The platform has suspended the operator: no payout is made until it is reinstated (its money waits). */
  payoutsPaused: z.boolean(),
  nextPayout: z.object({ date: calendarDate, estimatedMinor: minor, belowMinimum: z.boolean() }),
});
export type OperatorBalance = z.infer<typeof operatorBalance>;

/** One payout: its status and amount, when it was made and arrives, and how many bookings it paid. */
export const payoutSummary = z.object({
  id: z.string(),
  status: z.enum(PAYOUT_STATUSES),
  amountMinor: minor,
  currency: z.string().length(3),
  createdAt: isoTime,
  /** The date the bank should have it (the provider's). */
  arrivalDate: calendarDate.nullable(),
  paidAt: isoTime.nullable(),
  failureReason: z.string().nullable(),
  bookings: count,
});
export type PayoutSummary = z.infer<typeof payoutSummary>;

export const payoutsPage = z.object({
  items: z.array(payoutSummary),
  /** The next page's cursor (null: this is the last page). */
  nextCursor: z.string().nullable(),
});
export type PayoutsPage = z.infer<typeof payoutsPage>;

/** What a statement or a payout says of the booking a line is about. */
const bookingFacts = {
  bookingId: z.string(),
  /** WF-XXXX-XXXX, as the console shows it. */
  reference: z.string(),
  experienceTitle: z.string(),
  serviceName: z.string(),
  /** Its departure's start, and the experience's zone it is shown in. */
  departureStartsAt: isoTime,
  timezone: z.string(),
};

/**
 * GET /v1/operator/payouts/{id}: the payout and the bookings it paid (the released money it took,
 * by booking); `otherMinor`: money it took that no booking names (a failed payout's, paid again).
 */
export const payoutDetail = payoutSummary.extend({
  lines: z.array(z.object({ ...bookingFacts, amountMinor: minor })),
  otherMinor: minor,
});
export type PayoutDetail = z.infer<typeof payoutDetail>;

/**
 * A booking's money in the statement's month (or the month's totals): `grossMinor` what the
 * traveller paid (the gift card's part included), `platformFeeMinor` the platform's commission and
 * service fee less what refunds gave back of them, `refundsMinor` what was refunded, `tipsMinor`
 * the tips (the operator's whole), `netMinor` what the operator gets: gross + tips − fee − refunds.
 * A booking sold one month and refunded the next is in both, each with its own movements.
 */
export const statementFigures = z.object({
  grossMinor: minor,
  platformFeeMinor: minor,
  refundsMinor: minor,
  tipsMinor: minor,
  netMinor: minor,
});
export type StatementFigures = z.infer<typeof statementFigures>;

export const statementRow = statementFigures.extend(bookingFacts);
export type StatementRow = z.infer<typeof statementRow>;

/** GET /v1/operator/statement?month=: the month's bookings (by their first movement), totals and payouts. */
export const moneyStatement = z.object({
  /** YYYY-MM, and its first and last dates in the operator's zone. */
  month: z.string(),
  from: calendarDate,
  to: calendarDate,
  /** The months before and after, for paging (`nextMonth` null: this month has not ended yet). */
  previousMonth: z.string(),
  nextMonth: z.string().nullable(),
  timeZone: z.string(),
  currency: z.string().length(3),
  rows: z.array(statementRow),
  totals: statementFigures,
  /** Payouts made in the month, newest first, and what they paid (failed ones left out). */
  payouts: z.array(payoutSummary),
  paidOutMinor: minor,
});
export type MoneyStatement = z.infer<typeof moneyStatement>;

/** The statement CSV's columns: money in major units with its currency ("85.00 USD"). */
export const STATEMENT_CSV_COLUMNS = [
  "booking",
  "experience",
  "service",
  "departure",
  "gross",
  "platform_fee",
  "refunds",
  "tips",
  "net",
] as const;

/** The statement's CSV rows (header first): one per booking, then the totals (booking "total"). */
export function statementCsvRows(statement: MoneyStatement): CsvValue[][] {
  const money = (amount: number) => csvMoney(amount, statement.currency);
  const figures = (f: StatementFigures) => [
    money(f.grossMinor),
    money(f.platformFeeMinor),
    money(f.refundsMinor),
    money(f.tipsMinor),
    money(f.netMinor),
  ];
  return [
    [...STATEMENT_CSV_COLUMNS],
    ...statement.rows.map((row) => [
      row.reference,
      row.experienceTitle,
      row.serviceName,
      csvLocalTime(row.departureStartsAt, row.timezone),
      ...figures(row),
    ]),
    ["total", null, null, null, ...figures(statement.totals)],
  ];
}

export const statementCsv = (statement: MoneyStatement): string => csvText(statementCsvRows(statement));

/** The download's file name: statement-acme-2026-03.csv */
export const statementCsvFilename = (slug: string, month: string) => `statement-${slug}-${month}.csv`;

/** An operator's commission as the platform admins set it (PUT /v1/admin/operators/{id}/commission). */
export const adminCommission = z.object({
  accountId: z.string(),
  /** Its own rate in basis points (1500 = 15 %); null: the platform's default. */
  commissionBps: z.number().int().nullable(),
  defaultBps: z.number().int(),
  /** What its bookings made from now on are sold at. */
  effectiveBps: z.number().int(),
});
export type AdminCommission = z.infer<typeof adminCommission>;

/** GET /v1/admin/operators/{id}/money: one operator's money as it sees it, and its commission. */
export const adminOperatorMoney = z.object({
  operator: z.object({ id: z.string(), slug: z.string(), name: z.string() }),
  commission: adminCommission,
  balance: operatorBalance,
  payouts: payoutsPage,
});
export type AdminOperatorMoney = z.infer<typeof adminOperatorMoney>;

const earnings = { commissionMinor: minor, serviceFeesMinor: minor, totalMinor: minor };

/**
 * GET /v1/admin/earnings: what the platform earned (commission and service fees, less what refunds
 * gave back) over UTC dates [from, to], per currency and per operator (in its currency, the
 * largest first).
 */
export const platformEarnings = z.object({
  from: calendarDate,
  to: calendarDate,
  totals: z.array(z.object({ currency: z.string().length(3), ...earnings })),
  operators: z.array(
    z.object({
      id: z.string(),
      slug: z.string(),
      name: z.string(),
      currency: z.string().length(3),
      ...earnings,
    }),
  ),
});
export type PlatformEarnings = z.infer<typeof platformEarnings>;
