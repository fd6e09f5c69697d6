import type { MetaFunction } from "@remix-run/node";
import type { loadSchedulePage } from "~/features/console/schedule.server";
import { SchedulePage } from "~/features/console/schedule/schedule-page";
import { pageMeta } from "~/ui/meta";

export { loadSchedulePage as loader, scheduleAction as action } from "~/features/console/schedule.server";

export const meta: MetaFunction<typeof loadSchedulePage> = ({ data, matches }) => pageMeta(matches, data);
export { passHeaders as headers } from "~/platform/http.server";

export default SchedulePage;
