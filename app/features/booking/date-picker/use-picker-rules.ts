import { useMemo } from "react";
import { navigationBounds, type CalendarDate } from "~/features/booking/date-picker/rules";
import type { DatePickerProps } from "./props";

/** The date and time rules of the props, and the months one may navigate between (memoised). */
export function usePickerRules(props: DatePickerProps, today: CalendarDate) {
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
  return { rules, timeRules, bounds };
}

export type PickerBounds = ReturnType<typeof usePickerRules>["bounds"];
