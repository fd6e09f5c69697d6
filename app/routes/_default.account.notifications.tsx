import type { MetaFunction } from "@remix-run/node";
import type { loadNotifications } from "~/features/account/notifications.server";
import { pageMeta } from "~/ui/meta";
import { NotificationsPage } from "~/features/account/notifications-page";

export { loadNotifications as loader, notificationsAction as action } from "~/features/account/notifications.server";

export const meta: MetaFunction<typeof loadNotifications> = ({ data, matches }) => pageMeta(matches, data);

// A 429 (apiErrorResult) keeps its Retry-After on the page.
export { passHeaders as headers } from "~/platform/http.server";

export default NotificationsPage;
