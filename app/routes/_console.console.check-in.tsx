import type { MetaFunction } from "@remix-run/node";
import type { loadCheckInPage } from "~/features/console/check-in.server";
import { CheckInPage } from "~/features/console/check-in/check-in-page";
import { pageMeta } from "~/ui/meta";

export { loadCheckInPage as loader, checkInAction as action } from "~/features/console/check-in.server";

export const meta: MetaFunction<typeof loadCheckInPage> = ({ data, matches }) => pageMeta(matches, data);
export { passHeaders as headers } from "~/platform/http.server";

export default CheckInPage;
