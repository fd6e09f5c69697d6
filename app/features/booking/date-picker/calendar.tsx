import { useMemo, useRef } from "react";
import { DayPicker, type Labels, type Matcher } from "react-day-picker";
import { useTranslation } from "~/platform/i18n-react";
import {
  dateToMonth,
  fromCalendarDate,
  indexMarkers,
  isDateDisabled,
  monthToDate,
  selectableMonths,
  selectableYears,
  toCalendarDate,
  type CalendarDate,
  type CalendarMonth,
  type DayMarker,
  type WeekDay,
} from "~/features/booking/date-picker/rules";
import {
  dayButtonLabel,
  formatDisplayDate,
  toPickerDate,
  type Draft,
  type PickerConfig,
} from "~/features/booking/date-picker/view";
import {
  LimitedMonthsDropdown,
  LimitedYearsDropdown,
  MarkedDayButton,
  PartsContext,
  type CalendarPartsContext,
} from "./calendar-parts";
import type { PickerBounds } from "./use-picker-rules";
import { useMonthGestures } from "./use-month-gestures";

const noop = () => {};
const COMPONENTS = {
  DayButton: MarkedDayButton,
  MonthsDropdown: LimitedMonthsDropdown,
  YearsDropdown: LimitedYearsDropdown,
};

export type CalendarProps = {
  idPrefix: string;
  labelId: string;
  draft: Draft;
  rules: PickerConfig["rules"];
  bounds: PickerBounds;
  month: CalendarMonth;
  setMonth: (update: CalendarMonth | ((current: CalendarMonth) => CalendarMonth)) => void;
  today: CalendarDate;
  min?: CalendarDate | null;
  max?: CalendarDate | null;
  markers?: readonly DayMarker[];
  weekStartsOn?: WeekDay;
  sixWeeks?: boolean;
  hideOffsetDates?: boolean;
  monthYearDropdowns?: boolean;
  wheel: boolean;
  disabled: boolean;
  autoFocus: boolean;
  onDay: (date: CalendarDate) => void;
  /** A day that cannot be chosen was pressed (its reason is reported). */
  onUnavailableDay: (date: CalendarDate) => void;
};

/** react-day-picker with our day buttons, dropdowns, labels, rules and gestures. */
export function Calendar(props: CalendarProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language || "en";
  const { min, max, today, rules, draft, disabled } = props;
  const { setCalendarEl, handlers } = useMonthGestures({
    bounds: props.bounds,
    setMonth: props.setMonth,
    wheel: props.wheel,
    disabled,
  });
  const markerIndex = useMemo(() => indexMarkers(props.markers), [props.markers]);
  const displayYear = Number(props.month.slice(0, 4));
  const months = useMemo(() => selectableMonths(min, max, displayYear, { today }), [min, max, displayYear, today]);
  const years = useMemo(() => selectableYears(min, max, { today }), [min, max, today]);
  const unavailable = useRef(props.onUnavailableDay);
  unavailable.current = props.onUnavailableDay;
  const parts = useMemo<CalendarPartsContext>(
    () => ({
      idPrefix: props.idPrefix,
      markers: markerIndex,
      months,
      years,
      onUnavailableDay: (date) => unavailable.current(date),
    }),
    [props.idPrefix, markerIndex, months, years],
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
    () => (disabled ? true : (date: Date) => isDateDisabled(toCalendarDate(date), rules)),
    [disabled, rules],
  );
  const modifiers = useMemo(() => ({ marked: (date: Date) => markerIndex.has(toCalendarDate(date)) }), [markerIndex]);

  return (
    <div ref={setCalendarEl} className="dp-calendar" {...handlers}>
      <PartsContext.Provider value={parts}>
        <DayPicker
          {...selectionOf(draft)}
          aria-labelledby={props.labelId}
          month={monthToDate(props.month)}
          onMonthChange={(date) => props.setMonth(dateToMonth(date))}
          startMonth={monthToDate(props.bounds.startMonth)}
          endMonth={monthToDate(props.bounds.endMonth)}
          captionLayout={props.monthYearDropdowns === false ? "label" : "dropdown"}
          navLayout="after"
          today={fromCalendarDate(today)}
          weekStartsOn={props.weekStartsOn ?? 0}
          fixedWeeks={Boolean(props.sixWeeks)}
          showOutsideDays={!props.hideOffsetDates}
          disabled={disabledMatcher}
          modifiers={modifiers}
          modifiersClassNames={{ marked: "dp-marked" }}
          onDayClick={(date: Date) => props.onDay(toCalendarDate(date))}
          autoFocus={props.autoFocus}
          components={COMPONENTS}
          labels={labels}
        />
      </PartsContext.Provider>
    </div>
  );
}

/** What react-day-picker shows as selected: the draft (clicks are handled by `onDay`). */
function selectionOf(draft: Draft) {
  if (draft.mode === "single") return { mode: "single", selected: toPickerDate(draft.date), onSelect: noop } as const;
  if (draft.mode === "range") {
    const { start, end } = draft.range;
    return {
      mode: "range",
      selected: start || end ? { from: toPickerDate(start), to: toPickerDate(end) } : undefined,
      onSelect: noop,
    } as const;
  }
  return { mode: "multiple", selected: draft.dates.map((d) => fromCalendarDate(d)), onSelect: noop } as const;
}
