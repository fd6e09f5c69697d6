import type { MetaFunction } from "@remix-run/node";
import type { loadResellersPage } from "~/features/console/resellers.server";
import { ResellersPage } from "~/features/console/resellers/resellers-page";
import { pageMeta } from "~/ui/meta";

/** /console/resellers (owner, manager): the operator's OCTO resellers, their keys, a form to add one. */
export { loadResellersPage as loader, resellersAction as action } from "~/features/console/resellers.server";

export const meta: MetaFunction<typeof loadResellersPage> = ({ data, matches }) => pageMeta(matches, data);
export { passHeaders as headers } from "~/platform/http.server";

export default ResellersPage;
