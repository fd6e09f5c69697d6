import { useTranslation } from "~/platform/i18n-react";
import { formatCalendarDay, formatMoment } from "~/ui/date-format";
import { FieldFrame, fieldAria } from "~/ui/field-frame";
import type { MoveChoice } from "./move-choices.server";

/**
 * The departure to move to: a native <select> grouped by local day, each departure at its local
 * time with its zone named and its seats left (works without JavaScript).
 */
export function MoveDepartureSelect({
  field,
  choices,
  label,
  hint,
}: {
  field: { id: string; name: string; errorId: string; errors?: string[]; initialValue?: unknown };
  choices: readonly MoveChoice[];
  label: string;
  hint?: string;
}) {
  const { t, i18n } = useTranslation();
  const days = [...new Set(choices.map((choice) => choice.day))];
  const aria = fieldAria(field, Boolean(hint));
  return (
    <FieldFrame field={field} label={label} hint={hint}>
      <select
        id={field.id}
        name={field.name}
        defaultValue={typeof field.initialValue === "string" ? field.initialValue : ""}
        required
        {...aria}
        className={`mt-1 block w-full rounded-md border px-3 py-2 text-base shadow-sm ${aria["aria-invalid"] ? "border-red-600" : "border-slate-300"}`}
        data-testid="move-target"
      >
        <option value="">{t("desk.move.choose")}</option>
        {days.map((day) => (
          <optgroup key={day} label={formatCalendarDay(day, { locale: i18n.language, style: "full" })}>
            {choices
              .filter((choice) => choice.day === day)
              .map((choice) => (
                <option key={choice.id} value={choice.id}>
                  {t("desk.move.option", {
                    when: formatMoment(choice.startsAt, { timeZone: choice.timezone, locale: i18n.language }),
                    zone: choice.timezone,
                    count: choice.seatsLeft,
                  })}
                </option>
              ))}
          </optgroup>
        ))}
      </select>
    </FieldFrame>
  );
}
