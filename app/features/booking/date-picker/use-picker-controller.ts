import { useRef, useState } from "react";
import { useTranslation } from "~/platform/i18n-react";
import {
  initialMonth,
  type CalendarDate,
  type CalendarMonth,
  type Invalid,
} from "~/features/booking/date-picker/rules";
import {
  closeDecision,
  eventMessage,
  firstSelectedDate,
  type Draft,
  type PickerConfig,
  type PopoverEvent,
  type Step,
} from "~/features/booking/date-picker/view";
import { emitChange, type DatePickerProps } from "./props";
import type { PickerBounds } from "./use-picker-rules";
import type { usePickerValue } from "./use-picker-value";
import { usePopoverListeners } from "./use-popover-listeners";

type Value = ReturnType<typeof usePickerValue>;

/**
 * What the picker does: runs each step of the view logic (a day, a time, apply, cancel),
 * reports refusals (message and `onEvent`), commits values, and opens and closes the popover.
 */
export function usePickerController(
  props: DatePickerProps,
  value: Value,
  context: { config: PickerConfig; popover: boolean; today: CalendarDate; bounds: PickerBounds },
) {
  const { t, i18n } = useTranslation();
  const { committed, setDraft, setLastCommitted, setMonth } = value;
  const [open, setOpen] = useState(false);
  const [message, setMessage] = useState("");
  const refs = {
    trigger: useRef<HTMLButtonElement>(null),
    root: useRef<HTMLDivElement>(null),
    dialog: useRef<HTMLDivElement>(null),
    openedAt: useRef(0),
    triggerPressed: useRef(false),
  };

  const report = (event: Invalid) => {
    const { rules, timeRules } = context.config;
    const text = eventMessage(event, t, { locale: i18n.language || "en", rules, timeRules });
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
    if (restoreFocus) refs.trigger.current?.focus({ preventScroll: true });
  };

  const run = (result: Step) => {
    setDraft(result.draft);
    if (result.event) report(result.event);
    else setMessage("");
    if (result.commit) {
      setLastCommitted(result.commit);
      emitChange(props, result.commit);
    }
    if (result.close && context.popover && open) {
      const keep = result.commit ?? (result.close === "cancelled" ? committed : result.draft);
      close(closeDecision({ type: result.close }).restoreFocus, keep);
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
  usePopoverListeners(open, refs, popoverEventRef);

  const openPopover = () => {
    if (props.disabled) return;
    refs.openedAt.current = performance.now();
    setMonth(initialMonth(firstSelectedDate(committed), context.today, context.bounds) as CalendarMonth);
    setDraft(committed);
    setMessage("");
    setOpen(true);
  };

  return { open, message, refs, report, run, close, popoverEvent, openPopover };
}

export type PickerController = ReturnType<typeof usePickerController>;
