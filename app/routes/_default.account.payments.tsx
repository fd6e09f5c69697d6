import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { loadPayments, paymentsAction } from "~/features/account/payments.server";
import { PaymentsPage } from "~/features/account/payments-page";
import { pageMeta } from "~/ui/meta";
import { passHeaders } from "~/platform/http.server";

/** Saved cards, then payments made for bookings (paid, refunded), newest first, each with its receipt. */
export async function loader(args: LoaderFunctionArgs) {
  return loadPayments(args);
}

/** Make a saved card the default, or forget it: native posts, then back here with a message. */
export async function action(args: ActionFunctionArgs) {
  return paymentsAction(args);
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data);

// A 429 (apiErrorResult) keeps its Retry-After on the page.
export const headers = passHeaders;

export default function PaymentsRoute() {
  return <PaymentsPage />;
}
