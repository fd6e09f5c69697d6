import type { MetaFunction } from "@remix-run/node";
import type { loadLogin } from "~/features/auth/login.server";
import { pageMeta } from "~/ui/meta";
import { LoginPage } from "~/features/auth/login-page";

export { loadLogin as loader, signInAction as action } from "~/features/auth/login.server";

export const meta: MetaFunction<typeof loadLogin> = ({ data, matches }) =>
  pageMeta(matches, data, [], { description: data?.description });

// A 429 (apiErrorResult) keeps its Retry-After on the page.
export { passHeaders as headers } from "~/platform/http.server";

export default LoginPage;
