import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { loadSecurity, securityAction } from "~/features/account/security.server";
import { SecurityPage } from "~/features/account/security-page";
import { passHeaders } from "~/platform/http.server";
import { pageMeta } from "~/ui/meta";

export async function loader(args: LoaderFunctionArgs) {
  return loadSecurity(args);
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data);

// A 429 (apiErrorResult) keeps its Retry-After on the page.
export const headers = passHeaders;

/**
 * Change or add a password. The current password is always checked with the identity provider
 * first (with or without JavaScript); the API sets the new one (ending every session) and answers
 * a new session for this browser, and a custom token for its Firebase client.
 */
export async function action(args: ActionFunctionArgs) {
  return securityAction(args);
}

export default function SecurityRoute() {
  return <SecurityPage />;
}
