import "../../support/env";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { tokenHash } from "~api/auth/verify";
import {
  accounts,
  auditLog,
  operatorMembers,
  secondStepAttempts,
  securityEvents,
  sessionSecondSteps,
  userPasskeys,
  userRecoveryCodes,
  userTotp,
  users,
} from "~api/db/schema";
import type { OperatorRole } from "~contract/operator/team";
import { expectEnvelope } from "../../support/api";
import { callEndpoint, v1 } from "../../support/client";
import { identityWorld, outboxFor, type TestUser } from "../../support/identity";
import { teamOf, accountIdOf, asMember, auditEntries, syncedMember } from "../../support/operator";
import { countQueries } from "../../support/query-counter";

const { db } = identityWorld();

const member = (slug: string, role: OperatorRole) => syncedMember(db(), slug, role);

/**
 * `user` has a second factor and this session gave its second step just now, as the two-step
 * flow (api/two-step, another room) would leave them: the flag and the session's step row.
 */
async function withSecondFactor(user: TestUser): Promise<void> {
  await db().update(users).set({ secondFactorEnabled: true }).where(eq(users.id, user.uid));
  await db()
    .insert(sessionSecondSteps)
    .values({
      tokenHash: tokenHash(user.idToken),
      userId: user.uid,
      verifiedAt: new Date(),
      expiresAt: new Date(Date.now() + 3_600_000),
    })
    .onConflictDoNothing();
}

/** Every kind of second-factor row of `user`: a confirmed authenticator app, two passkeys, ten recovery codes, a step, a lock. */
async function enrolled(user: TestUser): Promise<void> {
  await withSecondFactor(user);
  await db()
    .insert(userTotp)
    .values({ userId: user.uid, secretSealed: "v1:aXY:dGFn:c2VhbGVk", confirmedAt: new Date(), lastStep: 1 });
  await db()
    .insert(userPasskeys)
    .values(
      [1, 2].map((n) => ({
        userId: user.uid,
        credentialId: `cred-${user.uid}-${n}`,
        publicKey: "cGs",
        name: `Key ${n}`,
      })),
    );
  await db()
    .insert(userRecoveryCodes)
    .values(Array.from({ length: 10 }, (_, n) => ({ userId: user.uid, codeHash: `${user.uid}-${n}` })));
  await db()
    .insert(secondStepAttempts)
    .values({ userId: user.uid, failures: 2, windowStartedAt: new Date() })
    .onConflictDoNothing();
}

/** How many rows of each kind `uid` has, and their flag. */
async function factorsOf(uid: string) {
  const count = async (table: typeof userTotp | typeof userPasskeys | typeof userRecoveryCodes) =>
    (await db().select().from(table).where(eq(table.userId, uid))).length;
  const [user] = await db().select({ flag: users.secondFactorEnabled }).from(users).where(eq(users.id, uid));
  return {
    flag: user.flag,
    totp: await count(userTotp),
    passkeys: await count(userPasskeys),
    recoveryCodes: await count(userRecoveryCodes),
    steps: (await db().select().from(sessionSecondSteps).where(eq(sessionSecondSteps.userId, uid))).length,
    locks: (await db().select().from(secondStepAttempts).where(eq(secondStepAttempts.userId, uid))).length,
  };
}

const requireTwoStep = (user: TestUser, required: boolean, account = "acme") =>
  v1.operatorRequireTwoStep(asMember(user.idToken, { body: { required }, account }));

const requiredOn = async (slug: string) =>
  (await db().select({ on: accounts.requireTwoStep }).from(accounts).where(eq(accounts.slug, slug)))[0].on;

const reset = (user: TestUser | undefined, userId: string, account = "acme") =>
  v1.operatorResetMemberSecondFactor({ params: { userId }, ...asMember(user?.idToken, { account }) });

describe("operatorMe.requireTwoStep and the members' twoStep", () => {
  it("are answered from the rows already read: the team's list costs the same queries however large the team", async () => {
    const owner = await member("olive", "owner");
    const guide = await member("olive", "guide");
    await withSecondFactor(guide);

    const me = await v1.operatorMe(asMember(owner.idToken, { account: "olive" }));
    expect(me.status).toBe(200);
    expect(me.body.data.requireTwoStep).toBe(false);
    const team = await v1.operatorListMembers(asMember(owner.idToken, { account: "olive" }));
    expect(team.status).toBe(200);
    const twoStepOf = (uid: string) =>
      team.body.data.members.find((m: { userId: string }) => m.userId === uid)?.twoStep as boolean | undefined;
    expect(twoStepOf(owner.uid)).toBe(false);
    expect(twoStepOf(guide.uid)).toBe(true);

    const list = () => v1.operatorListMembers(asMember(owner.idToken, { account: "olive" }));
    await list(); // the token verified and cached
    const small = await countQueries(db(), list);
    for (let n = 0; n < 4; n++) await withSecondFactor(await member("olive", "manager"));
    const large = await countQueries(db(), list);
    expect(large).toBe(small);
  });
});

describe("operatorRequireTwoStep", () => {
  it("is the owner's: others refused, another operator's storefront 404, hostile bodies 400", async () => {
    const { owner, manager, guide, stranger } = await teamOf(db());
    await Promise.all([withSecondFactor(owner), withSecondFactor(manager), withSecondFactor(guide)]);
    expectEnvelope(await requireTwoStep(manager, true), 403, "forbidden");
    expectEnvelope(await requireTwoStep(guide, true), 403, "forbidden");
    expectEnvelope(await requireTwoStep(stranger, true), 404, "not_found");
    expectEnvelope(await requireTwoStep(owner, true, "harbor"), 404, "not_found");
    expectEnvelope(
      await v1.operatorRequireTwoStep(asMember(undefined, { body: { required: true } })),
      401,
      "unauthorized",
    );
    for (const body of [{}, { required: "yes" }, { required: 1 }, []])
      expectEnvelope(
        await callEndpoint("operatorRequireTwoStep", asMember(owner.idToken, { body })),
        400,
        "validation_error",
      );
    expect(await requiredOn("acme")).toBe(false);
    expect(await auditEntries(db(), "two_step.settings_updated", owner.uid)).toHaveLength(0);
  });

  it("an owner without a second factor cannot turn it on (they would lock themselves out); with one, it is turned on and off, audited once per change", async () => {
    const owner = await member("acme", "owner");
    expectEnvelope(await requireTwoStep(owner, true), 403, "second_factor_required");
    expect(await requiredOn("acme")).toBe(false);
    // Turning it off (already off) needs nothing, and changes nothing.
    const off = await requireTwoStep(owner, false);
    expect(off.status).toBe(200);
    expect(off.body.data).toEqual({ requireTwoStep: false });
    expect(await auditEntries(db(), "two_step.settings_updated", owner.uid)).toHaveLength(0);

    await withSecondFactor(owner);
    const on = await requireTwoStep(owner, true);
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    expect(on.body.data).toEqual({ requireTwoStep: true });
    expect(await requiredOn("acme")).toBe(true);
    expect((await requireTwoStep(owner, true)).status).toBe(200); // again: no second row
    const me = await v1.operatorMe(asMember(owner.idToken));
    expect(me.body.data.requireTwoStep).toBe(true);
    // Other operators are untouched.
    expect(await requiredOn("harbor")).toBe(false);

    expect((await requireTwoStep(owner, false)).body.data).toEqual({ requireTwoStep: false });
    expect(await requiredOn("acme")).toBe(false);
    const rows = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "two_step.settings_updated"), eq(auditLog.actorId, owner.uid)))
      .orderBy(auditLog.at);
    expect(rows.map((row) => row.target)).toEqual([{ requireTwoStep: "true" }, { requireTwoStep: "false" }]);
    expect(rows.every((row) => row.accountId === rows[0].accountId)).toBe(true);
    expect(rows[0].accountId).toBe(await accountIdOf(db(), "acme"));
  });
});

describe("the member guard when the team requires two-step sign-in", () => {
  it("a member without a second factor gets 403 second_factor_required on every console endpoint; with one, or on another operator's team, they pass", async () => {
    const [owner, guide, manager, harborGuide] = await Promise.all([
      member("acme", "owner"),
      member("acme", "guide"),
      member("acme", "manager"),
      member("harbor", "guide"),
    ]);
    await withSecondFactor(owner);
    // Before: the guide without a factor works.
    expect((await v1.operatorMe(asMember(guide.idToken))).status).toBe(200);
    expect((await requireTwoStep(owner, true)).status).toBe(200);
    try {
      for (const who of [guide, manager]) {
        expectEnvelope(await v1.operatorMe(asMember(who.idToken)), 403, "second_factor_required");
        expectEnvelope(await v1.operatorListBookings(asMember(who.idToken)), 403, "second_factor_required");
        // Whatever the role allows: the console opens only after enrolment.
        expectEnvelope(await v1.operatorListMembers(asMember(who.idToken)), 403, "second_factor_required");
      }
      // A non-member is still nobody here (404), never told the team's rule.
      expectEnvelope(await v1.operatorMe(asMember(harborGuide.idToken)), 404, "not_found");
      // Another operator (not requiring it) is unaffected; the traveller side too.
      expect((await v1.operatorMe(asMember(harborGuide.idToken, { account: "harbor" }))).status).toBe(200);
      expect((await v1.notifications({ token: guide.idToken })).status).toBe(200);
      // The owner (with a factor) works on.
      expect((await v1.operatorListMembers(asMember(owner.idToken))).status).toBe(200);

      await withSecondFactor(guide);
      const me = await v1.operatorMe(asMember(guide.idToken));
      expect(me.status).toBe(200);
      expect(me.body.data.requireTwoStep).toBe(true);
      expect((await v1.operatorListBookings(asMember(guide.idToken))).status).toBe(200);
      // The role's own refusal still stands for a member who passed this rule.
      expectEnvelope(await v1.operatorListMembers(asMember(guide.idToken)), 403, "forbidden");
    } finally {
      expect((await requireTwoStep(owner, false)).status).toBe(200);
    }
    expect((await v1.operatorMe(asMember(manager.idToken))).status).toBe(200);
  });
});

describe("operatorResetMemberSecondFactor", () => {
  it("is the owner's, of this operator's members only: others and another operator's member ids are refused and nothing changes", async () => {
    const [{ owner, manager, guide, stranger }, harborOwner, harborGuide] = await Promise.all([
      teamOf(db()),
      member("harbor", "owner"),
      member("harbor", "guide"),
    ]);
    await Promise.all([enrolled(guide), enrolled(harborGuide), enrolled(stranger)]);
    const before = await factorsOf(guide.uid);
    expect(before).toEqual({ flag: true, totp: 1, passkeys: 2, recoveryCodes: 10, steps: 1, locks: 1 });

    expectEnvelope(await reset(manager, guide.uid), 403, "forbidden");
    expectEnvelope(await reset(guide, guide.uid), 403, "forbidden");
    expectEnvelope(await reset(stranger, guide.uid), 404, "not_found");
    expectEnvelope(await reset(undefined, guide.uid), 401, "unauthorized");
    // Tenant isolation: harbor's owner names acme's guide, acme's owner names harbor's guide.
    expectEnvelope(await reset(harborOwner, guide.uid, "harbor"), 404, "member_not_found");
    expectEnvelope(await reset(owner, harborGuide.uid), 404, "member_not_found");
    expectEnvelope(await reset(owner, stranger.uid), 404, "member_not_found");
    expectEnvelope(await reset(owner, "no-such-user"), 404, "member_not_found");
    expectEnvelope(await reset(owner, guide.uid, "harbor"), 404, "not_found");
    expectEnvelope(await reset(owner, "x".repeat(129)), 400, "validation_error");
    // One's own: at /account/security.
    expectEnvelope(await reset(owner, owner.uid), 409, "own_second_factor_reset");

    for (const uid of [guide.uid, harborGuide.uid, stranger.uid]) expect(await factorsOf(uid)).toEqual(before);
    expect(await auditEntries(db(), "member.second_factor_reset", owner.uid)).toHaveLength(0);
    expect(await auditEntries(db(), "member.second_factor_reset", harborOwner.uid)).toHaveLength(0);
    expect(await db().select().from(securityEvents).where(eq(securityEvents.userId, guide.uid))).toHaveLength(0);
    expect(await outboxFor(guide.email)).toHaveLength(0);
  });

  it("removes the member's factors, recovery codes and session steps, clears the flag, and records it: audit row, security event, email", async () => {
    const { owner, guide, manager: other } = await teamOf(db());
    await Promise.all([enrolled(guide), enrolled(other)]);
    const otherBefore = await factorsOf(other.uid);

    const answer = await reset(owner, guide.uid);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(await factorsOf(guide.uid)).toEqual({
      flag: false,
      totp: 0,
      passkeys: 0,
      recoveryCodes: 0,
      steps: 0,
      locks: 0,
    });
    // Nobody else's.
    expect(await factorsOf(other.uid)).toEqual(otherBefore);

    const audit = await auditEntries(db(), "member.second_factor_reset", owner.uid);
    expect(audit).toHaveLength(1);
    expect(audit[0].target).toEqual({ userId: guide.uid, email: guide.email });
    expect(audit[0].accountId).toBe(await accountIdOf(db(), "acme"));

    const events = await db().select().from(securityEvents).where(eq(securityEvents.userId, guide.uid));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      action: "second_factor_reset",
      actorId: owner.uid,
      detail: { accountId: await accountIdOf(db(), "acme"), totp: "true", passkeys: "2", recoveryCodes: "10" },
    });

    const [acme] = await db().select({ name: accounts.name }).from(accounts).where(eq(accounts.slug, "acme"));
    const mails = await outboxFor(guide.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe(`Your two-step sign-in was reset by ${acme.name}`);
    expect(mails[0].kind).toBe("security_second_factor_reset");
    expect(mails[0].textBody).toContain("your authenticator app, passkeys and recovery codes were removed");

    const team = await v1.operatorListMembers(asMember(owner.idToken));
    expect(team.body.data.members.find((m: { userId: string }) => m.userId === guide.uid).twoStep).toBe(false);

    // Again: nothing left to reset, nothing recorded twice.
    expect((await reset(owner, guide.uid)).status).toBe(200);
    expect(await auditEntries(db(), "member.second_factor_reset", owner.uid)).toHaveLength(1);
    expect(await outboxFor(guide.email)).toHaveLength(1);
  });

  it("a platform admin's, or one who is in another operator's team too, is not this owner's to reset (409 second_factor_beyond_team)", async () => {
    const { owner, guide: admin, manager: twoTeams } = await teamOf(db());
    await db().update(users).set({ isPlatformAdmin: true }).where(eq(users.id, admin.uid));
    await db()
      .insert(operatorMembers)
      .values({ accountId: await accountIdOf(db(), "harbor"), userId: twoTeams.uid, role: "owner" });
    await Promise.all([enrolled(admin), enrolled(twoTeams)]);
    const before = await factorsOf(admin.uid);
    expectEnvelope(await reset(owner, admin.uid), 409, "second_factor_beyond_team");
    expectEnvelope(await reset(owner, twoTeams.uid), 409, "second_factor_beyond_team");
    expect(await factorsOf(admin.uid)).toEqual(before);
    expect(await factorsOf(twoTeams.uid)).toEqual(before);
    expect(await auditEntries(db(), "member.second_factor_reset", owner.uid)).toHaveLength(0);
    expect(await outboxFor(admin.email)).toHaveLength(0);
  });

  it("a member reset while the team requires two-step sign-in is kept out of the console until they enrol again", async () => {
    const [owner, guide] = await Promise.all([member("summit", "owner"), member("summit", "guide")]);
    await Promise.all([enrolled(owner), enrolled(guide)]);
    expect((await requireTwoStep(owner, true, "summit")).status).toBe(200);
    try {
      expect((await v1.operatorMe(asMember(guide.idToken, { account: "summit" }))).status).toBe(200);
      expect((await reset(owner, guide.uid, "summit")).status).toBe(200);
      expectEnvelope(
        await v1.operatorMe(asMember(guide.idToken, { account: "summit" })),
        403,
        "second_factor_required",
      );
      const [mail] = await outboxFor(guide.email);
      expect(mail.textBody).toContain("requires two-step sign-in");
    } finally {
      expect((await requireTwoStep(owner, false, "summit")).status).toBe(200);
    }
  });
});
