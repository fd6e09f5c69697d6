import type { BookingView } from "~contract/bookings/requests";
import { useTranslation } from "~/platform/i18n-react";
import { AmountRow } from "~/ui/amount-row";
import { formatDateTime } from "~/ui/date-format";
import { formatMoney } from "~/ui/format";

/**
 * A paid booking's refunds in its price breakdown (a <dl>): one row per refund (its date and
 * amount, "on its way" while owed), then what remains paid. Nothing when it had no refund.
 */
export function RefundRows({ booking, timeZone }: { booking: BookingView; timeZone: string }) {
  const { t, i18n } = useTranslation();
  if (booking.refunds.length === 0) return null;
  const money = (amount: number) => formatMoney(amount, booking.currency, i18n.language);
  const refunded = booking.refunds.reduce((sum, refund) => sum + refund.amountMinor, 0);
  return (
    <>
      {booking.refunds.map((refund) => (
        <AmountRow
          key={refund.id}
          label={t(refund.status === "made" ? "refunds.row" : "refunds.rowOwed", {
            date: formatDateTime(refund.createdAt, { timeZone, locale: i18n.language }),
          })}
          value={money(-refund.amountMinor)}
        />
      ))}
      <AmountRow label={t("refunds.netPaid")} value={money(Math.max(0, booking.totalMinor - refunded))} strong />
    </>
  );
}
