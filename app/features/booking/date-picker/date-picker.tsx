import type { LinksFunction } from "@remix-run/node";
import {
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type FocusEvent as ReactFocusEvent,
  type KeyboardEvent,
  type PointerEvent as ReactPointerEvent,
} from "react";
import { DayPicker, type Labels, type Matcher } from "react-day-picker";
import dayPickerStyles from "react-day-picker/style.css";
import { useTranslation } from "react-i18next";
import {
  clampMonth,
  createThrottle,
  fromCalendarDate,
  initialMonth,
  indexMarkers,
  isDateDisabled,
  monthToDate,
  dateToMonth,
  navigationBounds,
  selectableMonths,
  selectableYears,
  shiftMonth,
  swipeDirection,
  todayCalendarDate,
  toCalendarDate,
  wheelDirection,
  WHEEL_THROTTLE_MS,
  type CalendarDate,
  type CalendarMonth,
  type DatePickerEventType,
  type DayMarker,
  type DisabledDay,
  type Invalid,
  type InvalidReason,
  type MonthStep,
  type RangeValue,
  type TimeValue,
  type WeekDay,
} from "~/features/booking/date-picker/rules";
import {
  applyDraft,
  cancelDraft,
  changeTime,
  closeDecision,
  dayButtonLabel,
  describeValue,
  draftKey,
  eventMessage,
  firstSelectedDate,
  formatDisplayDate,
  formatTime,
  hiddenInputs,
  parseTime,
  pickDay,
  toPickerDate,
  type Draft,
  type PickerConfig,
  type PopoverEvent,
  type RangeTimes,
  type Step,
} from "~/features/booking/date-picker/view";
import {
  LimitedMonthsDropdown,
  LimitedYearsDropdown,
  MarkedDayButton,
  PartsContext,
  type CalendarPartsContext,
} from "./calendar-parts";
import datePickerStyles from "./date-picker.css";

/** Add to a route's `links` (`export const links: LinksFunction = () => [...datePickerLinks]`). */
export const datePickerLinks: ReturnType<LinksFunction> = [
  { rel: "stylesheet", href: dayPickerStyles },
  { rel: "stylesheet", href: datePickerStyles },
];

/** What `onEvent` receives (spec section 8), with the English message already composed. */
export type DatePickerEvent = {
  type: DatePickerEventType;
  reason: InvalidReason;
  date?: CalendarDate;
  message: string;
};

type CommonProps = {
  /** `popover` (default): a field whose button opens the calendar. `inline`: the calendar in place. */
  variant?: "popover" | "inline";
  /** Visible label. Without it, `aria-label` names the picker (and the label is kept for screen readers only). */
  label?: string;
  "aria-label"?: string;
  /** Text of the trigger button when nothing is chosen. */
  placeholder?: string;
  /** Earliest selectable day, YYYY-MM-DD (also the first month and year offered). */
  min?: CalendarDate | null;
  /** Latest selectable day, YYYY-MM-DD (also the last month and year offered). */
  max?: CalendarDate | null;
  disabledDates?: readonly CalendarDate[];
  /** Day predicates, e.g. `[{ daysOfWeek: [0, 6] }]` for weekends. */
  disabledDays?: readonly DisabledDay[];
  markers?: readonly DayMarker[];
  /** 0 = Sunday (default) … 6 = Saturday. */
  weekStartsOn?: WeekDay;
  /** Always show six weeks. */
  sixWeeks?: boolean;
  /** Hide the days of the previous/next month (they are then invalid too). */
  hideOffsetDates?: boolean;
  /** Commit each complete, valid selection at once (default true). Without it an Apply/Cancel row is shown. */
  autoApply?: boolean;
  /** Close the popover when the page scrolls. */
  closeOnScroll?: boolean;
  /** Time inputs: one in single mode, two (start, end) in range mode. */
  withTime?: boolean;
  withSeconds?: boolean;
  /** Time the inputs start from when the value has none (else they start empty). */
  defaultTime?: TimeValue | null;
  disabledTimes?: readonly Partial<TimeValue>[];
  minTime?: TimeValue | null;
  maxTime?: TimeValue | null;
  /** Month/year dropdowns in the caption, limited by min/max (default true). */
  monthYearDropdowns?: boolean;
  /** Mouse wheel over the calendar changes the month (default: on for the popover, off inline so the page scrolls). */
  wheelNavigation?: boolean;
  /** Today, YYYY-MM-DD. Pass it from the loader so the server and the browser render the same month. */
  today?: CalendarDate;
  /** Renders hidden inputs carrying the committed value (see `hiddenInputs` for the names). */
  hiddenInputName?: string;
  disabled?: boolean;
  onEvent?: (event: DatePickerEvent) => void;
  id?: string;
  className?: string;
};

export type SingleDatePickerProps = CommonProps & {
  mode?: "single";
  value?: CalendarDate | null;
  defaultValue?: CalendarDate | null;
  time?: TimeValue | null;
  onChange?: (value: CalendarDate | null, time: TimeValue | null) => void;
};

export type RangeDatePickerProps = CommonProps & {
  mode: "range";
  value?: RangeValue;
  defaultValue?: RangeValue;
  times?: RangeTimes;
  onChange?: (value: RangeValue, times: RangeTimes) => void;
  allowPartialRange?: boolean;
  noDisabledInRange?: boolean;
  fixedStart?: boolean;
  fixedEnd?: boolean;
  /** Least days from start to end (a same-day range is 0). */
  minRangeLength?: number;
  /** Most days from start to end. */
  maxRangeLength?: number;
};

export type MultipleDatePickerProps = CommonProps & {
  mode: "multiple";
  value?: CalendarDate[];
  defaultValue?: CalendarDate[];
  onChange?: (value: CalendarDate[]) => void;
  maxDates?: number;
};

export type DatePickerProps = SingleDatePickerProps | RangeDatePickerProps | MultipleDatePickerProps;

/**
 * The committed value: each part (dates, times) comes from its prop when the prop is given
 * (controlled), else from the last value this picker committed, else from the default.
 */
function draftFromProps(props: DatePickerProps, last: Draft | null): Draft {
  const defaultTime = props.withTime ? (props.defaultTime ?? null) : null;
  if (props.mode === "range") {
    const lastRange = last?.mode === "range" ? last : null;
    const range = props.value ?? lastRange?.range ?? props.defaultValue ?? { start: null, end: null };
    const times = props.times ?? lastRange?.times ?? [defaultTime, defaultTime];
    return {
      mode: "range",
      range: { start: range.start ?? null, end: range.end ?? null },
      times: [times[0] ?? null, times[1] ?? null],
    };
  }
  if (props.mode === "multiple") {
    const lastDates = last?.mode === "multiple" ? last.dates : null;
    return { mode: "multiple", dates: [...(props.value ?? lastDates ?? props.defaultValue ?? [])] };
  }
  const lastSingle = last?.mode === "single" ? last : null;
  const date = props.value !== undefined ? props.value : lastSingle ? lastSingle.date : (props.defaultValue ?? null);
  const time = props.time !== undefined ? props.time : lastSingle ? lastSingle.time : defaultTime;
  return { mode: "single", date, time };
}

function emitChange(props: DatePickerProps, value: Draft) {
  if (props.mode === "range" && value.mode === "range") props.onChange?.(value.range, value.times);
  else if (props.mode === "multiple" && value.mode === "multiple") props.onChange?.(value.dates);
  else if ((props.mode === "single" || props.mode === undefined) && value.mode === "single")
    props.onChange?.(value.date, value.time);
}

const noop = () => {};

/**
 * A date picker on react-day-picker: single date, range or multiple dates, optional times,
 * validated by app/lib/date-picker/rules. See docs in the props above and the rules module.
 */
export function DatePicker(props: DatePickerProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language || "en";
  const mode = props.mode ?? "single";
  const variant = props.variant ?? "popover";
  const autoApply = props.autoApply ?? true;
  const withTime = Boolean(props.withTime) && mode !== "multiple";
  const withSeconds = Boolean(props.withSeconds);
  const today = props.today ?? todayCalendarDate();
  const reactId = useId();
  const baseId = props.id ?? `dp${reactId.replace(/:/g, "")}`;
  const ids = {
    label: `${baseId}-label`,
    trigger: `${baseId}-trigger`,
    dialog: `${baseId}-dialog`,
    message: `${baseId}-message`,
  };

  // --- rules -------------------------------------------------------------
  const range = props.mode === "range" ? props : null;
  const maxDates = props.mode === "multiple" ? props.maxDates : undefined;
  const { min, max, disabledDates, disabledDays, hideOffsetDates, disabledTimes, minTime, maxTime } = props;
  const rules = useMemo(
    () => ({
      minDate: min ?? null,
      maxDate: max ?? null,
      disabledDates,
      disabledDays,
      hideOffsetDates,
      allowPartialRange: range?.allowPartialRange,
      noDisabledInRange: range?.noDisabledInRange,
      fixedStart: range?.fixedStart,
      fixedEnd: range?.fixedEnd,
      minRangeLength: range?.minRangeLength,
      maxRangeLength: range?.maxRangeLength,
      maxDates,
    }),
    [
      min,
      max,
      disabledDates,
      disabledDays,
      hideOffsetDates,
      range?.allowPartialRange,
      range?.noDisabledInRange,
      range?.fixedStart,
      range?.fixedEnd,
      range?.minRangeLength,
      range?.maxRangeLength,
      maxDates,
    ],
  );
  const timeRules = useMemo(() => ({ disabledTimes, minTime, maxTime }), [disabledTimes, minTime, maxTime]);
  const bounds = useMemo(() => {
    const b = navigationBounds(min, max, { today });
    return b.endMonth < b.startMonth ? { startMonth: b.startMonth, endMonth: b.startMonth } : b;
  }, [min, max, today]);

  // --- value: committed (props or internal) and the working draft ------------
  const [lastCommitted, setLastCommitted] = useState<Draft | null>(null);
  const committed = draftFromProps(props, lastCommitted);
  const committedKey = draftKey(committed);
  const [draft, setDraft] = useState<Draft>(committed);
  const [draftSource, setDraftSource] = useState(committedKey);
  const [month, setMonth] = useState<CalendarMonth>(() => initialMonth(firstSelectedDate(committed), today, bounds));
  if (draftSource !== committedKey) {
    // The value changed: the working copy follows it, and a value set from outside (not by
    // this picker) brings its month into view.
    setDraftSource(committedKey);
    setDraft(committed);
    const first = firstSelectedDate(committed);
    if (first && (!lastCommitted || draftKey(lastCommitted) !== committedKey))
      setMonth(initialMonth(first, today, bounds));
  }
  // Bounds may change (new min/max): the month shown always stays inside them.
  const shownMonth = clampMonth(month, bounds);

  const [open, setOpen] = useState(false);
  const [message, setMessage] = useState("");
  const showCalendar = variant === "inline" || open;

  const config: PickerConfig = { rules, timeRules, withTime, autoApply, displayMonth: shownMonth };

  const triggerRef = useRef<HTMLButtonElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const dialogRef = useRef<HTMLDivElement>(null);
  const openedAt = useRef(0);
  const triggerPressed = useRef(false);

  const report = (event: Invalid) => {
    const text = eventMessage(event, t, { locale, rules, timeRules });
    setMessage(text);
    props.onEvent?.({
      type: event.event,
      reason: event.reason,
      ...(event.date ? { date: event.date } : {}),
      message: text,
    });
  };

  const close = (restoreFocus: boolean, keep?: Draft) => {
    setOpen(false);
    setMessage("");
    setDraft(keep ?? committed);
    if (restoreFocus) triggerRef.current?.focus({ preventScroll: true });
  };

  const run = (result: Step) => {
    setDraft(result.draft);
    if (result.event) report(result.event);
    else setMessage("");
    if (result.commit) {
      setLastCommitted(result.commit);
      emitChange(props, result.commit);
    }
    if (result.close && variant === "popover" && open) {
      close(
        closeDecision({ type: result.close }).restoreFocus,
        result.commit ?? (result.close === "cancelled" ? committed : result.draft),
      );
    }
  };

  const popoverEvent = (event: PopoverEvent) => {
    if (!open) return;
    const decision = closeDecision(event, { closeOnScroll: props.closeOnScroll });
    if (decision.close) close(decision.restoreFocus);
  };
  // Document listeners see the latest state through this ref.
  const popoverEventRef = useRef(popoverEvent);
  popoverEventRef.current = popoverEvent;

  const openPopover = () => {
    if (props.disabled) return;
    openedAt.current = performance.now();
    setMonth(initialMonth(firstSelectedDate(committed), today, bounds));
    setDraft(committed);
    setMessage("");
    setOpen(true);
  };

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      const inside = event.target instanceof Node && Boolean(rootRef.current?.contains(event.target));
      popoverEventRef.current({ type: "pointer-down", inside });
    };
    const onScroll = (event: Event) => {
      const inside = event.target instanceof Node && Boolean(dialogRef.current?.contains(event.target));
      popoverEventRef.current({ type: "scroll", inside, msSinceOpen: performance.now() - openedAt.current });
    };
    const onFocusIn = (event: FocusEvent) => {
      const inside = event.target instanceof Node && Boolean(rootRef.current?.contains(event.target));
      popoverEventRef.current({ type: "focus-in", inside });
    };
    document.addEventListener("pointerdown", onPointerDown, true);
    document.addEventListener("scroll", onScroll, true);
    document.addEventListener("focusin", onFocusIn);
    // Nothing focusable got focus (e.g. today is disabled and nothing is chosen): focus the dialog itself.
    const frame = requestAnimationFrame(() => {
      if (dialogRef.current && !dialogRef.current.contains(document.activeElement))
        dialogRef.current.focus({ preventScroll: true });
    });
    return () => {
      document.removeEventListener("pointerdown", onPointerDown, true);
      document.removeEventListener("scroll", onScroll, true);
      document.removeEventListener("focusin", onFocusIn);
      cancelAnimationFrame(frame);
    };
  }, [open]);

  // --- month navigation: buttons, dropdowns, keyboard (react-day-picker), swipe, wheel --------
  const goMonth = useCallback(
    (direction: MonthStep) => {
      setMonth(
        (current) =>
          shiftMonth(clampMonth(current, bounds), direction === "next" ? 1 : -1, bounds) ?? clampMonth(current, bounds),
      );
    },
    [bounds],
  );

  const [calendarEl, setCalendarEl] = useState<HTMLDivElement | null>(null);
  const wheelNavigation = (props.wheelNavigation ?? variant === "popover") && !props.disabled;
  useEffect(() => {
    if (!calendarEl || !wheelNavigation) return;
    const gate = createThrottle(WHEEL_THROTTLE_MS);
    const onWheel = (event: WheelEvent) => {
      if (event.ctrlKey) return; // pinch-zoom gestures
      const direction = wheelDirection(event.deltaX, event.deltaY);
      if (!direction) return;
      event.preventDefault();
      if (gate()) goMonth(direction);
    };
    calendarEl.addEventListener("wheel", onWheel, { passive: false });
    return () => calendarEl.removeEventListener("wheel", onWheel);
  }, [calendarEl, wheelNavigation, goMonth]);

  const swipe = useRef<{ x: number; y: number } | null>(null);
  const swallowClick = useRef(false);
  const onPointerDown = (event: ReactPointerEvent) => {
    if (event.pointerType === "mouse" && event.button !== 0) return;
    if (event.target instanceof HTMLSelectElement) return;
    swipe.current = { x: event.clientX, y: event.clientY };
  };
  const onPointerUp = (event: ReactPointerEvent) => {
    const start = swipe.current;
    swipe.current = null;
    if (!start || props.disabled) return;
    const direction = swipeDirection(event.clientX - start.x, event.clientY - start.y);
    if (!direction) return;
    goMonth(direction);
    // The click that may follow the swipe must not select a day.
    swallowClick.current = true;
    setTimeout(() => (swallowClick.current = false), 0);
  };

  // --- the parts react-day-picker renders ----------------------------------------------
  const markerIndex = useMemo(() => indexMarkers(props.markers), [props.markers]);
  const displayYear = Number(shownMonth.slice(0, 4));
  const monthsOffered = useMemo(
    () => selectableMonths(min, max, displayYear, { today }),
    [min, max, displayYear, today],
  );
  const yearsOffered = useMemo(() => selectableYears(min, max, { today }), [min, max, today]);
  const onUnavailableDayRef = useRef<(date: CalendarDate) => void>(noop);
  onUnavailableDayRef.current = (date) => {
    const step = pickDay(draft, date, config);
    if (step.event) report(step.event);
  };
  const parts = useMemo<CalendarPartsContext>(
    () => ({
      idPrefix: baseId,
      markers: markerIndex,
      months: monthsOffered,
      years: yearsOffered,
      onUnavailableDay: (date) => onUnavailableDayRef.current(date),
    }),
    [baseId, markerIndex, monthsOffered, yearsOffered],
  );
  const components = useMemo(
    () => ({ DayButton: MarkedDayButton, MonthsDropdown: LimitedMonthsDropdown, YearsDropdown: LimitedYearsDropdown }),
    [],
  );
  const labels = useMemo<Partial<Labels>>(
    () => ({
      labelNav: () => t("datePicker.nav"),
      labelNext: () => t("datePicker.nextMonth"),
      labelPrevious: () => t("datePicker.previousMonth"),
      labelMonthDropdown: () => t("datePicker.monthDropdown"),
      labelYearDropdown: () => t("datePicker.yearDropdown"),
      labelDayButton: (date, modifiers) =>
        dayButtonLabel(
          formatDisplayDate(toCalendarDate(date), locale, {
            weekday: "long",
            year: "numeric",
            month: "long",
            day: "numeric",
          }),
          { today: modifiers.today, selected: modifiers.selected, disabled: modifiers.disabled },
          t,
        ),
    }),
    [t, locale],
  );
  const disabledMatcher = useMemo<Matcher>(
    () => (props.disabled ? true : (date: Date) => isDateDisabled(toCalendarDate(date), rules)),
    [props.disabled, rules],
  );
  const modifiers = useMemo(() => ({ marked: (date: Date) => markerIndex.has(toCalendarDate(date)) }), [markerIndex]);

  const onDayClick = (date: Date) => run(pickDay(draft, toCalendarDate(date), config));

  const selection =
    draft.mode === "single"
      ? ({ mode: "single", selected: toPickerDate(draft.date), onSelect: noop } as const)
      : draft.mode === "range"
        ? ({
            mode: "range",
            selected:
              draft.range.start || draft.range.end
                ? { from: toPickerDate(draft.range.start), to: toPickerDate(draft.range.end) }
                : undefined,
            onSelect: noop,
          } as const)
        : ({ mode: "multiple", selected: draft.dates.map((d) => fromCalendarDate(d)), onSelect: noop } as const);

  const labelText =
    props.label ??
    props["aria-label"] ??
    t(
      mode === "range"
        ? "datePicker.labelRange"
        : mode === "multiple"
          ? "datePicker.labelMultiple"
          : "datePicker.label",
    );
  const labelVisible = props.label !== undefined || props["aria-label"] === undefined;

  const calendar = (
    <div
      ref={setCalendarEl}
      className="dp-calendar"
      onPointerDown={onPointerDown}
      onPointerUp={onPointerUp}
      onPointerCancel={() => (swipe.current = null)}
      onClickCapture={(event) => {
        if (!swallowClick.current) return;
        swallowClick.current = false;
        event.preventDefault();
        event.stopPropagation();
      }}
    >
      <PartsContext.Provider value={parts}>
        <DayPicker
          {...selection}
          aria-labelledby={ids.label}
          month={monthToDate(shownMonth)}
          onMonthChange={(date) => setMonth(dateToMonth(date))}
          startMonth={monthToDate(bounds.startMonth)}
          endMonth={monthToDate(bounds.endMonth)}
          captionLayout={props.monthYearDropdowns === false ? "label" : "dropdown"}
          navLayout="after"
          today={fromCalendarDate(today)}
          weekStartsOn={props.weekStartsOn ?? 0}
          fixedWeeks={Boolean(props.sixWeeks)}
          showOutsideDays={!props.hideOffsetDates}
          disabled={disabledMatcher}
          modifiers={modifiers}
          modifiersClassNames={{ marked: "dp-marked" }}
          onDayClick={onDayClick}
          autoFocus={variant === "popover" && open}
          components={components}
          labels={labels}
        />
      </PartsContext.Provider>
    </div>
  );

  const times: (TimeValue | null)[] =
    draft.mode === "single" ? [draft.time] : draft.mode === "range" ? draft.times : [];
  const timeLabels =
    draft.mode === "range" ? [t("datePicker.startTime"), t("datePicker.endTime")] : [t("datePicker.time")];
  const timeInputs = withTime ? (
    <div className="mt-3 flex flex-wrap gap-3">
      {timeLabels.map((text, index) => (
        <label key={index} className="text-sm font-medium text-slate-800">
          {text}
          <input
            type="time"
            step={withSeconds ? 1 : 60}
            min={minTime ? formatTime(minTime, withSeconds) : undefined}
            max={maxTime ? formatTime(maxTime, withSeconds) : undefined}
            value={times[index] ? formatTime(times[index]!, withSeconds) : ""}
            onChange={(event) => run(changeTime(draft, index === 0 ? 0 : 1, parseTime(event.target.value), config))}
            disabled={props.disabled}
            aria-describedby={message ? ids.message : undefined}
            className="mt-1 block rounded-md border border-slate-300 px-2 py-1 text-base"
          />
        </label>
      ))}
    </div>
  ) : null;

  const actions = !autoApply ? (
    <div className="mt-3 flex justify-end gap-2">
      <button
        type="button"
        className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50"
        onClick={() => run(cancelDraft(committed))}
      >
        {t("datePicker.cancel")}
      </button>
      <button
        type="button"
        className="rounded-md bg-brand px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand/90"
        onClick={() => run(applyDraft(draft, config, committed))}
      >
        {t("datePicker.apply")}
      </button>
    </div>
  ) : null;

  const status = (
    <p id={ids.message} role="status" aria-live="polite" className={message ? "mt-2 text-sm text-red-700" : "sr-only"}>
      {message}
    </p>
  );

  const panel = (
    <>
      {calendar}
      {timeInputs}
      {actions}
      {status}
    </>
  );

  const valueText = describeValue(committed, t, { locale, withTime, withSeconds });
  const placeholder =
    props.placeholder ??
    t(
      mode === "range"
        ? "datePicker.placeholderRange"
        : mode === "multiple"
          ? "datePicker.placeholderMultiple"
          : "datePicker.placeholder",
    );

  const onDialogKeyDown = (event: KeyboardEvent) => {
    if (event.key !== "Escape") return;
    event.stopPropagation();
    popoverEvent({ type: "escape" });
  };
  const onDialogBlur = (event: ReactFocusEvent) => {
    const to = event.relatedTarget;
    // A press on the trigger moves focus there first; its click then closes the popover.
    if (to && to === triggerRef.current && triggerPressed.current) return;
    popoverEvent({
      type: "focus-out",
      to: to === null ? null : dialogRef.current?.contains(to) ? "inside" : "outside",
    });
  };

  return (
    <div
      ref={rootRef}
      className={`dp-root ${variant === "popover" ? "relative inline-block" : ""} ${props.className ?? ""}`.trim()}
    >
      <span id={ids.label} className={labelVisible ? "mb-1 block text-sm font-medium text-slate-800" : "sr-only"}>
        {labelText}
      </span>
      {variant === "popover" ? (
        <>
          <button
            ref={triggerRef}
            id={ids.trigger}
            type="button"
            aria-haspopup="dialog"
            aria-expanded={open}
            aria-controls={open ? ids.dialog : undefined}
            aria-labelledby={`${ids.label} ${ids.trigger}`}
            disabled={props.disabled}
            onPointerDown={() => (triggerPressed.current = true)}
            onPointerLeave={() => (triggerPressed.current = false)}
            onPointerCancel={() => (triggerPressed.current = false)}
            onClick={() => {
              triggerPressed.current = false;
              if (open) close(false);
              else openPopover();
            }}
            className="flex min-w-[14rem] items-center justify-between gap-3 rounded-md border border-slate-300 bg-white px-3 py-2 text-left text-base shadow-sm hover:border-slate-400 disabled:cursor-not-allowed disabled:opacity-60"
          >
            <span className={valueText ? "text-slate-900" : "text-slate-500"}>{valueText || placeholder}</span>
            <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5 shrink-0 text-slate-500" fill="currentColor">
              <path d="M6 2a1 1 0 0 1 1 1v1h6V3a1 1 0 1 1 2 0v1h1a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2h1V3a1 1 0 0 1 1-1Zm10 7H4v7h12V9Z" />
            </svg>
          </button>
          {open ? (
            <div
              ref={dialogRef}
              id={ids.dialog}
              role="dialog"
              aria-modal="false"
              aria-labelledby={ids.label}
              tabIndex={-1}
              onKeyDown={onDialogKeyDown}
              onBlur={onDialogBlur}
              className="dp-popover absolute left-0 top-full z-50 mt-2 max-w-[calc(100vw-2rem)] rounded-xl border border-slate-200 bg-white p-3 shadow-lg focus:outline-none"
            >
              {panel}
            </div>
          ) : null}
        </>
      ) : (
        <div role="group" aria-labelledby={ids.label} className="dp-inline">
          {showCalendar ? panel : null}
        </div>
      )}
      {props.hiddenInputName
        ? hiddenInputs(props.hiddenInputName, committed, withTime).map((input, index) => (
            <input key={`${input.name}-${index}`} type="hidden" name={input.name} value={input.value} />
          ))
        : null}
    </div>
  );
}
