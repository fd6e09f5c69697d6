import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { loadReschedule, rescheduleAction } from "~/features/account/reschedule.server";
import { ReschedulePage } from "~/features/account/reschedule-page";
import { passHeaders } from "~/platform/http.server";
import { NOINDEX, pageMeta } from "~/ui/meta";

/**
 * "Change date": the booking's other departures of its service with seats for its party, the
 * price difference (ticket prices are the service's: one difference for all), and the deadline
 * (the free-cancellation one) stated before choosing. Closed, with the reason, once it has passed
 * or a guest is checked in. A dearer departure sends the traveller to the checkout for the
 * difference (the move is made once it is paid); a move waiting for its payment is shown with
 * its checkout link.
 */
export async function loader(args: LoaderFunctionArgs) {
  return loadReschedule(args);
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data, [NOINDEX]);

// A 429 (apiErrorResult) keeps its Retry-After on the page.
export const headers = passHeaders;

/** Moves the booking (the API checks the owner, the deadline, check-in, seats and price). */
export async function action(args: ActionFunctionArgs) {
  return rescheduleAction(args);
}

export default function RescheduleRoute() {
  return <ReschedulePage />;
}
