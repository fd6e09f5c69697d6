import type { MetaFunction } from "@remix-run/node";
import type { loadWaitlist } from "~/features/waitlist/waitlist.server";
import { pageMeta } from "~/ui/meta";
import { WaitlistPage } from "~/features/waitlist/waitlist-page";

/**
 * The traveller's waitlist entries (leave in one click), and the join form for a sold-out
 * departure when the details page links here with `?service=&slot=`.
 */
export { loadWaitlist as loader, waitlistAction as action } from "~/features/waitlist/waitlist.server";

export const meta: MetaFunction<typeof loadWaitlist> = ({ data, matches }) => pageMeta(matches, data);

// A 429 (apiErrorResult) keeps its Retry-After on the page.
export { passHeaders as headers } from "~/platform/http.server";

export default WaitlistPage;
