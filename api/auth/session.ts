import { enforceRateLimits } from "../rate-limit/service";
import { identityToolkit } from "./identity-toolkit";
import type { SessionCreated } from "~contract/auth";
import type { SyncBody } from "~contract/users";
import type { AccountRow } from "../db/schema";
import type { Db } from "../db/client";
import { ApiError } from "../http/errors";
import { countUnread } from "../notifications/service";
import { missingDataOf, requireUserRow, syncUser, toUserInfo } from "../users/service";
import { currentWaiver, findSignature } from "../waivers/service";
import { adminAuth } from "./firebase-admin";
import { getApiEnv, identityEnv } from "../env";
import { forgetVerifiedSessions, InvalidTokenError, verifyFirebaseToken } from "./verify";

/** An ID token older than this cannot open a session (a fresh sign-in is required). */
export const MAX_AUTH_AGE_MS = 5 * 60 * 1000;

const invalidToken = () => new ApiError(401, "invalid_token", "The sign-in token is not valid. Sign in again.");

/**
 * Opens a session from a fresh ID token: verifies it (revocation included), syncs the user with
 * the sign-up data, and mints the session cookie. Answers what the web needs to route the user
 * on: their info and what they still owe (profile fields, then "waiver").
 */
export async function createSession(
  db: Db,
  input: { idToken: string; profile?: SyncBody; account: AccountRow | null },
): Promise<SessionCreated> {
  let identity;
  try {
    identity = await verifyFirebaseToken(input.idToken, { forceRevocationCheck: true });
  } catch (error) {
    if (error instanceof InvalidTokenError) throw invalidToken();
    throw error;
  }
  if (identity.kind !== "id_token") throw invalidToken();
  await enforceRateLimits([
    { key: `session:user:${identity.uid}`, limit: getApiEnv().SESSION_ATTEMPTS_PER_USER, windowSeconds: 60 },
  ]);
  if (Date.now() - identity.authTime * 1000 > MAX_AUTH_AGE_MS) {
    throw new ApiError(401, "stale_sign_in", "Sign in again: this sign-in is too old to open a session.");
  }
  await syncUser(db, identity, input.profile ?? {});
  const [row, signature, unread] = await Promise.all([
    requireUserRow(db, identity.uid),
    findSignature(db, identity.uid, currentWaiver(input.account)),
    countUnread(db, identity.uid),
  ]);
  const missingData: string[] = missingDataOf(row, ["paymentMethod"]);
  if (!signature) missingData.push("waiver");
  const sessionCookie = await adminAuth().createSessionCookie(input.idToken, {
    expiresIn: identityEnv.sessionMaxAgeMs,
  });
  return {
    sessionCookie,
    maxAgeSeconds: Math.floor(identityEnv.sessionMaxAgeMs / 1000),
    user: toUserInfo(row, unread),
    missingData,
  };
}

/** Ends every session of the user: their refresh tokens are revoked (all devices). */
export async function revokeSessions(uid: string): Promise<void> {
  await adminAuth().revokeRefreshTokens(uid);
  forgetVerifiedSessions(uid);
}

/**
 * A new session for a user whose sessions a major account change (a new email address) has just
 * revoked: a custom token is exchanged for an ID token at the identity provider, and that for a
 * session cookie, so the person who made the change stays signed in.
 */
export async function renewSession(uid: string): Promise<{ sessionCookie: string; maxAgeSeconds: number }> {
  const customToken = await adminAuth().createCustomToken(uid);
  const { idToken } = await identityToolkit<{ idToken: string }>("accounts:signInWithCustomToken", {
    token: customToken,
    returnSecureToken: true,
  });
  const sessionCookie = await adminAuth().createSessionCookie(idToken, { expiresIn: identityEnv.sessionMaxAgeMs });
  return { sessionCookie, maxAgeSeconds: Math.floor(identityEnv.sessionMaxAgeMs / 1000) };
}
