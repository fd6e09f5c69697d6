import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/platform/i18n-react";
import { CardSection } from "~/ui/labelled-section";
import { BalanceFigures } from "./balance-figures";
import type { PayoutsPageData } from "./payouts-data";

/** The money page's balance and next payout. */
export function BalanceSection() {
  const { balance } = useLoaderData<PayoutsPageData>();
  const { t } = useTranslation();
  return (
    <CardSection headingId="balance-heading" heading={t("payouts.balance.heading")} className="mt-6">
      <BalanceFigures balance={balance} />
    </CardSection>
  );
}
