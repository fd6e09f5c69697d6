import { and, eq } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../db/client";
import {
  secondStepAttempts,
  sessionSecondSteps,
  userPasskeys,
  userRecoveryCodes,
  userTotp,
  users,
  webauthnChallenges,
} from "../db/schema";
import { notFound } from "../http/errors";
import { noSecondFactor } from "./answers";
import { refreshSecondFactorFlag } from "./factors";
import { makeRecoveryCodes } from "./recovery-codes";
import { recordSecurityEvent } from "./security-events";

/**
 * DELETE /v1/user/second-factors/:factorId: the authenticator app ("totp", confirmed or still
 * waiting) or one of the user's passkeys; the last factor takes the recovery codes with it.
 */
export async function removeSecondFactor(
  db: Db,
  userId: string,
  factorId: string,
  clientAddress: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    let detail: Record<string, string | null>;
    if (factorId === "totp") {
      const removed = await tx
        .delete(userTotp)
        .where(eq(userTotp.userId, userId))
        .returning({ confirmedAt: userTotp.confirmedAt });
      if (removed.length === 0) throw secondFactorNotFound();
      // An app still waiting for its first code was never a factor: nothing to tell.
      if (!removed[0].confirmedAt) return;
      detail = { factor: "totp", name: null };
    } else {
      const [removed] = await tx
        .delete(userPasskeys)
        .where(and(eq(userPasskeys.id, factorId), eq(userPasskeys.userId, userId)))
        .returning({ name: userPasskeys.name });
      if (!removed) throw secondFactorNotFound();
      detail = { factor: "passkey", name: removed.name };
    }
    await refreshSecondFactorFlag(tx, userId);
    await recordSecurityEvent(tx, { userId, action: "factor_removed", detail, clientAddress });
  });
}

const secondFactorNotFound = () => notFound("There is no such second factor.", "second_factor_not_found");

/** POST /v1/user/second-factors/recovery-codes: ten new codes, the old ones void; 400 without a second factor. */
export async function regenerateRecoveryCodes(
  db: Db,
  userId: string,
  clientAddress: string,
): Promise<{ recoveryCodes: string[] }> {
  return db.transaction(async (tx) => {
    if (!(await lockedSecondFactorFlag(tx, userId))) throw noSecondFactor();
    const recoveryCodes = await makeRecoveryCodes(tx, userId);
    await recordSecurityEvent(tx, { userId, action: "recovery_codes_made", clientAddress });
    return { recoveryCodes };
  });
}

/**
 * Everything of a user's two-step sign-in, gone (in the caller's transaction): the authenticator
 * app, passkeys, recovery codes, open challenges, every session's step and a lock of wrong
 * answers; the user then has no second factor. For an owner's reset of a member (the caller writes
 * the audit entry and `recordSecurityEvent(…, "second_factor_reset")`, which emails the member).
 * Answers what was removed (`anything`: false when there was nothing to reset).
 */
export async function clearSecondFactors(tx: Db, userId: string) {
  const enabledBefore = await lockedSecondFactorFlag(tx, userId);
  // One after another: the statements of a transaction share its connection.
  const totp = await deleteUserRows(tx, userTotp, userId);
  const passkeys = await deleteUserRows(tx, userPasskeys, userId);
  const codes = await deleteUserRows(tx, userRecoveryCodes, userId);
  await deleteUserRows(tx, webauthnChallenges, userId);
  const steps = await deleteUserRows(tx, sessionSecondSteps, userId);
  const locks = await deleteUserRows(tx, secondStepAttempts, userId);
  await refreshSecondFactorFlag(tx, userId);
  return {
    totp: totp > 0,
    passkeys,
    recoveryCodes: codes,
    anything: enabledBefore || totp + passkeys + codes + steps + locks > 0,
  };
}

/** Deletes the user's rows of a table keyed by `userId`; answers how many there were. */
async function deleteUserRows(tx: Db, table: PgTable & { userId: AnyPgColumn }, userId: string): Promise<number> {
  const rows = await tx.delete(table).where(eq(table.userId, userId)).returning({ id: table.userId });
  return rows.length;
}

/** The user's "has a second factor" flag, the user row locked for the rest of the transaction. */
async function lockedSecondFactorFlag(tx: Db, userId: string): Promise<boolean> {
  const [user] = await tx
    .select({ enabled: users.secondFactorEnabled })
    .from(users)
    .where(eq(users.id, userId))
    .for("update")
    .limit(1);
  return Boolean(user?.enabled);
}
