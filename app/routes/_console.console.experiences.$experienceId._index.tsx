import type { MetaFunction } from "@remix-run/node";
import type { loadExperiencePage } from "~/features/console/experience.server";
import { ExperiencePage } from "~/features/console/experience/experience-page";
import { pageMeta } from "~/ui/meta";

export { loadExperiencePage as loader, experienceAction as action } from "~/features/console/experience.server";

export const meta: MetaFunction<typeof loadExperiencePage> = ({ data, matches }) => pageMeta(matches, data);
export { passHeaders as headers } from "~/platform/http.server";

export default ExperiencePage;
