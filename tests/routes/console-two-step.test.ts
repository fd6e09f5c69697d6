import { eq } from "drizzle-orm";
import { generate, generateSecret } from "otplib/functional";
import { describe, expect, it } from "vitest";
import { tokenHash } from "~api/auth/verify";
import type { Db } from "~api/db/client";
import { accounts, bookingRefunds, sessionSecondSteps, slots, userTotp, users } from "~api/db/schema";
import { seal } from "~api/two-step/sealing";
import * as layout from "~/routes/_console";
import * as home from "~/routes/_console.console._index";
import * as bookingPage from "~/routes/_console.console.bookings.$bookingId";
import * as bookings from "~/routes/_console.console.bookings._index";
import * as manifest from "~/routes/_console.console.manifest";
import * as departures from "~/routes/_console.console.experiences.$experienceId.departures";
import * as team from "~/routes/_console.console.team";
import * as account from "~/routes/_account.account._index";
import { bookingWorld, bookingUser, confirmedBooking, createSlot } from "../support/booking";
import { consoleLoad as load, consolePost as post, memberOf } from "../support/console-routes";
import { outboxFor } from "../support/identity";
import { sessionSetBy } from "../support/routes";
import { signedInMinutesAgo } from "../support/two-step";

const { db, acme } = bookingWorld();

/** The session token in a `__session=…` Cookie header. */
const tokenOf = (cookie: string) => cookie.replace(/^__session=/, "");

/** The user has a confirmed authenticator app (its secret sealed as the API keeps it): answers the secret. */
async function withAuthenticator(uid: string): Promise<string> {
  const secret = generateSecret();
  await db()
    .insert(userTotp)
    .values({ userId: uid, secretSealed: seal(secret), confirmedAt: new Date() })
    .onConflictDoUpdate({ target: userTotp.userId, set: { secretSealed: seal(secret), confirmedAt: new Date() } });
  await db().update(users).set({ secondFactorEnabled: true }).where(eq(users.id, uid));
  return secret;
}

/** This session (its cookie) gave its second step `minutesAgo` minutes ago. */
async function secondStepAgo(cookie: string, uid: string, minutesAgo: number) {
  const verifiedAt = new Date(Date.now() - minutesAgo * 60_000);
  const expiresAt = new Date(Date.now() + 60 * 60_000);
  await db()
    .insert(sessionSecondSteps)
    .values({ tokenHash: tokenHash(tokenOf(cookie)), userId: uid, verifiedAt, expiresAt })
    .onConflictDoUpdate({ target: sessionSecondSteps.tokenHash, set: { verifiedAt } });
}

/** A member of acme's team with `role`, an authenticator app and a second step given `minutesAgo`. */
async function twoStepMember(role: "owner" | "manager" | "guide", minutesAgo = 0) {
  const member = await memberOf(db(), role);
  const secret = await withAuthenticator(member.user.uid);
  await secondStepAgo(member.cookie, member.user.uid, minutesAgo);
  return { ...member, secret };
}

const requireTwoStep = (on: boolean, database: Db = db()) =>
  database.update(accounts).set({ requireTwoStep: on }).where(eq(accounts.slug, "acme"));

/** The code the authenticator app shows in the 30-second step after the current one (one not used yet). */
const nextCode = (secret: string) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });

/** The flash message a redirect sets (the cookie's value: base64 of its JSON). */
const flashOf = (headers: Headers) => {
  const value = decodeURIComponent(/flash=([^;]*)/.exec(headers.get("Set-Cookie") ?? "")?.[1] ?? "");
  return Buffer.from(value.split(".")[0], "base64").toString("utf8");
};

const enrolment = (page: string) => `/account/security?${new URLSearchParams({ redirectUrl: page })}`;

describe("console: two-step sign-in (issue 43)", () => {
  it("a team requiring it sends a guide without a second factor to enrolment on every page and form, and back; one with it goes on", async () => {
    const guide = await memberOf(db(), "guide");
    const ready = await twoStepMember("guide");
    await requireTwoStep(true);
    try {
      for (const [route, path] of [
        [layout, "/console"],
        [home, "/console"],
        [bookings, "/console/bookings?status=confirmed"],
        [manifest, "/console/manifest"],
        [team, "/console/team"],
      ] as const) {
        const answer = await load(route, path, guide.cookie);
        expect(answer.status, path).toBe(302);
        expect(answer.location, path).toBe(enrolment(path));
      }
      // A form post (the manifest's check-in) goes the same way, back to its page.
      const posted = await post(manifest, "/console/manifest?index", guide.cookie, { intent: "checkIn" });
      expect(posted.status).toBe(302);
      expect(posted.location).toBe(enrolment("/console/manifest"));
      // With a second factor: the console as before, which says the team requires it.
      const page = await load(home, "/console", ready.cookie);
      expect(page.status).toBe(200);
      expect(page.data.me).toMatchObject({ role: "guide", requireTwoStep: true });
      // The traveller side is unaffected.
      expect((await load(account, "/account", guide.cookie)).status).toBe(200);
    } finally {
      await requireTwoStep(false);
    }
    expect((await load(home, "/console", guide.cookie)).status).toBe(200);
  });

  it("the owner turns the requirement on and off (refused, with the way to enrol, without a second factor of their own); the team shows who has it", async () => {
    const bare = await memberOf(db(), "owner");
    const refused = await post(team, "/console/team", bare.cookie, { intent: "requireTwoStep", required: "on" });
    expect(refused.status).toBe(403);
    expect(refused.data.intent).toBe("requireTwoStep");
    expect(refused.data.result.error[""]).toEqual(["console.twoStep.ownerNeedsFactor"]);
    expect((await db().select().from(accounts).where(eq(accounts.slug, "acme")))[0].requireTwoStep).toBe(false);

    const owner = await twoStepMember("owner");
    const before = await load(team, "/console/team", owner.cookie);
    expect(before.status).toBe(200);
    expect(before.data.requireTwoStep).toBe(false);
    const listed = (uid: string) =>
      before.data.team.members.find((member: { userId: string }) => member.userId === uid).twoStep;
    expect(listed(owner.user.uid)).toBe(true);
    expect(listed(bare.user.uid)).toBe(false);

    const on = await post(team, "/console/team", owner.cookie, { intent: "requireTwoStep", required: "on" });
    expect(on.status).toBe(302);
    expect(on.location).toBe("/console/team");
    expect(flashOf(on.headers)).toContain("console.twoStep.requiredOn");
    const after = await load(team, "/console/team", owner.cookie);
    expect(after.data.requireTwoStep).toBe(true);
    // The owner without a second factor is now sent to enrolment too.
    expect((await load(team, "/console/team", bare.cookie)).location).toBe(enrolment("/console/team"));

    // Unchecked: off.
    const off = await post(team, "/console/team", owner.cookie, { intent: "requireTwoStep" });
    expect(off.status).toBe(302);
    expect(flashOf(off.headers)).toContain("console.twoStep.requiredOff");
    expect((await load(team, "/console/team", owner.cookie)).data.requireTwoStep).toBe(false);
  });

  it("the owner resets a member's two-step sign-in: their factors go, they are emailed, the team shows it", async () => {
    const owner = await twoStepMember("owner");
    const manager = await twoStepMember("manager");
    const bad = await post(team, "/console/team", owner.cookie, { intent: "resetTwoStep" });
    expect(bad.status).toBe(400);
    const reset = await post(team, "/console/team", owner.cookie, { intent: "resetTwoStep", userId: manager.user.uid });
    expect(reset.status).toBe(302);
    expect(flashOf(reset.headers)).toContain("console.twoStep.resetDone");
    const page = await load(team, "/console/team", owner.cookie);
    const row = page.data.team.members.find((member: { userId: string }) => member.userId === manager.user.uid);
    expect(row.twoStep).toBe(false);
    const [user] = await db().select().from(users).where(eq(users.id, manager.user.uid));
    expect(user.secondFactorEnabled).toBe(false);
    expect(await db().select().from(userTotp).where(eq(userTotp.userId, manager.user.uid))).toEqual([]);
    expect((await outboxFor(manager.user.email)).length).toBeGreaterThan(0);
    // A member who is not in the team: the form says so; one's own: refused, said where to go.
    const gone = await post(team, "/console/team", owner.cookie, { intent: "resetTwoStep", userId: "nobody" });
    expect(gone.status).toBe(404);
    expect(gone.data.intent).toBe("resetTwoStep:nobody");
    expect(gone.data.result.error[""]).toEqual(["apiErrors.member_not_found"]);
    const own = await post(team, "/console/team", owner.cookie, { intent: "resetTwoStep", userId: owner.user.uid });
    expect(own.status).toBe(409);
    expect(own.data.result.error[""]).toEqual(["apiErrors.own_second_factor_reset"]);
  });

  it("a role change 11 minutes after the second step asks to confirm it's you (the row's form, its values kept), then changes it after a code", async () => {
    const owner = await twoStepMember("owner", 11);
    const guide = await memberOf(db(), "guide");
    const form = { intent: "role", userId: guide.user.uid, role: "manager" };
    const asked = await post(team, "/console/team", owner.cookie, form);
    expect(asked.status).toBe(403);
    expect(asked.data.intent).toBe(`role:${guide.user.uid}`);
    expect(asked.data.reauth).toEqual({
      method: "second_step",
      values: Object.entries(form),
      error: null,
      passkey: false,
    });
    // A wrong code: asked again, why said, nothing changed.
    const wrong = await post(team, "/console/team", owner.cookie, { ...form, reauthCode: "000000" });
    expect(wrong.status).toBe(400);
    expect(wrong.data.reauth.error).toBe("apiErrors.invalid_second_factor");
    const done = await post(team, "/console/team", owner.cookie, { ...form, reauthCode: await nextCode(owner.secret) });
    expect(done.status).toBe(302);
    const members = (await load(team, "/console/team", owner.cookie)).data.team.members;
    expect(members.find((member: { userId: string }) => member.userId === guide.user.uid).role).toBe("manager");
  });

  it("a refund 11 minutes after the second step asks to confirm it's you with the form's values kept, then refunds after a fresh code", async () => {
    const guest = await bookingUser(acme);
    const slot = await createSlot(db(), acme.serviceId);
    const booking = await confirmedBooking(guest, acme, slot.id, 2);
    const path = `/console/bookings/${booking.id}`;
    const params = { bookingId: booking.id };
    const manager = await twoStepMember("manager", 11);
    const view = (await load(bookingPage, path, manager.cookie, params)).data;
    const form = {
      amount: "5.00",
      reason: "The boat was late",
      releaseSeats: "on",
      alreadyRefundedMinor: String(view.page.money.refundedMinor),
      idempotencyKey: view.idempotencyKey,
    };
    const asked = await post(bookingPage, path, manager.cookie, form, params);
    expect(asked.status).toBe(403);
    expect(asked.data.reauth).toEqual({
      method: "second_step",
      values: Object.entries(form),
      error: null,
      passkey: false,
    });
    // The refund form keeps what was typed (its result's values), and says why it waits.
    expect(asked.data.result.initialValue).toMatchObject({ amount: "5.00", reason: "The boat was late" });
    expect(asked.data.result.error[""]).toEqual(["reauth.needed"]);
    const refunds = () => db().select().from(bookingRefunds).where(eq(bookingRefunds.bookingId, booking.id));
    expect(await refunds()).toEqual([]);

    const done = await post(
      bookingPage,
      path,
      manager.cookie,
      { ...form, reauthCode: await nextCode(manager.secret) },
      params,
    );
    expect(done.status).toBe(302);
    expect(done.location).toBe(path);
    const made = await refunds();
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ amountMinor: 500, reason: "The boat was late" });
    // The step is fresh now: the next refund goes through at once.
    const [{ verifiedAt }] = await db()
      .select({ verifiedAt: sessionSecondSteps.verifiedAt })
      .from(sessionSecondSteps)
      .where(eq(sessionSecondSteps.tokenHash, tokenHash(tokenOf(manager.cookie))));
    expect(Date.now() - verifiedAt.getTime()).toBeLessThan(60_000);
  });

  it("cancelling a departure, signed in 11 minutes ago without a second factor, asks for the password, then cancels it with a new session", async () => {
    const owner = await memberOf(db(), "owner");
    const slot = await createSlot(db(), acme.serviceId);
    // The browser's session, as if signed in 11 minutes ago (an ID token the API verifies as one).
    const cookie = `__session=${await signedInMinutesAgo(owner.user, 11)}`;
    const params = { experienceId: acme.experienceId };
    const path = `/console/experiences/${acme.experienceId}/departures?cancel=${slot.id}`;
    const form = { intent: "cancel", departureId: slot.id };
    const asked = await post(departures, path, cookie, form, params);
    expect(asked.status).toBe(403);
    expect(asked.data.intent).toBe(`cancel:${slot.id}`);
    expect(asked.data.reauth).toEqual({ method: "sign_in", values: Object.entries(form), error: null, passkey: false });
    const status = async () => (await db().select().from(slots).where(eq(slots.id, slot.id)))[0].status;
    expect(await status()).not.toBe("cancelled");

    const wrong = await post(departures, path, cookie, { ...form, reauthPassword: "not-the-password" }, params);
    expect(wrong.status).toBe(401);
    expect(wrong.data.reauth).toMatchObject({ method: "sign_in", error: "reauth.passwordWrong" });
    // The password is never sent back.
    expect(JSON.stringify(wrong.data)).not.toContain("not-the-password");
    expect(await status()).not.toBe("cancelled");

    const done = await post(departures, path, cookie, { ...form, reauthPassword: owner.user.password }, params);
    expect(done.status).toBe(302);
    expect(done.location).toMatch(/\/departures\?.*#departure-/);
    expect(await status()).toBe("cancelled");
    // The browser goes on with the new session the password opened.
    expect(sessionSetBy(done.headers)).not.toBe(cookie);
  });
});
