import type { MetaFunction } from "@remix-run/node";
import type { loadMoveGuestsPage } from "~/features/console/move-guests.server";
import { MoveGuestsPage } from "~/features/console/departures/move-guests-page";
import { pageMeta } from "~/ui/meta";

export { loadMoveGuestsPage as loader, moveGuestsAction as action } from "~/features/console/move-guests.server";

export const meta: MetaFunction<typeof loadMoveGuestsPage> = ({ data, matches }) => pageMeta(matches, data);
export { passHeaders as headers } from "~/platform/http.server";

export default MoveGuestsPage;
