import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { loadPersonalInfo, personalInfoAction } from "~/features/account/personal-info.server";
import { PersonalInfoPage } from "~/features/account/personal-info-page";
import { passHeaders } from "~/platform/http.server";
import { pageMeta } from "~/ui/meta";

export async function loader(args: LoaderFunctionArgs) {
  return loadPersonalInfo(args);
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data);

// A 429 (apiErrorResult) keeps its Retry-After on the page.
export const headers = passHeaders;

/** Each form posts here with its intent; the change itself is one call to the settings API. */
export async function action(args: ActionFunctionArgs) {
  return personalInfoAction(args);
}

/** One form per fact; phone and email in two steps (enter → code), all as native form posts. */
export default function PersonalInfoRoute() {
  return <PersonalInfoPage />;
}
