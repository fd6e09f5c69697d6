import { isEmailSignInLink } from "~/platform/email-sign-in-link";
import { loginUrl, safeRedirectPath } from "~/platform/redirects";

/** The second step of sign-in (issue 43): the one page a pending session reaches. */
export const SECOND_STEP_PAGE = "/two-step";

/** Pages where people sign in (spec section 2: "login page"); /set-password is not one. */
export const LOGIN_PAGES: ReadonlySet<string> = new Set(["/login", "/reset-password"]);

export function isPrivatePath(pathname: string): boolean {
  return pathname === "/account" || pathname.startsWith("/account/");
}

/**
 * The route rules of spec section 2, applied on every navigation. Returns where to redirect,
 * or null to render the page.
 */
export function routeRedirect(url: URL, session: { user: RuledUser | null; lost: boolean }): string | null {
  const { pathname, search, searchParams } = url;
  const { user } = session;
  if (isPrivatePath(pathname) && !user) {
    return loginUrl(pathname + search, session.lost ? { errorCode: "440" } : {});
  }
  // The second step comes before everything else; an emailed reset link needs no session.
  if (user?.secondStepPending) return isPasswordResetLink(url) ? null : secondStepRedirect(url, user);
  const confined = passwordSetupRedirect(url, user);
  if (confined) return confined;
  if (LOGIN_PAGES.has(pathname)) {
    if (isEmailSignInLink(searchParams)) return `/set-password${search}`;
    // An emailed reset link works for a signed-in user too (asked for on /account/security).
    if (user && !isPasswordResetLink(url)) return safeRedirectPath(searchParams.get("redirectUrl"));
  }
  return null;
}

/** What the rules read of the signed-in user (userInfo). */
interface RuledUser {
  requiresPasswordSetup: boolean;
  /** This session has a second step to give (issue 43). */
  secondStepPending?: boolean;
}

/**
 * A session that has not given its second step yet goes to /two-step first, on page loads (above)
 * and form posts (requireUser), remembering the page: for a sign-in page, the page it leads to.
 */
export function secondStepRedirect(url: URL, user: RuledUser | null): string | null {
  if (!user?.secondStepPending || url.pathname === SECOND_STEP_PAGE) return null;
  const target = LOGIN_PAGES.has(url.pathname)
    ? safeRedirectPath(url.searchParams.get("redirectUrl"))
    : url.pathname + url.search;
  return `${SECOND_STEP_PAGE}?${new URLSearchParams({ redirectUrl: target })}`;
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
