/**
 * Calendar days as `YYYY-MM-DD` strings.
 *
 * A calendar day has no time and no time zone: "2025-03-30" is the same day on the server
 * and in every browser. All arithmetic here is done on UTC fields, so daylight-saving
 * changes never shift a day. Convert to a `Date` only at the edges (a calendar widget that
 * wants local-midnight dates) with `fromCalendarDate` / `toCalendarDate`.
 */

/** A calendar day, `YYYY-MM-DD` (four-digit year, 0001–9999). */
export type CalendarDate = string;

/** A calendar month, `YYYY-MM`. */
export type CalendarMonth = string;

/** 0 = Sunday … 6 = Saturday, as `Date#getDay`. */
export type WeekDay = 0 | 1 | 2 | 3 | 4 | 5 | 6;

export type DateParts = { year: number; month: number; day: number };

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const MONTH_RE = /^(\d{4})-(\d{2})$/;
const DAY_MS = 86_400_000;

function pad(value: number, width = 2): string {
  return String(value).padStart(width, "0");
}

/** The parts of a calendar day (month 1–12), or null when it is not a real `YYYY-MM-DD` day. */
export function parseCalendarDate(value: unknown): DateParts | null {
  if (typeof value !== "string") return null;
  const match = DATE_RE.exec(value);
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (year < 1 || month < 1 || month > 12 || day < 1) return null;
  if (day > daysInMonth(year, month)) return null;
  return { year, month, day };
}

/** True for a real calendar day written `YYYY-MM-DD` ("2025-02-30" is not one). */
export function isCalendarDate(value: unknown): value is CalendarDate {
  return parseCalendarDate(value) !== null;
}

export function formatCalendarDate(parts: DateParts): CalendarDate {
  return `${pad(parts.year, 4)}-${pad(parts.month)}-${pad(parts.day)}`;
}

/** Number of days in a month (month 1–12). */
export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0;
}

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function requireParts(date: CalendarDate): DateParts {
  const parts = parseCalendarDate(date);
  if (!parts) throw new RangeError(`Not a calendar date (YYYY-MM-DD): ${String(date)}`);
  return parts;
}

/** Milliseconds of the day's UTC midnight: only for arithmetic between calendar days. */
function utcMs(date: CalendarDate): number {
  const { year, month, day } = requireParts(date);
  const d = new Date(Date.UTC(2000, month - 1, day));
  d.setUTCFullYear(year);
  return d.getTime();
}

function fromUtcMs(ms: number): CalendarDate {
  const d = new Date(ms);
  return formatCalendarDate({ year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() });
}

/** The calendar day of a `Date` in the browser's (or server's) local time zone. */
export function toCalendarDate(date: Date): CalendarDate {
  return formatCalendarDate({ year: date.getFullYear(), month: date.getMonth() + 1, day: date.getDate() });
}

/** A `Date` at local midnight of the calendar day (what date widgets such as react-day-picker expect). */
export function fromCalendarDate(date: CalendarDate): Date {
  const { year, month, day } = requireParts(date);
  const d = new Date(2000, month - 1, day);
  d.setFullYear(year);
  return d;
}

/** Today's calendar day in local time. */
export function todayCalendarDate(now: Date = new Date()): CalendarDate {
  return toCalendarDate(now);
}

export function addDays(date: CalendarDate, days: number): CalendarDate {
  return fromUtcMs(utcMs(date) + days * DAY_MS);
}

/** -1, 0 or 1. `YYYY-MM-DD` strings also sort correctly as plain strings. */
export function compareDates(a: CalendarDate, b: CalendarDate): -1 | 0 | 1 {
  return a < b ? -1 : a > b ? 1 : 0;
}

export function isBefore(a: CalendarDate, b: CalendarDate): boolean {
  return compareDates(a, b) < 0;
}

export function isAfter(a: CalendarDate, b: CalendarDate): boolean {
  return compareDates(a, b) > 0;
}

/** Whole days from `from` to `to` (negative when `to` is earlier); the same day gives 0. */
export function daysBetween(from: CalendarDate, to: CalendarDate): number {
  return Math.round((utcMs(to) - utcMs(from)) / DAY_MS);
}

/** Day of the week, 0 = Sunday … 6 = Saturday. */
export function dayOfWeek(date: CalendarDate): WeekDay {
  return new Date(utcMs(date)).getUTCDay() as WeekDay;
}

/** The first day of the week containing `date`, weeks starting on `weekStartsOn` (0 = Sunday). */
export function startOfWeek(date: CalendarDate, weekStartsOn: WeekDay = 0): CalendarDate {
  const back = (dayOfWeek(date) - weekStartsOn + 7) % 7;
  return addDays(date, -back);
}

export function endOfWeek(date: CalendarDate, weekStartsOn: WeekDay = 0): CalendarDate {
  return addDays(startOfWeek(date, weekStartsOn), 6);
}

/** Every day from `from` to `to`, both included; empty when `to` is before `from`. */
export function eachDay(from: CalendarDate, to: CalendarDate): CalendarDate[] {
  const days: CalendarDate[] = [];
  for (let d = from; !isAfter(d, to); d = addDays(d, 1)) days.push(d);
  return days;
}

// ---------------------------------------------------------------------------
// Months

export function monthOf(date: CalendarDate): CalendarMonth {
  requireParts(date);
  return date.slice(0, 7);
}

export function parseCalendarMonth(value: unknown): { year: number; month: number } | null {
  if (typeof value !== "string") return null;
  const match = MONTH_RE.exec(value);
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  if (year < 1 || month < 1 || month > 12) return null;
  return { year, month };
}

export function formatCalendarMonth(year: number, month: number): CalendarMonth {
  return `${pad(year, 4)}-${pad(month)}`;
}

function requireMonth(value: CalendarMonth): { year: number; month: number } {
  const parts = parseCalendarMonth(value);
  if (!parts) throw new RangeError(`Not a calendar month (YYYY-MM): ${String(value)}`);
  return parts;
}

export function firstDayOfMonth(month: CalendarMonth): CalendarDate {
  return `${month}-01`;
}

export function lastDayOfMonth(month: CalendarMonth): CalendarDate {
  const { year, month: m } = requireMonth(month);
  return formatCalendarDate({ year, month: m, day: daysInMonth(year, m) });
}

export function addMonths(month: CalendarMonth, delta: number): CalendarMonth {
  const { year, month: m } = requireMonth(month);
  const index = year * 12 + (m - 1) + delta;
  return formatCalendarMonth(Math.floor(index / 12), (((index % 12) + 12) % 12) + 1);
}

export function compareMonths(a: CalendarMonth, b: CalendarMonth): -1 | 0 | 1 {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** `YYYY-MM` → a `Date` at local midnight on the 1st (react-day-picker's `month`). */
export function monthToDate(month: CalendarMonth): Date {
  return fromCalendarDate(firstDayOfMonth(month));
}

export function dateToMonth(date: Date): CalendarMonth {
  return monthOf(toCalendarDate(date));
}

// ---------------------------------------------------------------------------
// Month grid

export type GridDay = {
  date: CalendarDate;
  /** An offset day: it belongs to the previous or the next month, shown to fill a week. */
  outside: boolean;
};

export type MonthGridOptions = {
  weekStartsOn?: WeekDay;
  /** Always show six weeks (spec: "up to 6 weeks shown with the six-weeks option"). */
  sixWeeks?: boolean;
};

/** The weeks shown for a month: whole weeks, padded with offset days; six of them with `sixWeeks`. */
export function monthGrid(month: CalendarMonth, options: MonthGridOptions = {}): GridDay[][] {
  const weekStartsOn = options.weekStartsOn ?? 0;
  const first = firstDayOfMonth(month);
  const last = lastDayOfMonth(month);
  const start = startOfWeek(first, weekStartsOn);
  const end = endOfWeek(last, weekStartsOn);
  let total = daysBetween(start, end) + 1;
  if (options.sixWeeks) total = 6 * 7;
  const weeks: GridDay[][] = [];
  for (let i = 0; i < total; i += 7) {
    const week: GridDay[] = [];
    for (let j = 0; j < 7; j++) {
      const date = addDays(start, i + j);
      week.push({ date, outside: monthOf(date) !== month });
    }
    weeks.push(week);
  }
  return weeks;
}

/** True when `date` is shown in `displayMonth`'s grid but belongs to another month. */
export function isOffsetDay(date: CalendarDate, displayMonth: CalendarMonth): boolean {
  return monthOf(date) !== displayMonth;
}
