import type { MetaFunction } from "@remix-run/node";
import type { loadSellPage } from "~/features/selling/sell.server";
import { SellPage } from "~/features/selling/sell-page";
import { pageMeta } from "~/ui/meta";

export { loadSellPage as loader, applyAction as action } from "~/features/selling/sell.server";

export const meta: MetaFunction<typeof loadSellPage> = ({ data, matches }) => pageMeta(matches, data);

// A 429 (apiErrorResult: applying is rate-limited) keeps its Retry-After on the page.
export { passHeaders as headers } from "~/platform/http.server";

/** "Sell your experiences" (issue 44): the marketplace's application to sell, with or without JavaScript. */
export default SellPage;
