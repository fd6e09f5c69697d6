import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { loadNotifications, notificationsAction } from "~/features/account/notifications.server";
import { NotificationsPage } from "~/features/account/notifications-page";
import { passHeaders } from "~/platform/http.server";
import { pageMeta } from "~/ui/meta";

export async function loader(args: LoaderFunctionArgs) {
  return loadNotifications(args);
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data);

// A 429 (apiErrorResult) keeps its Retry-After on the page.
export const headers = passHeaders;

export async function action(args: ActionFunctionArgs) {
  return notificationsAction(args);
}

export default function NotificationsRoute() {
  return <NotificationsPage />;
}
