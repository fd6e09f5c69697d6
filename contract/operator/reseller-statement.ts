/**
 * A reseller's monthly statement (issue 47): its bookings departing in the month, each with what
 * the guest paid (retail), the reseller's commission and the net it owes the operator, and the
 * month's totals; as JSON from the API and as the console's CSV download.
 */
import { z } from "zod";
import { csvLocalTime, csvText, type CsvValue } from "../csv";
import { said } from "../fields";
import { minorUnitDigits, toMajorUnits } from "../money";
import { bookingReference, count, isoTime, minor } from "../output-parts";
import { calendarMonth } from "../payouts/money-requests";
import { BOOKING_STATUSES } from "../statuses";

/** GET /v1/operator/resellers/{resellerId}/statement?month=YYYY-MM (required; years 2000 to 2999). */
export const resellerStatementQuery = z.object({
  month: z.string({ required_error: said("month.invalid") }).pipe(calendarMonth),
});

/**
 * One booking of the reseller: `retailMinor` what the guest paid (the booking's total), the
 * `netMinor` it owes (by the terms the booking was confirmed under: net rates per ticket type, the
 * rest less the commission) and its `commissionMinor` (retail − net). A booking
 * cancelled (or refunded) owes nothing: all three 0, what it was sold for in `bookedMinor`.
 */
export const resellerStatementLine = z.object({
  bookingId: z.string(),
  reference: bookingReference,
  /** The reseller's own reference for it; null: it gave none. */
  resellerReference: z.string().nullable(),
  experienceTitle: z.string(),
  departureStartsAt: isoTime,
  /** The experience's own zone, the departure's local time in it. */
  timezone: z.string(),
  guests: count,
  status: z.enum(BOOKING_STATUSES),
  bookedMinor: minor,
  retailMinor: minor,
  commissionMinor: minor,
  netMinor: minor,
});
export type ResellerStatementLine = z.infer<typeof resellerStatementLine>;

export const resellerStatementTotals = z.object({ retailMinor: minor, commissionMinor: minor, netMinor: minor });

/**
 * The month's statement: a booking is in the month its departure starts in, in the experience's
 * own zone (the date the operator and the reseller reconcile against), whenever it was booked.
 */
export const resellerStatement = z.object({
  reseller: z.object({ id: z.string(), name: z.string(), commissionBps: z.number().int() }),
  month: z.string(),
  currency: z.string().length(3),
  lines: z.array(resellerStatementLine),
  totals: resellerStatementTotals,
});
export type ResellerStatement = z.infer<typeof resellerStatement>;

/** The CSV's columns: money as numbers in major units with the currency's decimals ("85.00"). */
export const RESELLER_STATEMENT_CSV_COLUMNS = [
  "reference",
  "reseller_reference",
  "experience",
  "departure",
  "guests",
  "status",
  "retail",
  "commission",
  "net_owed",
] as const;

/**
 * The statement's CSV rows (header first): one per booking, then the totals (reference "total";
 * its guests those of the bookings still confirmed, as its money).
 */
export function resellerStatementCsvRows(statement: ResellerStatement): CsvValue[][] {
  const digits = minorUnitDigits(statement.currency);
  const money = (amount: number) => (amount < 0 ? "-" : "") + toMajorUnits(Math.abs(amount), digits);
  const figures = (f: z.infer<typeof resellerStatementTotals>) => [
    money(f.retailMinor),
    money(f.commissionMinor),
    money(f.netMinor),
  ];
  return [
    [...RESELLER_STATEMENT_CSV_COLUMNS],
    ...statement.lines.map((line) => [
      line.reference,
      line.resellerReference,
      line.experienceTitle,
      csvLocalTime(line.departureStartsAt, line.timezone),
      line.guests,
      line.status,
      ...figures(line),
    ]),
    [
      "total",
      null,
      null,
      null,
      statement.lines.reduce((sum, line) => sum + (line.status === "confirmed" ? line.guests : 0), 0),
      null,
      ...figures(statement.totals),
    ],
  ];
}

export const resellerStatementCsv = (statement: ResellerStatement): string =>
  csvText(resellerStatementCsvRows(statement));

/** The download's name: the reseller's name as a slug, and the month ("reseller-harbour-concierge-2026-12.csv"). */
export function resellerStatementFilename(statement: ResellerStatement): string {
  const slug = statement.reseller.name
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60);
  return `reseller-${slug || statement.reseller.id}-${statement.month}.csv`;
}
