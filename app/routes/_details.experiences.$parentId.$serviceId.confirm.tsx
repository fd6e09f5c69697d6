import type { MetaFunction } from "@remix-run/node";
import { useRouteError } from "@remix-run/react";
import type { loadConfirmPage } from "~/features/booking/confirm.server";
import { NOINDEX, pageMeta } from "~/ui/meta";
import { RouteErrorContent } from "~/ui/error-page";
import { OfferRefused, offerRefusalOf } from "~/features/waitlist/offer-refused";
import { ConfirmPage } from "~/features/booking/confirm-page";

/** The quote, the traveller's cards and gift cards; records the visit for the unfinished-booking reminder. */
export { loadConfirmPage as loader, placeBooking as action } from "~/features/booking/confirm.server";

export const meta: MetaFunction<typeof loadConfirmPage> = ({ data, matches }) =>
  pageMeta(matches, data && { title: data.experience.title }, [NOINDEX]);

// A 429 (apiErrorResult) keeps its Retry-After on the page.
export { passHeaders as headers } from "~/platform/http.server";

/** A waitlist offer that cannot be used says which way and what to do; any other error, the layout's page. */
export function ErrorBoundary() {
  const refusal = offerRefusalOf(useRouteError());
  return refusal ? <OfferRefused refusal={refusal} /> : <RouteErrorContent />;
}

export default ConfirmPage;
