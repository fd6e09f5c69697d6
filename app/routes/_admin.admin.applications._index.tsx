import type { MetaFunction } from "@remix-run/node";
import { ApplicationsPage } from "~/features/admin/applications-page";
import type { loadApplications } from "~/features/admin/applications.server";
import { pageMeta } from "~/ui/meta";

export { loadApplications as loader } from "~/features/admin/applications.server";

export const meta: MetaFunction<typeof loadApplications> = ({ data, matches }) => pageMeta(matches, data);

export default ApplicationsPage;
