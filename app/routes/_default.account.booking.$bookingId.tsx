import type { MetaFunction } from "@remix-run/node";
import type { loadBookingPage } from "~/features/account/booking-page.server";
import { NOINDEX, pageMeta } from "~/ui/meta";
import { BookingPage } from "~/features/account/booking-page";

/** One booking of the signed-in user (ours: not in the spec's table), in the default layout. */
export { loadBookingPage as loader, bookingAction as action } from "~/features/account/booking-page.server";

export const meta: MetaFunction<typeof loadBookingPage> = ({ data, matches }) => pageMeta(matches, data, [NOINDEX]);

// A 429 (apiErrorResult) keeps its Retry-After on the page.
export { passHeaders as headers } from "~/platform/http.server";

export default BookingPage;
