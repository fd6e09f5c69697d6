import type { MetaFunction } from "@remix-run/node";
import type { loadTwoStep } from "~/features/auth/two-step.server";
import { pageMeta } from "~/ui/meta";
import { TwoStepPage } from "~/features/auth/two-step-page";

export { loadTwoStep as loader, twoStepAction as action } from "~/features/auth/two-step.server";

export const meta: MetaFunction<typeof loadTwoStep> = ({ data, matches }) => pageMeta(matches, data);

// A lock (429 second_step_locked) keeps its Retry-After on the page.
export { passHeaders as headers } from "~/platform/http.server";

export default TwoStepPage;
