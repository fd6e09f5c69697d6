import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { generate } from "otplib/functional";
import { accounts, sessionSecondSteps, users } from "~api/db/schema";
import { syncedMember } from "../support/operator";
import * as route from "~/routes/_default.account.security";
import * as rootRoute from "~/root";
import { seedDbForThisFile } from "../support/api";
import { createEmailLinkUser, outboxFor, signInWithPassword, withEmulatorUsers } from "../support/identity";
import {
  args,
  outcome,
  pageRequest,
  sessionFor,
  sessionSetBy,
  sessionStatus,
  signedInUser,
  loaded,
} from "../support/routes";
import { v1 } from "../support/client";
import { SoftAuthenticator } from "../support/webauthn";
import * as twoStepRoute from "~/routes/_login.two-step";

const { db } = seedDbForThisFile();
withEmulatorUsers();

const PAGE = "/account/security";
const post = (cookie: string, form: Record<string, string>, path = PAGE) =>
  outcome(() => route.action(args(pageRequest(path, { cookie, form })) as never));
/** The change-password form: the current password, and the new one typed twice (`extra`: more fields). */
const changePassword = (
  cookie: string,
  currentPassword: string,
  password: string,
  extra: Record<string, string> = {},
) => post(cookie, { intent: "change-password", currentPassword, password, confirmPassword: password, ...extra });

describe("/account/security", () => {
  it("changes the password after checking the current one; other sessions end, this one goes on", async () => {
    const { user, cookie } = await signedInUser();
    const other = await sessionFor(user);
    const page = await loaded(route, PAGE, cookie);
    expect(page.data).toMatchObject({ signInMethods: ["password"], hasPassword: true });

    const wrong = await changePassword(cookie, "not-my-password-1", "a-new-password-2");
    expect(wrong.data.result.error.currentPassword).toEqual(["security.currentWrong"]);
    expect(wrong.data.result.initialValue.currentPassword).toBeUndefined();

    // No waiting: a session of the same second as the change ends too (our cut-off is in milliseconds).
    const changed = await changePassword(cookie, user.password, "a-new-password-2");
    expect(changed.status).toBe(302);
    expect(changed.location).toBe(PAGE);
    // Posted without JavaScript: no Firebase client to hand a custom token to.
    expect(changed.headers.getSetCookie().some((c) => c.startsWith("fbresync="))).toBe(false);
    const fresh = sessionSetBy(changed.headers);
    expect(await sessionStatus(cookie)).toBe(401);
    expect((await signInWithPassword(user.email, "a-new-password-2")).idToken).toBeTruthy();
    expect(await sessionStatus(fresh)).toBe(200);
    expect(await sessionStatus(other)).toBe(401);
  });

  it("a user without a password (not kept on /set-password) adds a first password", async () => {
    const user = await createEmailLinkUser();
    await v1.syncUser({ token: user.idToken, body: {} });
    // Like a Google or Apple user: no password, and not required to set one.
    await db().update(users).set({ requiresPasswordSetup: false }).where(eq(users.id, user.uid));
    const cookie = await sessionFor(user);
    const page = await loaded(route, PAGE, cookie);
    expect(page.data).toMatchObject({ signInMethods: ["emailLink"], hasPassword: false });
    const added = await post(cookie, {
      intent: "add-password",
      password: "my-first-password-3",
      confirmPassword: "my-first-password-3",
    });
    expect(added.status).toBe(302);
    expect((await signInWithPassword(user.email, "my-first-password-3")).idToken).toBeTruthy();
    // The new session works on the next page.
    const fresh = sessionSetBy(added.headers);
    expect((await outcome(() => route.loader(args(pageRequest(PAGE, { cookie: fresh })) as never))).status).toBe(200);
  });
});

describe("/account/security with JavaScript", () => {
  it("hands this browser's Firebase client a custom token (httpOnly, for the next page only)", async () => {
    const { user, cookie } = await signedInUser();
    const changed = await changePassword(cookie, user.password, "a-new-password-4", { firebaseClient: "1" });
    expect(changed.location).toBe(PAGE);
    const resync = changed.headers.getSetCookie().find((c) => c.startsWith("fbresync="));
    expect(resync).toMatch(/HttpOnly/);
    expect(resync).toMatch(/SameSite=Lax/);
    expect(resync).toMatch(/Max-Age=60/);
    // The next page hands it over once (root data) and clears it.
    const next = `${sessionSetBy(changed.headers)}; ${resync!.split(";")[0]}`;
    const root = await outcome(() => rootRoute.loader(args(pageRequest(PAGE, { cookie: next })) as never));
    expect(root.data.firebaseResync).toMatch(/^[\w-]+\.[\w-]+\.[\w-]*$/);
    expect(root.headers.getSetCookie().some((c) => /^fbresync=;.*Max-Age=0/.test(c))).toBe(true);
  });
});

describe("/account/security: forgot the password", () => {
  it("emails a reset link to the user's own address, and the link opens for the signed-in user", async () => {
    const { user, cookie } = await signedInUser();
    const sent = await post(cookie, { intent: "send-reset" });
    expect(sent.status).toBe(200);
    expect(sent.data).toMatchObject({ intent: "send-reset", result: { status: "success" } });
    const [mail] = await outboxFor(user.email);
    const link = new URL(/https?:\/\/\S+/.exec(mail.textBody)![0]);
    expect(link.pathname).toBe("/reset-password");
    expect(link.searchParams.get("mode")).toBe("resetPassword");
    // Signed in, the reset page opens (a login page otherwise sends a signed-in user home).
    const opened = await outcome(() =>
      rootRoute.loader(args(pageRequest(link.pathname + link.search, { cookie })) as never),
    );
    expect(opened.status).toBe(200);
  });
});

describe("/account/security for a user who must set a password", () => {
  it("is /set-password (page and form post alike)", async () => {
    const user = await createEmailLinkUser();
    await v1.syncUser({ token: user.idToken, body: {} });
    const cookie = await sessionFor(user);
    expect((await loaded(route, PAGE, cookie)).location).toBe("/set-password");
    const added = await post(cookie, {
      intent: "add-password",
      password: "my-pass-word-5",
      confirmPassword: "my-pass-word-5",
    });
    expect(added.location).toBe("/set-password");
  });
});

/** The authenticator app's code `offset` 30-second steps from now, computed from the secret as the app does. */
const codeOf = (secret: string, offset = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + offset * 30 });
/** A code that is not the one of now (nor of the steps beside it). */
const wrongCodeOf = async (secret: string) => {
  const near = await Promise.all([-1, 0, 1].map((offset) => codeOf(secret, offset)));
  let code = 0;
  while (near.includes(String(code).padStart(6, "0"))) code += 1;
  return String(code).padStart(6, "0");
};
/** Waits until a few seconds are left in the current 30-second step, so codes made now keep their step. */
async function awayFromStepEdge(margin = 4): Promise<void> {
  const into = (Date.now() / 1000) % 30;
  if (30 - into < margin) await new Promise((resolve) => setTimeout(resolve, (30 - into + 1) * 1000));
}

/** The authenticator app set up on the page as without JavaScript: started, then confirmed by its first code. */
async function setUpApp(cookie: string) {
  await awayFromStepEdge();
  const started = await post(cookie, { intent: "totp-start" });
  expect(started.status).toBe(200);
  const { secret, otpauthUrl } = started.data.enrolment;
  const confirmed = await post(cookie, { intent: "totp-confirm", secret, otpauthUrl, code: await codeOf(secret) });
  expect(confirmed.status).toBe(200);
  return { secret: secret as string, recoveryCodes: confirmed.data.recoveryCodes as string[] };
}

describe("/account/security: two-step sign-in", () => {
  it("sets up an authenticator app without JavaScript: QR code and key, a wrong code shows them again, the right one answers the recovery codes once", async () => {
    const { cookie } = await signedInUser();
    const page = await loaded(route, PAGE, cookie);
    expect(page.data.twoStep).toMatchObject({
      hasSecondFactor: false,
      backTo: null,
      factors: { totp: null, passkeys: [], recoveryCodesLeft: 0, requiredBy: [] },
    });

    await awayFromStepEdge();
    const started = await post(cookie, { intent: "totp-start" });
    expect(started.status).toBe(200);
    const { enrolment } = started.data;
    expect(enrolment.secret).toMatch(/^[A-Z2-7]{16,}=*$/);
    expect(enrolment.otpauthUrl).toMatch(/^otpauth:\/\/totp\//);
    expect(enrolment.qr).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(enrolment.qr.split(",")[1], "base64").toString()).toMatch(/^<svg/);

    const form = { intent: "totp-confirm", secret: enrolment.secret, otpauthUrl: enrolment.otpauthUrl };
    const wrong = await post(cookie, { ...form, code: await wrongCodeOf(enrolment.secret) });
    expect(wrong.status).toBe(400);
    expect(wrong.data.result.error.code).toEqual(["apiErrors.invalid_second_factor"]);
    expect(wrong.data.enrolment).toMatchObject({ secret: enrolment.secret, otpauthUrl: enrolment.otpauthUrl });
    expect(wrong.data.enrolment.qr).toBe(enrolment.qr);
    const malformed = await post(cookie, { ...form, code: "12" });
    expect(malformed.status).toBe(400);
    expect(malformed.data.result.error.code).toEqual(["validation.codeInvalid"]);
    expect(malformed.data.enrolment.secret).toBe(enrolment.secret);

    const confirmed = await post(cookie, { ...form, code: await codeOf(enrolment.secret) });
    expect(confirmed.status).toBe(200);
    expect(confirmed.data).toMatchObject({ intent: "codes", made: "app" });
    expect(confirmed.data.recoveryCodes).toHaveLength(10);
    for (const code of confirmed.data.recoveryCodes) expect(code).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);

    // Shown once: the page itself never has them, only how many are left.
    const after = await loaded(route, PAGE, cookie);
    expect(after.data.twoStep).toMatchObject({ hasSecondFactor: true, factors: { recoveryCodesLeft: 10 } });
    expect(after.data.twoStep.factors.totp.confirmedAt).toBeTruthy();
    expect(JSON.stringify(after.data)).not.toContain(confirmed.data.recoveryCodes[0]);
  });

  it("asks for a fresh check 11 minutes after the second step, keeps the form's values, and goes on after a code", async () => {
    const { user, cookie } = await signedInUser();
    const { secret, recoveryCodes } = await setUpApp(cookie);
    const eleven = new Date(Date.now() - 11 * 60_000);
    await db().update(sessionSecondSteps).set({ verifiedAt: eleven }).where(eq(sessionSecondSteps.userId, user.uid));

    const path = `${PAGE}?redirectUrl=%2Fconsole%2Fteam`;
    const asked = await post(cookie, { intent: "codes-make", note: "kept" }, path);
    expect(asked.status).toBe(403);
    expect(asked.data).toMatchObject({
      intent: "codes-make",
      result: { error: { "": ["reauth.needed"] } },
      reauth: {
        method: "second_step",
        error: null,
        passkey: false,
        values: [
          ["intent", "codes-make"],
          ["note", "kept"],
        ],
      },
    });

    const again = { intent: "codes-make", note: "kept" };
    const wrong = await post(cookie, { ...again, reauthCode: await wrongCodeOf(secret) }, path);
    expect(wrong.status).toBe(400);
    expect(wrong.data.reauth).toMatchObject({
      error: "apiErrors.invalid_second_factor",
      values: asked.data.reauth.values,
    });
    const notACode = await post(cookie, { ...again, reauthCode: "12-34" }, path);
    expect(notACode.data.reauth.error).toBe("reauth.codeInvalid");

    // The next step's code (the first one counted at the set-up): the check, then the original call.
    const made = await post(cookie, { ...again, reauthCode: await codeOf(secret, 1) }, path);
    expect(made.status).toBe(200);
    expect(made.data).toMatchObject({ intent: "codes", made: "codes" });
    expect(made.data.recoveryCodes).toHaveLength(10);
    expect(made.data.recoveryCodes).not.toContain(recoveryCodes[0]);

    // Fresh now: removing the app needs no second check, and the page keeps where it was asked from.
    const removed = await post(cookie, { intent: "totp-remove" }, path);
    expect(removed.status).toBe(302);
    expect(removed.location).toBe(path);
    const after = await loaded(route, path, cookie);
    expect(after.data.twoStep).toMatchObject({ hasSecondFactor: false, backTo: "/console/team" });
    expect(removed.headers.getSetCookie().some((cookie) => cookie.startsWith("flash="))).toBe(true);
  });

  it("a recovery code gives the fresh check too; the way back is only ever a path of this site", async () => {
    const { user, cookie } = await signedInUser();
    const { recoveryCodes } = await setUpApp(cookie);
    await db()
      .update(sessionSecondSteps)
      .set({ verifiedAt: new Date(Date.now() - 11 * 60_000) })
      .where(eq(sessionSecondSteps.userId, user.uid));
    expect((await post(cookie, { intent: "totp-remove" })).status).toBe(403);
    const removed = await post(cookie, { intent: "totp-remove", reauthCode: recoveryCodes[0] });
    expect(removed.status).toBe(302);

    expect((await loaded(route, `${PAGE}?redirectUrl=%2F%2Fevil.example`, cookie)).data.twoStep.backTo).toBe(PAGE);
    const hostile = await post(cookie, { intent: "passkey-remove", passkeyId: "not-an-id" });
    expect(hostile.status).toBe(400);
  });
});

describe("/account/security: a team that requires two-step sign-in", () => {
  it("says which team requires it, and offers the way back once a second factor is set up", async () => {
    await db().update(accounts).set({ requireTwoStep: true }).where(eq(accounts.slug, "acme"));
    const [acme] = await db().select({ name: accounts.name }).from(accounts).where(eq(accounts.slug, "acme"));
    const member = await syncedMember(db(), "acme", "guide");
    const cookie = await sessionFor(member);
    const path = `${PAGE}?redirectUrl=%2Fconsole%2Fbookings`;
    const page = await loaded(route, path, cookie);
    expect(page.data.twoStep).toMatchObject({
      hasSecondFactor: false,
      backTo: "/console/bookings",
      factors: { requiredBy: [acme.name] },
    });
    await awayFromStepEdge();
    const started = await post(cookie, { intent: "totp-start" }, path);
    const { secret, otpauthUrl } = started.data.enrolment;
    await post(cookie, { intent: "totp-confirm", secret, otpauthUrl, code: await codeOf(secret) }, path);
    expect((await loaded(route, path, cookie)).data.twoStep).toMatchObject({
      hasSecondFactor: true,
      backTo: "/console/bookings",
    });
    await db().update(accounts).set({ requireTwoStep: false }).where(eq(accounts.slug, "acme"));
  });
});

describe("/account/security: passkeys (the browser's answers made by a software authenticator)", () => {
  it("adds a passkey (its first factor answers the recovery codes), uses it as the second step and as the fresh check", async () => {
    const { user, cookie } = await signedInUser();
    const key = new SoftAuthenticator();
    const origin = new URL(pageRequest(PAGE).url).origin;

    const options = await post(cookie, { intent: "passkey-options" });
    expect(options.status).toBe(200);
    expect(options.data.options.challenge).toBeTruthy();
    const made = key.register(options.data.options, origin);
    const unnamed = await post(cookie, { intent: "passkey-add", name: " ", response: JSON.stringify(made) });
    expect(unnamed.data.result.error.name).toEqual(["validation.passkeyNameRequired"]);
    const added = await post(cookie, { intent: "passkey-add", name: "Work laptop", response: JSON.stringify(made) });
    expect(added.status).toBe(200);
    expect(added.data).toMatchObject({ intent: "codes", made: "passkey" });
    expect(added.data.recoveryCodes).toHaveLength(10);
    const page = await loaded(route, PAGE, cookie);
    expect(page.data.twoStep.factors.passkeys).toMatchObject([{ name: "Work laptop", lastUsedAt: null }]);
    const passkeyId: string = page.data.twoStep.factors.passkeys[0].id;

    // A new sign-in gives its second step with the passkey (/two-step, with JavaScript).
    // A new ID token (tokens count whole seconds): a new session, pending.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const pending = await sessionFor({ ...user, idToken: undefined });
    expect(pending).not.toBe(cookie);
    const stepPath = "/two-step?redirectUrl=%2Faccount%2Fsecurity";
    const stepPost = (form: Record<string, string>) =>
      outcome(() => twoStepRoute.action(args(pageRequest(stepPath, { cookie: pending, form })) as never));
    expect((await loaded(twoStepRoute, stepPath, pending)).data).toMatchObject({ hasPasskeys: true, hasTotp: false });
    const stepOptions = await stepPost({ intent: "passkey-options" });
    const stepped = await stepPost({
      intent: "passkey",
      response: JSON.stringify(key.authenticate(stepOptions.data.options, origin)),
    });
    expect(stepped.status).toBe(302);
    // Then the usual next steps of a sign-in: this user has no profile yet.
    expect(stepped.location).toBe(`/complete-profile?${new URLSearchParams({ redirectUrl: PAGE })}`);

    // 11 minutes on, removing it asks for the fresh check, and the passkey gives it.
    await db()
      .update(sessionSecondSteps)
      .set({ verifiedAt: new Date(Date.now() - 11 * 60_000) })
      .where(eq(sessionSecondSteps.userId, user.uid));
    const remove = { intent: "passkey-remove", passkeyId };
    const asked = await post(pending, remove);
    expect(asked.status).toBe(403);
    expect(asked.data).toMatchObject({ intent: `passkey-remove:${passkeyId}`, reauth: { passkey: true } });
    const again = await post(pending, { ...remove, reauthPasskeyOptions: "1" });
    expect(again.status).toBe(200);
    const answer = key.authenticate(again.data.options, origin);
    const removed = await post(pending, { ...remove, reauthPasskey: JSON.stringify(answer) });
    expect(removed.status).toBe(302);
    expect((await loaded(route, PAGE, pending)).data.twoStep).toMatchObject({
      hasSecondFactor: false,
      factors: { passkeys: [], recoveryCodesLeft: 0 },
    });
  });
});
