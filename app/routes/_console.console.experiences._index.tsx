import type { MetaFunction } from "@remix-run/node";
import type { loadConsoleExperiences } from "~/features/console/lists/experiences.server";
import { ConsoleExperiencesPage } from "~/features/console/lists/experiences-page";
import { pageMeta } from "~/ui/meta";

export { loadConsoleExperiences as loader } from "~/features/console/lists/experiences.server";

export const meta: MetaFunction<typeof loadConsoleExperiences> = ({ data, matches }) => pageMeta(matches, data);

export default ConsoleExperiencesPage;
