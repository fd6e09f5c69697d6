import type { MetaFunction } from "@remix-run/node";
import type { loadNewExperiencePage } from "~/features/console/experience.server";
import { NewExperiencePage } from "~/features/console/experience/new-experience-page";
import { pageMeta } from "~/ui/meta";

export { loadNewExperiencePage as loader, newExperienceAction as action } from "~/features/console/experience.server";

export const meta: MetaFunction<typeof loadNewExperiencePage> = ({ data, matches }) => pageMeta(matches, data);
export { passHeaders as headers } from "~/platform/http.server";

export default NewExperiencePage;
