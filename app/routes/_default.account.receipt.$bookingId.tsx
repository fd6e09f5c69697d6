import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { PickupLine } from "~/features/booking/pickup-line";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/platform/i18n-react";
import { whenText } from "~/features/account/booking-details";
import { paidWith } from "~/features/account/card-label";
import { routeNotFound } from "~/platform/http.server";
import { loadMyBooking } from "~/features/account/my-booking.server";
import { AmountRow } from "~/ui/amount-row";
import { RefundRows } from "~/features/refunds/refund-rows";
import { ColumnHeads } from "~/ui/column-heads";
import { ReceiptHeader } from "~/ui/receipt-header";
import { formatMoney } from "~/ui/format";
import { NOINDEX, pageMeta } from "~/ui/meta";
import { useTravellerZone } from "~/ui/traveller-zone";
import type { BookingView } from "~contract/bookings/requests";

/** A printable receipt for one of the signed-in user's payments; none for a booking nobody paid for. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { booking, t } = await loadMyBooking(request, params);
  if (!["paid", "refunded"].includes(booking.paymentStatus) || booking.totalMinor === 0) {
    throw await routeNotFound(request);
  }
  return { booking, title: t("receipt.title", { reference: booking.reference }) };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data, [NOINDEX]);

export default function ReceiptPage() {
  const travellerZone = useTravellerZone();
  const { booking, title } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  const money = (amount: number) => formatMoney(amount, booking.currency, i18n.language);
  const paidAt = booking.confirmedAt ?? booking.createdAt;
  return (
    <article className="max-w-2xl space-y-6">
      <ReceiptHeader title={title} seller={booking.operatorName} paidAt={paidAt} />
      <section aria-labelledby="receipt-items" className="rounded-xl border border-slate-200 p-4">
        <h2 id="receipt-items" className="font-semibold">
          {booking.experienceTitle} — {booking.serviceName}
        </h2>
        <p className="text-sm text-slate-700">
          <time dateTime={booking.startsAt}>{whenText(booking, i18n.language)}</time>
        </p>
        <PickupLine pickup={booking.pickup} timezone={booking.timezone} className="text-sm text-slate-700" />
        <table className="mt-3 w-full text-left text-sm" data-testid="receipt-lines">
          <caption className="sr-only">{t("receipt.lines")}</caption>
          <ColumnHeads
            cell="py-1"
            labels={[t("receipt.item"), t("receipt.quantity"), t("receipt.unitPrice"), t("receipt.lineTotal")]}
            alignFrom={1}
          />
          <tbody>
            {receiptLines(booking, t("details.privateDeparture")).map((line) => (
              <tr key={line.key}>
                <td className="py-1">{line.name}</td>
                <td className="py-1 text-right">{line.quantity}</td>
                <td className="py-1 text-right">{money(line.unitPriceMinor)}</td>
                <td className="py-1 text-right">{money(line.unitPriceMinor * line.quantity)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <dl className="mt-3 text-sm">
          <AmountRow label={t("details.subtotal")} value={money(booking.subtotalMinor)} />
          {booking.discountMinor ? (
            <AmountRow
              label={booking.promoCode ? t("receipt.discountCode", { code: booking.promoCode }) : t("details.discount")}
              value={money(-booking.discountMinor)}
            />
          ) : null}
          {booking.feesMinor ? <AmountRow label={t("details.fees")} value={money(booking.feesMinor)} /> : null}
          <AmountRow label={t("details.taxes")} value={money(booking.taxMinor)} />
          <AmountRow label={t("receipt.totalPaid")} value={money(booking.totalMinor)} strong />
          {booking.giftCardMinor ? (
            <>
              <AmountRow label={t("receipt.paidByGiftCard")} value={money(booking.giftCardMinor)} />
              <AmountRow
                label={t("receipt.paidByCardPart")}
                value={money(booking.totalMinor - booking.giftCardMinor)}
              />
            </>
          ) : null}
          {booking.refunds.length > 0 ? (
            <RefundRows booking={booking} timeZone={travellerZone} />
          ) : booking.refundMinor ? (
            <AmountRow label={t("receipt.refunded")} value={money(-booking.refundMinor)} />
          ) : null}
        </dl>
        <p className="mt-3 text-sm text-slate-700" data-testid="receipt-card">
          {booking.card
            ? paidWith(booking.card, t)
            : booking.giftCardMinor === booking.totalMinor
              ? t("receipt.paidAllByGiftCard")
              : t("receipt.paidByCard")}
        </p>
      </section>
      <p className="text-sm text-slate-700">
        {t("receipt.reference")}: <span className="font-mono">{booking.reference}</span>
      </p>
      <p className="print:hidden">
        <Link to={`/account/booking/${booking.id}`} className="text-sm font-medium text-brand underline">
          {t("receipt.toBooking")}
        </Link>
        {" · "}
        <Link to="/account/payments" className="text-sm font-medium text-brand underline">
          {t("receipt.allPayments")}
        </Link>
      </p>
    </article>
  );
}

/** What was bought: a private booking's group price (issue 46), the tickets, the add-ons. */
function receiptLines(booking: BookingView, privateName: string) {
  return [
    ...(booking.privatePriceMinor === null
      ? []
      : [{ key: "private", name: privateName, quantity: 1, unitPriceMinor: booking.privatePriceMinor }]),
    ...booking.tickets.map((ticket) => ({ key: ticket.ticketTypeId, ...ticket })),
    ...booking.addOns.map((addOn) => ({ key: addOn.addOnId, ...addOn })),
  ];
}
