import type { MetaFunction } from "@remix-run/node";
import type { loadAddOnsPage } from "~/features/console/add-ons.server";
import { AddOnsPage } from "~/features/console/add-ons/add-ons-page";
import { pageMeta } from "~/ui/meta";

export { loadAddOnsPage as loader, addOnsAction as action } from "~/features/console/add-ons.server";

export const meta: MetaFunction<typeof loadAddOnsPage> = ({ data, matches }) => pageMeta(matches, data);
export { passHeaders as headers } from "~/platform/http.server";

export default AddOnsPage;
