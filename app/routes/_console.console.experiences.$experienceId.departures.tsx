import type { MetaFunction } from "@remix-run/node";
import type { loadDeparturesPage } from "~/features/console/departures.server";
import { DeparturesPage } from "~/features/console/departures/departures-page";
import { pageMeta } from "~/ui/meta";

export { loadDeparturesPage as loader, departuresAction as action } from "~/features/console/departures.server";

export const meta: MetaFunction<typeof loadDeparturesPage> = ({ data, matches }) => pageMeta(matches, data);
export { passHeaders as headers } from "~/platform/http.server";

export default DeparturesPage;
