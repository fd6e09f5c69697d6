import { isEmailSignInLink } from "~/platform/email-sign-in-link";
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
  const confined = passwordSetupRedirect(url, user);
  if (confined) return confined;
  if (LOGIN_PAGES.has(pathname)) {
    if (isEmailSignInLink(searchParams)) return `/set-password${search}`;
    // An emailed reset link works for a signed-in user too (asked for on /account/security).
    if (user && !isPasswordResetLink(url)) return safeRedirectPath(searchParams.get("redirectUrl"));
  }
  return null;
}

/**
 * A user who must set a password is kept on /set-password (query kept): on page loads (above)
 * and on form posts (the action guards in app/features/auth/session.server.ts).
 */
export function passwordSetupRedirect(url: URL, user: { requiresPasswordSetup: boolean } | null): string | null {
  return user?.requiresPasswordSetup && url.pathname !== "/set-password" ? `/set-password${url.search}` : null;
}

/** The page of an emailed password-reset link (/reset-password?mode=resetPassword&oobCode=…). */
function isPasswordResetLink(url: URL): boolean {
  return (
    url.pathname === "/reset-password" &&
    url.searchParams.get("mode") === "resetPassword" &&
    Boolean(url.searchParams.get("oobCode"))
  );
}
