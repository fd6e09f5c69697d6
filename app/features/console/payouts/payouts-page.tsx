import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/platform/i18n-react";
import { StatusMessage } from "~/ui/status-message";
import { BalanceSection } from "./balance-section";
import { PayoutAccountSection } from "./payout-account-section";
import type { PayoutsPageData } from "./payouts-data";
import { PayoutsSection } from "./payouts-section";
import { ScheduleSection } from "./schedule-section";
import { StatementSection } from "./statement-section";

/**
 * /console/payouts, the operator's money (issue 45), made of sections that each read their own
 * part of the page's data: the payout account, the balance and next payout, the payout schedule,
 * the payouts, and the month's statement.
 */
export function PayoutsPage() {
  const { title, flash, payoutAccount, canStartOnboarding, returned } = useLoaderData<PayoutsPageData>();
  const { t } = useTranslation();
  return (
    <>
      <h1 className="text-2xl font-bold text-brand-ink">{title}</h1>
      {flash ? <StatusMessage>{t(flash)}</StatusMessage> : null}
      {returned && payoutAccount.state !== "enabled" ? (
        <StatusMessage>{t(`payoutAccount.returned_${returned}`)}</StatusMessage>
      ) : null}
      <PayoutAccountSection account={payoutAccount} canStart={canStartOnboarding} />
      <BalanceSection />
      <ScheduleSection />
      <PayoutsSection />
      <StatementSection />
    </>
  );
}
