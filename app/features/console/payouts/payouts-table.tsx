import { Link } from "@remix-run/react";
import type { PayoutSummary } from "~contract/payouts/money-outputs";
import { useTranslation } from "~/platform/i18n-react";
import { DataTable } from "~/ui/data-table";
import { formatCalendarDay, formatDate } from "~/ui/date-format";
import { formatCount, formatMoney } from "~/ui/format";
import { PayoutStatus } from "./payout-status";

/**
 * Payouts in a table: when each was made (in the operator's zone), its status, amount, how many
 * bookings it paid and when it arrives; each links to its page (the bookings it paid) unless not `linked`.
 */
export function PayoutsTable({
  payouts,
  timeZone,
  caption,
  empty,
  testId,
  linked = true,
}: {
  payouts: readonly PayoutSummary[];
  timeZone: string;
  caption: string;
  empty: string;
  testId: string;
  /** Each payout links to its console page (the operator's team; not the platform admins). */
  linked?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  return (
    <DataTable
      rows={payouts}
      empty={empty}
      className="mt-3"
      caption={caption}
      columns={[
        t("payouts.list.made"),
        t("payouts.list.status"),
        t("payouts.list.amount"),
        t("payouts.list.bookings"),
        t("payouts.list.arrival"),
      ]}
      alignFrom={[2, 3]}
      data-testid={testId}
      row={(payout) => (
        <tr key={payout.id} data-payout={payout.id} className="align-top">
          <th scope="row" className="py-2 pr-4 text-left font-normal">
            {linked ? (
              <Link to={`/console/payouts/${payout.id}`} className="font-medium text-brand-ink underline">
                {formatDate(payout.createdAt, { timeZone, locale })}
              </Link>
            ) : (
              formatDate(payout.createdAt, { timeZone, locale })
            )}
          </th>
          <td className="py-2 pr-4">
            <PayoutStatus payout={payout} />
          </td>
          <td className="whitespace-nowrap py-2 pr-4 text-right tabular-nums">
            {formatMoney(payout.amountMinor, payout.currency, locale)}
          </td>
          <td className="py-2 pr-4 text-right tabular-nums">{formatCount(payout.bookings, locale)}</td>
          <td className="whitespace-nowrap py-2 pr-4">
            {payout.arrivalDate ? formatCalendarDay(payout.arrivalDate, { locale }) : "—"}
          </td>
        </tr>
      )}
    />
  );
}
