/**
 * The date picker's rules (spec sections 3, 4, 5, 8 and 9), as pure functions: no React, no
 * DOM, no clock unless one is passed in. The component in app/components/date-picker only
 * wires these to the calendar; everything that decides "is this allowed" lives here.
 */
import {
  addDays,
  addMonths,
  compareDates,
  compareMonths,
  dayOfWeek,
  daysBetween,
  formatCalendarMonth,
  isAfter,
  isBefore,
  isCalendarDate,
  isOffsetDay,
  monthOf,
  parseCalendarMonth,
  todayCalendarDate,
  type CalendarDate,
  type CalendarMonth,
  type WeekDay,
} from "./dates";

export * from "./dates";

// ---------------------------------------------------------------------------
// Spec section 9: constants

/** A horizontal swipe counts (changes the month) above this many pixels. */
export const SWIPE_THRESHOLD_PX = 10;
/** Mouse-wheel month changes are throttled to one per this many milliseconds. */
export const WHEEL_THROTTLE_MS = 50;
/** Weeks shown per month with the six-weeks option. */
export const SIX_WEEKS = 6;
/** A range picker has at most this many time entries (one for the start, one for the end). */
export const MAX_RANGE_TIME_ENTRIES = 2;

// ---------------------------------------------------------------------------
// Spec section 3: value shapes

export type DatePickerMode = "single" | "range" | "multiple";
/** A single date, or none chosen. */
export type SingleValue = CalendarDate | null;
/** A start/end pair; either end may be missing while the range is being chosen. */
export type RangeValue = { start: CalendarDate | null; end: CalendarDate | null };
/** A list of dates (multiple mode). */
export type MultipleValue = CalendarDate[];
/** A time of day. */
export type TimeValue = { hours: number; minutes: number; seconds: number };

export const EMPTY_RANGE: RangeValue = Object.freeze({ start: null, end: null }) as RangeValue;

// ---------------------------------------------------------------------------
// Spec section 8: events and validation results

/** The date picker events of the spec's error catalogue. */
export const DATE_PICKER_EVENTS = [
  "invalid-date",
  "invalid-select",
  "invalid-fixed-range",
  "auto-apply-invalid",
] as const;
export type DatePickerEventType = (typeof DATE_PICKER_EVENTS)[number];

/** Why a single day is not selectable. */
export type DateInvalidReason =
  "malformed" | "disabled-date" | "disabled-day" | "before-min" | "after-max" | "hidden-offset-day";

/** Why a value (date, range, list, time) is not valid. */
export type InvalidReason =
  | DateInvalidReason
  | "empty"
  | "incomplete-range"
  | "disabled-in-range"
  | "range-too-short"
  | "range-too-long"
  | "fixed-start-moved"
  | "fixed-end-moved"
  | "too-many-dates"
  | "invalid-time"
  | "disabled-time"
  | "before-min-time"
  | "after-max-time"
  | "times-overlap"
  | "too-many-times";

export const INVALID_REASONS: readonly InvalidReason[] = [
  "malformed",
  "disabled-date",
  "disabled-day",
  "before-min",
  "after-max",
  "hidden-offset-day",
  "empty",
  "incomplete-range",
  "disabled-in-range",
  "range-too-short",
  "range-too-long",
  "fixed-start-moved",
  "fixed-end-moved",
  "too-many-dates",
  "invalid-time",
  "disabled-time",
  "before-min-time",
  "after-max-time",
  "times-overlap",
  "too-many-times",
];

export type Invalid = {
  ok: false;
  event: DatePickerEventType;
  reason: InvalidReason;
  /** The offending day, when one day is to blame. */
  date?: CalendarDate;
};
export type Valid<T> = { ok: true; value: T };
export type ValidationResult<T> = Valid<T> | Invalid;

export function valid<T>(value: T): Valid<T> {
  return { ok: true, value };
}

export function invalid(event: DatePickerEventType, reason: InvalidReason, date?: CalendarDate): Invalid {
  return date === undefined ? { ok: false, event, reason } : { ok: false, event, reason, date };
}

/** With auto-apply, a failed validation is reported as `auto-apply-invalid`, keeping its reason. */
export function asAutoApplyInvalid(result: Invalid): Invalid {
  return { ...result, event: "auto-apply-invalid" };
}

function camel(value: string): string {
  return value.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
}

/** Locale key of an event's message, e.g. `datePicker.events.invalidDate`. */
export function eventMessageKey(event: DatePickerEventType): string {
  return `datePicker.events.${camel(event)}`;
}

/** Locale key of a reason's message, e.g. `datePicker.reasons.beforeMin`. */
export function reasonMessageKey(reason: InvalidReason): string {
  return `datePicker.reasons.${camel(reason)}`;
}

// ---------------------------------------------------------------------------
// Spec section 5: days

/** A set of days to disable: days of the week, or any predicate on the calendar day. */
export type DisabledDay = { daysOfWeek: readonly WeekDay[] } | ((date: CalendarDate) => boolean);

export type DateRules = {
  /** Earliest selectable day (included). */
  minDate?: CalendarDate | null;
  /** Latest selectable day (included). */
  maxDate?: CalendarDate | null;
  /** Individual days that cannot be chosen. */
  disabledDates?: readonly CalendarDate[];
  /** Predicates: a day matched by any of them cannot be chosen. */
  disabledDays?: readonly DisabledDay[];
  /** Offset days (from the previous/next month, shown to fill the grid) are hidden and invalid. */
  hideOffsetDates?: boolean;
};

/** Where the day is shown: needed only for the offset-day rule. */
export type DayContext = { displayMonth?: CalendarMonth | null };

/** True when a `disabledDays` entry matches the day. */
export function matchesDisabledDay(date: CalendarDate, rule: DisabledDay): boolean {
  if (typeof rule === "function") return rule(date);
  return rule.daysOfWeek.includes(dayOfWeek(date));
}

/** Why `date` cannot be chosen, or null when it can. Checks run in a fixed order (see the reasons). */
export function dateInvalidReason(
  date: unknown,
  rules: DateRules = {},
  context: DayContext = {},
): DateInvalidReason | null {
  if (!isCalendarDate(date)) return "malformed";
  if (rules.minDate && isBefore(date, rules.minDate)) return "before-min";
  if (rules.maxDate && isAfter(date, rules.maxDate)) return "after-max";
  if (rules.disabledDates?.includes(date)) return "disabled-date";
  if (rules.disabledDays?.some((rule) => matchesDisabledDay(date, rule))) return "disabled-day";
  if (rules.hideOffsetDates && context.displayMonth && isOffsetDay(date, context.displayMonth))
    return "hidden-offset-day";
  return null;
}

/**
 * Spec section 5: a disabled date is invalid — in `disabledDates`, matched by a `disabledDays`
 * predicate, before `minDate` or after `maxDate` — and so is an offset day when offset days
 * are hidden (pass the displayed month in `context`). A malformed day is disabled too.
 */
export function isDateDisabled(date: unknown, rules: DateRules = {}, context: DayContext = {}): boolean {
  return dateInvalidReason(date, rules, context) !== null;
}

export function validateSingle(
  date: SingleValue | undefined,
  rules: DateRules = {},
  context: DayContext = {},
): ValidationResult<CalendarDate> {
  if (date === null || date === undefined || date === "") return invalid("invalid-select", "empty");
  const reason = dateInvalidReason(date, rules, context);
  if (reason) return invalid("invalid-date", reason, isCalendarDate(date) ? date : undefined);
  return valid(date);
}

// ---------------------------------------------------------------------------
// Ranges

export type RangeRules = DateRules & {
  /** A range with only one day chosen is valid. */
  allowPartialRange?: boolean;
  /** No disabled day may lie inside the range. */
  noDisabledInRange?: boolean;
  /** The start of the current range cannot move: a selection only sets the end. */
  fixedStart?: boolean;
  /** The end of the current range cannot move: a selection only sets the start. */
  fixedEnd?: boolean;
  /** Least number of days from start to end (`daysBetween`: a same-day range is 0). */
  minRangeLength?: number;
  /** Greatest number of days from start to end (`daysBetween`: a same-day range is 0). */
  maxRangeLength?: number;
};

/** Spec section 4: an end before the start swaps the two. */
export function normalizeRange(range: RangeValue): RangeValue {
  const { start, end } = range;
  if (start && end && isBefore(end, start)) return { start: end, end: start };
  return { start: start ?? null, end: end ?? null };
}

/** The range's length in days, as `minRangeLength` / `maxRangeLength` count it (end − start). */
export function rangeLength(start: CalendarDate, end: CalendarDate): number {
  return Math.abs(daysBetween(start, end));
}

/** The first disabled day strictly inside the range, or null. */
export function firstDisabledInside(start: CalendarDate, end: CalendarDate, rules: DateRules): CalendarDate | null {
  for (let day = addDays(start, 1); isBefore(day, end); day = addDays(day, 1)) {
    if (isDateDisabled(day, { ...rules, hideOffsetDates: false })) return day;
  }
  return null;
}

/**
 * Spec section 5: a range is valid with two valid dates, or one when `allowPartialRange`;
 * `noDisabledInRange` forbids a disabled day inside; `fixedStart` / `fixedEnd` (compared
 * with `previous`, the range before this selection) cannot move → `invalid-fixed-range`;
 * `minRangeLength` / `maxRangeLength` bound the length in days. An end before the start is
 * swapped first, and the swapped range is what a valid result carries.
 */
export function validateRange(
  range: RangeValue | null | undefined,
  rules: RangeRules = {},
  previous?: RangeValue | null,
  context: DayContext = {},
): ValidationResult<RangeValue> {
  const { start, end } = normalizeRange(range ?? EMPTY_RANGE);

  if (rules.fixedStart && previous?.start && start !== previous.start) {
    return invalid("invalid-fixed-range", "fixed-start-moved", previous.start);
  }
  if (rules.fixedEnd && previous?.end && end !== previous.end) {
    return invalid("invalid-fixed-range", "fixed-end-moved", previous.end);
  }

  if (!start && !end) return invalid("invalid-select", "empty");
  if ((!start || !end) && !rules.allowPartialRange) return invalid("invalid-select", "incomplete-range");

  for (const day of [start, end]) {
    if (!day) continue;
    const reason = dateInvalidReason(day, rules, context);
    if (reason) return invalid("invalid-date", reason, isCalendarDate(day) ? day : undefined);
  }

  if (start && end) {
    if (rules.noDisabledInRange) {
      const blocked = firstDisabledInside(start, end, rules);
      if (blocked) return invalid("invalid-select", "disabled-in-range", blocked);
    }
    const length = rangeLength(start, end);
    if (rules.minRangeLength !== undefined && length < rules.minRangeLength)
      return invalid("invalid-select", "range-too-short");
    if (rules.maxRangeLength !== undefined && length > rules.maxRangeLength)
      return invalid("invalid-select", "range-too-long");
  }
  return valid({ start, end });
}

/** Both ends chosen. */
export function isRangeComplete(range: RangeValue | null | undefined): boolean {
  return Boolean(range?.start && range?.end);
}

/**
 * Spec section 4: a range goes from start chosen to end chosen. The first click sets the
 * start, the second the end (swapping when it is earlier), a third starts over. With
 * `fixedStart` a click only sets the end; with `fixedEnd` only the start. The result is not
 * validated: pass it to `validateRange` with the current range as `previous`.
 */
export function selectRangeDay(
  current: RangeValue | null | undefined,
  day: CalendarDate,
  rules: RangeRules = {},
): RangeValue {
  const range = current ?? EMPTY_RANGE;
  if (rules.fixedStart && range.start) return normalizeRange({ start: range.start, end: day });
  if (rules.fixedEnd && range.end) return normalizeRange({ start: day, end: range.end });
  if (!range.start || range.end) return { start: day, end: null };
  return normalizeRange({ start: range.start, end: day });
}

// ---------------------------------------------------------------------------
// Multiple dates

export type MultipleRules = DateRules & {
  /** Greatest number of dates in the list (spec: "a configurable limit"). */
  maxDates?: number;
};

/** Each date must be valid and there may be at most `maxDates`; a valid result is sorted and de-duplicated. */
export function validateMultiple(
  dates: readonly unknown[] | null | undefined,
  rules: MultipleRules = {},
  context: DayContext = {},
): ValidationResult<CalendarDate[]> {
  const list = dates ?? [];
  for (const date of list) {
    const reason = dateInvalidReason(date, rules, context);
    if (reason) return invalid("invalid-date", reason, isCalendarDate(date) ? date : undefined);
  }
  const unique = [...new Set(list as CalendarDate[])].sort(compareDates);
  if (rules.maxDates !== undefined && unique.length > rules.maxDates)
    return invalid("invalid-select", "too-many-dates");
  return valid(unique);
}

/** Adds the day to the list, or removes it when it is already there. */
export function toggleDate(dates: readonly CalendarDate[], day: CalendarDate): CalendarDate[] {
  return dates.includes(day) ? dates.filter((d) => d !== day) : [...dates, day].sort(compareDates);
}

// ---------------------------------------------------------------------------
// Times

export type TimeRules = {
  /** Times that cannot be chosen; a missing field matches any value (`{ hours: 12 }` disables 12:00–12:59:59). */
  disabledTimes?: readonly Partial<TimeValue>[];
  /** Earliest allowed time (included). */
  minTime?: TimeValue | null;
  /** Latest allowed time (included). */
  maxTime?: TimeValue | null;
};

export function isTimeShapeValid(time: unknown): time is TimeValue {
  if (!time || typeof time !== "object") return false;
  const { hours, minutes, seconds } = time as Record<string, unknown>;
  const within = (n: unknown, max: number) => typeof n === "number" && Number.isInteger(n) && n >= 0 && n <= max;
  return within(hours, 23) && within(minutes, 59) && within(seconds, 59);
}

export function timeToSeconds(time: TimeValue): number {
  return time.hours * 3600 + time.minutes * 60 + time.seconds;
}

export function compareTimes(a: TimeValue, b: TimeValue): -1 | 0 | 1 {
  const d = timeToSeconds(a) - timeToSeconds(b);
  return d < 0 ? -1 : d > 0 ? 1 : 0;
}

export function matchesDisabledTime(time: TimeValue, rule: Partial<TimeValue>): boolean {
  return (
    (rule.hours === undefined || rule.hours === time.hours) &&
    (rule.minutes === undefined || rule.minutes === time.minutes) &&
    (rule.seconds === undefined || rule.seconds === time.seconds)
  );
}

/** Hours 0–23, minutes and seconds 0–59 (integers); not a disabled time; within min/max time. */
export function validateTime(time: TimeValue | null | undefined, rules: TimeRules = {}): ValidationResult<TimeValue> {
  if (!isTimeShapeValid(time)) return invalid("invalid-select", "invalid-time");
  if (rules.disabledTimes?.some((rule) => matchesDisabledTime(time, rule)))
    return invalid("invalid-select", "disabled-time");
  if (rules.minTime && compareTimes(time, rules.minTime) < 0) return invalid("invalid-select", "before-min-time");
  if (rules.maxTime && compareTimes(time, rules.maxTime) > 0) return invalid("invalid-select", "after-max-time");
  return valid({ hours: time.hours, minutes: time.minutes, seconds: time.seconds });
}

/** Two times of the same day overlap unless the end is strictly after the start. */
export function timesOverlap(start: TimeValue, end: TimeValue): boolean {
  return timeToSeconds(end) <= timeToSeconds(start);
}

/**
 * The two time entries of a range (spec: "the two range times must not overlap"): each must be
 * valid, there are at most `MAX_RANGE_TIME_ENTRIES`, and on a same-day range (start = end, or
 * no end yet) the end time must be after the start time.
 */
export function validateRangeTimes(
  range: RangeValue | null | undefined,
  times: readonly (TimeValue | null | undefined)[],
  rules: TimeRules = {},
): ValidationResult<[TimeValue, TimeValue]> {
  if (times.length > MAX_RANGE_TIME_ENTRIES) return invalid("invalid-select", "too-many-times");
  const checked: TimeValue[] = [];
  for (let i = 0; i < MAX_RANGE_TIME_ENTRIES; i++) {
    const result = validateTime(times[i], rules);
    if (!result.ok) return result;
    checked.push(result.value);
  }
  const [startTime, endTime] = checked as [TimeValue, TimeValue];
  const normalized = normalizeRange(range ?? EMPTY_RANGE);
  const sameDay = Boolean(normalized.start) && (!normalized.end || normalized.end === normalized.start);
  if (sameDay && timesOverlap(startTime, endTime)) return invalid("invalid-select", "times-overlap");
  return valid([startTime, endTime]);
}

// ---------------------------------------------------------------------------
// Spec section 5: min/max dates limit selectable months and years

export type NavigationOptions = {
  /** Today's calendar day (for the bounds when min or max is missing). */
  today?: CalendarDate;
  /** Years offered before today when there is no min date. */
  yearsBefore?: number;
  /** Years offered after today when there is no max date. */
  yearsAfter?: number;
};

export type NavigationBounds = { startMonth: CalendarMonth; endMonth: CalendarMonth };

/** The first and last month the calendar may show: the months of min/max, or today ± a span of years. */
export function navigationBounds(
  minDate?: CalendarDate | null,
  maxDate?: CalendarDate | null,
  options: NavigationOptions = {},
): NavigationBounds {
  const today = options.today ?? todayCalendarDate();
  const year = Number(today.slice(0, 4));
  const startMonth =
    minDate && isCalendarDate(minDate)
      ? monthOf(minDate)
      : formatCalendarMonth(Math.max(1, year - (options.yearsBefore ?? 100)), 1);
  const endMonth =
    maxDate && isCalendarDate(maxDate) ? monthOf(maxDate) : formatCalendarMonth(year + (options.yearsAfter ?? 10), 12);
  return { startMonth, endMonth };
}

/** Years offered in the year dropdown: those between min and max (both included). */
export function selectableYears(
  minDate?: CalendarDate | null,
  maxDate?: CalendarDate | null,
  options: NavigationOptions = {},
): number[] {
  const { startMonth, endMonth } = navigationBounds(minDate, maxDate, options);
  const from = Number(startMonth.slice(0, 4));
  const to = Number(endMonth.slice(0, 4));
  const years: number[] = [];
  for (let y = from; y <= to; y++) years.push(y);
  return years;
}

/** Months (1–12) offered in the month dropdown for `year`: those between min's and max's months. */
export function selectableMonths(
  minDate: CalendarDate | null | undefined,
  maxDate: CalendarDate | null | undefined,
  year: number,
  options: NavigationOptions = {},
): number[] {
  const { startMonth, endMonth } = navigationBounds(minDate, maxDate, options);
  const months: number[] = [];
  for (let m = 1; m <= 12; m++) {
    const month = formatCalendarMonth(year, m);
    if (compareMonths(month, startMonth) >= 0 && compareMonths(month, endMonth) <= 0) months.push(m);
  }
  return months;
}

/** The month brought within the bounds. */
export function clampMonth(month: CalendarMonth, bounds: NavigationBounds): CalendarMonth {
  if (compareMonths(month, bounds.startMonth) < 0) return bounds.startMonth;
  if (compareMonths(month, bounds.endMonth) > 0) return bounds.endMonth;
  return month;
}

/** The month `delta` months away, or null when that leaves the bounds (navigation stops there). */
export function shiftMonth(month: CalendarMonth, delta: number, bounds: NavigationBounds): CalendarMonth | null {
  const target = addMonths(month, delta);
  if (compareMonths(target, bounds.startMonth) < 0 || compareMonths(target, bounds.endMonth) > 0) return null;
  return target;
}

/** The month to show first: the value's first day, else today, kept within the bounds. */
export function initialMonth(
  firstSelected: CalendarDate | null | undefined,
  today: CalendarDate,
  bounds: NavigationBounds,
): CalendarMonth {
  const anchor = firstSelected && isCalendarDate(firstSelected) ? firstSelected : today;
  return clampMonth(monthOf(anchor), bounds);
}

export function isValidMonth(value: unknown): value is CalendarMonth {
  return parseCalendarMonth(value) !== null;
}

// ---------------------------------------------------------------------------
// Spec section 9: gestures

export type MonthStep = "next" | "prev";

/**
 * A swipe changes the month when it is mostly horizontal and longer than
 * `SWIPE_THRESHOLD_PX`: finger to the left → next month, to the right → previous.
 */
export function swipeDirection(dx: number, dy: number): MonthStep | null {
  if (Math.abs(dx) <= SWIPE_THRESHOLD_PX) return null;
  if (Math.abs(dx) <= Math.abs(dy)) return null;
  return dx < 0 ? "next" : "prev";
}

/** Wheel (or trackpad) movement: down/right → next month, up/left → previous; none → null. */
export function wheelDirection(deltaX: number, deltaY: number): MonthStep | null {
  const delta = Math.abs(deltaY) >= Math.abs(deltaX) ? deltaY : deltaX;
  if (delta === 0 || Number.isNaN(delta)) return null;
  return delta > 0 ? "next" : "prev";
}

/**
 * A throttle gate: calling it returns true (and starts a new window) when at least `ms`
 * milliseconds passed since the last accepted call, false otherwise.
 */
export function createThrottle(ms: number = WHEEL_THROTTLE_MS, now: () => number = () => Date.now()): () => boolean {
  let last = -Infinity;
  return () => {
    const t = now();
    if (t - last < ms) return false;
    last = t;
    return true;
  };
}

// ---------------------------------------------------------------------------
// Spec section 3: day markers

export type MarkerTooltip = { text: string; color?: string };
export type MarkerType = "dot" | "line";
export type DayMarker = {
  date: CalendarDate;
  /** Drawn under the day number; a dot by default. */
  type?: MarkerType;
  /** A CSS colour for the dot or line. */
  color?: string;
  /** Texts shown on hover/focus and read by screen readers. */
  tooltips?: readonly MarkerTooltip[];
};

/** Markers grouped by day (a day may have several); markers with a malformed date are dropped. */
export function indexMarkers(markers: readonly DayMarker[] | null | undefined): Map<CalendarDate, DayMarker[]> {
  const index = new Map<CalendarDate, DayMarker[]>();
  for (const marker of markers ?? []) {
    if (!isCalendarDate(marker.date)) continue;
    const list = index.get(marker.date);
    if (list) list.push(marker);
    else index.set(marker.date, [marker]);
  }
  return index;
}

/** The tooltip texts of a day's markers, trimmed, empty ones and repeats dropped, in order. */
export function markerTexts(markers: readonly DayMarker[] | null | undefined): string[] {
  const texts: string[] = [];
  for (const marker of markers ?? []) {
    for (const tooltip of marker.tooltips ?? []) {
      const text = tooltip.text.trim();
      if (text && !texts.includes(text)) texts.push(text);
    }
  }
  return texts;
}
