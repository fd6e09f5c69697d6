import { Form, Link } from "@remix-run/react";
import type { OperatorDepartures } from "~contract/operator/schedules";
import { useTranslation } from "~/platform/i18n-react";
import { DateFilterField } from "~/ui/date-filter-field";
import { formatCalendarDay } from "~/ui/date-format";
import { AlertMessage } from "~/ui/status-message";

/** The departures page's address: which service (all when absent), which local dates (from now, 30 days on, when absent). */
export interface DepartureRange {
  service?: string;
  from?: string;
  to?: string;
}

/** The page's query for a range and any more parameters, empty ones left out. */
export function departuresQuery(range: DepartureRange, more: Record<string, string> = {}): string {
  const entries = Object.entries({ ...range, ...more }).filter((entry): entry is [string, string] => Boolean(entry[1]));
  return new URLSearchParams(entries).toString();
}

const DAY_MS = 86_400_000;
const daysOf = (window: { from: string; to: string }) => (Date.parse(window.to) - Date.parse(window.from)) / DAY_MS + 1;

/**
 * Which local dates of the experience's zone the list shows (named), the windows just before and
 * after as links, and any first and last day by a GET form: an address, without JavaScript.
 */
export function DepartureRangeControls({
  list,
  range,
  invalidRange,
  maxDays,
}: {
  list: Pick<OperatorDepartures, "experience" | "from" | "to" | "earlier" | "later">;
  range: DepartureRange;
  invalidRange: boolean;
  maxDays: number;
}) {
  const { t, i18n } = useTranslation();
  const day = (date: string) => formatCalendarDay(date, { locale: i18n.language });
  const days = daysOf(list);
  const link = "font-medium text-brand underline";
  return (
    <div className="mt-2 space-y-3">
      <p className="text-sm text-slate-700" data-testid="departure-range">
        {t("schedules.rangeShown", { from: day(list.from), to: day(list.to), zone: list.experience.timezone })}
      </p>
      {invalidRange ? <AlertMessage>{t("schedules.invalidRange", { days: maxDays })}</AlertMessage> : null}
      <div className="flex flex-wrap items-end gap-6">
        <nav aria-label={t("schedules.rangeNav")} className="flex gap-4 pb-2 text-sm">
          <Link to={`?${departuresQuery({ service: range.service, ...list.earlier })}`} className={link}>
            {t("schedules.earlier", { count: days })}
          </Link>
          <Link to={`?${departuresQuery({ service: range.service, ...list.later })}`} className={link}>
            {t("schedules.later", { count: days })}
          </Link>
        </nav>
        {/* A new range gives the fields new values (a link followed with JavaScript reuses them). */}
        <Form method="get" className="flex flex-wrap items-end gap-3" key={`${list.from}|${list.to}`}>
          {range.service ? <input type="hidden" name="service" value={range.service} /> : null}
          <DateFilterField
            id="departures-from"
            name="from"
            label={t("schedules.rangeFrom")}
            value={list.from}
            required
          />
          <DateFilterField id="departures-to" name="to" label={t("schedules.rangeTo")} value={list.to} required />
          <button type="submit" className="rounded-md bg-brand px-3 py-2 text-sm font-semibold text-white">
            {t("schedules.showRange")}
          </button>
        </Form>
      </div>
    </div>
  );
}
