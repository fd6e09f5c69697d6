import { redirect } from "@remix-run/node";
import { loginUrl } from "~/lib/redirects";

export type SessionUser = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  phoneNumber: string;
  signInMethod: string;
  requiresPasswordSetup: boolean;
};

/** The signed-in user of a request, from its session cookie. */
export async function getSessionUser(_request: Request): Promise<SessionUser | null> {
  return null;
}

/** Loader guard for private routes: no user → /login?redirectUrl=<the page, query included>. */
export async function requireUser(request: Request): Promise<SessionUser> {
  const user = await getSessionUser(request);
  if (!user) {
    const url = new URL(request.url);
    throw redirect(loginUrl(url.pathname + url.search));
  }
  return user;
}
