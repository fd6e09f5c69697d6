import { and, asc, eq, exists, isNotNull, or, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { accounts, operatorMembers, userPasskeys, userRecoveryCodes, userTotp, users } from "../db/schema";
import { forgetVerifiedSessions } from "../auth/verify";
import type { AuthIdentity } from "../http/types";
import type { SecondFactors } from "~contract/identity/two-step";
import { recoveryCodesLeft } from "./recovery-codes";

/**
 * users.second_factor_enabled follows the factors, in the transaction that changes them: true
 * with a confirmed authenticator app or at least one passkey. Without either the recovery codes
 * go too (they are a way back to a factor, not one). Every cached identity of the user in this
 * process is forgotten (other processes within SESSION_REVOCATION_CHECK_SECONDS).
 */
export async function refreshSecondFactorFlag(tx: Db, userId: string): Promise<boolean> {
  const [row] = await tx
    .update(users)
    .set({
      secondFactorEnabled: or(
        exists(
          tx
            .select({ one: sql`1` })
            .from(userTotp)
            .where(and(eq(userTotp.userId, userId), isNotNull(userTotp.confirmedAt))),
        ),
        exists(
          tx
            .select({ one: sql`1` })
            .from(userPasskeys)
            .where(eq(userPasskeys.userId, userId)),
        ),
      )!,
    })
    .where(eq(users.id, userId))
    .returning({ enabled: users.secondFactorEnabled });
  const enabled = row?.enabled ?? false;
  if (!enabled) await tx.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, userId));
  forgetVerifiedSessions(userId);
  return enabled;
}

/** GET /v1/user/second-factors. */
export async function listSecondFactors(db: Db, identity: AuthIdentity): Promise<SecondFactors> {
  const uid = identity.uid;
  const [totp, passkeys, left, teams] = await Promise.all([
    db
      .select({ confirmedAt: userTotp.confirmedAt })
      .from(userTotp)
      .where(and(eq(userTotp.userId, uid), isNotNull(userTotp.confirmedAt)))
      .limit(1),
    db
      .select({
        id: userPasskeys.id,
        name: userPasskeys.name,
        createdAt: userPasskeys.createdAt,
        lastUsedAt: userPasskeys.lastUsedAt,
      })
      .from(userPasskeys)
      .where(eq(userPasskeys.userId, uid))
      .orderBy(asc(userPasskeys.createdAt)),
    recoveryCodesLeft(db, uid),
    db
      .select({ name: accounts.name })
      .from(operatorMembers)
      .innerJoin(accounts, eq(accounts.id, operatorMembers.accountId))
      .where(and(eq(operatorMembers.userId, uid), eq(accounts.requireTwoStep, true)))
      .orderBy(asc(accounts.name)),
  ]);
  return {
    totp: totp[0]?.confirmedAt ? { confirmedAt: totp[0].confirmedAt.toISOString() } : null,
    passkeys: passkeys.map((passkey) => ({
      id: passkey.id,
      name: passkey.name,
      createdAt: passkey.createdAt.toISOString(),
      lastUsedAt: passkey.lastUsedAt?.toISOString() ?? null,
    })),
    recoveryCodesLeft: left,
    // Null without a factor: there is no second step to have given.
    secondStepAt:
      identity.secondStepAt === null || (!totp[0] && passkeys.length === 0)
        ? null
        : new Date(identity.secondStepAt).toISOString(),
    requiredBy: teams.map((team) => team.name),
  };
}
