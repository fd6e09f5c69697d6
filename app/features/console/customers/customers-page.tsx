import { Form, Link, useLoaderData } from "@remix-run/react";
import { CUSTOMER_SORTS } from "~contract/operator/customer-sorts";
import type { CustomerRow } from "~contract/operator/customers";
import { useTranslation } from "~/platform/i18n-react";
import { Button } from "~/ui/button";
import { DataTable } from "~/ui/data-table";
import { formatDate } from "~/ui/date-format";
import { CursorPager, listHref, SearchFilterField } from "~/ui/filter-fields";
import { LabelledSelect } from "~/ui/labelled-select";
import { formatMoney } from "~/ui/format";
import { AlertMessage } from "~/ui/status-message";
import type { CustomerFilters, loader } from "./customers.server";

const PATH = "/console/customers";
const linkClass = "text-sm font-medium text-brand-ink underline";

/** `path` with the filters given (and a cursor): the list's links keep the search. */
export const customersHref = (path: string, filters: Partial<CustomerFilters>, cursor?: string) =>
  listHref(path, filters, cursor);

/** A choice of the list, its words `desk.customers.<name>Choices.<value>` ("" reads "any"). */
function Select({ name, value, choices }: { name: "consented" | "sort"; value: string; choices: readonly string[] }) {
  const { t } = useTranslation();
  return (
    <LabelledSelect
      id={`customers-${name}`}
      name={name}
      label={t(`desk.customers.${name}`)}
      value={value}
      choices={choices.map((choice) => ({
        value: choice,
        label: t(`desk.customers.${name}Choices.${choice || "any"}`),
      }))}
    />
  );
}

function CustomerLine({ row }: { row: CustomerRow }) {
  const { t, i18n } = useTranslation();
  return (
    <tr data-testid="customer-row" data-email={row.email} className="align-top">
      <td className="py-2 pr-4">
        <Link to={`${PATH}/${row.id}`} className="font-medium text-brand-ink underline">
          {row.name}
        </Link>
        <p className="text-slate-700">{row.email}</p>
      </td>
      <td className="py-2 pr-4 text-right">{row.bookings}</td>
      <td className="whitespace-nowrap py-2 pr-4 text-right">
        {row.money ? formatMoney(row.money.spentMinor, row.money.currency, i18n.language) : null}
      </td>
      <td className="whitespace-nowrap py-2 pr-4 text-right">
        {row.lastVisit
          ? formatDate(row.lastVisit.startsAt, { timeZone: row.lastVisit.timezone, locale: i18n.language })
          : t("desk.customers.noVisit")}
      </td>
      <td className="py-2 pr-4 text-right">{row.notes}</td>
      <td className="whitespace-nowrap py-2 pr-4 text-right">
        {t(row.marketingConsent ? "desk.customers.consentYes" : "desk.customers.consentNo")}
      </td>
    </tr>
  );
}

/** /console/customers: everyone who booked with the operator, found by a GET form; the consenting ones' CSV. */
export function CustomersPage() {
  const { list, filters, refused, paged, title } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const heads = [
    t("desk.customers.customer"),
    t("desk.customers.bookings"),
    t("desk.customers.spent"),
    t("desk.customers.lastVisit"),
    t("desk.customers.notes"),
    t("desk.customers.consent"),
  ];
  return (
    <>
      <h1 className="text-2xl font-bold text-brand-ink">{title}</h1>
      <p className="mt-2 max-w-2xl text-sm text-slate-700">{t("desk.customers.intro")}</p>
      <Form method="get" action={PATH} className="mt-4 space-y-4" aria-labelledby="customers-search-heading">
        <h2 id="customers-search-heading" className="sr-only">
          {t("desk.customers.searchHeading")}
        </h2>
        {refused ? <AlertMessage>{t("desk.customers.refused")}</AlertMessage> : null}
        <SearchFilterField
          id="customers-q"
          label={t("desk.customers.q")}
          hint={t("desk.customers.qHint")}
          value={filters.q}
        />
        <div className="flex flex-wrap items-end gap-4">
          <Select name="consented" value={filters.consented} choices={["", "true", "false"]} />
          <Select name="sort" value={filters.sort || "recent"} choices={CUSTOMER_SORTS} />
          <Button type="submit">{t("desk.search")}</Button>
        </div>
      </Form>
      <p className="mt-4">
        <a
          href={customersHref(`${PATH}.csv`, { q: filters.q, sort: filters.sort })}
          className={linkClass}
          download
          data-testid="customers-csv"
        >
          {t("desk.customers.exportCsv")}
        </a>
      </p>
      <DataTable
        rows={list.customers}
        row={(row) => <CustomerLine key={row.id} row={row} />}
        empty={t("desk.customers.empty")}
        className="mt-4"
        caption={title}
        columns={heads}
        alignFrom={1}
        data-testid="customers"
      />
      <CursorPager
        label={t("desk.customers.pages")}
        first={paged ? customersHref(PATH, filters) : null}
        next={list.nextCursor ? customersHref(PATH, filters, list.nextCursor) : null}
      />
    </>
  );
}
