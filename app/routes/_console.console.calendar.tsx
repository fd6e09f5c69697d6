import type { MetaFunction } from "@remix-run/node";
import { CalendarPage } from "~/features/console/calendar/calendar-page";
import type { loader } from "~/features/console/calendar/calendar.server";
import { pageMeta } from "~/ui/meta";

export { loader } from "~/features/console/calendar/calendar.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data);

export default CalendarPage;
