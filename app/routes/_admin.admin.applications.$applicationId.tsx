import type { MetaFunction } from "@remix-run/node";
import { ApplicationPage } from "~/features/admin/application-page";
import type { loadApplication } from "~/features/admin/applications.server";
import { pageMeta } from "~/ui/meta";

export { loadApplication as loader, applicationAction as action } from "~/features/admin/applications.server";

export const meta: MetaFunction<typeof loadApplication> = ({ data, matches }) => pageMeta(matches, data);
export { passHeaders as headers } from "~/platform/http.server";

/** One application to sell: all it says; approve, or reject with a reason (native posts). */
export default ApplicationPage;
