import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { passHeaders } from "~/platform/http.server";
import { bookingAction, loadBookingPage } from "~/features/account/booking-page.server";
import { BookingPage } from "~/features/account/booking-page";
import { NOINDEX, pageMeta } from "~/ui/meta";

/** One booking of the signed-in user (ours: not in the spec's table), in the default layout. */
export async function loader(args: LoaderFunctionArgs) {
  return loadBookingPage(args);
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data, [NOINDEX]);

// A 429 (apiErrorResult) keeps its Retry-After on the page.
export const headers = passHeaders;

/**
 * Cancels after the confirmation step (the API checks the owner, the cutoff and refunds), or
 * posts the guest's review after the trip (the API checks that it may).
 */
export async function action(args: ActionFunctionArgs) {
  return bookingAction(args);
}

export default function BookingRoute() {
  return <BookingPage />;
}
