import { Form, Link } from "@remix-run/react";
import type { BookingsList } from "~contract/operator-bookings";
import { BOOKING_CHANNELS, BOOKING_STATUSES, PAYMENT_STATUSES } from "~contract/statuses";
import { useTranslation } from "~/platform/i18n-react";
import { Button } from "~/ui/button";
import { ColumnHeads } from "~/ui/column-heads";
import { DateFilterField } from "~/ui/date-filter-field";
import { formatDateTime } from "~/ui/date-format";
import { formatMoney, formatPhone } from "~/ui/format";
import { ScrollRegion } from "~/ui/scroll-region";
import { AlertMessage } from "~/ui/status-message";
import { bookingsHref, type BookingFilters } from "./booking-filters";

const PATH = "/console/bookings";

/** A labelled <select> of a GET filter form: choosing nothing first ("Any"), then the choices. */
function FilterSelect({
  name,
  label,
  value,
  choices,
  unset,
}: {
  name: keyof BookingFilters;
  label: string;
  value: string;
  choices: readonly { value: string; label: string }[];
  /** What choosing nothing means (default "Any"). */
  unset?: string;
}) {
  const { t } = useTranslation();
  return (
    <div>
      <label htmlFor={`bookings-${name}`} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <select
        id={`bookings-${name}`}
        name={name}
        defaultValue={value}
        className="mt-1 block rounded-md border border-slate-300 px-3 py-2 text-base"
      >
        <option value="">{unset ?? t("desk.any")}</option>
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The search and filters: a GET form, so the URL holds them (bookmarkable, works without JavaScript). */
function BookingSearch({ filters, refused }: { filters: BookingFilters; refused: string[] }) {
  const { t } = useTranslation();
  const choices = (values: readonly string[], prefix: string) =>
    values.map((value) => ({ value, label: t(`${prefix}.${value}`) }));
  return (
    <Form method="get" action={PATH} className="mt-4 space-y-4" aria-labelledby="bookings-search-heading">
      <h2 id="bookings-search-heading" className="sr-only">
        {t("desk.searchHeading")}
      </h2>
      {refused.length > 0 ? <AlertMessage>{t("desk.refused", { fields: refused.join(", ") })}</AlertMessage> : null}
      <div>
        <label htmlFor="bookings-q" className="block text-sm font-medium text-slate-800">
          {t("desk.q")}
        </label>
        <p id="bookings-q-hint" className="text-sm text-slate-700">
          {t("desk.qHint")}
        </p>
        <input
          id="bookings-q"
          name="q"
          type="search"
          maxLength={100}
          defaultValue={filters.q}
          aria-describedby="bookings-q-hint"
          className="mt-1 block w-full max-w-xl rounded-md border border-slate-300 px-3 py-2 text-base"
        />
      </div>
      <div className="flex flex-wrap items-end gap-4">
        <DateFilterField id="bookings-from" name="from" label={t("desk.from")} value={filters.from} />
        <DateFilterField id="bookings-to" name="to" label={t("desk.to")} value={filters.to} />
        <FilterSelect
          name="status"
          label={t("desk.status")}
          value={filters.status}
          choices={choices(BOOKING_STATUSES, "desk.statuses")}
        />
        <FilterSelect
          name="payment"
          label={t("desk.payment")}
          value={filters.payment}
          choices={choices(PAYMENT_STATUSES, "desk.payments")}
        />
        <FilterSelect
          name="channel"
          label={t("desk.channel")}
          value={filters.channel}
          choices={choices(BOOKING_CHANNELS, "desk.channels")}
        />
        <FilterSelect
          name="sort"
          label={t("desk.sort")}
          value={filters.sort}
          choices={choices(["departure_asc", "departure_desc"], "desk.sorts")}
          unset={t("desk.sorts.created_desc")}
        />
        <Button type="submit">{t("desk.search")}</Button>
      </div>
    </Form>
  );
}

type Row = BookingsList["bookings"][number];

/** One booking: its reference opens the console's booking page. */
function BookingRow({ row, withMoney }: { row: Row; withMoney: boolean }) {
  const { t, i18n } = useTranslation();
  const { departure } = row;
  return (
    <tr data-testid="booking-row" data-booking-id={row.id} className="align-top">
      <td className="whitespace-nowrap py-2 pr-4">
        <Link to={`/console/bookings/${row.id}`} className="font-medium text-brand-ink underline">
          {row.reference}
        </Link>
      </td>
      <td className="py-2 pr-4">
        <p>{row.guest.name}</p>
        {row.guest.email ? <p className="text-slate-700">{row.guest.email}</p> : null}
        {row.guest.phone ? <p className="text-slate-700">{formatPhone(row.guest.phone)}</p> : null}
      </td>
      <td className="py-2 pr-4">
        <p>
          <time dateTime={departure.startsAt}>
            {formatDateTime(departure.startsAt, { timeZone: departure.timezone, locale: i18n.language })}
          </time>
        </p>
        <p className="text-slate-700">
          {departure.experienceTitle} · {departure.serviceName}
        </p>
      </td>
      <td className="py-2 pr-4">{row.guestsLabel}</td>
      <td className="whitespace-nowrap py-2 pr-4">
        {t(`desk.statuses.${row.status}`)}
        <br />
        <span className="text-slate-700">{t(`desk.payments.${row.paymentStatus}`)}</span>
      </td>
      <td className="whitespace-nowrap py-2 pr-4">{t(`desk.channels.${row.channel}`)}</td>
      {withMoney ? (
        <td className="whitespace-nowrap py-2 pr-4 text-right">
          {row.money ? formatMoney(row.money.totalMinor, row.money.currency, i18n.language) : null}
        </td>
      ) : null}
    </tr>
  );
}

/** /console/bookings: find any booking in a second, by who, when, or what the guest reads out. */
export function BookingsListPage({
  list,
  filters,
  refused,
  paged,
}: {
  list: BookingsList;
  filters: BookingFilters;
  refused: string[];
  paged: boolean;
}) {
  const { t } = useTranslation();
  const withMoney = list.money !== null;
  const heads = [
    t("desk.reference"),
    t("desk.guest"),
    t("desk.departure"),
    t("desk.guests"),
    t("desk.state"),
    t("desk.channel"),
    ...(withMoney ? [t("desk.total")] : []),
  ];
  return (
    <>
      <h1 className="text-2xl font-bold text-brand-ink">{t("desk.title")}</h1>
      <BookingSearch filters={filters} refused={refused} />
      <p className="mt-4">
        <a
          href={bookingsHref(`${PATH}.csv`, filters)}
          className="text-sm font-medium text-brand-ink underline"
          download
        >
          {t("desk.downloadCsv")}
        </a>
      </p>
      {list.bookings.length === 0 ? (
        <p className="mt-4 text-slate-700" data-testid="bookings-empty">
          {t("desk.empty")}
        </p>
      ) : (
        <ScrollRegion label={t("desk.title")} className="mt-4">
          <table className="min-w-full text-left text-sm" data-testid="bookings">
            <caption className="sr-only">{t("desk.title")}</caption>
            <ColumnHeads
              className="border-b border-slate-300"
              cell="py-2 pr-4"
              labels={heads}
              alignFrom={withMoney ? heads.length - 1 : heads.length}
            />
            <tbody className="divide-y divide-slate-200">
              {list.bookings.map((row) => (
                <BookingRow key={row.id} row={row} withMoney={withMoney} />
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
      <nav aria-label={t("desk.pages")} className="mt-6 flex gap-4">
        {paged ? (
          <Link to={bookingsHref(PATH, filters)} className="text-sm font-medium text-brand-ink underline">
            {t("desk.firstPage")}
          </Link>
        ) : null}
        {list.nextCursor ? (
          <Link
            rel="next"
            to={bookingsHref(PATH, filters, list.nextCursor)}
            className="text-sm font-medium text-brand-ink underline"
          >
            {t("desk.nextPage")}
          </Link>
        ) : null}
      </nav>
    </>
  );
}
