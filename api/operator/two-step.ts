import { and, eq, sql } from "drizzle-orm";
import type { Hono } from "hono";
import { endpoints } from "~contract/endpoints";
import { writeAudit, type Actor } from "../audit/log";
import type { Db } from "../db/client";
import { accounts, operatorMembers, users, type AccountRow } from "../db/schema";
import { clientIp } from "../http/client-info";
import { conflict, notFound } from "../http/errors";
import { handle } from "../http/register";
import type { AppEnv } from "../http/types";
import { actorOf, type Member } from "../members/guard";
import { secondFactorRequired } from "../members/second-factor";
import { clearSecondFactors } from "../two-step/manage";
import { recordSecurityEvent } from "../two-step/security-events";
import { lockedAccount } from "./locked-account";

/** The team's side of two-step sign-in (issue 43; owner): require it of every member, reset a member's factors. */
export function twoStepRoutes(router: Hono<AppEnv>): void {
  handle(router, endpoints.operatorRequireTwoStep, async (c, { body, member }) =>
    requireTwoStep(c.get("db"), member, actorOf(member, clientIp(c)), body.required),
  );

  handle(router, endpoints.operatorResetMemberSecondFactor, async (c, { params, member }) => {
    await resetMemberSecondFactor(c.get("db"), member.account, actorOf(member, clientIp(c)), params.userId);
  });
}

/**
 * PUT /v1/operator/two-step: audited when it changes. Turning it on needs the owner's own second
 * factor (read in the transaction, their user row shared-locked so it cannot go meanwhile): else
 * 403 `second_factor_required`, they would shut themselves out of their console.
 */
export async function requireTwoStep(
  db: Db,
  member: Member,
  actor: Actor,
  required: boolean,
): Promise<{ requireTwoStep: boolean }> {
  return db.transaction(async (tx) => {
    const before = await lockedAccount(tx, member.account.id);
    if (required) {
      const [owner] = await tx
        .select({ secondFactorEnabled: users.secondFactorEnabled })
        .from(users)
        .where(eq(users.id, member.userId))
        .for("share");
      if (!owner?.secondFactorEnabled)
        throw secondFactorRequired(
          "Set up two-step sign-in for yourself before you require it of the team (else you would be locked out).",
        );
    }
    if (before?.requireTwoStep !== required) {
      await tx.update(accounts).set({ requireTwoStep: required }).where(eq(accounts.id, member.account.id));
      await writeAudit(tx, actor, "two_step.settings_updated", { requireTwoStep: String(required) });
    }
    return { requireTwoStep: required };
  });
}

/**
 * POST /v1/operator/members/{userId}/second-factor/reset: the member's authenticator app, passkeys,
 * recovery codes and second steps of their sessions go (and a lock of wrong answers), their flag
 * is cleared; the audit row, the member's security event and their email (outbox) in the same
 * transaction. Not this operator's member (another operator's too): 404 `member_not_found`; the
 * owner's own: 409 `own_second_factor_reset` (their factors are removed at /account/security,
 * where a fresh second step is asked); a platform admin's, or a member of another operator's team
 * too: 409 `second_factor_beyond_team` (one team's owner does not lower the guard of the platform
 * or of another team). A member with nothing to reset: done, nothing recorded.
 */
export async function resetMemberSecondFactor(
  db: Db,
  account: AccountRow,
  actor: Actor,
  userId: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    // The member's user row locked: an enrolment at the same moment comes wholly before or after.
    const [target] = await tx
      .select({
        email: users.email,
        secondFactorEnabled: users.secondFactorEnabled,
        isPlatformAdmin: users.isPlatformAdmin,
        inOtherTeams: sql<boolean>`exists (select 1 from operator_members other where other.user_id = ${users.id} and other.account_id <> ${account.id})`,
      })
      .from(operatorMembers)
      .innerJoin(users, eq(users.id, operatorMembers.userId))
      .where(and(eq(operatorMembers.accountId, account.id), eq(operatorMembers.userId, userId)))
      .for("update", { of: users });
    if (!target) throw notFound("No such member in this team.", "member_not_found");
    if (userId === actor.userId)
      throw conflict(
        "Your own two-step sign-in is yours to change: remove your factors on your account's security page.",
        "own_second_factor_reset",
      );
    // Their factors guard more than this team (the platform, or another operator's console): an owner
    // here who learnt their password could otherwise take those over. They reset it themselves.
    if (target.isPlatformAdmin || target.inOtherTeams)
      throw conflict(
        "This person's two-step sign-in also protects their access beyond this team: only they (or the platform's support) can reset it.",
        "second_factor_beyond_team",
      );
    const removed = await clearSecondFactors(tx, userId);
    if (!removed.anything) return;
    await writeAudit(tx, actor, "member.second_factor_reset", { userId, email: target.email });
    await recordSecurityEvent(tx, {
      userId,
      action: "second_factor_reset",
      detail: {
        accountId: account.id,
        team: account.name,
        required: String(account.requireTwoStep),
        totp: String(removed.totp),
        passkeys: String(removed.passkeys),
        recoveryCodes: String(removed.recoveryCodes),
      },
      actorId: actor.userId,
      clientAddress: actor.clientAddress,
    });
  });
}
