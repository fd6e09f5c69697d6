import type { OccupancyDeparture, OperatorReport } from "~contract/operator/reports";
import { slotTime } from "~/features/booking/availability";
import { addDays } from "~/features/booking/date-picker/dates";
import { useTranslation } from "~/platform/i18n-react";
import { dateTimeFormat } from "~/ui/date-format";
import { formatPercent } from "~/ui/format";
import { StackedCell, StackedRow, StackedTable } from "~/ui/stacked-table";

/** Occupancy buckets: light to dark, dark text on the light ones and white on the dark (≥ 4.5:1). */
const BUCKETS = [
  { min: 100, max: 100, className: "bg-teal-900 text-white", key: "full" },
  { min: 75, max: 99, className: "bg-teal-700 text-white", key: "high" },
  { min: 50, max: 74, className: "bg-teal-200 text-slate-900", key: "half" },
  { min: 25, max: 49, className: "bg-teal-50 text-slate-900", key: "low" },
  { min: 0, max: 25, className: "bg-white text-slate-900", key: "empty" },
] as const;
const bucketOf = (percent: number) => BUCKETS.find((bucket) => percent >= bucket.min)!;

/**
 * The next weeks' departures as weeks × weekdays, each departure its occupancy in colour and in
 * words, with its experience and service named. A table from lg up (its cells wrap what they
 * hold, nothing cut); on narrower screens each week is a card of its days.
 */
export function OccupancyMap({
  occupancy,
  day,
  timeZone,
}: {
  occupancy: OperatorReport["occupancy"];
  day: (date: string) => string;
  timeZone: string;
}) {
  const { t, i18n } = useTranslation();
  const byDate = new Map<string, OccupancyDeparture[]>();
  for (const departure of occupancy.departures) {
    byDate.set(departure.localDate, [...(byDate.get(departure.localDate) ?? []), departure]);
  }
  const weekday = (date: string) => (new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7; // Monday 0
  const firstMonday = addDays(occupancy.from, -weekday(occupancy.from));
  const weeks = Math.ceil((weekday(occupancy.from) + occupancy.weeks * 7) / 7);
  const names = Array.from({ length: 7 }, (_, i) =>
    dateTimeFormat(i18n.language, { weekday: "short", timeZone: "UTC" }).format(
      new Date(`${addDays(firstMonday, i)}T12:00:00Z`),
    ),
  );
  return (
    <section aria-labelledby="occupancy-heading">
      <h2 id="occupancy-heading" className="text-lg font-semibold text-brand-ink">
        {t("reports.occupancyHeading", { count: occupancy.weeks })}
      </h2>
      <ul className="mt-2 flex flex-wrap gap-3 text-xs" aria-label={t("reports.legend")}>
        {BUCKETS.map((bucket) => (
          <li key={bucket.key} className="flex items-center gap-1">
            <span
              aria-hidden="true"
              className={`inline-block h-4 w-4 rounded border border-slate-400 ${bucket.className}`}
            />
            {t(`reports.bucket_${bucket.key}`, {
              min: formatPercent(bucket.min, i18n.language),
              max: formatPercent(bucket.max, i18n.language),
            })}
          </li>
        ))}
      </ul>
      <StackedTable
        className="mt-3 w-full border-collapse text-left text-xs lg:table-fixed"
        caption={t("reports.occupancyCaption")}
        columns={[t("reports.weekOf"), ...names]}
        headCell="p-1 text-left"
        data-heat-map
      >
        {Array.from({ length: weeks }, (_, w) => {
          const monday = addDays(firstMonday, w * 7);
          return (
            <StackedRow key={monday}>
              <StackedCell header label={t("reports.weekOf")} className="p-1 text-left align-top font-normal">
                {day(monday)}
              </StackedCell>
              {names.map((name, d) => {
                const date = addDays(monday, d);
                const inRange = date >= occupancy.from && date <= occupancy.to;
                const departures = byDate.get(date) ?? [];
                return (
                  <StackedCell
                    key={date}
                    label={name}
                    // A day before the range (or after it) has nothing to say on a phone.
                    className={`p-1 align-top lg:border lg:border-slate-200 ${inRange || departures.length ? "" : "narrow:hidden"}`}
                  >
                    {inRange && departures.length === 0 ? <span className="text-slate-600">—</span> : null}
                    <ul className="space-y-1">
                      {departures.map((departure) => (
                        <li
                          key={departure.id}
                          className={`rounded px-1 py-0.5 [overflow-wrap:anywhere] ${bucketOf(departure.percent).className}`}
                        >
                          <span className="block font-medium">
                            {t("reports.cell", {
                              // Its own zone's time, named where it is not the operator's.
                              time:
                                departure.timezone === timeZone
                                  ? departure.localTime
                                  : slotTime(departure.startsAt, departure.timezone, i18n.language, { zone: true }),
                              taken: departure.seatsTaken,
                              capacity: departure.capacity,
                              percent: formatPercent(departure.percent, i18n.language),
                            })}
                          </span>
                          <span className="block">
                            {t("reports.cellName", {
                              experience: departure.experienceTitle,
                              service: departure.serviceName,
                            })}
                          </span>
                        </li>
                      ))}
                    </ul>
                  </StackedCell>
                );
              })}
            </StackedRow>
          );
        })}
      </StackedTable>
    </section>
  );
}
