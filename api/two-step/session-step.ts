import { sql } from "drizzle-orm";
import type { Context } from "hono";
import type { Db } from "../db/client";
import { sessionSecondSteps } from "../db/schema";
import { credentialsOf } from "../auth/middleware";
import { forgetVerifiedToken, tokenHash } from "../auth/verify";
import { unauthorized } from "../http/errors";
import type { AppEnv, AuthIdentity } from "../http/types";

/**
 * A session's second step: a row of session_second_steps keyed by the hash of the very token
 * the caller signed in with (its cookie or ID token), which ends with the token.
 */

/** The token of the request (as the auth middleware read it). */
export function callerToken(c: Context<AppEnv>): string {
  const credentials = credentialsOf(c.req.raw);
  if (credentials.token === null) throw unauthorized();
  return credentials.token;
}

/**
 * Records that this session gave its second step now (answers when), and forgets this process's
 * cached identity of the token, so the next request is verified with its step.
 */
export async function recordSecondStep(db: Db, identity: AuthIdentity, token: string): Promise<Date> {
  const [row] = await db
    .insert(sessionSecondSteps)
    .values({
      tokenHash: tokenHash(token),
      userId: identity.uid,
      verifiedAt: sql`now()`,
      expiresAt: new Date(identity.expiresAt),
    })
    .onConflictDoUpdate({
      target: sessionSecondSteps.tokenHash,
      set: { verifiedAt: sql`now()`, expiresAt: new Date(identity.expiresAt) },
    })
    .returning({ verifiedAt: sessionSecondSteps.verifiedAt });
  forgetVerifiedToken(token);
  return row.verifiedAt;
}
