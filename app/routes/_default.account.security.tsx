import type { MetaFunction } from "@remix-run/node";
import type { loadSecurity } from "~/features/account/security.server";
import { pageMeta } from "~/ui/meta";
import { SecurityPage } from "~/features/account/security-page";

export { loadSecurity as loader, securityAction as action } from "~/features/account/security.server";

export const meta: MetaFunction<typeof loadSecurity> = ({ data, matches }) => pageMeta(matches, data);

// A 429 (apiErrorResult) keeps its Retry-After on the page.
export { passHeaders as headers } from "~/platform/http.server";

export default SecurityPage;
