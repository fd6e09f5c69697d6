import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useRouteError } from "@remix-run/react";
import { passHeaders } from "~/platform/http.server";
import { loadConfirmPage, placeBooking } from "~/features/booking/confirm.server";
import { ConfirmPage } from "~/features/booking/confirm-page";
import { NOINDEX, pageMeta } from "~/ui/meta";
import { RouteErrorContent } from "~/ui/error-page";
import { OfferRefused, offerRefusalOf } from "~/features/waitlist/offer-refused";

/** The quote, the traveller's cards and gift cards; records the visit for the unfinished-booking reminder. */
export async function loader(args: LoaderFunctionArgs) {
  return loadConfirmPage(args);
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(matches, data && { title: data.experience.title }, [NOINDEX]);

// A 429 (apiErrorResult) keeps its Retry-After on the page.
export const headers = passHeaders;

/** Places the booking (or applies a gift card, or removes the promo code). */
export async function action(args: ActionFunctionArgs) {
  return placeBooking(args);
}

/** A waitlist offer that cannot be used says which way and what to do; any other error, the layout's page. */
export function ErrorBoundary() {
  const refusal = offerRefusalOf(useRouteError());
  return refusal ? <OfferRefused refusal={refusal} /> : <RouteErrorContent />;
}

export default function ConfirmRoute() {
  return <ConfirmPage />;
}
