import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { buyGiftCard, loadBuyGiftCard } from "~/features/gift-cards/buy.server";
import { BuyGiftCardPage } from "~/features/gift-cards/buy-page";
import { passHeaders } from "~/platform/http.server";
import { NOINDEX, pageMeta } from "~/ui/meta";

/** /gift-cards/buy: a gift card of this storefront (or the marketplace), paid through the checkout. */
export async function loader(args: LoaderFunctionArgs) {
  return loadBuyGiftCard(args);
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data, [NOINDEX]);

// A 429 (apiErrorResult) keeps its Retry-After on the page.
export const headers = passHeaders;

export async function action(args: ActionFunctionArgs) {
  return buyGiftCard(args);
}

export default function BuyGiftCardRoute() {
  return <BuyGiftCardPage />;
}
