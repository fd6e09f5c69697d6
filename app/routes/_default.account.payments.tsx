import type { MetaFunction } from "@remix-run/node";
import type { loadPayments } from "~/features/account/payments.server";
import { pageMeta } from "~/ui/meta";
import { PaymentsPage } from "~/features/account/payments-page";

/** Saved cards, then payments made for bookings (paid, refunded), newest first, each with its receipt. */
export { loadPayments as loader, paymentsAction as action } from "~/features/account/payments.server";

export const meta: MetaFunction<typeof loadPayments> = ({ data, matches }) => pageMeta(matches, data);

// A 429 (apiErrorResult) keeps its Retry-After on the page.
export { passHeaders as headers } from "~/platform/http.server";

export default PaymentsPage;
