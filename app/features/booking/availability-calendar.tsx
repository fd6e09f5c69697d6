import { useNavigate, useLocation } from "@remix-run/react";
import { useMemo } from "react";
import { useTranslation } from "~/platform/i18n-react";
import { DatePicker } from "~/features/booking/date-picker/date-picker";
import type { Availability, DayChoice } from "~/features/booking/availability";
import { addDays, compareDates } from "~/features/booking/date-picker/dates";
import type { DayMarker } from "~/features/booking/date-picker/rules";
import { focusTimesNext } from "~/features/booking/times-focus";

const COLORS = { available: "#15803d", few: "#b45309", sold_out: "#b91c1c" } as const;

/** Every day of the bookable window without free seats is disabled. */
export function unavailableDates(availability: Availability): string[] {
  if (!availability.minDate || !availability.maxDate) return [];
  const open = new Set(availability.days.filter((day) => day.seatsLeft > 0).map((day) => day.date));
  const disabled: string[] = [];
  for (let date = availability.minDate; compareDates(date, availability.maxDate) <= 0; date = addDays(date, 1)) {
    if (!open.has(date)) disabled.push(date);
  }
  return disabled;
}

/** The availability calendar: days with slots marked (seats left, sold out), the rest disabled. */
export function AvailabilityCalendar({ availability, selected, today }: DayChoice) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const markers = useMemo<DayMarker[]>(
    () =>
      availability.days.map((day) => ({
        date: day.date,
        type: day.status === "sold_out" ? "line" : "dot",
        color: COLORS[day.status],
        tooltips: [
          {
            text: day.seatsLeft > 0 ? t("details.seatsLeft", { count: day.seatsLeft }) : t("details.soldOut"),
            color: COLORS[day.status],
          },
        ],
      })),
    [availability.days, t],
  );
  const disabledDates = useMemo(() => unavailableDates(availability), [availability]);
  if (!availability.minDate || !availability.maxDate) return null;
  return (
    <>
      <DatePicker
        variant="inline"
        aria-label={t("details.chooseDate")}
        value={selected}
        today={today}
        min={availability.minDate}
        max={availability.maxDate}
        disabledDates={disabledDates}
        markers={markers}
        onChange={(date) => {
          if (!date) return;
          const params = new URLSearchParams(location.search);
          params.set("date", date);
          params.delete("slot");
          // A new day is no request to go on (a refused "Continue" left `intent` in the address).
          params.delete("intent");
          focusTimesNext();
          navigate(`${location.pathname}?${params}`, { preventScrollReset: true, replace: true });
        }}
      />
      <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700" aria-label={t("details.legend")}>
        <li className="flex items-center gap-1.5">
          <span
            aria-hidden="true"
            className="inline-block h-2 w-2 rounded-full"
            style={{ background: COLORS.available }}
          />
          {t("details.legendAvailable")}
        </li>
        <li className="flex items-center gap-1.5">
          <span aria-hidden="true" className="inline-block h-2 w-2 rounded-full" style={{ background: COLORS.few }} />
          {t("details.legendFew")}
        </li>
        <li className="flex items-center gap-1.5">
          <span aria-hidden="true" className="inline-block h-0.5 w-3" style={{ background: COLORS.sold_out }} />
          {t("details.legendSoldOut")}
        </li>
      </ul>
    </>
  );
}
