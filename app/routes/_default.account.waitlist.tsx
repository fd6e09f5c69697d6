import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { loadWaitlist, waitlistAction } from "~/features/waitlist/waitlist.server";
import { WaitlistPage } from "~/features/waitlist/waitlist-page";
import { passHeaders } from "~/platform/http.server";
import { pageMeta } from "~/ui/meta";

/**
 * The traveller's waitlist entries (leave in one click), and the join form for a sold-out
 * departure when the details page links here with `?service=&slot=`.
 */
export async function loader(args: LoaderFunctionArgs) {
  return loadWaitlist(args);
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data);

// A 429 (apiErrorResult) keeps its Retry-After on the page.
export const headers = passHeaders;

export async function action(args: ActionFunctionArgs) {
  return waitlistAction(args);
}

export default function WaitlistRoute() {
  return <WaitlistPage />;
}
