import { isEmailSignInLink } from "~/features/auth/email-link";
import { loginUrl, safeRedirectPath } from "~/platform/redirects";

/** Pages where people sign in (spec section 2: "login page"); /set-password is not one. */
export const LOGIN_PAGES: ReadonlySet<string> = new Set(["/login", "/reset-password"]);

export function isPrivatePath(pathname: string): boolean {
  return pathname === "/account" || pathname.startsWith("/account/");
}

/**
 * The route rules of spec section 2, applied on every navigation. Returns where to redirect,
 * or null to render the page.
 */
export function routeRedirect(
  url: URL,
  session: { user: { requiresPasswordSetup: boolean } | null; lost: boolean },
): string | null {
  const { pathname, search, searchParams } = url;
  const { user } = session;
  if (isPrivatePath(pathname) && !user) {
    return loginUrl(pathname + search, session.lost ? { errorCode: "440" } : {});
  }
  if (user?.requiresPasswordSetup && pathname !== "/set-password") return `/set-password${search}`;
  if (LOGIN_PAGES.has(pathname)) {
    if (isEmailSignInLink(searchParams)) return `/set-password${search}`;
    if (user) return safeRedirectPath(searchParams.get("redirectUrl"));
  }
  return null;
}
