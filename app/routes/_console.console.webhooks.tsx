import type { MetaFunction } from "@remix-run/node";
import type { loadWebhooksPage } from "~/features/console/webhooks.server";
import { WebhooksPage } from "~/features/console/webhooks/webhooks-page";
import { pageMeta } from "~/ui/meta";

/** /console/webhooks (owner, manager): the operator's webhook subscriptions, their delivery logs, a form to add one. */
export { loadWebhooksPage as loader, webhooksAction as action } from "~/features/console/webhooks.server";

export const meta: MetaFunction<typeof loadWebhooksPage> = ({ data, matches }) => pageMeta(matches, data);
export { passHeaders as headers } from "~/platform/http.server";

export default WebhooksPage;
