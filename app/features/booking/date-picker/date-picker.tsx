import { useId, type FocusEvent as ReactFocusEvent, type KeyboardEvent, type ReactNode } from "react";
import { useTranslation } from "~/platform/i18n-react";
import {
  applyDraft,
  cancelDraft,
  changeTime,
  describeValue,
  hiddenInputs,
  pickDay,
  type PickerConfig,
} from "~/features/booking/date-picker/view";
import { Calendar } from "./calendar";
import { ApplyCancel, StatusMessage, TimeInputs } from "./panel-parts";
import type { DatePickerProps } from "./props";
import { usePickerController, type PickerController } from "./use-picker-controller";
import { usePickerRules } from "./use-picker-rules";
import { usePickerValue } from "./use-picker-value";

export type {
  DatePickerEvent,
  DatePickerProps,
  MultipleDatePickerProps,
  RangeDatePickerProps,
  SingleDatePickerProps,
} from "./props";

const LABEL_KEYS = { single: "datePicker.label", range: "datePicker.labelRange", multiple: "datePicker.labelMultiple" };
const PLACEHOLDER_KEYS = {
  single: "datePicker.placeholder",
  range: "datePicker.placeholderRange",
  multiple: "datePicker.placeholderMultiple",
};

/**
 * A date picker on react-day-picker: single date, range or multiple dates, optional times,
 * validated by ./rules (the view logic is ./view). See the props in ./props.
 */
export function DatePicker(props: DatePickerProps) {
  const { t, i18n } = useTranslation();
  const mode = props.mode ?? "single";
  const popover = (props.variant ?? "popover") === "popover";
  const autoApply = props.autoApply ?? true;
  const withTime = Boolean(props.withTime) && mode !== "multiple";
  const withSeconds = Boolean(props.withSeconds);
  const today = props.today;
  const ids = usePickerIds(props.id);
  const { rules, timeRules, bounds } = usePickerRules(props, today);
  const value = usePickerValue(props, today, bounds);
  const { committed, shownMonth } = value;
  const config: PickerConfig = { rules, timeRules, withTime, autoApply, displayMonth: shownMonth };
  const picker = usePickerController(props, value, { config, popover, today, bounds });
  const { open } = picker;

  const panel = (
    <PickerPanel
      props={props}
      picker={picker}
      value={value}
      config={config}
      context={{ ids, bounds, today, popover, withSeconds }}
    />
  );

  const valueText = describeValue(committed, t, { locale: i18n.language || "en", withTime, withSeconds });
  const labelVisible = props.label !== undefined || props["aria-label"] === undefined;
  return (
    <div
      ref={picker.refs.root}
      className={`dp-root ${popover ? "relative inline-block" : ""} ${props.className ?? ""}`.trim()}
    >
      <span id={ids.label} className={labelVisible ? "mb-1 block text-sm font-medium text-slate-800" : "sr-only"}>
        {props.label ?? props["aria-label"] ?? t(LABEL_KEYS[mode])}
      </span>
      {popover ? (
        <>
          <PickerTrigger picker={picker} ids={ids} disabled={props.disabled}>
            <span className={valueText ? "text-slate-900" : "text-slate-500"}>
              {valueText || (props.placeholder ?? t(PLACEHOLDER_KEYS[mode]))}
            </span>
          </PickerTrigger>
          {open ? (
            <PopoverDialog picker={picker} ids={ids}>
              {panel}
            </PopoverDialog>
          ) : null}
        </>
      ) : (
        <div role="group" aria-labelledby={ids.label} className="dp-inline">
          {panel}
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

type PickerIds = ReturnType<typeof usePickerIds>;

function usePickerIds(id: string | undefined) {
  const reactId = useId();
  const base = id ?? `dp${reactId.replace(/:/g, "")}`;
  return {
    base,
    label: `${base}-label`,
    trigger: `${base}-trigger`,
    dialog: `${base}-dialog`,
    message: `${base}-message`,
  };
}

/** The field's button: shows the value and opens or closes the calendar. */
function PickerTrigger(props: { picker: PickerController; ids: PickerIds; disabled?: boolean; children: ReactNode }) {
  const { picker, ids } = props;
  const pressed = picker.refs.triggerPressed;
  return (
    <button
      ref={picker.refs.trigger}
      id={ids.trigger}
      type="button"
      aria-haspopup="dialog"
      aria-expanded={picker.open}
      aria-controls={picker.open ? ids.dialog : undefined}
      aria-labelledby={`${ids.label} ${ids.trigger}`}
      disabled={props.disabled}
      onPointerDown={() => (pressed.current = true)}
      onPointerLeave={() => (pressed.current = false)}
      onPointerCancel={() => (pressed.current = false)}
      onClick={() => {
        pressed.current = false;
        if (picker.open) picker.close(false);
        else picker.openPopover();
      }}
      className="flex min-w-[14rem] items-center justify-between gap-3 rounded-md border border-slate-300 bg-white px-3 py-2 text-left text-base shadow-sm hover:border-slate-400 disabled:cursor-not-allowed disabled:opacity-60"
    >
      {props.children}
      <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5 shrink-0 text-slate-500" fill="currentColor">
        <path d="M6 2a1 1 0 0 1 1 1v1h6V3a1 1 0 1 1 2 0v1h1a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2h1V3a1 1 0 0 1 1-1Zm10 7H4v7h12V9Z" />
      </svg>
    </button>
  );
}

/** The popover around the calendar: Escape and focus leaving it close it. */
function PopoverDialog({ picker, ids, children }: { picker: PickerController; ids: PickerIds; children: ReactNode }) {
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== "Escape") return;
    event.stopPropagation();
    picker.popoverEvent({ type: "escape" });
  };
  const onBlur = (event: ReactFocusEvent) => {
    const to = event.relatedTarget;
    // A press on the trigger moves focus there first; its click then closes the popover.
    if (to && to === picker.refs.trigger.current && picker.refs.triggerPressed.current) return;
    picker.popoverEvent({
      type: "focus-out",
      to: to === null ? null : picker.refs.dialog.current?.contains(to) ? "inside" : "outside",
    });
  };
  return (
    <div
      ref={picker.refs.dialog}
      id={ids.dialog}
      role="dialog"
      aria-modal="false"
      aria-labelledby={ids.label}
      tabIndex={-1}
      onKeyDown={onKeyDown}
      onBlur={onBlur}
      className="dp-popover absolute left-0 top-full z-50 mt-2 max-w-[calc(100vw-2rem)] rounded-xl border border-slate-200 bg-white p-3 shadow-lg focus:outline-none"
    >
      {children}
    </div>
  );
}

/** The calendar, the time inputs, Apply/Cancel and the status line. */
function PickerPanel({
  props,
  picker,
  value,
  config,
  context,
}: {
  props: DatePickerProps;
  picker: PickerController;
  value: ReturnType<typeof usePickerValue>;
  config: PickerConfig;
  context: {
    ids: PickerIds;
    bounds: ReturnType<typeof usePickerRules>["bounds"];
    today: string;
    popover: boolean;
    withSeconds: boolean;
  };
}) {
  const { ids, bounds, today, popover, withSeconds } = context;
  const { committed, draft, shownMonth } = value;
  const { rules } = config;
  const { open, message, run } = picker;
  return (
    <>
      <Calendar
        idPrefix={ids.base}
        labelId={ids.label}
        draft={draft}
        rules={rules}
        bounds={bounds}
        month={shownMonth}
        setMonth={value.setMonth}
        today={today}
        min={props.min}
        max={props.max}
        markers={props.markers}
        weekStartsOn={props.weekStartsOn}
        sixWeeks={props.sixWeeks}
        hideOffsetDates={props.hideOffsetDates}
        monthYearDropdowns={props.monthYearDropdowns}
        wheel={(props.wheelNavigation ?? popover) && !props.disabled}
        disabled={Boolean(props.disabled)}
        autoFocus={popover && open}
        onDay={(date) => run(pickDay(draft, date, config))}
        onUnavailableDay={(date) => {
          const step = pickDay(draft, date, config);
          if (step.event) picker.report(step.event);
        }}
      />
      {config.withTime ? (
        <TimeInputs
          draft={draft}
          withSeconds={withSeconds}
          minTime={props.minTime}
          maxTime={props.maxTime}
          disabled={props.disabled}
          describedBy={message ? ids.message : undefined}
          onTime={(index, time) => run(changeTime(draft, index, time, config))}
        />
      ) : null}
      {config.autoApply ? null : (
        <ApplyCancel
          onCancel={() => run(cancelDraft(committed))}
          onApply={() => run(applyDraft(draft, config, committed))}
        />
      )}
      <StatusMessage id={ids.message} message={message} />
    </>
  );
}
