/**
 * The console's reports (issue 29, item 5): figures by day for a range of local dates in the
 * operator's zone, and the occupancy of the coming weeks' departures. Every sum is the
 * database's (api/operator/reports.ts); the CSV is one function of the same answer.
 */
import { z } from "zod";
import { count, minor } from "../output-parts";
import { said } from "../fields";
import { csvMoney, csvText, type CsvValue } from "../csv";
import { checkDateRange, dateRangeFields } from "../date-range";
import { emptyAsAbsent } from "../query";

/** The longest range one report covers, in days (a leap year). */
export const MAX_REPORT_DAYS = 366;
/** The range when none is asked for: the last 30 days, today included. */
export const DEFAULT_REPORT_DAYS = 30;
/** Weeks of departures the occupancy covers (default 6, at most 12). */
export const DEFAULT_OCCUPANCY_WEEKS = 6;
export const MAX_OCCUPANCY_WEEKS = 12;

/** GET /v1/operator/report?from=&to=&weeks=&format=: both dates or neither (the last 30 days). */
export const reportQuery = z
  .object({
    ...dateRangeFields,
    weeks: z.preprocess(
      emptyAsAbsent,
      z.coerce
        .number({ invalid_type_error: said("weeks.invalid") })
        .int(said("weeks.invalid"))
        .min(1, said("weeks.invalid"))
        .max(MAX_OCCUPANCY_WEEKS, said("weeks.invalid"))
        .optional(),
    ),
    /** `csv`: the same as `Accept: text/csv` (the days, one row each, and a totals row). */
    format: z.preprocess(
      emptyAsAbsent,
      z.enum(["json", "csv"], { errorMap: () => ({ message: said("format.jsonOrCsv") }) }).optional(),
    ),
  })
  .superRefine(checkDateRange(MAX_REPORT_DAYS));
export type ReportQuery = z.input<typeof reportQuery>;

/**
 * One day's figures (or the range's totals). `bookings`: bookings confirmed that day (whatever
 * happened to them later); `guests`: their seats; `revenueMinor`: their totals (what travellers
 * paid, the service fee included); `platformFeesMinor`: the platform's part of those bookings,
 * its commission on what the traveller paid at the rate each was sold at, never less than the
 * service fee within it (api/ledger/movements.ts bookingSides), less the share of it that the day's
 * refunds gave back (refundSides); `refundsMinor`: refunds decided that day (owed or made, of any
 * booking); `tipsMinor`: tips paid that day (the guides'); `netMinor`: what the operator receives,
 * revenue minus the platform's part and refunds (tips are not the operator's revenue).
 */
export const reportFigures = z.object({
  bookings: count,
  guests: count,
  revenueMinor: minor,
  platformFeesMinor: minor,
  refundsMinor: minor,
  tipsMinor: minor,
  netMinor: minor,
});
export type ReportFigures = z.infer<typeof reportFigures>;

/** A departure of the coming weeks and how full it is: seats taken (sold and held) / capacity. */
export const occupancyDeparture = z.object({
  id: z.string(),
  experienceTitle: z.string(),
  serviceName: z.string(),
  startsAt: z.string().datetime({ offset: true }),
  /** Its local date and time in its experience's zone (YYYY-MM-DD, HH:MM): the day it is listed on. */
  localDate: z.string(),
  localTime: z.string(),
  /** The experience's IANA zone (named beside the time where it is not the operator's). */
  timezone: z.string(),
  capacity: count,
  seatsTaken: count,
  /** Whole percent, 0 for a departure without capacity. */
  percent: count,
  status: z.enum(["open", "closed"]),
});
export type OccupancyDeparture = z.infer<typeof occupancyDeparture>;

export const operatorReport = z.object({
  from: z.string(),
  to: z.string(),
  timeZone: z.string(),
  currency: z.string(),
  /** Every day of the range, in order, days without activity included (zeros). */
  days: z.array(reportFigures.extend({ date: z.string() })),
  totals: reportFigures,
  occupancy: z.object({
    /** The first and last local dates covered (today and `weeks` weeks on). */
    from: z.string(),
    to: z.string(),
    weeks: z.number().int(),
    /** Departures not cancelled, in start order. */
    departures: z.array(occupancyDeparture),
  }),
});
export type OperatorReport = z.infer<typeof operatorReport>;

/** The report CSV's columns: money in major units with its currency ("40.00 USD"). */
export const REPORT_CSV_COLUMNS = [
  "date",
  "bookings",
  "guests",
  "revenue",
  "platform_fees",
  "refunds",
  "tips",
  "net",
] as const;

/** The report's CSV rows (header first): one per day, then the totals (date "total"). */
export function reportCsvRows(report: OperatorReport): CsvValue[][] {
  const money = (minor: number) => csvMoney(minor, report.currency);
  const row = (date: string, f: ReportFigures): CsvValue[] => [
    date,
    f.bookings,
    f.guests,
    money(f.revenueMinor),
    money(f.platformFeesMinor),
    money(f.refundsMinor),
    money(f.tipsMinor),
    money(f.netMinor),
  ];
  return [[...REPORT_CSV_COLUMNS], ...report.days.map((day) => row(day.date, day)), row("total", report.totals)];
}

export const reportCsv = (report: OperatorReport): string => csvText(reportCsvRows(report));

/** The download's file name: report-acme-2026-10-28-to-2026-11-26.csv */
export const reportCsvFilename = (slug: string, report: Pick<OperatorReport, "from" | "to">) =>
  `report-${slug}-${report.from}-to-${report.to}.csv`;
