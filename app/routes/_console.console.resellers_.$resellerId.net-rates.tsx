import type { MetaFunction } from "@remix-run/node";
import type { loadNetRatesPage } from "~/features/console/net-rates.server";
import { NetRatesPage } from "~/features/console/resellers/net-rates-page";
import { pageMeta } from "~/ui/meta";

export { loadNetRatesPage as loader, netRatesAction as action } from "~/features/console/net-rates.server";

export const meta: MetaFunction<typeof loadNetRatesPage> = ({ data, matches }) => pageMeta(matches, data);
export { passHeaders as headers } from "~/platform/http.server";

export default NetRatesPage;
