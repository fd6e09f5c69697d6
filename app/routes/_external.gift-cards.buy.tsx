import type { MetaFunction } from "@remix-run/node";
import type { loadBuyGiftCard } from "~/features/gift-cards/buy.server";
import { NOINDEX, pageMeta } from "~/ui/meta";
import { BuyGiftCardPage } from "~/features/gift-cards/buy-page";

/** /gift-cards/buy: a gift card of this storefront (or the marketplace), paid through the checkout. */
export { loadBuyGiftCard as loader, buyGiftCard as action } from "~/features/gift-cards/buy.server";

export const meta: MetaFunction<typeof loadBuyGiftCard> = ({ data, matches }) => pageMeta(matches, data, [NOINDEX]);

// A 429 (apiErrorResult) keeps its Retry-After on the page.
export { passHeaders as headers } from "~/platform/http.server";

export default BuyGiftCardPage;
