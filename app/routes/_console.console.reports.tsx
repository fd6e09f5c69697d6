import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { isApiError } from "~/platform/api.server";
import type { OccupancyDeparture, OperatorReport, ReportFigures } from "~contract/operator-reports";
import { requireConsoleAbility } from "~/features/console/console.server";
import { slotTime } from "~/features/booking/availability";
import { barChart } from "~/features/console/report-chart";
import { passHeaders } from "~/platform/http.server";
import { useTranslation } from "~/platform/i18n-react";
import { i18next } from "~/platform/i18next.server";
import { DateFilterField } from "~/ui/date-filter-field";
import { dateTimeFormat, formatCalendarDay } from "~/ui/date-format";
import { formatCount, formatMoney, formatPercent } from "~/ui/format";
import { pageMeta } from "~/ui/meta";
import { AlertMessage } from "~/ui/status-message";

const METRICS = [
  "bookings",
  "guests",
  "revenueMinor",
  "serviceFeesMinor",
  "refundsMinor",
  "tipsMinor",
  "netMinor",
] as const;
type Metric = (typeof METRICS)[number];
const MONEY: ReadonlySet<Metric> = new Set([
  "revenueMinor",
  "serviceFeesMinor",
  "refundsMinor",
  "tipsMinor",
  "netMinor",
]);
const QUICK_RANGES = [7, 30, 90] as const;

export async function loader({ request }: LoaderFunctionArgs) {
  const [{ api }, t] = await Promise.all([requireConsoleAbility(request, "readReports"), i18next.getFixedT(request)]);
  const url = new URL(request.url);
  const from = url.searchParams.get("from") || undefined;
  const to = url.searchParams.get("to") || undefined;
  const asked = url.searchParams.get("metric");
  const metric: Metric = METRICS.includes(asked as Metric) ? (asked as Metric) : "revenueMinor";
  let invalidRange = false;
  let report: OperatorReport;
  try {
    report = await api.call("operatorReport", { query: { from, to } });
  } catch (error) {
    // A range the API refuses (a date that does not exist, the end before the start, too long):
    // the last 30 days instead, and say so.
    if (!isApiError(error, "validation_error")) throw error;
    invalidRange = true;
    report = await api.call("operatorReport");
  }
  return { report, metric, invalidRange, title: t("reports.title") };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data);
export const headers = passHeaders;

const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

export default function ReportsPage() {
  const { report, metric, invalidRange } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const day = (date: string, style: "medium" | "full" = "medium") => formatCalendarDay(date, { locale, style });
  const value = (m: Metric, figures: ReportFigures) =>
    MONEY.has(m) ? formatMoney(figures[m], report.currency, locale) : formatCount(figures[m], locale);
  const range = `from=${report.from}&to=${report.to}`;
  return (
    <div className="space-y-8">
      <header>
        <h1 className="text-2xl font-bold text-brand-ink">{t("reports.title")}</h1>
        <p className="mt-1 text-sm text-slate-700">
          {t("reports.range", { from: day(report.from), to: day(report.to), zone: report.timeZone })}
        </p>
      </header>
      {invalidRange ? <AlertMessage>{t("reports.invalidRange")}</AlertMessage> : null}

      <section aria-labelledby="range-heading" className="rounded-xl border border-slate-200 p-4">
        <h2 id="range-heading" className="text-lg font-semibold text-brand-ink">
          {t("reports.rangeHeading")}
        </h2>
        <Form method="get" className="mt-3 flex flex-wrap items-end gap-4">
          <input type="hidden" name="metric" value={metric} />
          <DateFilterField id="report-from" name="from" label={t("reports.from")} value={report.from} required />
          <DateFilterField id="report-to" name="to" label={t("reports.to")} value={report.to} required />
          <button type="submit" className="rounded-md bg-brand px-4 py-2 font-semibold text-white">
            {t("reports.show")}
          </button>
        </Form>
        <p className="mt-3 flex flex-wrap gap-4 text-sm">
          {QUICK_RANGES.map((days) => (
            <Link
              key={days}
              className="text-brand-ink underline"
              to={`?from=${addDays(report.occupancy.from, 1 - days)}&to=${report.occupancy.from}&metric=${metric}`}
            >
              {t("reports.lastDays", { count: days })}
            </Link>
          ))}
          <a className="text-brand-ink underline" href={`/console/reports.csv?${range}`} download>
            {t("reports.downloadCsv")}
          </a>
        </p>
      </section>

      <section aria-labelledby="chart-heading">
        <h2 id="chart-heading" className="text-lg font-semibold text-brand-ink">
          {t("reports.chartHeading", { metric: t(`reports.metric_${metric}`) })}
        </h2>
        <nav aria-label={t("reports.metricsLabel")} className="mt-2">
          <ul className="flex flex-wrap gap-2 text-sm">
            {METRICS.map((m) => (
              <li key={m}>
                <Link
                  to={`?${range}&metric=${m}`}
                  aria-current={m === metric ? "page" : undefined}
                  className={`inline-block rounded-full border px-3 py-1 ${m === metric ? "border-brand bg-brand text-white" : "border-slate-300 text-slate-800"}`}
                >
                  {t(`reports.metric_${m}`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <DailyChart report={report} metric={metric} format={(figures) => value(metric, figures)} day={day} />
      </section>

      <section aria-labelledby="table-heading">
        <h2 id="table-heading" className="text-lg font-semibold text-brand-ink">
          {t("reports.tableHeading")}
        </h2>
        <div className="mt-2 overflow-x-auto">
          <table className="min-w-full text-sm">
            <caption className="sr-only">
              {t("reports.tableCaption", { from: day(report.from), to: day(report.to) })}
            </caption>
            <thead>
              <tr className="border-b border-slate-300 text-left">
                <th scope="col" className="py-2 pr-4">
                  {t("reports.date")}
                </th>
                {METRICS.map((m) => (
                  <th key={m} scope="col" className="py-2 pr-4 text-right">
                    {t(`reports.metric_${m}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {report.days.map((row) => (
                <tr key={row.date} className="border-b border-slate-100">
                  <th scope="row" className="py-1 pr-4 text-left font-normal">
                    {day(row.date)}
                  </th>
                  {METRICS.map((m) => (
                    <td key={m} className="py-1 pr-4 text-right tabular-nums">
                      {value(m, row)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr className="border-t-2 border-slate-400 font-semibold">
                <th scope="row" className="py-2 pr-4 text-left">
                  {t("reports.total")}
                </th>
                {METRICS.map((m) => (
                  <td key={m} className="py-2 pr-4 text-right tabular-nums" data-total={m}>
                    {value(m, report.totals)}
                  </td>
                ))}
              </tr>
            </tfoot>
          </table>
        </div>
        <p className="mt-2 text-xs text-slate-700">{t("reports.definitions")}</p>
      </section>

      <OccupancyMap occupancy={report.occupancy} day={day} timeZone={report.timeZone} />
    </div>
  );
}

/** The chosen figure per day as bars: server-rendered SVG, named and described for screen readers. */
function DailyChart({
  report,
  metric,
  format,
  day,
}: {
  report: OperatorReport;
  metric: Metric;
  format: (figures: ReportFigures) => string;
  day: (date: string) => string;
}) {
  const { t } = useTranslation();
  const width = 720;
  const height = 240;
  const chart = barChart({
    values: report.days.map((entry) => ({ key: entry.date, value: entry[metric] })),
    width,
    height,
    padding: { left: 84, right: 8, top: 12, bottom: 28 },
  });
  const byDate = new Map(report.days.map((entry) => [entry.date, entry]));
  const tickFigures = (value: number): ReportFigures => ({ ...report.totals, [metric]: value });
  const title = t("reports.chartTitle", { metric: t(`reports.metric_${metric}`) });
  const desc = t("reports.chartDesc", {
    from: day(report.from),
    to: day(report.to),
    total: format(report.totals),
  });
  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-labelledby="report-chart-title"
      aria-describedby="report-chart-desc"
      className="mt-3 h-auto w-full max-w-3xl"
      data-chart={metric}
    >
      <title id="report-chart-title">{title}</title>
      <desc id="report-chart-desc">{desc}</desc>
      {chart.ticks.map((tick) => (
        <g key={tick.value}>
          <line x1={chart.plot.left} x2={chart.plot.right} y1={tick.y} y2={tick.y} stroke="#cbd5e1" strokeWidth={1} />
          <text x={chart.plot.left - 6} y={tick.y + 4} textAnchor="end" fontSize={11} fill="#334155">
            {format(tickFigures(tick.value))}
          </text>
        </g>
      ))}
      {chart.bars.map((bar) => (
        <g key={bar.key}>
          <rect x={bar.x} y={bar.y} width={bar.width} height={bar.height} fill="#0f766e" data-bar={bar.key}>
            <title>{`${day(bar.key)}: ${format(byDate.get(bar.key)!)}`}</title>
          </rect>
          {bar.labelled ? (
            <text x={bar.x + bar.width / 2} y={height - 10} textAnchor="middle" fontSize={11} fill="#334155">
              {bar.key.slice(5)}
            </text>
          ) : null}
        </g>
      ))}
      <line
        x1={chart.plot.left}
        x2={chart.plot.right}
        y1={chart.plot.bottom}
        y2={chart.plot.bottom}
        stroke="#334155"
        strokeWidth={1}
      />
    </svg>
  );
}

/** Occupancy buckets: light to dark, dark text on the light ones and white on the dark (≥ 4.5:1). */
const BUCKETS = [
  { min: 100, max: 100, className: "bg-teal-900 text-white", key: "full" },
  { min: 75, max: 99, className: "bg-teal-700 text-white", key: "high" },
  { min: 50, max: 74, className: "bg-teal-200 text-slate-900", key: "half" },
  { min: 25, max: 49, className: "bg-teal-50 text-slate-900", key: "low" },
  { min: 0, max: 25, className: "bg-white text-slate-900", key: "empty" },
] as const;
const bucketOf = (percent: number) => BUCKETS.find((bucket) => percent >= bucket.min)!;

/** The next weeks' departures as weeks × weekdays, each cell its departures' occupancy in colour and in words. */
function OccupancyMap({
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
      <div className="mt-3 overflow-x-auto">
        <table className="w-full table-fixed border-collapse text-xs" data-heat-map>
          <caption className="sr-only">{t("reports.occupancyCaption")}</caption>
          <thead>
            <tr>
              <th scope="col" className="w-24 p-1 text-left">
                {t("reports.weekOf")}
              </th>
              {names.map((name) => (
                <th key={name} scope="col" className="p-1 text-left">
                  {name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {Array.from({ length: weeks }, (_, w) => {
              const monday = addDays(firstMonday, w * 7);
              return (
                <tr key={monday}>
                  <th scope="row" className="p-1 text-left align-top font-normal">
                    {day(monday)}
                  </th>
                  {Array.from({ length: 7 }, (_, d) => {
                    const date = addDays(monday, d);
                    const inRange = date >= occupancy.from && date <= occupancy.to;
                    const departures = byDate.get(date) ?? [];
                    return (
                      <td key={date} className="border border-slate-200 p-1 align-top">
                        {inRange && departures.length === 0 ? <span className="text-slate-600">—</span> : null}
                        <ul className="space-y-1">
                          {departures.map((departure) => (
                            <li
                              key={departure.id}
                              className={`rounded px-1 ${bucketOf(departure.percent).className}`}
                              title={`${departure.experienceTitle} · ${departure.serviceName}`}
                            >
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
                            </li>
                          ))}
                        </ul>
                      </td>
                    );
                  })}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
