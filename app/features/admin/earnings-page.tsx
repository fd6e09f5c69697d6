import { Form, Link, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "~/platform/i18n-react";
import { Button } from "~/ui/button";
import { DataTable } from "~/ui/data-table";
import { DateFilterField } from "~/ui/date-filter-field";
import { formatCalendarDay } from "~/ui/date-format";
import { formatMoney } from "~/ui/format";
import { AlertMessage } from "~/ui/status-message";
import { EARNINGS_PATH, operatorMoneyPath } from "./admin-paths";
import type { loadEarnings } from "./money.server";

const MONEY_CELL = "whitespace-nowrap py-2 pr-4 text-right tabular-nums";

/**
 * /admin/earnings: what the platform earned (commission and service fees, less refunds' share)
 * over a range of UTC dates (a GET form), per currency and per operator.
 */
export function EarningsPage() {
  const { earnings, refused, title } = useLoaderData<typeof loadEarnings>();
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const k = (key: string, values?: Record<string, string>) => t(`admin.earnings.${key}`, values);
  const range = {
    from: formatCalendarDay(earnings.from, { locale }),
    to: formatCalendarDay(earnings.to, { locale }),
  };
  const columns = [k("commission"), k("serviceFees"), k("total")];
  return (
    <>
      <h1 className="text-2xl font-bold text-brand-ink">{title}</h1>
      <p className="mt-1 text-sm text-slate-700">{k("range", range)}</p>
      <Form method="get" action={EARNINGS_PATH} className="mt-4" aria-labelledby="earnings-range-heading">
        <h2 id="earnings-range-heading" className="sr-only">
          {k("rangeHeading")}
        </h2>
        {refused ? <AlertMessage>{k("refused")}</AlertMessage> : null}
        <div className="mt-2 flex flex-wrap items-end gap-4">
          <DateFilterField id="earnings-from" name="from" label={k("from")} value={earnings.from} required />
          <DateFilterField id="earnings-to" name="to" label={k("to")} value={earnings.to} required />
          <Button type="submit">{k("show")}</Button>
        </div>
      </Form>
      <EarningsTable
        name="totals"
        rows={earnings.totals}
        caption={k("totalsCaption", range)}
        columns={[k("currency"), ...columns]}
        row={(total) => (
          <tr key={total.currency} data-currency={total.currency}>
            <th scope="row" className="py-2 pr-4 text-left font-medium">
              {total.currency}
            </th>
            <EarningsCells earned={total} locale={locale} />
          </tr>
        )}
      />
      <EarningsTable
        name="operators"
        rows={earnings.operators}
        caption={k("operatorsCaption", range)}
        columns={[k("operator"), ...columns]}
        row={(operator) => (
          <tr key={`${operator.id}:${operator.currency}`} data-slug={operator.slug}>
            <th scope="row" className="py-2 pr-4 text-left font-normal">
              <Link to={operatorMoneyPath(operator.id)} className="font-medium text-brand-ink underline">
                {operator.name}
              </Link>
            </th>
            <EarningsCells earned={operator} locale={locale} />
          </tr>
        )}
      />
    </>
  );
}

/**
 * One of the page's tables under its heading: `name` names both (the heading's i18n key
 * `${name}Heading`, its id and the table's test id).
 */
function EarningsTable<Row>({
  name,
  rows,
  caption,
  columns,
  row,
}: {
  name: "totals" | "operators";
  rows: readonly Row[];
  caption: string;
  columns: string[];
  row: (item: Row) => ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <>
      <h2 id={`earnings-${name}-heading`} className="mt-8 text-lg font-semibold text-brand-ink">
        {t(`admin.earnings.${name}Heading`)}
      </h2>
      <DataTable
        rows={rows}
        empty={t("admin.earnings.empty")}
        className="mt-3"
        caption={caption}
        columns={columns}
        alignFrom={1}
        data-testid={`earnings-${name}`}
        row={row}
      />
    </>
  );
}

/** A row's earnings: commission, service fees and their total, in the row's currency. */
function EarningsCells({
  earned,
  locale,
}: {
  earned: { commissionMinor: number; serviceFeesMinor: number; totalMinor: number; currency: string };
  locale: string;
}) {
  const money = (minor: number) => formatMoney(minor, earned.currency, locale);
  return (
    <>
      <td className={MONEY_CELL}>{money(earned.commissionMinor)}</td>
      <td className={MONEY_CELL}>{money(earned.serviceFeesMinor)}</td>
      <td className={`${MONEY_CELL} font-semibold`}>{money(earned.totalMinor)}</td>
    </>
  );
}
