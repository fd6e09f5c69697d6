import type { MetaFunction } from "@remix-run/node";
import type { loadReschedule } from "~/features/account/reschedule.server";
import { NOINDEX, pageMeta } from "~/ui/meta";
import { ReschedulePage } from "~/features/account/reschedule-page";

/**
 * "Change date": the booking's other departures of its service with seats for its party, the
 * price difference (ticket prices are the service's: one difference for all), and the deadline
 * (the free-cancellation one) stated before choosing. Closed, with the reason, once it has passed
 * or a guest is checked in. A dearer departure sends the traveller to the checkout for the
 * difference (the move is made once it is paid); a move waiting for its payment is shown with
 * its checkout link.
 */
export { loadReschedule as loader, rescheduleAction as action } from "~/features/account/reschedule.server";

export const meta: MetaFunction<typeof loadReschedule> = ({ data, matches }) => pageMeta(matches, data, [NOINDEX]);

// A 429 (apiErrorResult) keeps its Retry-After on the page.
export { passHeaders as headers } from "~/platform/http.server";

export default ReschedulePage;
