import { isSameOriginRequest } from "~runtime/same-origin.mjs";
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { ApiError, forbidden, serviceUnavailable } from "../http/errors";
import type { AppEnv } from "../http/types";
import { readSessionCookie } from "~contract/identity/session-cookie";
import { InvalidTokenError, verifyFirebaseToken } from "./verify";
import { errorFields, logger } from "../logger";

export type { AuthIdentity } from "./verify";

/** Where the caller's credentials came from. */
export type CredentialSource = "bearer" | "cookie";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const BEARER = /^Bearer[ \t]+([A-Za-z0-9_.-]+)[ \t]*$/i;

const unauthorizedWith = (message: string) =>
  new ApiError(401, "unauthorized", message, undefined, { "WWW-Authenticate": 'Bearer realm="v1"' });

const INVALID_TOKEN_MESSAGES: Record<InvalidTokenError["reason"], string> = {
  invalid: "The sign-in token is not valid. Sign in again.",
  expired: "The sign-in token has expired. Sign in again.",
  revoked: "The session has been revoked. Sign in again.",
};

/**
 * The caller's credentials: `Authorization: Bearer <ID token or session cookie JWT>` or, when
 * there is no Authorization header, the `__session` cookie. A present but malformed
 * Authorization header is refused (no fallback to the cookie).
 */
export function credentialsOf(
  request: Request,
): { token: string; source: CredentialSource } | { token: null; reason: "missing" | "malformed" } {
  const authorization = request.headers.get("Authorization");
  if (authorization !== null) {
    const match = BEARER.exec(authorization);
    return match ? { token: match[1], source: "bearer" } : { token: null, reason: "malformed" };
  }
  const cookie = readSessionCookie(request.headers.get("Cookie"));
  return cookie ? { token: cookie, source: "cookie" } : { token: null, reason: "missing" };
}

/**
 * Verifies the caller's credentials and puts the identity on `c.var.identity`: 401 `unauthorized`
 * (missing, malformed, invalid, expired, revoked), 403 for a cross-site cookie write or a password
 * still to set, 503 when the identity provider cannot be reached. The middleware below use it; so
 * does the platform admins' guard (api/platform/admin-guard.ts), which answers every refusal 404.
 */
export async function authenticate(c: Context<AppEnv>, forceRevocationCheck: boolean): Promise<void> {
  const credentials = credentialsOf(c.req.raw);
  if (credentials.token === null) {
    throw unauthorizedWith(
      credentials.reason === "malformed" ? "Use Authorization: Bearer <token>." : "Sign-in is required.",
    );
  }
  if (credentials.source === "cookie" && !SAFE_METHODS.has(c.req.method) && !isSameOriginRequest(c.req.raw)) {
    throw forbidden("Cross-site request refused: the Origin header does not match this host.");
  }
  let identity;
  try {
    identity = await verifyFirebaseToken(credentials.token, { forceRevocationCheck });
  } catch (error) {
    if (error instanceof InvalidTokenError) throw unauthorizedWith(INVALID_TOKEN_MESSAGES[error.reason]);
    logger.error({ requestId: c.get("requestId"), err: errorFields(error) }, "identity provider unavailable");
    throw serviceUnavailable("The identity service is temporarily unavailable.");
  }
  if (identity.requiresPasswordSetup && !SAFE_METHODS.has(c.req.method) && !SETUP_ALLOWED.has(c.req.path)) {
    throw new ApiError(403, "password_setup_required", "Set a password first: PATCH /v1/user/set-password.");
  }
  c.set("identity", identity);
}

/** What a user who must set a password may still change (the rest answers 403 password_setup_required). */
const SETUP_ALLOWED = new Set([
  "/v1/user/set-password",
  // The spec's way for a client that set the password itself to say so (passwordIsSet).
  "/v1/user/missing-data",
  "/v1/user/sync",
  "/v1/auth/sign-out",
  "/v1/auth/sign-out-everywhere",
  // A session whose second step is pending gives it first (issue 43): set-password is not reachable before.
  "/v1/auth/second-step",
  "/v1/auth/second-step/passkey-options",
]);

function authMiddleware(forceRevocationCheck: boolean) {
  return createMiddleware<AppEnv>(async (c, next) => {
    await authenticate(c, forceRevocationCheck);
    await next();
    // Answers about one person must never be stored by a shared cache.
    c.header("Cache-Control", "private, no-store");
  });
}

/**
 * Requires a verified caller and puts it on `c.var.identity`: 401 `unauthorized` when the
 * token is missing, malformed, invalid, expired or revoked; 403 `forbidden` for a
 * cookie-authenticated write from another origin; 503 when the identity provider cannot be
 * reached. Revocation is checked at most once per SESSION_REVOCATION_CHECK_SECONDS per token.
 */
export const requireAuth = authMiddleware(false);

/**
 * For answers that differ for a signed-in caller (a quote with an invitation): verifies the
 * caller like `requireAuth` when credentials are sent, and lets anonymous calls through.
 */
export const optionalAuth = createMiddleware<AppEnv>(async (c, next) => {
  const credentials = credentialsOf(c.req.raw);
  if (credentials.token !== null || credentials.reason === "malformed") await authenticate(c, false);
  await next();
  if (credentials.token !== null) c.header("Cache-Control", "private, no-store");
});

/** `requireAuth` with a revocation check on every call, for sensitive actions. */
export const requireFreshAuth = authMiddleware(true);
