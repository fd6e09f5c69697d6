import { Link, useLoaderData } from "@remix-run/react";
import { StatusMessage } from "~/ui/status-message";
import { useTranslation } from "~/platform/i18n-react";
import { slotDay } from "~/features/booking/availability";
import type { Booking } from "~/features/booking/bookings";
import { Pagination } from "~/ui/pagination";
import { ColumnHeads } from "~/ui/column-heads";
import { formatMoney } from "~/ui/format";
import { SavedCards } from "~/features/account/saved-cards";
import { TipsGiven } from "~/features/account/tips-given";
import { GiftCardList } from "~/features/account/gift-card-list";
import type { loadPayments } from "~/features/account/payments.server";

/** Saved cards, then payments made for bookings (paid, refunded), newest first, each with its receipt; tips; gift cards. */
export function PaymentsPage() {
  const { payments, title, flash } = useLoaderData<typeof loadPayments>();
  const { t, i18n } = useTranslation();
  const money = (booking: Booking, amount: number) => formatMoney(amount, booking.currency, i18n.language);
  return (
    <>
      <h1 className="text-2xl font-bold text-brand-ink">{title}</h1>
      {flash ? <StatusMessage>{t(flash)}</StatusMessage> : null}
      <SavedCards />
      <h2 className="mt-8 text-lg font-semibold">{t("paymentsPage.history")}</h2>
      {payments.items.length === 0 ? (
        <p className="mt-6 text-slate-700">{t("paymentsPage.empty")}</p>
      ) : (
        <table className="mt-6 w-full text-left text-sm">
          <caption className="sr-only">{title}</caption>
          <ColumnHeads
            cell="py-2"
            labels={[t("paymentsPage.booking"), t("paymentsPage.status"), t("paymentsPage.amount")]}
            alignFrom={2}
          />
          <tbody className="divide-y divide-slate-100">
            {payments.items.map((booking) => (
              <tr key={booking.id}>
                <td className="py-2">
                  <Link to={`/account/receipt/${booking.id}`} className="font-medium underline">
                    {booking.experienceTitle}
                  </Link>
                  <span className="block text-slate-600">
                    {slotDay(booking.startsAt, booking.timezone, i18n.language)} · {booking.reference} ·{" "}
                    <Link to={`/account/receipt/${booking.id}`} className="underline">
                      {t("receipt.view")}
                    </Link>
                  </span>
                </td>
                <td className="py-2">{t(`paymentsPage.status_${booking.paymentStatus}`)}</td>
                <td className="py-2 text-right">
                  {money(booking, booking.totalMinor)}
                  {booking.refundMinor ? (
                    <span className="block text-slate-600">
                      {t("paymentsPage.refunded", { amount: money(booking, booking.refundMinor) })}
                    </span>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pagination page={payments.page} totalPages={payments.totalPages} />
      <TipsGiven />
      <GiftCardList />
    </>
  );
}
