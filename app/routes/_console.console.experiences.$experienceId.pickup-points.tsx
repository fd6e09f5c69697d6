import type { MetaFunction } from "@remix-run/node";
import type { loadPickupPointsPage } from "~/features/console/pickup-points.server";
import { PickupPointsPage } from "~/features/console/pickup-points/pickup-points-page";
import { pageMeta } from "~/ui/meta";

export { loadPickupPointsPage as loader, pickupPointsAction as action } from "~/features/console/pickup-points.server";

export const meta: MetaFunction<typeof loadPickupPointsPage> = ({ data, matches }) => pageMeta(matches, data);
export { passHeaders as headers } from "~/platform/http.server";

export default PickupPointsPage;
