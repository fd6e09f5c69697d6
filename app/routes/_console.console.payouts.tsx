import type { MetaFunction } from "@remix-run/node";
import { PayoutsPage } from "~/features/console/payouts/payouts-page";
import type { loadPayoutsPage } from "~/features/console/payouts/payouts.server";
import { pageMeta } from "~/ui/meta";

export { loadPayoutsPage as loader, payoutsAction as action } from "~/features/console/payouts/payouts.server";

export const meta: MetaFunction<typeof loadPayoutsPage> = ({ data, matches }) => pageMeta(matches, data);
// A refused form's status (400, 409) stays on the page's answer.
export { passHeaders as headers } from "~/platform/http.server";

/** The operator's money: balance, next payout, schedule, payouts and the monthly statement (owner, manager). */
export default PayoutsPage;
