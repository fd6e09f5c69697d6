import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/platform/i18n-react";
import { CursorPager, listHref } from "~/ui/filter-fields";
import { LabelledSection } from "~/ui/labelled-section";
import type { PayoutsPageData } from "./payouts-data";
import { PayoutsTable } from "./payouts-table";

const PAYOUTS_PATH = "/console/payouts";

/** Every payout, newest first, a page at a time (the statement's month kept in the links). */
export function PayoutsSection() {
  const { payouts, paged, balance, statement } = useLoaderData<PayoutsPageData>();
  const { t } = useTranslation();
  const filters = { month: statement.month };
  return (
    <LabelledSection
      headingId="payouts-heading"
      heading={t("payouts.list.heading")}
      headingClassName="text-lg font-semibold text-brand-ink"
      className="mt-8"
    >
      <PayoutsTable
        payouts={payouts.items}
        timeZone={balance.timeZone}
        caption={t("payouts.list.caption")}
        empty={t("payouts.list.empty")}
        testId="payouts"
      />
      <CursorPager
        label={t("payouts.list.pages")}
        first={paged ? `${listHref(PAYOUTS_PATH, filters)}#payouts-heading` : null}
        next={payouts.nextCursor ? `${listHref(PAYOUTS_PATH, filters, payouts.nextCursor)}#payouts-heading` : null}
      />
    </LabelledSection>
  );
}
