import { Form, Link } from "@remix-run/react";
import type { BookingsList } from "~contract/operator/bookings";
import { BOOKING_CHANNELS, BOOKING_STATUSES, PAYMENT_STATUSES } from "~contract/statuses";
import { useTranslation } from "~/platform/i18n-react";
import { Button } from "~/ui/button";
import { DataTable } from "~/ui/data-table";
import { DateFilterField } from "~/ui/date-filter-field";
import { formatPhone } from "~/ui/format";
import { CursorPager, SearchFilterField } from "~/ui/filter-fields";
import { LabelledSelect } from "~/ui/labelled-select";
import { AlertMessage } from "~/ui/status-message";
import { DepartureCell, ReferenceCell, TotalCell } from "../booking-cells";
import { bookingsHref, type BookingFilters } from "./booking-filters";

const PATH = "/console/bookings";

/** The list's choices: each a select of values whose words are `desk.<name>Choices.<value>`. */
const SELECTS: readonly { name: keyof BookingFilters; values: readonly string[]; unset?: string }[] = [
  { name: "status", values: BOOKING_STATUSES },
  { name: "payment", values: PAYMENT_STATUSES },
  { name: "channel", values: BOOKING_CHANNELS },
  { name: "sort", values: ["departure_asc", "departure_desc"], unset: "created_desc" },
];

/** The search and filters: a GET form, so the URL holds them (bookmarkable, works without JavaScript). */
function BookingSearch({ filters, refused }: { filters: BookingFilters; refused: string[] }) {
  const { t } = useTranslation();
  return (
    <Form method="get" action={PATH} className="mt-4 space-y-4" aria-labelledby="bookings-search-heading">
      <h2 id="bookings-search-heading" className="sr-only">
        {t("desk.searchHeading")}
      </h2>
      {refused.length > 0 ? <AlertMessage>{t("desk.refused", { fields: refused.join(", ") })}</AlertMessage> : null}
      <SearchFilterField id="bookings-q" label={t("desk.q")} hint={t("desk.qHint")} value={filters.q} />
      <div className="flex flex-wrap items-end gap-4">
        <DateFilterField id="bookings-from" name="from" label={t("desk.from")} value={filters.from} />
        <DateFilterField id="bookings-to" name="to" label={t("desk.to")} value={filters.to} />
        {SELECTS.map(({ name, values, unset }) => (
          <LabelledSelect
            key={name}
            id={`bookings-${name}`}
            name={name}
            label={t(`desk.${name}`)}
            value={filters[name]}
            choices={values.map((value) => ({ value, label: t(`desk.${name}Choices.${value}`) }))}
            unset={unset ? t(`desk.${name}Choices.${unset}`) : t("desk.any")}
          />
        ))}
        <Button type="submit">{t("desk.search")}</Button>
      </div>
    </Form>
  );
}

type Row = BookingsList["bookings"][number];

/** One booking: its reference opens the console's booking page. */
function BookingRow({ row, withMoney }: { row: Row; withMoney: boolean }) {
  const { t } = useTranslation();
  const { departure } = row;
  return (
    <tr data-testid="booking-row" data-booking-id={row.id} className="align-top">
      <ReferenceCell id={row.id} reference={row.reference} />
      <td className="py-2 pr-4">
        <p>{row.guest.name}</p>
        {row.guest.email ? <p className="text-slate-700">{row.guest.email}</p> : null}
        {row.guest.phone ? <p className="text-slate-700">{formatPhone(row.guest.phone)}</p> : null}
      </td>
      <DepartureCell departure={departure} />
      <td className="py-2 pr-4">{row.guestsLabel}</td>
      <td className="whitespace-nowrap py-2 pr-4">
        {t(`desk.statusChoices.${row.status}`)}
        <br />
        <span className="text-slate-700">{t(`desk.paymentChoices.${row.paymentStatus}`)}</span>
      </td>
      <td className="whitespace-nowrap py-2 pr-4">
        {t(`desk.channelChoices.${row.channel}`)}
        {row.reseller ? (
          <>
            <br />
            <span className="text-slate-700" data-testid="booking-reseller">
              {t("desk.soldBy", { name: row.reseller.name, reference: row.reseller.reference ?? "—" })}
            </span>
          </>
        ) : null}
      </td>
      {withMoney ? <TotalCell money={row.money} /> : null}
    </tr>
  );
}

/** /console/bookings: find any booking in a second, by who, when, or what the guest reads out. */
export function BookingsListPage({
  list,
  filters,
  refused,
  paged,
  canBook = false,
}: {
  list: BookingsList;
  filters: BookingFilters;
  refused: string[];
  paged: boolean;
  /** The member may take bookings at the desk (operatorMe's `can.takeBookings`). */
  canBook?: boolean;
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
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-brand-ink">{t("desk.title")}</h1>
        {canBook ? (
          <Link to="/console/bookings/new" className="font-medium text-brand-ink underline" data-testid="new-booking">
            {t("desk.newBookingLink")}
          </Link>
        ) : null}
      </div>
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
      <DataTable
        rows={list.bookings}
        row={(row) => <BookingRow key={row.id} row={row} withMoney={withMoney} />}
        empty={t("desk.empty")}
        className="mt-4"
        caption={t("desk.title")}
        columns={heads}
        alignFrom={withMoney ? heads.length - 1 : heads.length}
        data-testid="bookings"
      />
      <CursorPager
        label={t("desk.pages")}
        first={paged ? bookingsHref(PATH, filters) : null}
        next={list.nextCursor ? bookingsHref(PATH, filters, list.nextCursor) : null}
      />
    </>
  );
}
