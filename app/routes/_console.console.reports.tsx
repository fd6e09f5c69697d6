import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { isApiError } from "~/platform/api.server";
import type { OperatorReport, ReportFigures } from "~contract/operator/reports";
import { requireConsolePage } from "~/features/console/console.server";
import { addDays } from "~/features/booking/date-picker/dates";
import { DailyChart } from "~/features/console/daily-chart";
import { OccupancyMap } from "~/features/console/occupancy-map";
import { passHeaders } from "~/platform/http.server";
import { useTranslation } from "~/platform/i18n-react";
import { DateFilterField } from "~/ui/date-filter-field";
import { formatCalendarDay } from "~/ui/date-format";
import { formatCount, formatMoney } from "~/ui/format";
import { pageMeta } from "~/ui/meta";
import { ScrollRegion } from "~/ui/scroll-region";
import { AlertMessage } from "~/ui/status-message";

const METRICS = [
  "bookings",
  "guests",
  "revenueMinor",
  "platformFeesMinor",
  "refundsMinor",
  "tipsMinor",
  "netMinor",
] as const;
type Metric = (typeof METRICS)[number];
const MONEY: ReadonlySet<Metric> = new Set([
  "revenueMinor",
  "platformFeesMinor",
  "refundsMinor",
  "tipsMinor",
  "netMinor",
]);
const QUICK_RANGES = [7, 30, 90] as const;

export async function loader({ request }: LoaderFunctionArgs) {
  const { api, t } = await requireConsolePage(request, "readReports");
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

export default function ReportsPage() {
  const { report, metric, invalidRange } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const day = (date: string, style: "medium" | "full" = "medium") => formatCalendarDay(date, { locale, style });
  const value = (m: Metric, figures: ReportFigures) =>
    MONEY.has(m) ? formatMoney(figures[m], report.currency, locale) : formatCount(figures[m], locale);
  const range = `from=${report.from}&to=${report.to}`;
  const byDate = new Map(report.days.map((entry) => [entry.date, entry]));
  const caption = t("reports.tableCaption", { from: day(report.from), to: day(report.to) });
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
        <DailyChart
          id={metric}
          values={report.days.map((entry) => ({ key: entry.date, value: entry[metric] }))}
          title={t("reports.chartTitle", { metric: t(`reports.metric_${metric}`) })}
          description={t("reports.chartDesc", {
            from: day(report.from),
            to: day(report.to),
            total: value(metric, report.totals),
          })}
          tickLabel={(tick) => value(metric, { ...report.totals, [metric]: tick })}
          barLabel={(date) => `${day(date)}: ${value(metric, byDate.get(date)!)}`}
        />
      </section>

      <section aria-labelledby="table-heading">
        <h2 id="table-heading" className="text-lg font-semibold text-brand-ink">
          {t("reports.tableHeading")}
        </h2>
        <ScrollRegion label={caption} className="mt-2">
          <table className="min-w-full text-sm">
            <caption className="sr-only">{caption}</caption>
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
                  <th scope="row" className="whitespace-nowrap py-1 pr-4 text-left font-normal">
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
        </ScrollRegion>
        <p className="mt-2 text-xs text-slate-700">{t("reports.definitions")}</p>
      </section>

      <OccupancyMap occupancy={report.occupancy} day={day} timeZone={report.timeZone} />
    </div>
  );
}
