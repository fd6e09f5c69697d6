import { useCallback, useEffect, useRef, useState, type MouseEvent, type PointerEvent } from "react";
import {
  clampMonth,
  createThrottle,
  shiftMonth,
  swipeDirection,
  wheelDirection,
  WHEEL_THROTTLE_MS,
  type CalendarMonth,
  type MonthStep,
} from "~/features/booking/date-picker/rules";
import type { PickerBounds } from "./use-picker-rules";

/**
 * Month navigation besides react-day-picker's own buttons and keys: the mouse wheel (throttled)
 * and a swipe, whose trailing click must not pick a day. Returns the calendar element's ref
 * setter and its handlers.
 */
export function useMonthGestures(options: {
  bounds: PickerBounds;
  setMonth: (update: (current: CalendarMonth) => CalendarMonth) => void;
  wheel: boolean;
  disabled: boolean;
}) {
  const { bounds, setMonth, wheel, disabled } = options;
  const goMonth = useCallback(
    (direction: MonthStep) => {
      setMonth(
        (current) =>
          shiftMonth(clampMonth(current, bounds), direction === "next" ? 1 : -1, bounds) ?? clampMonth(current, bounds),
      );
    },
    [bounds, setMonth],
  );

  const [calendarEl, setCalendarEl] = useState<HTMLDivElement | null>(null);
  useEffect(() => {
    if (!calendarEl || !wheel) return;
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
  }, [calendarEl, wheel, goMonth]);

  const swipe = useRef<{ x: number; y: number } | null>(null);
  const swallowClick = useRef(false);
  const handlers = {
    onPointerDown(event: PointerEvent) {
      if (event.pointerType === "mouse" && event.button !== 0) return;
      if (event.target instanceof HTMLSelectElement) return;
      swipe.current = { x: event.clientX, y: event.clientY };
    },
    onPointerUp(event: PointerEvent) {
      const start = swipe.current;
      swipe.current = null;
      if (!start || disabled) return;
      const direction = swipeDirection(event.clientX - start.x, event.clientY - start.y);
      if (!direction) return;
      goMonth(direction);
      // The click that may follow the swipe must not select a day.
      swallowClick.current = true;
      setTimeout(() => (swallowClick.current = false), 0);
    },
    onPointerCancel() {
      swipe.current = null;
    },
    onClickCapture(event: MouseEvent) {
      if (!swallowClick.current) return;
      swallowClick.current = false;
      event.preventDefault();
      event.stopPropagation();
    },
  };
  return { setCalendarEl, handlers };
}
