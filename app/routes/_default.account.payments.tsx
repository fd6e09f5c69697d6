import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { i18next } from "~/platform/i18next.server";
import { apiFor } from "~/platform/api.server";
import { slotDay } from "~/features/booking/availability";
import type { Booking } from "~/features/booking/bookings";
import { Pagination } from "~/ui/pagination";
import { formatMoney } from "~/ui/format";
import { requireUser } from "~/features/auth/session.server";
import { pageMeta } from "~/ui/meta";

/** Payments made for bookings (paid, refunded), newest first. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { token } = await requireUser(request);
  const requested = new URL(request.url).searchParams.get("page");
  const page = requested && /^\d{1,5}$/.test(requested) && Number(requested) >= 1 ? Number(requested) : 1;
  const [payments, t] = await Promise.all([
    apiFor(request, { token }).call("payments", { query: { page } }),
    i18next.getFixedT(request),
  ]);
  return { payments, title: t("account.payments"), appName: t("app.name") };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data);

export default function PaymentsPage() {
  const { payments, title } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  const money = (booking: Booking, amount: number) => formatMoney(amount, booking.currency, i18n.language);
  return (
    <>
      <h1 className="text-2xl font-bold text-brand-ink">{title}</h1>
      {payments.items.length === 0 ? (
        <p className="mt-6 text-slate-700">{t("paymentsPage.empty")}</p>
      ) : (
        <table className="mt-6 w-full text-left text-sm">
          <caption className="sr-only">{title}</caption>
          <thead className="border-b border-slate-200 text-slate-600">
            <tr>
              <th scope="col" className="py-2">
                {t("paymentsPage.booking")}
              </th>
              <th scope="col" className="py-2">
                {t("paymentsPage.status")}
              </th>
              <th scope="col" className="py-2 text-right">
                {t("paymentsPage.amount")}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {payments.items.map((booking) => (
              <tr key={booking.id}>
                <td className="py-2">
                  <Link
                    to={`/experiences/${booking.experienceId}/${booking.serviceId}/return/${booking.id}`}
                    className="font-medium underline"
                  >
                    {booking.experienceTitle}
                  </Link>
                  <span className="block text-slate-600">
                    {slotDay(booking.startsAt, booking.timezone, i18n.language)} · {booking.id}
                  </span>
                </td>
                <td className="py-2">
                  {t(`paymentsPage.status_${booking.paymentStatus}`, { defaultValue: booking.paymentStatus })}
                </td>
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
    </>
  );
}
