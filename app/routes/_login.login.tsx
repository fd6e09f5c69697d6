import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { loadLogin, signInAction } from "~/features/auth/login.server";
import { LoginPage } from "~/features/auth/login-page";
import { passHeaders } from "~/platform/http.server";
import { pageMeta } from "~/ui/meta";

export async function loader(args: LoaderFunctionArgs) {
  return loadLogin(args);
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(matches, data, [], { description: data?.description });

// A 429 (apiErrorResult) keeps its Retry-After on the page.
export const headers = passHeaders;

/** The same sign-in methods as native form posts, for browsers without JavaScript. */
export async function action(args: ActionFunctionArgs) {
  return signInAction(args);
}

export default function LoginRoute() {
  return <LoginPage />;
}
