/**
 * The date picker component's behaviour, kept pure so it is tested without a DOM: what a day
 * click or a time edit does to the working value (the "draft"), when a value is committed
 * (onChange), which spec event fires, when the popover closes, what the hidden form inputs
 * carry and what screen readers hear.
 */
import {
  asAutoApplyInvalid,
  fromCalendarDate,
  isCalendarDate,
  markerTexts,
  normalizeRange,
  selectRangeDay,
  toggleDate,
  validateMultiple,
  validateRange,
  validateRangeTimes,
  validateSingle,
  validateTime,
  valid,
  type CalendarDate,
  type CalendarMonth,
  type DatePickerMode,
  type DayMarker,
  type Invalid,
  type MultipleRules,
  type RangeRules,
  type RangeValue,
  type TimeRules,
  type TimeValue,
  type ValidationResult,
} from "./rules";
import { dateTimeFormat } from "~/ui/date-format";

// ---------------------------------------------------------------------------
// The working value

export type RangeTimes = [TimeValue | null, TimeValue | null];

export type Draft =
  | { mode: "single"; date: CalendarDate | null; time: TimeValue | null }
  | { mode: "range"; range: RangeValue; times: RangeTimes }
  | { mode: "multiple"; dates: CalendarDate[] };

export type PickerRules = RangeRules & MultipleRules;

export type PickerConfig = {
  rules: PickerRules;
  timeRules?: TimeRules;
  withTime?: boolean;
  autoApply?: boolean;
  /** The month on screen, for the hidden-offset-day rule. */
  displayMonth?: CalendarMonth | null;
};

/** Why the popover should close after a step. */
export type CloseReason = "selected" | "auto-applied" | "applied" | "cancelled";

export type Step = {
  /** The working value after the step. */
  draft: Draft;
  /** A value to hand to onChange, or null. */
  commit: Draft | null;
  /** A spec event to report, or null. */
  event: Invalid | null;
  /** Set when the popover should close. */
  close: CloseReason | null;
};

function step(draft: Draft, extra: Partial<Omit<Step, "draft">> = {}): Step {
  return { draft, commit: extra.commit ?? null, event: extra.event ?? null, close: extra.close ?? null };
}

export function emptyDraft(mode: DatePickerMode): Draft {
  if (mode === "single") return { mode, date: null, time: null };
  if (mode === "range") return { mode, range: { start: null, end: null }, times: [null, null] };
  return { mode, dates: [] };
}

/** Every part the user has to choose is chosen (closing the popover waits for this). */
export function isDraftFull(draft: Draft, withTime = false): boolean {
  if (draft.mode === "single") return Boolean(draft.date) && (!withTime || Boolean(draft.time));
  if (draft.mode === "range")
    return Boolean(draft.range.start && draft.range.end) && (!withTime || Boolean(draft.times[0] && draft.times[1]));
  return draft.dates.length > 0;
}

/** Enough is chosen to validate and auto-apply (a lone start counts when partial ranges are allowed). */
export function isDraftReady(draft: Draft, config: PickerConfig): boolean {
  const withTime = Boolean(config.withTime);
  if (draft.mode === "range") {
    const ends = draft.range.start && (draft.range.end || config.rules.allowPartialRange);
    return Boolean(ends) && (!withTime || Boolean(draft.times[0] && draft.times[1]));
  }
  if (draft.mode === "single") return isDraftFull(draft, withTime);
  return true;
}

/** Validates the whole working value against every rule (what "Apply" and auto-apply check). */
export function validateDraft(draft: Draft, config: PickerConfig, previous?: Draft | null): ValidationResult<Draft> {
  const context = { displayMonth: config.displayMonth ?? null };
  if (draft.mode === "single") {
    const date = validateSingle(draft.date, config.rules, context);
    if (!date.ok) return date;
    if (!config.withTime) return valid({ ...draft, date: date.value, time: null });
    const time = validateTime(draft.time, config.timeRules);
    if (!time.ok) return time;
    return valid({ mode: "single", date: date.value, time: time.value });
  }
  if (draft.mode === "range") {
    const previousRange = previous?.mode === "range" ? previous.range : null;
    const range = validateRange(draft.range, config.rules, previousRange, context);
    if (!range.ok) return range;
    if (!config.withTime) return valid({ mode: "range", range: range.value, times: [null, null] });
    const times = validateRangeTimes(range.value, draft.times, config.timeRules);
    if (!times.ok) return times;
    return valid({ mode: "range", range: range.value, times: times.value });
  }
  const dates = validateMultiple(draft.dates, config.rules, context);
  if (!dates.ok) return dates;
  return valid({ mode: "multiple", dates: dates.value });
}

/** With auto-apply: commit a ready, valid value; report `auto-apply-invalid` for a ready, invalid one. */
function autoApply(next: Draft, config: PickerConfig, previous: Draft, closeWhenFull: boolean): Step {
  if (!config.autoApply || !isDraftReady(next, config)) return step(next);
  const result = validateDraft(next, config, previous);
  if (!result.ok) return step(next, { event: asAutoApplyInvalid(result) });
  const full = isDraftFull(result.value, config.withTime);
  return step(result.value, { commit: result.value, close: closeWhenFull && full ? "auto-applied" : null });
}

/**
 * A click (or Enter/Space) on a day. Single mode without time commits and closes ("after
 * selecting a date"). A range follows `selectRangeDay`; moving a fixed end is refused with
 * `invalid-fixed-range`; a completed range that breaks a rule is refused (`invalid-select`,
 * or `auto-apply-invalid` with auto-apply) and the clicked day starts a new range.
 * Multiple mode toggles the day, refusing more than `maxDates`.
 */
export function pickDay(draft: Draft, day: CalendarDate, config: PickerConfig): Step {
  const context = { displayMonth: config.displayMonth ?? null };
  const refuse = (result: Invalid) =>
    step(draft, { event: config.autoApply && result.event === "invalid-select" ? asAutoApplyInvalid(result) : result });

  if (draft.mode === "single") {
    const date = validateSingle(day, config.rules, context);
    if (!date.ok) return step(draft, { event: date });
    const next: Draft = { ...draft, date: date.value };
    if (!config.withTime) return step(next, { commit: next, close: "selected" });
    return autoApply(next, config, draft, false);
  }

  if (draft.mode === "range") {
    const range = selectRangeDay(draft.range, day, config.rules);
    // While choosing, a lone start is fine: only the day itself and the fixed ends are checked now.
    const partial = validateRange(
      range,
      {
        ...config.rules,
        allowPartialRange: true,
        minRangeLength: undefined,
        maxRangeLength: undefined,
        noDisabledInRange: false,
      },
      draft.range,
      context,
    );
    if (!partial.ok) return step(draft, { event: partial });
    const next: Draft = { ...draft, range: partial.value };
    if (range.start && range.end) {
      const whole = validateRange(range, config.rules, draft.range, context);
      if (!whole.ok) {
        const restart =
          config.rules.fixedStart || config.rules.fixedEnd ? draft : { ...draft, range: { start: day, end: null } };
        return { ...refuse(whole), draft: restart };
      }
    }
    if (!config.autoApply) return step(next);
    return autoApply(next, config, draft, !config.withTime);
  }

  const dates = toggleDate(draft.dates, day);
  const list = validateMultiple(dates, config.rules, context);
  if (!list.ok) return refuse(list);
  const next: Draft = { mode: "multiple", dates: list.value };
  if (!config.autoApply) return step(next);
  return step(next, { commit: next });
}

/** A time input changed (index 0 = the single time or the range start, 1 = the range end). */
export function changeTime(draft: Draft, index: 0 | 1, time: TimeValue | null, config: PickerConfig): Step {
  let next: Draft;
  if (draft.mode === "single") next = { ...draft, time };
  else if (draft.mode === "range") {
    const times: RangeTimes = [...draft.times];
    times[index] = time;
    next = { ...draft, times };
  } else return step(draft);
  return autoApply(next, config, draft, false);
}

/** The "Apply" button: commit and close when valid; otherwise report the rule that failed. */
export function applyDraft(draft: Draft, config: PickerConfig, committed?: Draft | null): Step {
  const result = validateDraft(draft, config, committed);
  if (!result.ok) return step(draft, { event: result });
  return step(result.value, { commit: result.value, close: "applied" });
}

/** The "Cancel" button: back to the committed value, and close. */
export function cancelDraft(committed: Draft): Step {
  return step(committed, { close: "cancelled" });
}

/** A stable key for comparing values (resetting the draft when the controlled value changes). */
export function draftKey(draft: Draft): string {
  if (draft.mode === "single") return `s|${draft.date ?? ""}|${timeKey(draft.time)}`;
  if (draft.mode === "range")
    return `r|${draft.range.start ?? ""}|${draft.range.end ?? ""}|${timeKey(draft.times[0])}|${timeKey(draft.times[1])}`;
  return `m|${draft.dates.join(",")}`;
}

function timeKey(time: TimeValue | null): string {
  return time ? formatTime(time, true) : "";
}

/** The first chosen day (to decide which month to show first). */
export function firstSelectedDate(draft: Draft): CalendarDate | null {
  if (draft.mode === "single") return draft.date;
  if (draft.mode === "range") return normalizeRange(draft.range).start ?? draft.range.end;
  return draft.dates[0] ?? null;
}

// ---------------------------------------------------------------------------
// Popover

export type PopoverEvent =
  /** A pointer went down; `inside` = within the picker (trigger or dialog). */
  | { type: "pointer-down"; inside: boolean }
  | { type: "escape" }
  /** Focus left an element in the dialog; `to` = where it went (null: nowhere, e.g. a click on blank space). */
  | { type: "focus-out"; to: "inside" | "outside" | null }
  /** Focus arrived somewhere on the page (e.g. Tab wrapped around); `inside` = within the picker. */
  | { type: "focus-in"; inside: boolean }
  /** The page (or any scroll container) scrolled; `inside` = the scroll happened within the dialog. */
  | { type: "scroll"; inside: boolean; msSinceOpen: number }
  | { type: CloseReason };

export type PopoverOptions = { closeOnScroll?: boolean };

export type CloseDecision = { close: boolean; restoreFocus: boolean };

/**
 * Opening the popover moves focus to a day, which can scroll the page by itself: scroll events
 * this soon after opening are ignored. (Ours, not the spec's.)
 */
export const OPEN_SCROLL_GRACE_MS = 250;

const KEEP_OPEN: CloseDecision = { close: false, restoreFocus: false };

/**
 * Spec section 4: the menu closes on an outside click, Escape, Tab out, page scroll (when
 * `closeOnScroll`), after selecting a date and after auto-apply (and after Apply/Cancel).
 * `restoreFocus` says whether focus goes back to the trigger: yes when the focus would
 * otherwise be lost with the dialog; no when the user already put it somewhere else.
 */
export function closeDecision(event: PopoverEvent, options: PopoverOptions = {}): CloseDecision {
  switch (event.type) {
    case "pointer-down":
      return event.inside ? KEEP_OPEN : { close: true, restoreFocus: false };
    case "escape":
      return { close: true, restoreFocus: true };
    case "focus-out":
      return event.to === "outside" ? { close: true, restoreFocus: false } : KEEP_OPEN;
    case "focus-in":
      return event.inside ? KEEP_OPEN : { close: true, restoreFocus: false };
    case "scroll":
      if (!options.closeOnScroll || event.inside || event.msSinceOpen < OPEN_SCROLL_GRACE_MS) return KEEP_OPEN;
      return { close: true, restoreFocus: true };
    case "selected":
    case "auto-applied":
    case "applied":
    case "cancelled":
      return { close: true, restoreFocus: true };
  }
}

export function shouldCloseOn(event: PopoverEvent, options: PopoverOptions = {}): boolean {
  return closeDecision(event, options).close;
}

// ---------------------------------------------------------------------------
// Forms: hidden inputs

export type HiddenInput = { name: string; value: string };

/**
 * The hidden `<input>`s that carry the value in a native form post:
 * - single: `name` = YYYY-MM-DD ("" when none), and with time `${name}Time` = HH:MM:SS;
 * - range: `${name}Start`, `${name}End` (and `${name}StartTime`, `${name}EndTime`);
 * - multiple: one `name` per date (read them with `searchParams.getAll(name)`).
 */
export function hiddenInputs(name: string, draft: Draft, withTime = false): HiddenInput[] {
  if (draft.mode === "single") {
    const inputs = [{ name, value: draft.date ?? "" }];
    if (withTime) inputs.push({ name: `${name}Time`, value: draft.time ? formatTime(draft.time, true) : "" });
    return inputs;
  }
  if (draft.mode === "range") {
    const { start, end } = normalizeRange(draft.range);
    const inputs = [
      { name: `${name}Start`, value: start ?? "" },
      { name: `${name}End`, value: end ?? "" },
    ];
    if (withTime) {
      inputs.push({ name: `${name}StartTime`, value: draft.times[0] ? formatTime(draft.times[0], true) : "" });
      inputs.push({ name: `${name}EndTime`, value: draft.times[1] ? formatTime(draft.times[1], true) : "" });
    }
    return inputs;
  }
  return draft.dates.map((date) => ({ name, value: date }));
}

// ---------------------------------------------------------------------------
// Times as text

function two(n: number): string {
  return String(n).padStart(2, "0");
}

/** `HH:MM`, or `HH:MM:SS` with seconds (the format of `<input type="time">`). */
export function formatTime(time: TimeValue, withSeconds = false): string {
  const base = `${two(time.hours)}:${two(time.minutes)}`;
  return withSeconds ? `${base}:${two(time.seconds)}` : base;
}

/** Parses `HH:MM` or `HH:MM:SS` (an `<input type="time">` value); "" or garbage gives null. */
export function parseTime(value: string): TimeValue | null {
  const match = /^(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/.exec(value.trim());
  if (!match) return null;
  const time = { hours: Number(match[1]), minutes: Number(match[2]), seconds: Number(match[3] ?? 0) };
  return time.hours <= 23 && time.minutes <= 59 && time.seconds <= 59 ? time : null;
}

// ---------------------------------------------------------------------------
// Texts

export type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * A calendar day for people, e.g. "Mon, Jan 6, 2025". Formatted in UTC from the day's parts,
 * so the server and the browser print the same day whatever their time zones.
 */
export function formatDisplayDate(
  date: CalendarDate,
  locale = "en-US",
  options: Intl.DateTimeFormatOptions = { weekday: "short", year: "numeric", month: "short", day: "numeric" },
): string {
  if (!isCalendarDate(date)) return date;
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const at = new Date(Date.UTC(2000, m - 1, d, 12));
  at.setUTCFullYear(y);
  return dateTimeFormat(locale, { ...options, timeZone: "UTC" }).format(at);
}

/** The trigger's text for a value, or the empty string when nothing is chosen. */
export function describeValue(
  draft: Draft,
  t: Translate,
  options: { locale?: string; withTime?: boolean; withSeconds?: boolean } = {},
): string {
  const day = (date: CalendarDate) => formatDisplayDate(date, options.locale);
  const at = (date: string, time: TimeValue | null) =>
    options.withTime && time ? t("datePicker.dateAtTime", { date, time: formatTime(time, options.withSeconds) }) : date;
  if (draft.mode === "single") return draft.date ? at(day(draft.date), draft.time) : "";
  if (draft.mode === "range") {
    const { start, end } = normalizeRange(draft.range);
    if (start && end && start === end) {
      const [from, to] = draft.times;
      if (!options.withTime || !from || !to) return day(start);
      const hours = t("datePicker.rangeValue", {
        start: formatTime(from, options.withSeconds),
        end: formatTime(to, options.withSeconds),
      });
      return t("datePicker.dateAtTime", { date: day(start), time: hours });
    }
    if (start && end)
      return t("datePicker.rangeValue", { start: at(day(start), draft.times[0]), end: at(day(end), draft.times[1]) });
    if (start) return t("datePicker.rangeStartOnly", { start: at(day(start), draft.times[0]) });
    if (end) return t("datePicker.rangeEndOnly", { end: at(day(end), draft.times[1]) });
    return "";
  }
  if (draft.dates.length === 0) return "";
  if (draft.dates.length <= 3) return draft.dates.map(day).join(", ");
  return t("datePicker.datesCount", { count: draft.dates.length });
}

/** What screen readers hear for a day's markers: the tooltip texts, joined. Empty when none. */
export function markerDescription(markers: readonly DayMarker[] | null | undefined): string {
  return markerTexts(markers).join("; ");
}

/** The day button's accessible name: the long date, with "today" / "selected" / "not available". */
export function dayButtonLabel(
  dateText: string,
  flags: { today?: boolean; selected?: boolean; disabled?: boolean },
  t: Translate,
): string {
  let label = flags.today ? t("datePicker.dayToday", { date: dateText }) : dateText;
  if (flags.selected) label = t("datePicker.daySelected", { date: label });
  if (flags.disabled) label = t("datePicker.dayUnavailable", { date: label });
  return label;
}

/** The message shown (and announced) for a spec event: the event's sentence and the reason's. */
export function eventMessage(
  event: Invalid,
  t: Translate,
  options: { locale?: string; rules?: PickerRules; timeRules?: TimeRules } = {},
): string {
  const camel = (s: string) => s.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
  const rules = options.rules ?? {};
  const counts: Partial<Record<Invalid["reason"], number | undefined>> = {
    "range-too-short": rules.minRangeLength,
    "range-too-long": rules.maxRangeLength,
    "too-many-dates": rules.maxDates,
  };
  const vars: Record<string, unknown> = {
    date: event.date ? formatDisplayDate(event.date, options.locale) : "",
    min: rules.minDate ? formatDisplayDate(rules.minDate, options.locale) : "",
    max: rules.maxDate ? formatDisplayDate(rules.maxDate, options.locale) : "",
    minTime: options.timeRules?.minTime ? formatTime(options.timeRules.minTime) : "",
    maxTime: options.timeRules?.maxTime ? formatTime(options.timeRules.maxTime) : "",
  };
  const count = counts[event.reason];
  const head = t(`datePicker.events.${camel(event.event)}`, vars);
  const reason = t(`datePicker.reasons.${camel(event.reason)}`, count === undefined ? vars : { ...vars, count });
  return `${head} ${reason}`.trim();
}

// ---------------------------------------------------------------------------
// react-day-picker glue (Dates at local midnight)

export function toPickerDate(date: CalendarDate | null | undefined): Date | undefined {
  return date && isCalendarDate(date) ? fromCalendarDate(date) : undefined;
}
