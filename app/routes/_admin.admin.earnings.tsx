import type { MetaFunction } from "@remix-run/node";
import { EarningsPage } from "~/features/admin/earnings-page";
import type { loadEarnings } from "~/features/admin/money.server";
import { pageMeta } from "~/ui/meta";

export { loadEarnings as loader } from "~/features/admin/money.server";

export const meta: MetaFunction<typeof loadEarnings> = ({ data, matches }) => pageMeta(matches, data);
export { passHeaders as headers } from "~/platform/http.server";

/** What the platform earned over a range of dates, per currency and per operator. */
export default EarningsPage;
