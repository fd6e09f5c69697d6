import { enforceRateLimits } from "../rate-limit/service";
import { identityToolkit } from "./identity-toolkit";
import { eq, sql } from "drizzle-orm";
import { getDb } from "../db/client";
import type { RenewedSession, SessionCreated } from "~contract/identity/auth";
import type { SyncBody } from "~contract/identity/users";
import { sessionSecondSteps, signedOutSessions, users, type AccountRow } from "../db/schema";
import type { Db } from "../db/client";
import { ApiError } from "../http/errors";
import { syncUser } from "../users/service";
import { sessionUser } from "../users/session-user";
import { adminAuth } from "./firebase-admin";
import { getApiEnv, identityEnv } from "../env";
import {
  forgetVerifiedSessions,
  InvalidTokenError,
  liveSecondStep,
  tokenHash,
  verifyFirebaseToken,
  type AuthIdentity,
} from "./verify";

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
  const sessionCookie = await adminAuth().createSessionCookie(input.idToken, {
    expiresIn: identityEnv.sessionMaxAgeMs,
  });
  return {
    sessionCookie,
    maxAgeSeconds: Math.floor(identityEnv.sessionMaxAgeMs / 1000),
    ...(await sessionUser(db, identity.uid, input.account)),
  };
}

/**
 * Ends every session of the user (all devices): their refresh tokens are revoked at the identity
 * provider, and our own cut-off is set to this millisecond, since the provider's revocation counts
 * whole seconds. Answers the cut-off (a fresh session for this device must be signed in after it).
 */
export async function endAllSessions(db: Db, uid: string): Promise<number> {
  await adminAuth().revokeRefreshTokens(uid);
  return cutOffSessions(db, uid);
}

/**
 * Our cut-off alone, for changes after which the identity provider has already revoked the
 * sessions itself (a new password, a new email address).
 */
export async function cutOffSessions(db: Db, uid: string): Promise<number> {
  const cutoff = new Date();
  await db.update(users).set({ sessionsValidAfter: cutoff }).where(eq(users.id, uid));
  forgetVerifiedSessions(uid);
  return cutoff.getTime();
}

/**
 * Signs out the one session (cookie or ID token) the caller used, until it would have expired:
 * the user's other devices stay signed in.
 */
export async function endThisSession(db: Db, identity: AuthIdentity, token: string): Promise<void> {
  await db
    .insert(signedOutSessions)
    .select(
      db
        .select({
          tokenHash: sql`${tokenHash(token)}`.as("token_hash"),
          userId: users.id,
          expiresAt: sql`${new Date(identity.expiresAt)}::timestamptz`.as("expires_at"),
        })
        .from(users)
        .where(eq(users.id, identity.uid)),
    )
    .onConflictDoNothing();
  forgetVerifiedSessions(identity.uid);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function authTimeOf(idToken: string): number {
  const payload = JSON.parse(Buffer.from(idToken.split(".")[1] ?? "", "base64url").toString("utf8"));
  return Number(payload.auth_time);
}

/**
 * Waits until the second after the cut-off (at most a second): a sign-in from then on is counted
 * after it (tokens count whole seconds; one of the cut-off's own second is refused).
 */
export async function waitPastCutoff(cutoff: number): Promise<void> {
  const wait = Math.ceil(cutoff / 1000) * 1000 - Date.now();
  if (wait > 0) await sleep(wait);
}

/**
 * A new session for the person who made a major account change (a new password or email
 * address) that ended every session: a custom token is exchanged for an ID token at the identity
 * provider, and that for a session cookie. Tokens count whole seconds, so the sign-in waits for
 * the second after the cut-off (at most a second). The answer carries another custom token for
 * the browser's Firebase client, whose refresh token the change has revoked.
 */
export async function renewSession(
  uid: string,
  cutoff: number,
  /** The token of the session being replaced: its second step (issue 43) goes on with the new cookie. */
  fromToken: string | null = null,
): Promise<RenewedSession & { secondStepCarried: boolean }> {
  let idToken = "";
  for (let attempt = 0; attempt < 3; attempt += 1) {
    await waitPastCutoff(cutoff);
    ({ idToken } = await identityToolkit<{ idToken: string }>("accounts:signInWithCustomToken", {
      token: await adminAuth().createCustomToken(uid),
      returnSecureToken: true,
    }));
    // The provider's clock may be a little behind ours: then once more, a second later.
    if (authTimeOf(idToken) * 1000 >= cutoff) break;
    cutoff += 1000;
  }
  const [sessionCookie, customToken] = await Promise.all([
    adminAuth().createSessionCookie(idToken, { expiresIn: identityEnv.sessionMaxAgeMs }),
    adminAuth().createCustomToken(uid),
  ]);
  const secondStepCarried = fromToken
    ? await carrySecondStep(uid, fromToken, sessionCookie, Date.now() + identityEnv.sessionMaxAgeMs)
    : false;
  return {
    sessionCookie,
    maxAgeSeconds: Math.floor(identityEnv.sessionMaxAgeMs / 1000),
    customToken,
    secondStepCarried,
  };
}

/**
 * The second step of the session `fromToken` (when it gave one and it has not expired), recorded
 * for the new `toToken` too: a password or email change does not send the user back to the second
 * step. Answers whether there was one to carry.
 */
export async function carrySecondStep(
  uid: string,
  fromToken: string,
  toToken: string,
  expiresAt: number,
): Promise<boolean> {
  const db = await getDb();
  const carried = await db
    .insert(sessionSecondSteps)
    .select(
      db
        .select({
          tokenHash: sql`${tokenHash(toToken)}`.as("token_hash"),
          userId: sessionSecondSteps.userId,
          verifiedAt: sessionSecondSteps.verifiedAt,
          expiresAt: sql`${new Date(expiresAt)}::timestamptz`.as("expires_at"),
        })
        .from(sessionSecondSteps)
        .where(liveSecondStep(uid, fromToken)),
    )
    .onConflictDoNothing()
    .returning({ tokenHash: sessionSecondSteps.tokenHash });
  return carried.length > 0;
}
