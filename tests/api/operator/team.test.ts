import "../../support/env";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, operatorInvitations, operatorMembers } from "~api/db/schema";
import type { OperatorRole } from "~contract/operator/team";
import { expectEnvelope, NO_SUCH_ID } from "../../support/api";
import { teamOf, accountIdOf, asMember, syncedMember } from "../../support/operator";
import { expectPurge } from "../../support/purge";
import { INVITATION_LIMITS } from "~api/operator/routes";
import { identityWorld, outboxFor, syncedUser, uniqueEmail, type TestUser } from "../../support/identity";
import { callEndpoint, v1 } from "../../support/client";

const { db } = identityWorld();

const member = (slug: string, role: OperatorRole) => syncedMember(db(), slug, role);

/** Invites `email` on acme as `owner` and returns the token from the emailed link. */
async function invite(owner: TestUser, email: string, role = "manager"): Promise<string> {
  const res = await v1.operatorInviteMember(asMember(owner.idToken, { body: { email, role } }));
  expect(res.status).toBe(201);
  const [mail] = await outboxFor(email);
  const link = new URL(mail.meta.link as string);
  expect(link.pathname).toMatch(/^\/console\/invitations\/[A-Za-z0-9_-]{43}$/);
  return link.pathname.split("/").pop()!;
}

/** Ends the invitation to `email` `ago` (an SQL interval, such as '1 day') before the database's now. */
async function expireInvitation(email: string, ago: string) {
  await db()
    .update(operatorInvitations)
    .set({ expiresAt: sql`app_now() - interval '${sql.raw(ago)}'` })
    .where(eq(operatorInvitations.email, email));
}

describe("operator console: the guard", () => {
  it("signed out 401, no operator or a non-member 404, a role that does not allow it 403", async () => {
    const { owner, guide, stranger } = await teamOf(db());
    expectEnvelope(await v1.operatorMe(asMember(undefined)), 401, "unauthorized");
    expectEnvelope(await v1.operatorMe({ token: owner.idToken }), 404, "not_found");
    expectEnvelope(await v1.operatorMe(asMember(stranger.idToken)), 404, "not_found");
    // A member of acme is nobody on harbor.
    expectEnvelope(await v1.operatorMe(asMember(owner.idToken, { account: "harbor" })), 404, "not_found");
    expectEnvelope(await v1.operatorListMembers(asMember(owner.idToken, { account: "harbor" })), 404, "not_found");

    const me = await v1.operatorMe(asMember(guide.idToken));
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({
      account: { slug: "acme" },
      userId: guide.uid,
      role: "guide",
      can: {
        manageTeam: false,
        readAuditLog: false,
        manageCatalog: false,
        runDay: true,
        refund: false,
        manageBranding: false,
        readReports: false,
        readCustomers: false,
        readPayouts: false,
        managePayouts: false,
        manageResellers: false,
        manageWebhooks: false,
        takeBookings: false,
      },
    });
    for (const [name, params, body] of [
      ["operatorListMembers", {}, undefined],
      ["operatorAuditLog", {}, undefined],
      ["operatorInviteMember", {}, { email: "x@example.com", role: "guide" }],
      ["operatorUpdateMember", { userId: owner.uid }, { role: "guide" }],
      ["operatorRemoveMember", { userId: owner.uid }, undefined],
    ] as const) {
      expectEnvelope(await callEndpoint(name, { params, ...asMember(guide.idToken, { body }) }), 403, "forbidden");
      expectEnvelope(await callEndpoint(name, { params, ...asMember(stranger.idToken, { body }) }), 404, "not_found");
      expectEnvelope(await callEndpoint(name, { params, ...asMember(undefined, { body }) }), 401, "unauthorized");
    }
    const ownerMe = await v1.operatorMe(asMember(owner.idToken));
    expect(ownerMe.body.data.can).toEqual({
      manageTeam: true,
      readAuditLog: true,
      manageCatalog: true,
      runDay: true,
      refund: true,
      manageBranding: true,
      readReports: true,
      readCustomers: true,
      readPayouts: true,
      managePayouts: true,
      manageResellers: true,
      manageWebhooks: true,
      takeBookings: true,
    });
  });
});

describe("operator console: the team", () => {
  it("the owner invites by email; the invited person accepts once; both are in the team and the audit log", async () => {
    const owner = await member("acme", "owner");
    const invitee = await syncedUser();
    const token = await invite(owner, invitee.email.toUpperCase());
    const [mail] = await outboxFor(invitee.email);
    expect(mail.subject).toContain("team");
    expect(new URL(mail.meta.link as string).origin).toBe("http://localhost");

    const team = await v1.operatorListMembers(asMember(owner.idToken));
    expect(team.body.data.invitations).toEqual([expect.objectContaining({ email: invitee.email, role: "manager" })]);
    // Only the token's hash is kept.
    const [stored] = await db().select().from(operatorInvitations).where(eq(operatorInvitations.email, invitee.email));
    expect(stored.tokenHash).not.toContain(token);

    // Someone else signed in, another operator's storefront, an unknown token: refused.
    const other = await syncedUser();
    const accept = (user: TestUser, account = "acme", t = token) =>
      v1.operatorAcceptInvitation({ params: { token: t }, ...asMember(user.idToken, { account: account }) });
    expectEnvelope(await accept(other), 403, "invitation_email_mismatch");
    expectEnvelope(await accept(invitee, "harbor"), 404, "invitation_not_found");
    expectEnvelope(await accept(invitee, "acme", "nope"), 404, "invitation_not_found");
    expectEnvelope(
      await v1.operatorAcceptInvitation({ params: { token }, ...asMember(undefined) }),
      401,
      "unauthorized",
    );

    const accepted = await accept(invitee);
    expect(accepted.status).toBe(200);
    expect(accepted.body.data).toEqual({ account: { slug: "acme", name: expect.any(String) }, role: "manager" });
    expectEnvelope(await accept(invitee), 409, "invitation_used");

    const me = await v1.operatorMe(asMember(invitee.idToken));
    expect(me.body.data.role).toBe("manager");
    const after = await v1.operatorListMembers(asMember(owner.idToken));
    expect(after.body.data.members.map((m: { userId: string; role: string }) => [m.userId, m.role])).toEqual(
      expect.arrayContaining([
        [owner.uid, "owner"],
        [invitee.uid, "manager"],
      ]),
    );
    expect(after.body.data.invitations).toEqual([]);
    // Invited again: already in the team.
    expectEnvelope(
      await v1.operatorInviteMember(asMember(owner.idToken, { body: { email: invitee.email, role: "guide" } })),
      409,
      "already_member",
    );

    const log = await v1.operatorAuditLog(asMember(owner.idToken));
    expect(log.status).toBe(200);
    const mine = log.body.data.items.filter(
      (entry: { target: Record<string, string> }) => entry.target.email === invitee.email,
    );
    expect(mine.map((entry: { action: string }) => entry.action)).toEqual(["invitation.accepted", "member.invited"]);
    expect(mine[1]).toMatchObject({ actor: { id: owner.uid, email: owner.email }, target: { role: "manager" } });
    expect(mine[0]).toMatchObject({ actor: { id: invitee.uid }, clientAddress: expect.stringMatching(/^10\./) });
    // Not harbor's.
    const harborOwner = await member("harbor", "owner");
    const harborLog = await v1.operatorAuditLog(asMember(harborOwner.idToken, { account: "harbor" }));
    expect(harborLog.body.data.items).toEqual([]);
  });

  it("an expired invitation answers 410 invitation_expired", async () => {
    const owner = await member("acme", "owner");
    const invitee = await syncedUser();
    const token = await invite(owner, invitee.email, "guide");
    await expireInvitation(invitee.email, "1 minute");
    expectEnvelope(
      await v1.operatorAcceptInvitation({ params: { token }, ...asMember(invitee.idToken) }),
      410,
      "invitation_expired",
    );
  });

  it("an invitation is sent again with a new link (the old one dead) or withdrawn; an accepted one is neither", async () => {
    const owner = await member("acme", "owner");
    const invitee = await syncedUser();
    const firstToken = await invite(owner, invitee.email, "guide");
    // Expired: still listed, marked, and it can be sent again.
    await expireInvitation(invitee.email, "1 day");
    const listed = await v1.operatorListMembers(asMember(owner.idToken));
    const [invitation] = listed.body.data.invitations.filter((i: { email: string }) => i.email === invitee.email);
    expect(invitation).toMatchObject({ role: "guide", expired: true });

    const resend = (id: string, as = owner, account = "acme") =>
      v1.operatorResendInvitation({ params: { invitationId: id }, ...asMember(as.idToken, { account: account }) });
    const withdraw = (id: string, as = owner, account = "acme") =>
      v1.operatorCancelInvitation({ params: { invitationId: id }, ...asMember(as.idToken, { account: account }) });
    // Not an owner, another operator, a malformed or unknown id.
    const guide = await member("acme", "guide");
    expectEnvelope(await resend(invitation.id, guide), 403, "forbidden");
    expectEnvelope(await withdraw(invitation.id, guide), 403, "forbidden");
    const harborOwner = await member("harbor", "owner");
    expectEnvelope(await resend(invitation.id, harborOwner, "harbor"), 404, "invitation_not_found");
    expectEnvelope(await withdraw(invitation.id, harborOwner, "harbor"), 404, "invitation_not_found");
    expectEnvelope(await resend("not-a-uuid"), 400, "validation_error");
    expectEnvelope(await withdraw(NO_SUCH_ID), 404, "invitation_not_found");

    const again = await resend(invitation.id);
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ id: invitation.id, expired: false });
    expect(Date.parse(again.body.data.expiresAt)).toBeGreaterThan(Date.now() + 6 * 24 * 3600 * 1000);
    const mails = await outboxFor(invitee.email);
    expect(mails).toHaveLength(2);
    const secondToken = new URL(mails[0].meta.link as string).pathname.split("/").pop()!;
    expect(secondToken).not.toBe(firstToken);
    const accept = (token: string) => v1.operatorAcceptInvitation({ params: { token }, ...asMember(invitee.idToken) });
    expectEnvelope(await accept(firstToken), 404, "invitation_not_found");
    expect((await accept(secondToken)).status).toBe(200);
    expectEnvelope(await resend(invitation.id), 409, "invitation_used");
    expectEnvelope(await withdraw(invitation.id), 409, "invitation_used");

    // Withdrawn: gone from the list, its link not valid.
    const other = await syncedUser();
    const token = await invite(owner, other.email, "manager");
    const [open] = (await v1.operatorListMembers(asMember(owner.idToken))).body.data.invitations.filter(
      (i: { email: string }) => i.email === other.email,
    );
    expect((await withdraw(open.id)).status).toBe(200);
    expect(
      (await v1.operatorListMembers(asMember(owner.idToken))).body.data.invitations.map(
        (i: { email: string }) => i.email,
      ),
    ).not.toContain(other.email);
    expectEnvelope(
      await v1.operatorAcceptInvitation({ params: { token }, ...asMember(other.idToken) }),
      404,
      "invitation_not_found",
    );
    const log = await v1.operatorAuditLog(asMember(owner.idToken));
    const actions = log.body.data.items
      .filter((entry: { target: { email?: string } }) => [invitee.email, other.email].includes(entry.target.email!))
      .map((entry: { action: string }) => entry.action);
    expect(actions).toEqual([
      "invitation.cancelled",
      "member.invited",
      "invitation.accepted",
      "invitation.resent",
      "member.invited",
    ]);
  });

  it("invitations expired a month ago are purged; newer ones stay", async () => {
    const owner = await member("acme", "owner");
    const [old, recent] = [uniqueEmail("old"), uniqueEmail("recent")];
    await invite(owner, old);
    await invite(owner, recent);
    await expireInvitation(old, "31 days");
    await expireInvitation(recent, "29 days");
    await expectPurge(db(), operatorInvitations, operatorInvitations.email, { gone: old, kept: recent });
  });

  it("roles change and members go; the last owner stays; another operator's member is not found", async () => {
    // Olive's team is this test's alone (without the seed's demo owner).
    await db()
      .delete(operatorMembers)
      .where(eq(operatorMembers.accountId, await accountIdOf(db(), "olive")));
    const owner = await member("olive", "owner");
    const manager = await syncedUser();
    await db()
      .insert(operatorMembers)
      .values({ accountId: await accountIdOf(db(), "olive"), userId: manager.uid, role: "manager" });
    const patch = (uid: string, role: string, as = owner) =>
      v1.operatorUpdateMember({
        params: { userId: uid },
        ...asMember(as.idToken, { account: "olive", body: { role } }),
      });
    const remove = (uid: string) =>
      v1.operatorRemoveMember({ params: { userId: uid }, ...asMember(owner.idToken, { account: "olive" }) });

    expectEnvelope(await patch(owner.uid, "manager"), 409, "last_owner");
    expectEnvelope(await remove(owner.uid), 409, "last_owner");
    expectEnvelope(await patch("someone-else", "guide"), 404, "member_not_found");
    const harborGuide = await member("harbor", "guide");
    expectEnvelope(await patch(harborGuide.uid, "owner"), 404, "member_not_found");
    expectEnvelope(await remove(harborGuide.uid), 404, "member_not_found");
    expectEnvelope(await patch(manager.uid, "boss"), 400, "validation_error");

    const promoted = await patch(manager.uid, "owner");
    expect(promoted.status).toBe(200);
    expect(promoted.body.data).toMatchObject({ userId: manager.uid, role: "owner", email: manager.email });
    // Two owners now: the first may step down, and the new one is then the last.
    expect((await patch(owner.uid, "guide", owner)).status).toBe(200);
    expectEnvelope(await patch(manager.uid, "manager", manager), 409, "last_owner");
    expect((await patch(owner.uid, "owner", manager)).status).toBe(200);
    const removed = await v1.operatorRemoveMember({
      params: { userId: manager.uid },
      ...asMember(owner.idToken, { account: "olive" }),
    });
    expect(removed.status).toBe(200);
    expectEnvelope(await v1.operatorMe(asMember(manager.idToken, { account: "olive" })), 404, "not_found");

    const rows = await db()
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.accountId, await accountIdOf(db(), "olive"))));
    expect(rows.map((row) => row.action).sort()).toEqual([
      "member.removed",
      "member.role_changed",
      "member.role_changed",
      "member.role_changed",
    ]);
  });

  it("invitations are rate-limited per inviter", async () => {
    const owner = await member("summit", "owner");
    const statuses: number[] = [];
    for (let i = 0; i <= INVITATION_LIMITS.perInviter; i++) {
      const res = await v1.operatorInviteMember(
        asMember(owner.idToken, {
          account: "summit",
          body: { email: `guest-${i}-${owner.uid}@example.com`, role: "guide" },
        }),
      );
      statuses.push(res.status);
      if (res.status === 429) expect(Number(res.headers.get("Retry-After"))).toBeGreaterThan(0);
    }
    expect(statuses.slice(0, INVITATION_LIMITS.perInviter).every((status) => status === 201)).toBe(true);
    expect(statuses[INVITATION_LIMITS.perInviter]).toBe(429);
  });
});
