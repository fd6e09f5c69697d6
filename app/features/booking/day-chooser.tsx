import { Form, useLocation } from "@remix-run/react";
import { Suspense } from "react";
import { useTranslation } from "~/platform/i18n-react";
import { Button } from "~/ui/button";
import { dayLabel, type Availability, type DayChoice } from "~/features/booking/availability";
import { LazyAvailabilityCalendar } from "~/features/booking/lazy-availability-calendar";
import { useHydrated } from "~/ui/use-hydrated";

/** "3 seats left" or "Sold out": a day's or a departure's seats, as the choosers say them. */
export function useSeatsText() {
  const { t } = useTranslation();
  return (seatsLeft: number) => (seatsLeft > 0 ? t("details.seatsLeft", { count: seatsLeft }) : t("details.soldOut"));
}

/**
 * Choosing a day: the availability calendar once the page is interactive (its code fetched then),
 * else the open days as a list (a GET form). Either reloads the page with `?date=` and comes back
 * at its `#times`, which the page shows for that day. Used by the details page and "Change date".
 */
export function DayChooser({ availability, selected, today }: DayChoice) {
  const hydrated = useHydrated();
  const list = <DateListForm availability={availability} selected={selected} />;
  return hydrated ? (
    <Suspense fallback={list}>
      <LazyAvailabilityCalendar availability={availability} selected={selected} today={today} />
    </Suspense>
  ) : (
    list
  );
}

/** The open days as a list (a GET form that reloads the page with `date`). */
function DateListForm({ availability, selected }: { availability: Availability; selected: string | null }) {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const seatsText = useSeatsText();
  return (
    <Form
      method="get"
      action={`${location.pathname}#times`}
      className="mt-2 flex items-end gap-2"
      data-testid="date-form"
    >
      <label className="flex-1 text-sm font-medium text-slate-700">
        {t("details.datesLabel")}
        <select
          name="date"
          defaultValue={selected ?? ""}
          className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-base"
        >
          <option value="" disabled>
            {t("details.chooseDate")}
          </option>
          {availability.days.map((option) => (
            <option key={option.date} value={option.date} disabled={option.seatsLeft === 0}>
              {dayLabel(option.date, i18n.language)} · {seatsText(option.seatsLeft)}
            </option>
          ))}
        </select>
      </label>
      <Button variant="outline">{t("details.showTimes")}</Button>
    </Form>
  );
}
