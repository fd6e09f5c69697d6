import type { MetaFunction } from "@remix-run/node";
import { PayoutPage } from "~/features/console/payouts/payout-page";
import type { loadPayoutPage } from "~/features/console/payouts/payouts.server";
import { pageMeta } from "~/ui/meta";

export { loadPayoutPage as loader } from "~/features/console/payouts/payouts.server";

export const meta: MetaFunction<typeof loadPayoutPage> = ({ data, matches }) => pageMeta(matches, data);
export { passHeaders as headers } from "~/platform/http.server";

/** One payout and the bookings it paid (owner, manager; anyone else the 404 page). */
export default PayoutPage;
