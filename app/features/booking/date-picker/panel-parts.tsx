import { useTranslation } from "~/platform/i18n-react";
import type { TimeValue } from "~/features/booking/date-picker/rules";
import { formatTime, parseTime, type Draft } from "~/features/booking/date-picker/view";

/** One time input (single mode) or two, start and end (range mode). */
export function TimeInputs(props: {
  draft: Draft;
  withSeconds: boolean;
  minTime?: TimeValue | null;
  maxTime?: TimeValue | null;
  disabled?: boolean;
  describedBy?: string;
  onTime: (index: 0 | 1, time: TimeValue | null) => void;
}) {
  const { t } = useTranslation();
  const { draft, withSeconds, minTime, maxTime } = props;
  const times: (TimeValue | null)[] =
    draft.mode === "single" ? [draft.time] : draft.mode === "range" ? draft.times : [];
  const labels = draft.mode === "range" ? [t("datePicker.startTime"), t("datePicker.endTime")] : [t("datePicker.time")];
  return (
    <div className="mt-3 flex flex-wrap gap-3">
      {labels.map((text, index) => (
        <label key={index} className="text-sm font-medium text-slate-800">
          {text}
          <input
            type="time"
            step={withSeconds ? 1 : 60}
            min={minTime ? formatTime(minTime, withSeconds) : undefined}
            max={maxTime ? formatTime(maxTime, withSeconds) : undefined}
            value={times[index] ? formatTime(times[index]!, withSeconds) : ""}
            onChange={(event) => props.onTime(index === 0 ? 0 : 1, parseTime(event.target.value))}
            disabled={props.disabled}
            aria-describedby={props.describedBy}
            className="mt-1 block rounded-md border border-slate-300 px-2 py-1 text-base"
          />
        </label>
      ))}
    </div>
  );
}

/** Cancel and Apply, when choices are not applied at once. */
export function ApplyCancel({ onCancel, onApply }: { onCancel: () => void; onApply: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="mt-3 flex justify-end gap-2">
      <button
        type="button"
        className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50"
        onClick={onCancel}
      >
        {t("datePicker.cancel")}
      </button>
      <button
        type="button"
        className="rounded-md bg-brand px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand/90"
        onClick={onApply}
      >
        {t("datePicker.apply")}
      </button>
    </div>
  );
}

/** Why the last choice was refused, read out politely. */
export function StatusMessage({ id, message }: { id: string; message: string }) {
  return (
    <p id={id} role="status" aria-live="polite" className={message ? "mt-2 text-sm text-red-700" : "sr-only"}>
      {message}
    </p>
  );
}
