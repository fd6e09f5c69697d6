import { redirect } from "@remix-run/node";
import { adminAuth } from "~api/auth/firebase-admin";
import { identityEnv } from "~api/auth/identity-env";
import { clearSessionCookie, readSessionCookie, serializeSessionCookie } from "~api/auth/session-cookie";
import { InvalidTokenError, verifyFirebaseToken } from "~api/auth/verify";
import type { UserInfo } from "~api/users/schema";
import { ApiError, apiFor } from "~/lib/api.server";
import { loginUrl } from "~/lib/redirects";

/** The signed-in user (spec section 3, session user): GET /v1/user/info. */
export type SessionUser = UserInfo;

export type Session = { user: SessionUser; token: string; lost: false } | { user: null; token: null; lost: boolean };

/** An ID token older than this cannot open a session (a fresh sign-in is required). */
export const MAX_AUTH_AGE_MS = 5 * 60 * 1000;

const secure = identityEnv.production;
const bySessionRequest = new WeakMap<Request, Promise<Session>>();

async function loadSession(request: Request): Promise<Session> {
  const token = readSessionCookie(request.headers.get("Cookie"));
  if (!token) return { user: null, token: null, lost: false };
  try {
    const { data } = await apiFor(request, { token }).get<{ data: SessionUser }>("/v1/user/info");
    return { user: data, token, lost: false };
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 404)) {
      return { user: null, token: null, lost: true };
    }
    throw error;
  }
}

/** The request's session, read once per request (the API verifies the cookie). */
export function getSession(request: Request): Promise<Session> {
  let session = bySessionRequest.get(request);
  if (!session) {
    session = loadSession(request);
    bySessionRequest.set(request, session);
  }
  return session;
}

export async function getSessionUser(request: Request): Promise<SessionUser | null> {
  return (await getSession(request)).user;
}

export function clearedSessionCookie(): string {
  return clearSessionCookie({ secure });
}

/** Where a lost session goes: /login?errorCode=440, remembering the page. */
export function lostSessionRedirect(request: Request) {
  const url = new URL(request.url);
  return redirect(loginUrl(url.pathname + url.search, { errorCode: "440" }), {
    headers: { "Set-Cookie": clearSessionCookie({ secure }) },
  });
}

/** Loader guard for private routes: no user → /login?redirectUrl=<the page, query included>. */
export async function requireUser(request: Request): Promise<{ user: SessionUser; token: string }> {
  const session = await getSession(request);
  if (session.user) return { user: session.user, token: session.token };
  if (session.lost) throw lostSessionRedirect(request);
  const url = new URL(request.url);
  throw redirect(loginUrl(url.pathname + url.search));
}

/** Before sensitive actions the session is checked against revocation right now. */
export async function requireFreshUser(request: Request) {
  const { user, token } = await requireUser(request);
  try {
    await verifyFirebaseToken(token, { forceRevocationCheck: true });
  } catch (error) {
    // Only a verdict on the session ends it; an unreachable identity provider is a 5xx, not a sign-out.
    if (error instanceof InvalidTokenError) throw lostSessionRedirect(request);
    throw error;
  }
  return { user, token };
}

export class SessionError extends Error {
  constructor(
    readonly code: "invalid_token" | "stale_sign_in",
    readonly status = 401,
  ) {
    super(code);
  }
}

export type SignUpProfile = {
  firstName?: string;
  lastName?: string;
  phone?: string;
  location?: { address?: string; city?: string; state?: string; zipcode?: string };
};

/**
 * Open a session from a fresh ID token: verify it, sync the user with the API, load their
 * info and mint the session cookie. Returns the Set-Cookie value and the user.
 */
export async function createSession(request: Request, idToken: string, profile: SignUpProfile = {}) {
  try {
    const identity = await verifyFirebaseToken(idToken, { forceRevocationCheck: true });
    if (identity.kind !== "id_token") throw new SessionError("invalid_token");
    if (Date.now() - identity.authTime * 1000 > MAX_AUTH_AGE_MS) throw new SessionError("stale_sign_in");
  } catch (error) {
    if (error instanceof SessionError) throw error;
    if (error instanceof InvalidTokenError) throw new SessionError("invalid_token");
    throw error;
  }
  const api = apiFor(request, { token: idToken });
  await api.patch("/v1/user/sync", profile);
  const { data: user } = await api.get<{ data: SessionUser }>("/v1/user/info");
  const cookie = await adminAuth().createSessionCookie(idToken, { expiresIn: identityEnv.sessionMaxAgeMs });
  return {
    user,
    setCookie: serializeSessionCookie(cookie, { maxAgeSeconds: identityEnv.sessionMaxAgeMs / 1000, secure }),
  };
}

/** Sign out: revoke the user's refresh tokens (all devices) and clear the cookie. */
export async function destroySession(request: Request): Promise<string> {
  const token = readSessionCookie(request.headers.get("Cookie"));
  if (token) {
    try {
      const identity = await verifyFirebaseToken(token);
      await adminAuth().revokeRefreshTokens(identity.uid);
    } catch {
      // An invalid or already revoked session has nothing left to revoke.
    }
  }
  return clearSessionCookie({ secure });
}
