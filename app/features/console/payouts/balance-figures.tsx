import type { OperatorBalance } from "~contract/payouts/money-outputs";
import { useTranslation } from "~/platform/i18n-react";
import { formatCalendarDay } from "~/ui/date-format";
import { formatMoney } from "~/ui/format";

/**
 * An operator's balance in figures (the console's money page and the platform admins' view of an
 * operator): pending, available, in transit, paid out, the platform's fees, and the next payout's
 * date and estimated amount.
 */
export function BalanceFigures({ balance }: { balance: OperatorBalance }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const money = (minor: number) => formatMoney(minor, balance.currency, locale);
  const { nextPayout, schedule } = balance;
  const figures = [
    ["pending", balance.pendingMinor],
    ["available", balance.availableMinor],
    ["inTransit", balance.inTransitMinor],
    ["paidOut", balance.paidOutMinor],
    ["platformFees", balance.platformFees.totalMinor],
  ] as const;
  return (
    <>
      <dl className="mt-3 grid grid-cols-2 gap-4 sm:grid-cols-5" data-testid="balance">
        {figures.map(([name, amount]) => (
          <div key={name}>
            <dt className="text-sm text-slate-700">{t(`payouts.balance.${name}`)}</dt>
            <dd className="text-xl font-semibold tabular-nums text-slate-900" data-figure={name}>
              {money(amount)}
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 text-sm text-slate-700">{t("payouts.balance.explained", { count: schedule.holdDays })}</p>
      <p className="mt-3 font-medium text-slate-900" data-testid="next-payout">
        {t(
          balance.payoutsPaused
            ? "payouts.balance.nextPaused"
            : !balance.payoutsEnabled
              ? "payouts.balance.nextNotEnabled"
              : nextPayout.estimatedMinor === 0
                ? "payouts.balance.nextNothing"
                : nextPayout.belowMinimum
                  ? "payouts.balance.nextBelowMinimum"
                  : "payouts.balance.next",
          {
            date: formatCalendarDay(nextPayout.date, { locale, style: "full" }),
            amount: money(nextPayout.estimatedMinor),
            minimum: money(schedule.minimumMinor),
          },
        )}
      </p>
    </>
  );
}
