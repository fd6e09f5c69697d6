import type { MetaFunction } from "@remix-run/node";
import type { loadPersonalInfo } from "~/features/account/personal-info.server";
import { pageMeta } from "~/ui/meta";
import { PersonalInfoPage } from "~/features/account/personal-info-page";

export { loadPersonalInfo as loader, personalInfoAction as action } from "~/features/account/personal-info.server";

export const meta: MetaFunction<typeof loadPersonalInfo> = ({ data, matches }) => pageMeta(matches, data);

// A 429 (apiErrorResult) keeps its Retry-After on the page.
export { passHeaders as headers } from "~/platform/http.server";

/** One form per fact; phone and email in two steps (enter → code), all as native form posts. */
export default PersonalInfoPage;
