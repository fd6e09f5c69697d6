import { describe, expect, it } from "vitest";
import * as layout from "~/routes/_console";
import * as home from "~/routes/_console.console._index";
import * as audit from "~/routes/_console.console.audit-log";
import * as team from "~/routes/_console.console.team";
import * as invitation from "~/routes/_external.console.invitations.$token";
import * as sessionRoute from "~/routes/auth.session";
import * as logoutRoute from "~/routes/auth.logout";
import * as login from "~/routes/_login.login";
import { seedDbForThisFile } from "../support/api";
import { createUser, outboxFor, uniqueEmail, withEmulatorUsers } from "../support/identity";
import { args, outcome, pageRequest, signedInUser } from "../support/routes";
import { ACME, consoleLoad as load, consolePost as post, memberOf } from "../support/console-routes";

const { db } = seedDbForThisFile();
withEmulatorUsers();

describe("/console", () => {
  it("signed out: to sign-in and back; the marketplace: 404; a non-member: 404, refused in words", async () => {
    const out = await load(home, "/console", null);
    expect(out.status).toBe(302);
    expect(out.location).toBe("/login?redirectUrl=%2Fconsole");
    const { cookie, user } = await signedInUser();
    // Not a member (never, or no longer): the page says so and who is signed in (the layout's boundary).
    const refused = { refused: "notMember", email: user.email };
    for (const [route, path] of [
      [home, "/console"],
      [layout, "/console"],
      [team, "/console/team"],
    ] as const) {
      const answer = await load(route, path, cookie);
      expect(answer.status).toBe(404);
      expect(answer.data).toEqual(refused);
    }
    const owner = await memberOf(db(), "owner");
    expect((await load(home, "/console", owner.cookie, {}, "localhost:3000")).status).toBe(404);
    expect((await load(home, "/console", owner.cookie, {}, "harbor.app.localhost:3000")).status).toBe(404);
  });

  it("signing in for the console asks no guest steps (profile, waiver); elsewhere it still does", async () => {
    const next = async (redirectUrl: string) => {
      const user = await createUser();
      const result = await outcome(() =>
        sessionRoute.action(
          args(pageRequest("/auth/session", { json: { idToken: user.idToken, redirectUrl }, host: ACME })) as never,
        ),
      );
      return result.data.redirectTo;
    };
    expect(await next("/console")).toBe("/console");
    expect(await next("/console/invitations/abc")).toBe("/console/invitations/abc");
    expect(await next("/consoles")).toBe(`/complete-profile?${new URLSearchParams({ redirectUrl: "/consoles" })}`);
  });

  it("a member sees who they are; a guide may not open the team or the audit log (403, refused in words)", async () => {
    const guide = await memberOf(db(), "guide");
    const page = await load(home, "/console", guide.cookie);
    expect(page.status).toBe(200);
    expect(page.data.me).toMatchObject({ role: "guide", account: { slug: "acme" } });
    const teamPage = await load(team, "/console/team", guide.cookie);
    expect(teamPage.status).toBe(403);
    expect(teamPage.data).toEqual({ refused: "role", ability: "manageTeam", role: "guide" });
    const manager = await memberOf(db(), "manager");
    expect((await load(team, "/console/team", manager.cookie)).data).toEqual({
      refused: "role",
      ability: "manageTeam",
      role: "manager",
    });
    expect((await load(audit, "/console/audit-log", guide.cookie)).status).toBe(403);
    expect((await post(team, "/console/team", guide.cookie, { intent: "remove", userId: "x" })).status).toBe(403);
  });

  it("the owner invites (form rules, then the API's), the invited person accepts, roles change, the log tells it", async () => {
    const owner = await memberOf(db(), "owner");
    const invalid = await post(team, "/console/team", owner.cookie, { intent: "invite", email: "nope", role: "boss" });
    expect(invalid.status).toBe(400);
    expect(invalid.data.intent).toBe("invite");
    expect(Object.keys(invalid.data.result.error).sort()).toEqual(["email", "idempotencyKey", "role"]);

    const invitee = await signedInUser();
    const form = {
      intent: "invite",
      email: invitee.user.email,
      role: "manager",
      idempotencyKey: (await load(team, "/console/team", owner.cookie)).data.idempotencyKey,
    };
    const sent = await post(team, "/console/team", owner.cookie, form);
    expect(sent.status).toBe(302);
    expect(sent.location).toBe("/console/team");
    // The form sent twice (a double click): one invitation, one email.
    expect((await post(team, "/console/team", owner.cookie, form)).status).toBe(302);
    expect(await outboxFor(invitee.user.email)).toHaveLength(1);
    const again = await post(team, "/console/team", owner.cookie, {
      intent: "invite",
      email: uniqueEmail(),
      role: "guide",
      idempotencyKey: crypto.randomUUID(),
    });
    expect(again.status).toBe(302);
    const link = new URL((await outboxFor(invitee.user.email))[0].meta.link);
    expect(link.host).toBe(ACME);
    const token = link.pathname.split("/").pop()!;

    const signedOut = await load(invitation, link.pathname, null);
    expect(signedOut.location).toBe(`/login?redirectUrl=${encodeURIComponent(link.pathname)}`);
    const someoneElse = await signedInUser();
    const refused = await post(invitation, link.pathname, someoneElse.cookie, { intent: "accept" }, { token });
    expect(refused.status).toBe(403);
    expect(refused.data.result.error[""]).toEqual(["apiErrors.invitation_email_mismatch"]);
    const accepted = await post(invitation, link.pathname, invitee.cookie, { intent: "accept" }, { token });
    expect(accepted.status).toBe(302);
    expect(accepted.location).toBe("/console");
    const used = await post(invitation, link.pathname, invitee.cookie, { intent: "accept" }, { token });
    expect(used.data.result.error[""]).toEqual(["apiErrors.invitation_used"]);
    expect((await load(home, "/console", invitee.cookie)).data.me.role).toBe("manager");

    const members = (await load(team, "/console/team", owner.cookie)).data.team.members;
    expect(members.map((m: { email: string; role: string }) => [m.email, m.role])).toEqual(
      expect.arrayContaining([
        [owner.user.email, "owner"],
        [invitee.user.email, "manager"],
      ]),
    );
    const guide = await post(team, "/console/team", owner.cookie, {
      intent: "role",
      userId: invitee.user.uid,
      role: "guide",
    });
    expect(guide.status).toBe(302);
    // Acme's seeded owner and this one: removing the invitee works, and the log lists it all.
    expect(
      (await post(team, "/console/team", owner.cookie, { intent: "remove", userId: invitee.user.uid })).status,
    ).toBe(302);
    const log = await load(audit, "/console/audit-log", owner.cookie);
    const actions = log.data.log.items
      .filter((entry: { target: { email?: string } }) => entry.target.email === invitee.user.email)
      .map((entry: { action: string }) => entry.action);
    expect(actions).toEqual(["member.removed", "member.role_changed", "invitation.accepted", "member.invited"]);
  });

  it("the owner sends an invitation again or withdraws it from the team page", async () => {
    const owner = await memberOf(db(), "owner");
    const email = uniqueEmail("again");
    const invite = { intent: "invite", email, role: "guide", idempotencyKey: crypto.randomUUID() };
    expect((await post(team, "/console/team", owner.cookie, invite)).status).toBe(302);
    const listed = (await load(team, "/console/team", owner.cookie)).data;
    expect(listed.me.timeZone).toBe("America/New_York");
    const invitation = listed.team.invitations.find((i: { email: string }) => i.email === email);
    const bad = await post(team, "/console/team", owner.cookie, { intent: "resend", invitationId: "x" });
    expect(bad.status).toBe(400);
    expect(bad.data.intent).toBe("resend:x");
    const resent = await post(team, "/console/team", owner.cookie, { intent: "resend", invitationId: invitation.id });
    expect(resent.status).toBe(302);
    expect(await outboxFor(email)).toHaveLength(2);
    const withdrawn = await post(team, "/console/team", owner.cookie, {
      intent: "cancelInvitation",
      invitationId: invitation.id,
    });
    expect(withdrawn.status).toBe(302);
    const after = (await load(team, "/console/team", owner.cookie)).data.team.invitations;
    expect(after.map((i: { email: string }) => i.email)).not.toContain(email);
    // Gone: withdrawing again says so on the row.
    const gone = await post(team, "/console/team", owner.cookie, {
      intent: "cancelInvitation",
      invitationId: invitation.id,
    });
    expect(gone.status).toBe(404);
    expect(gone.data).toMatchObject({ intent: `cancelInvitation:${invitation.id}` });
    expect(gone.data.result.error[""]).toEqual(["apiErrors.invitation_not_found"]);
  });
});

describe("the console's sign-in", () => {
  const signInPage = (redirectUrl: string, host = ACME) =>
    outcome(() => login.loader(args(pageRequest(`/login?${new URLSearchParams({ redirectUrl })}`, { host })) as never));

  it("says whose console it is; from an invitation link it fills the invited email in; elsewhere it is the usual sign-in", async () => {
    const owner = await memberOf(db(), "owner");
    const home = await signInPage("/console/experiences");
    expect(home.data).toMatchObject({ title: "Sign in to the console", consoleLogin: { invitation: null } });

    const email = uniqueEmail("invited");
    const form = { intent: "invite", email, role: "guide", idempotencyKey: crypto.randomUUID() };
    expect((await post(team, "/console/team", owner.cookie, form)).status).toBe(302);
    const link = new URL((await outboxFor(email))[0].meta.link);
    const invited = await signInPage(link.pathname);
    expect(invited.data.consoleLogin).toEqual({ invitation: { email, role: "guide" } });
    // Its sign-up too (the invited person may have no account yet).
    const signUp = await outcome(() =>
      login.loader(
        args(
          pageRequest(`/login?${new URLSearchParams({ redirectUrl: link.pathname, view: "signup" })}`, { host: ACME }),
        ) as never,
      ),
    );
    expect(signUp.data.consoleLogin.invitation.email).toBe(email);

    // A link that is no invitation (made up, or on another storefront) fills in nothing; nor do other sign-ins.
    expect((await signInPage("/console/invitations/not-a-token")).data.consoleLogin).toEqual({ invitation: null });
    expect((await signInPage(link.pathname, "harbor.app.localhost:3000")).data.consoleLogin).toEqual({
      invitation: null,
    });
    expect((await signInPage(link.pathname, "localhost:3000")).data.consoleLogin).toBeNull();
    const traveller = await signInPage("/account/bookings");
    expect(traveller.data).toMatchObject({ title: "Sign in", consoleLogin: null });
  });

  it("“sign in with another account” signs out and opens the console's sign-in; elsewhere sign-out goes home", async () => {
    const signOut = async (form: Record<string, string>) => {
      const { cookie } = await signedInUser();
      return outcome(() =>
        logoutRoute.action(args(pageRequest("/auth/logout", { cookie, form, host: ACME })) as never),
      );
    };
    const other = await signOut({ redirectUrl: "/login?redirectUrl=%2Fconsole" });
    expect(other.status).toBe(302);
    expect(other.location).toBe("/login?redirectUrl=%2Fconsole");
    expect(other.headers.get("Set-Cookie")).toContain("__session=;");
    expect((await signOut({})).location).toBe("/");
    expect((await signOut({ redirectUrl: "//evil.example/console" })).location).toBe("/");
  });
});
