import { Link, useLoaderData } from "@remix-run/react";
import type { StatementFigures } from "~contract/payouts/money-outputs";
import { useTranslation } from "~/platform/i18n-react";
import { dateTimeFormat, formatMoment } from "~/ui/date-format";
import { formatMoney } from "~/ui/format";
import { LabelledSection } from "~/ui/labelled-section";
import { ScrollRegion } from "~/ui/scroll-region";
import { AlertMessage } from "~/ui/status-message";
import type { PayoutsPageData } from "./payouts-data";
import { BookingCell } from "./booking-cell";
import { PayoutsTable } from "./payouts-table";

const FIGURES = ["grossMinor", "platformFeeMinor", "refundsMinor", "tipsMinor", "netMinor"] as const;
const CELL = "py-2 pr-4";

/** A month (YYYY-MM) for people: "November 2026". */
function useMonthName() {
  const { i18n } = useTranslation();
  const format = dateTimeFormat(i18n.language, { month: "long", year: "numeric", timeZone: "UTC" });
  return (month: string) => format.format(new Date(`${month}-15T12:00:00Z`));
}

/**
 * The monthly statement: per booking what the traveller paid, the platform's fee, refunds, tips
 * and what the operator gets, with the month's totals and payouts; the months before and after
 * (plain links), and the same as a CSV download (/console/statement.csv, the contract's CSV).
 */
export function StatementSection() {
  const { statement, invalidMonth } = useLoaderData<PayoutsPageData>();
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const monthName = useMonthName();
  const money = (minor: number) => formatMoney(minor, statement.currency, locale);
  const month = monthName(statement.month);
  const caption = t("payouts.statement.caption", { month });
  const figures = (row: StatementFigures) =>
    FIGURES.map((figure) => (
      <td key={figure} className={`${CELL} whitespace-nowrap text-right tabular-nums`} data-figure={figure}>
        {money(row[figure])}
      </td>
    ));
  return (
    <LabelledSection
      headingId="statement-heading"
      heading={t("payouts.statement.heading", { month })}
      headingClassName="text-lg font-semibold text-brand-ink"
      className="mt-8"
    >
      {invalidMonth ? <AlertMessage>{t("payouts.statement.invalidMonth")}</AlertMessage> : null}
      <nav aria-label={t("payouts.statement.months")} className="mt-2">
        <ul className="flex flex-wrap gap-4 text-sm">
          <li>
            <Link to={`?month=${statement.previousMonth}#statement-heading`} className="text-brand-ink underline">
              {t("payouts.statement.previous", { month: monthName(statement.previousMonth) })}
            </Link>
          </li>
          {statement.nextMonth ? (
            <li>
              <Link to={`?month=${statement.nextMonth}#statement-heading`} className="text-brand-ink underline">
                {t("payouts.statement.next", { month: monthName(statement.nextMonth) })}
              </Link>
            </li>
          ) : null}
          <li>
            <a className="text-brand-ink underline" href={`/console/statement.csv?month=${statement.month}`} download>
              {t("payouts.statement.downloadCsv", { month })}
            </a>
          </li>
        </ul>
      </nav>
      {statement.rows.length === 0 ? (
        <p className="mt-3 text-slate-700">{t("payouts.statement.empty", { month })}</p>
      ) : (
        <ScrollRegion label={caption} className="mt-3">
          <table className="min-w-full text-left text-sm" data-testid="statement">
            <caption className="sr-only">{caption}</caption>
            <thead>
              <tr className="border-b border-slate-300">
                <th scope="col" className={CELL}>
                  {t("payouts.statement.booking")}
                </th>
                <th scope="col" className={CELL}>
                  {t("payouts.statement.departure")}
                </th>
                {FIGURES.map((figure) => (
                  <th key={figure} scope="col" className={`${CELL} text-right`}>
                    {t(`payouts.statement.${figure}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {statement.rows.map((row) => (
                <tr key={row.bookingId} data-booking={row.bookingId} className="align-top">
                  <BookingCell booking={row} className={`${CELL} text-left font-normal`} />
                  <td className={`${CELL} whitespace-nowrap`}>
                    {formatMoment(row.departureStartsAt, { timeZone: row.timezone, locale })}
                  </td>
                  {figures(row)}
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr className="border-t-2 border-slate-400 font-semibold">
                <th scope="row" colSpan={2} className={`${CELL} text-left`}>
                  {t("payouts.statement.total")}
                </th>
                {figures(statement.totals)}
              </tr>
            </tfoot>
          </table>
        </ScrollRegion>
      )}
      <p className="mt-2 text-xs text-slate-700">{t("payouts.statement.definitions")}</p>
      <h3 id="statement-payouts-heading" className="mt-6 font-semibold text-slate-900">
        {t("payouts.statement.payoutsHeading", { month })}
      </h3>
      <PayoutsTable
        payouts={statement.payouts}
        timeZone={statement.timeZone}
        caption={t("payouts.statement.payoutsHeading", { month })}
        empty={t("payouts.statement.noPayouts", { month })}
        testId="statement-payouts"
      />
      {statement.payouts.length ? (
        <p className="mt-2 text-sm font-medium text-slate-900">
          {t("payouts.statement.paidOut", { month, amount: money(statement.paidOutMinor) })}
        </p>
      ) : null}
    </LabelledSection>
  );
}
