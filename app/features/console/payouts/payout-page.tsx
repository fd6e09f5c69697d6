import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/platform/i18n-react";
import { BackLink } from "~/ui/back-link";
import { DataTable } from "~/ui/data-table";
import { formatCalendarDay, formatDate, formatMoment } from "~/ui/date-format";
import { formatMoney } from "~/ui/format";
import { BookingCell } from "./booking-cell";
import { FactList } from "./fact-list";
import { PayoutStatus } from "./payout-status";
import type { loadPayoutPage } from "./payouts.server";

/** /console/payouts/{id}: a payout (amount, status, when made and arriving) and the bookings it paid. */
export function PayoutPage() {
  const { payout, timeZone } = useLoaderData<typeof loadPayoutPage>();
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const money = (minor: number) => formatMoney(minor, payout.currency, locale);
  const facts = [
    ["amount", money(payout.amountMinor)],
    ["made", formatDate(payout.createdAt, { timeZone, locale, style: "long" })],
    ["arrival", payout.arrivalDate ? formatCalendarDay(payout.arrivalDate, { locale, style: "long" }) : "—"],
  ] as const;
  const caption = t("payouts.payout.caption");
  return (
    <>
      <BackLink to="/console/payouts">{t("payouts.payout.back")}</BackLink>
      <h1 className="mt-2 text-2xl font-bold text-brand-ink">
        {t("payouts.payout.heading", { amount: money(payout.amountMinor) })}
      </h1>
      <FactList facts={facts} labels="payouts.payout" className="mt-4 grid gap-3 sm:grid-cols-4" testId="payout-facts">
        <div>
          <dt className="text-sm text-slate-700">{t("payouts.list.status")}</dt>
          <dd className="mt-1">
            <PayoutStatus payout={payout} />
          </dd>
        </div>
      </FactList>
      <h2 id="payout-bookings-heading" className="mt-8 text-lg font-semibold text-brand-ink">
        {t("payouts.payout.bookingsHeading", { count: payout.lines.length })}
      </h2>
      <DataTable
        rows={payout.lines}
        empty={t("payouts.payout.noBookings")}
        className="mt-3"
        caption={caption}
        columns={[t("payouts.statement.booking"), t("payouts.statement.departure"), t("payouts.payout.paid")]}
        alignFrom={2}
        data-testid="payout-bookings"
        row={(line) => (
          <tr key={line.bookingId} data-booking={line.bookingId} className="align-top">
            <BookingCell booking={line} className="py-2 pr-4 text-left font-normal" />
            <td className="whitespace-nowrap py-2 pr-4">
              {formatMoment(line.departureStartsAt, { timeZone: line.timezone, locale })}
            </td>
            <td className="whitespace-nowrap py-2 pr-4 text-right tabular-nums">{money(line.amountMinor)}</td>
          </tr>
        )}
      />
      {payout.otherMinor !== 0 ? (
        <p className="mt-3 text-sm text-slate-700">{t("payouts.payout.other", { amount: money(payout.otherMinor) })}</p>
      ) : null}
    </>
  );
}
