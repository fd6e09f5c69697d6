import type { MetaFunction } from "@remix-run/node";
import type { loadConsoleBookingPage } from "~/features/console/console-booking.server";
import { ConsoleBookingPage } from "~/features/console/booking/booking-page";
import { pageMeta } from "~/ui/meta";

export {
  loadConsoleBookingPage as loader,
  consoleBookingAction as action,
} from "~/features/console/console-booking.server";

export const meta: MetaFunction<typeof loadConsoleBookingPage> = ({ data, matches }) => pageMeta(matches, data);
export { passHeaders as headers } from "~/platform/http.server";

export default ConsoleBookingPage;
