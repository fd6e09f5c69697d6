import { useState } from "react";
import { clampMonth, initialMonth, type CalendarDate, type CalendarMonth } from "~/features/booking/date-picker/rules";
import { draftKey, firstSelectedDate, type Draft } from "~/features/booking/date-picker/view";
import { draftFromProps, type DatePickerProps } from "./props";
import type { PickerBounds } from "./use-picker-rules";

/**
 * The committed value (props when controlled, else the last value this picker committed), the
 * working draft that follows it, and the month on show (always inside the bounds).
 */
export function usePickerValue(props: DatePickerProps, today: CalendarDate, bounds: PickerBounds) {
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
  return { committed, draft, setDraft, setLastCommitted, shownMonth, setMonth };
}
