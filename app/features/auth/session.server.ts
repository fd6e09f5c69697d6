import type { SessionCreated } from "~contract/identity/auth";
import { redirect } from "~/platform/redirect.server";
import type { UserInfo } from "~contract/identity/users";
import type { SyncBody } from "~contract/identity/users";
import { apiFor, isApiError } from "~/platform/api.server";
import { loginUrl } from "~/platform/redirects";
import { passwordSetupRedirect, secondStepRedirect } from "~/platform/route-rules.server";
import { oncePerRequest } from "~/platform/per-request.server";
import {
  clearedSessionCookie,
  lostSessionRedirect,
  sessionCookie,
  sessionTokenOf,
} from "~/platform/session-cookie.server";

export { clearedSessionCookie, lostSessionRedirect };

/** The signed-in user (spec section 3, session user): GET /v1/user/info. */
export type SessionUser = UserInfo;

export type Session = { user: SessionUser; token: string; lost: false } | { user: null; token: null; lost: boolean };

async function loadSession(request: Request): Promise<Session> {
  const token = sessionTokenOf(request);
  if (!token) return { user: null, token: null, lost: false };
  try {
    const user = await apiFor(request, { token, onSessionLost: "throw" }).call("userInfo");
    return { user, token, lost: false };
  } catch (error) {
    if (isApiError(error) && (error.status === 401 || error.status === 404)) {
      return { user: null, token: null, lost: true };
    }
    throw error;
  }
}

/** The request's session, read once per request (the API verifies the cookie). */
export const getSession: (request: Request) => Promise<Session> = oncePerRequest(loadSession);

export async function getSessionUser(request: Request): Promise<SessionUser | null> {
  return (await getSession(request)).user;
}

function toLogin(request: Request) {
  const url = new URL(request.url);
  return redirect(loginUrl(url.pathname + url.search));
}

/**
 * Guard for private loaders and every signed-in action: no user → /login?redirectUrl=<the page,
 * query included>; a session that has not given its second step → /two-step?redirectUrl=<the page>;
 * a user who must set a password → /set-password (the route rules of page loads, which a form post
 * would otherwise skip: the root loader runs after the action).
 */
export async function requireUser(request: Request): Promise<{ user: SessionUser; token: string }> {
  const session = await getSession(request);
  if (session.user) {
    const url = new URL(request.url);
    const confined = secondStepRedirect(url, session.user) ?? passwordSetupRedirect(url, session.user);
    if (confined) throw redirect(confined);
    return { user: session.user, token: session.token };
  }
  if (session.lost) throw lostSessionRedirect(request);
  throw toLogin(request);
}

/**
 * Action guard: the session token, without asking the API who it is. The API call the action
 * makes verifies it (and checks revocation for sensitive actions); its 401 signs the user out, and
 * its 403 password_setup_required sends a user who must set a password to /set-password.
 */
export async function requireToken(request: Request): Promise<string> {
  const token = sessionTokenOf(request);
  if (!token) throw toLogin(request);
  return token;
}

/**
 * Opens a session from a fresh ID token: the API verifies it, syncs the user and mints the
 * session cookie. Returns the Set-Cookie value, the user and what they still owe.
 */
export async function openSession(request: Request, idToken: string, profile: SyncBody = {}) {
  return sessionOpened(await apiFor(request).call("createSession", { body: { idToken, profile } }));
}

/** The password form posted without JavaScript: the API checks it (and limits attempts), then opens a session. */
export async function openPasswordSession(request: Request, email: string, password: string) {
  return sessionOpened(await apiFor(request).call("passwordSession", { body: { email, password } }));
}

/** A session the API opened: its Set-Cookie, the user and what they still owe. */
export function sessionOpened(
  opened: Pick<SessionCreated, "sessionCookie" | "maxAgeSeconds" | "user" | "missingData">,
) {
  return {
    user: opened.user,
    missingData: opened.missingData,
    setCookie: sessionCookie(opened.sessionCookie, opened.maxAgeSeconds),
  };
}

/**
 * Sign out: this browser's session ends (the API refuses it from now on), or with `everywhere`
 * every session of the user (their refresh tokens are revoked: all devices); the cookie is
 * cleared. Answers null, and clears nothing, when the other devices could not be signed out (the
 * API failed or is down): the page says so and the user stays signed in to try again.
 */
export async function destroySession(request: Request, options: { everywhere?: boolean } = {}): Promise<string | null> {
  const token = sessionTokenOf(request);
  if (token) {
    const ended = await apiFor(request, { token, onSessionLost: "throw" })
      .call(options.everywhere ? "signOutEverywhere" : "signOut")
      .then(
        () => true,
        // An invalid or already revoked session has nothing left to end; this browser's alone is
        // forgotten by its cookie (the API refuses it once it expires).
        (error: unknown) => (isApiError(error) && error.status === 401) || !options.everywhere,
      );
    if (!ended) return null;
  }
  return clearedSessionCookie();
}
