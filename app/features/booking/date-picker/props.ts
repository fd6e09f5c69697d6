import type {
  CalendarDate,
  DateRules,
  DatePickerEventType,
  DayMarker,
  DisabledDay,
  InvalidReason,
  RangeRules,
  RangeValue,
  TimeValue,
  WeekDay,
} from "~/features/booking/date-picker/rules";
import type { Draft, RangeTimes } from "~/features/booking/date-picker/view";

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
  /**
   * Today, YYYY-MM-DD, from the loader (in the zone the dates belong to), so the server and the
   * browser render the same month and mark the same day whatever the visitor's clock says.
   */
  today: CalendarDate;
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

/** The range's own rules (partial ranges, fixed ends, lengths) are props as they are. */
export type RangeDatePickerProps = CommonProps &
  Omit<RangeRules, keyof DateRules> & {
    mode: "range";
    value?: RangeValue;
    defaultValue?: RangeValue;
    times?: RangeTimes;
    onChange?: (value: RangeValue, times: RangeTimes) => void;
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
export function draftFromProps(props: DatePickerProps, last: Draft | null): Draft {
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

export function emitChange(props: DatePickerProps, value: Draft) {
  if (props.mode === "range" && value.mode === "range") props.onChange?.(value.range, value.times);
  else if (props.mode === "multiple" && value.mode === "multiple") props.onChange?.(value.dates);
  else if ((props.mode === "single" || props.mode === undefined) && value.mode === "single")
    props.onChange?.(value.date, value.time);
}
