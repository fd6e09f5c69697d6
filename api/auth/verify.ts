import { createHash } from "node:crypto";
import { and, eq, gt, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { DecodedIdToken } from "firebase-admin/auth";
import { getDb } from "../db/client";
import { sessionSecondSteps, signedOutSessions, users } from "../db/schema";
import { adminAuth } from "./firebase-admin";
import { identityEnv } from "../env";
import type { AuthIdentity } from "../http/types";

/** Who a request is: the verified caller (its shape is the request's, api/http/types.ts). */
export type { AuthIdentity };

const SESSION_ISSUER = "https://session.firebase.google.com/";

function issuerOf(token: string): string | null {
  try {
    const payload = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString("utf8"));
    return typeof payload.iss === "string" ? payload.iss : null;
  } catch {
    return null;
  }
}

/** How a token is named in the database (never the token itself). */
export function tokenHash(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** This token's second step, still live: the one condition every read of a session's step uses. */
export function liveSecondStep(uid: SQL | AnyPgColumn | string, token: string): SQL {
  return and(
    eq(sessionSecondSteps.tokenHash, tokenHash(token)),
    eq(sessionSecondSteps.userId, uid),
    gt(sessionSecondSteps.expiresAt, sql`now()`),
  )!;
}

/**
 * Our own end of sessions, in the database so every process sees it: the user's cut-off (to the
 * millisecond; a session signed in during the cut-off's second is refused too, since tokens only
 * carry whole seconds) and this very token signed out on its device; and whether the user must
 * set a password first (the confinement rule, see middleware.ts); and two-step sign-in's part
 * (issue 43): whether the user has a second factor, when this token gave its second step, and
 * whether the user runs the platform.
 */
async function ourSessionState(
  uid: string,
  token: string,
  authTimeSeconds: number,
): Promise<{
  ended: boolean;
  requiresPasswordSetup: boolean;
  hasSecondFactor: boolean;
  secondStepAt: number | null;
  platformAdmin: boolean;
}> {
  const db = await getDb();
  const hash = tokenHash(token);
  const [row] = await db
    .select({
      cutoff: users.sessionsValidAfter,
      signedOut: signedOutSessions.tokenHash,
      requiresPasswordSetup: users.requiresPasswordSetup,
      hasSecondFactor: users.secondFactorEnabled,
      platformAdmin: users.isPlatformAdmin,
      secondStepAt: sessionSecondSteps.verifiedAt,
    })
    .from(users)
    .leftJoin(signedOutSessions, and(eq(signedOutSessions.userId, users.id), eq(signedOutSessions.tokenHash, hash)))
    .leftJoin(sessionSecondSteps, liveSecondStep(users.id, token))
    .where(eq(users.id, uid))
    .limit(1);
  if (!row) {
    return {
      ended: false,
      requiresPasswordSetup: false,
      hasSecondFactor: false,
      secondStepAt: null,
      platformAdmin: false,
    };
  }
  const ended = Boolean(row.signedOut) || (row.cutoff !== null && authTimeSeconds * 1000 < row.cutoff.getTime());
  return {
    ended,
    requiresPasswordSetup: row.requiresPasswordSetup,
    hasSecondFactor: row.hasSecondFactor,
    secondStepAt: row.secondStepAt?.getTime() ?? null,
    platformAdmin: row.platformAdmin,
  };
}

/**
 * When this token gave its second step (ms), read by its primary key: what a cached pending
 * identity asks before it is reused, and what `reauth` reads at the moment of the action.
 */
export async function secondStepOf(uid: string, token: string): Promise<number | null> {
  const db = await getDb();
  const [row] = await db
    .select({ verifiedAt: sessionSecondSteps.verifiedAt })
    .from(sessionSecondSteps)
    .where(liveSecondStep(uid, token))
    .limit(1);
  return row?.verifiedAt.getTime() ?? null;
}

/**
 * Revocation needs a call to the identity provider (and a read of our own cut-off, see
 * `ourSessionState`): it is checked at most once per
 * `SESSION_REVOCATION_CHECK_SECONDS` for each token (in this process), and always when
 * `forceRevocationCheck` is set (sensitive actions). Between two checks nothing about a token can
 * change but the clock (its signature and claims are fixed), so the identity verified at the last
 * check is reused until the next one is due or the token expires, whichever comes first.
 */
const verified = new Map<string, { identity: AuthIdentity; checkedAt: number; expiresAt: number }>();
const MAX_TRACKED = 10_000;

async function stillVerified(token: string, now: number): Promise<AuthIdentity | null> {
  const entry = verified.get(token);
  if (!entry) return null;
  if (now - entry.checkedAt >= identityEnv.revocationCheckMs || now >= entry.expiresAt) {
    verified.delete(token);
    return null;
  }
  // A pending session must not stay pending in this cache once its step is given (in another
  // process too): the step row is read again, by its key, until it is there.
  if (entry.identity.hasSecondFactor && entry.identity.secondStepAt === null) {
    const secondStepAt = await secondStepOf(entry.identity.uid, token);
    if (secondStepAt !== null) entry.identity = { ...entry.identity, secondStepAt };
  }
  return entry.identity;
}

/** Forgets one token's verified identity (after its second step was given in this process). */
export function forgetVerifiedToken(token: string): void {
  verified.delete(token);
}

/**
 * Forgets every identity verified for `uid`, after this process revoked its sessions or changed
 * its password or email: the next request with any of its tokens is verified (and revocation
 * checked) again. Other processes notice within SESSION_REVOCATION_CHECK_SECONDS.
 */
export function forgetVerifiedSessions(uid: string): void {
  if (forgottenAt.size >= MAX_TRACKED) forgottenAt.clear();
  forgottenAt.set(uid, ++forgets);
  for (const [token, entry] of verified) if (entry.identity.uid === uid) verified.delete(token);
}

/**
 * The forgets so far, and each user's last: a verification that began before its user's sessions
 * were forgotten (it read the cut-off before it moved) answers its own request but is not kept,
 * or it would keep an ended session alive until the next check.
 */
let forgets = 0;
const forgottenAt = new Map<string, number>();

function remember(token: string, identity: AuthIdentity, now: number, expiresAt: number, begunAt: number) {
  if ((forgottenAt.get(identity.uid) ?? 0) > begunAt) return;
  if (verified.size >= MAX_TRACKED) verified.clear();
  verified.set(token, { identity, checkedAt: now, expiresAt });
}

export class InvalidTokenError extends Error {
  constructor(readonly reason: "invalid" | "expired" | "revoked") {
    super(`token ${reason}`);
  }
}

/** Verify an ID token or a session cookie; throws InvalidTokenError. */
export async function verifyFirebaseToken(
  token: string,
  options: { forceRevocationCheck?: boolean } = {},
): Promise<AuthIdentity> {
  const now = Date.now();
  const begunAt = forgets;
  if (!options.forceRevocationCheck) {
    const known = await stillVerified(token, now);
    if (known) return known;
  }
  const isSession = issuerOf(token)?.startsWith(SESSION_ISSUER) ?? false;
  let decoded: DecodedIdToken;
  try {
    decoded = isSession
      ? await adminAuth().verifySessionCookie(token, true)
      : await adminAuth().verifyIdToken(token, true);
  } catch (error) {
    const code = (error as { code?: string }).code ?? "";
    verified.delete(token);
    // The identity provider could not be reached or failed: that says nothing about the
    // token, so it must not sign the user out (callers answer 503, not 401).
    if (code.startsWith("app/") || code === "auth/internal-error") throw error;
    if (code.includes("revoked") || code.includes("user-disabled") || code.includes("user-not-found"))
      throw new InvalidTokenError("revoked");
    if (code.includes("expired")) throw new InvalidTokenError("expired");
    throw new InvalidTokenError("invalid");
  }
  const state = await ourSessionState(decoded.uid, token, decoded.auth_time);
  if (state.ended) {
    verified.delete(token);
    throw new InvalidTokenError("revoked");
  }
  const identity: AuthIdentity = {
    uid: decoded.uid,
    email: decoded.email ?? null,
    emailVerified: decoded.email_verified ?? false,
    signInProvider: decoded.firebase?.sign_in_provider ?? "unknown",
    authTime: decoded.auth_time,
    expiresAt: decoded.exp * 1000,
    requiresPasswordSetup: state.requiresPasswordSetup,
    kind: isSession ? "session_cookie" : "id_token",
    hasSecondFactor: state.hasSecondFactor,
    secondStepAt: state.secondStepAt,
    platformAdmin: state.platformAdmin,
  };
  remember(token, identity, now, decoded.exp * 1000, begunAt);
  return identity;
}
