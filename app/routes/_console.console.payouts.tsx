import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PayoutAccountSection } from "~/features/console/payouts/payout-account-section";
import {
  loadPayoutAccountSection,
  payoutAccountAction,
  requirePayoutsPage,
} from "~/features/console/payouts/payout-account.server";
import { withFlash } from "~/platform/flash.server";
import { useTranslation } from "~/platform/i18n-react";
import { i18next } from "~/platform/i18next.server";
import { pageMeta } from "~/ui/meta";
import { StatusMessage } from "~/ui/status-message";

/** The console's payouts page (owner and manager; a guide: 404): the payout account and its onboarding. */
export async function loader({ request }: LoaderFunctionArgs) {
  const [caller, t] = await Promise.all([requirePayoutsPage(request), i18next.getFixedT(request)]);
  // Back from the provider's onboarding: finished (its news follows), or its link had expired.
  const returned = new URL(request.url).searchParams.get("onboarding");
  return withFlash(request, {
    ...(await loadPayoutAccountSection(caller)),
    returned: returned === "done" || returned === "again" ? returned : null,
    title: t("payoutAccount.pageTitle"),
  });
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data);

export const action = payoutAccountAction;

export default function ConsolePayouts() {
  const { payoutAccount, canStartOnboarding, returned, flash, title } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <>
      <h1 className="text-2xl font-bold text-brand-ink">{title}</h1>
      {flash ? <StatusMessage>{t(flash)}</StatusMessage> : null}
      {returned && payoutAccount.state !== "enabled" ? (
        <StatusMessage>{t(`payoutAccount.returned_${returned}`)}</StatusMessage>
      ) : null}
      <PayoutAccountSection account={payoutAccount} canStart={canStartOnboarding} />
    </>
  );
}
