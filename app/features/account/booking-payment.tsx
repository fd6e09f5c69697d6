import { Form, Link } from "@remix-run/react";
import { depositLine } from "~/features/booking/deposit-line";
import { useTranslation } from "~/platform/i18n-react";
import { minutesLeft } from "~/features/account/booking-details";
import type { Booking } from "~/features/booking/bookings";
import { formatMoney } from "~/ui/format";
import { AmountRow } from "~/ui/amount-row";
import { useTravellerZone } from "~/ui/traveller-zone";
import { RefundRows } from "~/features/refunds/refund-rows";
import { StatusMessage } from "~/ui/status-message";
import { CardSection } from "~/ui/labelled-section";

/** What the booking cost, how it was paid and refunded, its receipt, and a held one's checkout. */
export function BookingPayment({ booking }: { booking: Booking }) {
  const travellerZone = useTravellerZone();
  const { t, i18n } = useTranslation();
  const money = (amount: number) => formatMoney(amount, booking.currency, i18n.language);
  return (
    <CardSection headingId="price-heading" plainHeading heading={t("booking.payment")}>
      <dl className="mt-2 text-sm">
        <AmountRow label={t("details.subtotal")} value={money(booking.subtotalMinor)} />
        {booking.discountMinor ? (
          <AmountRow label={t("details.discount")} value={money(-booking.discountMinor)} />
        ) : null}
        {booking.feesMinor ? <AmountRow label={t("details.fees")} value={money(booking.feesMinor)} /> : null}
        {booking.taxMinor ? <AmountRow label={t("details.taxes")} value={money(booking.taxMinor)} /> : null}
        <AmountRow label={t("details.total")} value={money(booking.totalMinor)} strong />
        {booking.giftCardMinor ? (
          <AmountRow label={t("receipt.paidByGiftCard")} value={money(booking.giftCardMinor)} />
        ) : null}
        <RefundRows booking={booking} timeZone={travellerZone} />
      </dl>
      {booking.deposit ? <DepositNotice booking={booking} /> : null}
      <p className="mt-2 text-sm text-slate-700">{t(`paymentsPage.status_${booking.paymentStatus}`)}</p>
      {booking.paymentStatus === "paid" || booking.paymentStatus === "refunded" ? (
        <Link
          to={`/account/receipt/${booking.id}`}
          className="mt-2 inline-block text-sm font-medium text-brand underline"
        >
          {t("receipt.view")}
        </Link>
      ) : null}
      {booking.checkoutUrl ? <ResumePayment booking={booking} /> : null}
    </CardSection>
  );
}

/** After cancelling: what is refunded. */
export function CancelledNotice({ booking }: { booking: Booking }) {
  const { t, i18n } = useTranslation();
  const refunded = booking.refundMinor ?? (booking.paymentStatus === "paid" ? booking.totalMinor : 0);
  return (
    <StatusMessage className="">
      {refunded > 0
        ? t("booking.cancelledRefunded", { amount: formatMoney(refunded, booking.currency, i18n.language) })
        : t("booking.cancelled")}
    </StatusMessage>
  );
}

/** A held booking: the same checkout, resumed, with the time the seats are still held. */
function ResumePayment({ booking }: { booking: Booking }) {
  const { t } = useTranslation();
  return (
    <div className="mt-3 rounded-md bg-amber-50 p-3 text-sm text-amber-900">
      <p>{t("booking.heldFor", { count: minutesLeft(booking.holdExpiresAt) })}</p>
      <a
        href={booking.checkoutUrl!}
        className="mt-2 inline-block rounded-md bg-brand px-3 py-2 font-semibold text-white"
      >
        {t("booking.completePayment")}
      </a>
    </div>
  );
}

/**
 * A deposit booking (issue 46, item 5): "Paid $225.00 · $675.00 due on 12 Mar 2027 (zone)", in the
 * departure's zone; while the balance is owed, a button to pay it now (a native post: the booking
 * page's action opens its checkout).
 */
function DepositNotice({ booking }: { booking: Booking }) {
  const { t, i18n } = useTranslation();
  const deposit = booking.deposit!;
  const money = (amount: number) => formatMoney(amount, booking.currency, i18n.language);
  const owed = booking.status === "confirmed" && deposit.dueMinor > 0;
  const line = depositLine(t, deposit, booking, i18n.language);
  return (
    <div id="balance" className="mt-3 rounded-md bg-slate-50 p-3 text-sm text-slate-800" data-testid="deposit">
      <p className="font-medium">{line}</p>
      {owed && deposit.balanceState === "failed" ? (
        <p className="mt-1 text-amber-900">{t("booking.balanceDeclined")}</p>
      ) : null}
      {owed ? (
        <Form method="post" className="mt-2">
          <input type="hidden" name="intent" value="balance" />
          <button type="submit" className="rounded-md bg-brand px-3 py-2 font-semibold text-white">
            {t("booking.payBalance", { amount: money(deposit.dueMinor) })}
          </button>
        </Form>
      ) : null}
    </div>
  );
}
