import { and, eq, gt, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { userTotp, users } from "../db/schema";
import { getApiEnv } from "../env";
import { ApiError, conflict } from "../http/errors";
import type { AuthIdentity } from "../http/types";
import { refuseWrongAnswer } from "./answers";
import { refreshSecondFactorFlag } from "./factors";
import { hasRecoveryCodes, makeRecoveryCodes } from "./recovery-codes";
import { seal, unseal } from "./sealing";
import { recordSecurityEvent } from "./security-events";
import { recordSecondStep } from "./session-step";
import { matchTotp, newTotpSecret, totpUri } from "./totp";
import { clearWrongAnswers, refuseWhileLocked } from "./wrong-answers";

/** How long a new secret waits for its first code. */
export const TOTP_ENROLMENT_MINUTES = 15;

const noPendingEnrolment = () =>
  new ApiError(400, "no_pending_enrolment", "There is no authenticator app waiting for its first code. Start again.");

/**
 * POST /v1/user/second-factors/totp: a new secret (replacing one still waiting for its first
 * code); 409 `totp_already_enrolled` while a confirmed app exists (remove it first).
 */
export async function startTotpEnrolment(
  db: Db,
  identity: AuthIdentity,
): Promise<{ secret: string; otpauthUrl: string; expiresAt: string }> {
  const secret = newTotpSecret();
  const expiresAt = new Date(Date.now() + TOTP_ENROLMENT_MINUTES * 60_000);
  const written = await db
    .insert(userTotp)
    .values({ userId: identity.uid, secretSealed: seal(secret), confirmedAt: null, pendingExpiresAt: expiresAt })
    .onConflictDoUpdate({
      target: userTotp.userId,
      set: { secretSealed: seal(secret), pendingExpiresAt: expiresAt, lastStep: null, createdAt: sql`now()` },
      setWhere: isNull(userTotp.confirmedAt),
    })
    .returning({ userId: userTotp.userId });
  if (written.length === 0)
    throw conflict("An authenticator app is already set up. Remove it before adding another.", "totp_already_enrolled");
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, identity.uid)).limit(1);
  const account = user?.email ?? identity.email ?? identity.uid;
  return {
    secret,
    otpauthUrl: totpUri(secret, getApiEnv().PUBLIC_APP_NAME, account),
    expiresAt: expiresAt.toISOString(),
  };
}

/**
 * POST /v1/user/second-factors/totp/confirm: the app's first code confirms it (a wrong one counts
 * towards the lock). The user has just proved the factor, so this session's second step is
 * recorded; the user's first recovery codes are made and answered (null when they had some).
 */
export async function confirmTotpEnrolment(
  db: Db,
  identity: AuthIdentity,
  token: string,
  code: string,
  clientAddress: string,
): Promise<{ recoveryCodes: string[] | null }> {
  const uid = identity.uid;
  await refuseWhileLocked(db, uid);
  const [pending] = await db
    .select()
    .from(userTotp)
    .where(and(eq(userTotp.userId, uid), isNull(userTotp.confirmedAt), gt(userTotp.pendingExpiresAt, sql`now()`)))
    .limit(1);
  if (!pending) throw noPendingEnrolment();
  const step = await matchTotp(unseal(pending.secretSealed), code, null);
  if (step === null) return refuseWrongAnswer(db, uid, clientAddress);
  const codes = await db.transaction(async (tx) => {
    const confirmed = await tx
      .update(userTotp)
      .set({ confirmedAt: sql`now()`, pendingExpiresAt: null, lastStep: step })
      .where(
        and(
          eq(userTotp.userId, uid),
          isNull(userTotp.confirmedAt),
          eq(userTotp.secretSealed, pending.secretSealed),
          or(isNull(userTotp.lastStep), lt(userTotp.lastStep, step)),
        ),
      )
      .returning({ userId: userTotp.userId });
    if (confirmed.length === 0) throw noPendingEnrolment();
    await refreshSecondFactorFlag(tx, uid);
    const made = (await hasRecoveryCodes(tx, uid)) ? null : await makeRecoveryCodes(tx, uid);
    await recordSecurityEvent(tx, { userId: uid, action: "totp_enrolled", clientAddress });
    return made;
  });
  await clearWrongAnswers(db, uid);
  await recordSecondStep(db, identity, token);
  return { recoveryCodes: codes };
}

/**
 * A code of the user's confirmed app, counted once: its step is written as the last one used in
 * the same statement that checks it is later than the last (two requests with one code: one wins).
 */
export async function spendTotpCode(db: Db, userId: string, code: string): Promise<boolean> {
  const [app] = await db
    .select({ secretSealed: userTotp.secretSealed, lastStep: userTotp.lastStep })
    .from(userTotp)
    .where(and(eq(userTotp.userId, userId), isNotNull(userTotp.confirmedAt)))
    .limit(1);
  if (!app) return false;
  const step = await matchTotp(unseal(app.secretSealed), code, app.lastStep);
  if (step === null) return false;
  const used = await db
    .update(userTotp)
    .set({ lastStep: step })
    .where(
      and(
        eq(userTotp.userId, userId),
        isNotNull(userTotp.confirmedAt),
        or(isNull(userTotp.lastStep), lt(userTotp.lastStep, step)),
      ),
    )
    .returning({ userId: userTotp.userId });
  return used.length > 0;
}
