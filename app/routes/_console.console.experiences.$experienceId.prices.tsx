import type { MetaFunction } from "@remix-run/node";
import type { loadPricesPage } from "~/features/console/prices.server";
import { PricesPage } from "~/features/console/prices/prices-page";
import { pageMeta } from "~/ui/meta";

export { loadPricesPage as loader, pricesAction as action } from "~/features/console/prices.server";

export const meta: MetaFunction<typeof loadPricesPage> = ({ data, matches }) => pageMeta(matches, data);
export { passHeaders as headers } from "~/platform/http.server";

export default PricesPage;
