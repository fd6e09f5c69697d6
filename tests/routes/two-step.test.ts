import { describe, expect, it } from "vitest";
import * as twoStepRoute from "~/routes/_login.two-step";
import * as securityRoute from "~/routes/_default.account.security";
import * as personalInfoRoute from "~/routes/_default.account.personal-info";
import * as loginRoute from "~/routes/_login.login";
import * as sessionRoute from "~/routes/auth.session";
import * as rootRoute from "~/root";
import { giveReauth, ReauthRefused } from "~/features/auth/reauth.server";
import { seedDbForThisFile } from "../support/api";
import { COMPLETE_PROFILE } from "../support/booking";
import { signInWithPassword, syncedUser, withEmulatorUsers, type TestUser } from "../support/identity";
import {
  awayFromStepEdge,
  newSession as newSignIn,
  totpCode,
  withAuthenticatorApp,
  type EnrolledUser,
} from "../support/two-step";
import { args, loaded, outcome, pageRequest, sessionFor, posted } from "../support/routes";
import { v1 } from "../support/client";

seedDbForThisFile();
withEmulatorUsers();

const PAGE = "/two-step";

/** A user with a profile, a signed waiver and a confirmed authenticator app (its recovery codes kept). */
async function enrolledUser(): Promise<EnrolledUser> {
  const user = await syncedUser(COMPLETE_PROFILE);
  await v1.signWaiver({ token: user.idToken, body: { signedName: "Ada Lovelace", agree: true, textVersion: 1 } });
  return withAuthenticatorApp(user);
}

/** A new sign-in's session cookie (pending for a user with a second factor). */
const newSession = async (user: TestUser) => sessionFor({ ...user, idToken: await newSignIn(user) });

const at = (redirectUrl: string) => `${PAGE}?${new URLSearchParams({ redirectUrl })}`;
const post = (cookie: string, form: Record<string, string>, path = at("/account/security")) =>
  posted(twoStepRoute, path, cookie, form);

describe("/two-step", () => {
  it("keeps a pending session there (page loads, form posts) until a right code; a wrong code is told on its field", async () => {
    const user = await enrolledUser();
    const cookie = await newSession(user);

    // The root's route rules and requireUser send it to the second step, remembering the page.
    const root = await loaded(rootRoute, "/account/bookings?x=1", cookie);
    expect(root.location).toBe(at("/account/bookings?x=1"));
    const guarded = await loaded(securityRoute, "/account/security", cookie);
    expect(guarded.location).toBe(at("/account/security"));
    const made = await posted(securityRoute, "/account/security", cookie, { intent: "codes-make" });
    expect(made.location).toBe(at("/account/security"));

    // An action that asks the API without asking who the user is first: the API's 403 second_step_required.
    const named = await posted(personalInfoRoute, "/account/personal-info", cookie, {
      intent: "name",
      firstName: "A",
      lastName: "B",
    });
    expect(named.location).toBe(at("/account/personal-info"));

    const page = await loaded(twoStepRoute, at("/account/security"), cookie);
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({ hasTotp: true, hasPasskeys: false, redirectUrl: "/account/security" });

    await awayFromStepEdge();
    const wrongCode = String((Number(await totpCode(user.secret)) + 1) % 1_000_000).padStart(6, "0");
    const wrong = await post(cookie, { intent: "totp", code: wrongCode });
    expect(wrong.status).toBe(400);
    expect(wrong.data).toMatchObject({
      intent: "totp",
      result: { error: { code: ["apiErrors.invalid_second_factor"] } },
    });
    const malformed = await post(cookie, { intent: "totp", code: "12ab" });
    expect(malformed.data.result.error.code).toEqual(["validation.codeInvalid"]);

    const done = await post(cookie, { intent: "totp", code: await totpCode(user.secret, 1) });
    expect(done.status).toBe(302);
    expect(done.location).toBe("/account/security");
    expect((await loaded(securityRoute, "/account/security", cookie)).status).toBe(200);
    // Given: the page has nothing more to ask and sends the user on.
    expect((await loaded(twoStepRoute, at("/account/security"), cookie)).location).toBe("/account/security");
  });

  it("a recovery code works once, and never again; an open redirect goes home", async () => {
    const user = await enrolledUser();
    const [code] = user.recoveryCodes;
    const first = await newSession(user);
    const used = await post(first, { intent: "recovery", code: code.toUpperCase() }, at("//evil.example"));
    expect(used.status).toBe(302);
    expect(used.location).toBe("/");
    expect(used.headers.getSetCookie().some((cookie) => cookie.startsWith("flash="))).toBe(true);

    const second = await newSession(user);
    const again = await post(second, { intent: "recovery", code });
    expect(again.status).toBe(400);
    expect(again.data.result.error.code).toEqual(["twoStep.recoveryWrong"]);
    const other = await post(second, { intent: "recovery", code: user.recoveryCodes[1] });
    expect(other.status).toBe(302);
  });

  it("locked after 5 wrong answers: every answer, even a right one, says when to try again (429, Retry-After)", async () => {
    const user = await enrolledUser();
    const cookie = await newSession(user);
    for (let wrong = 0; wrong < 5; wrong += 1) {
      const answer = await post(cookie, { intent: "recovery", code: `wrong-${String(wrong).padStart(5, "0")}` });
      expect([400, 429]).toContain(answer.status);
    }
    const locked = await post(cookie, { intent: "recovery", code: user.recoveryCodes[0] });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(locked.data.result.error[""]).toEqual(["retryAfter.in15Minutes"]);
  });

  it("sends the signed-out to sign in, and a session with nothing to give on", async () => {
    const anonymous = await outcome(() => twoStepRoute.loader(args(pageRequest(at("/console"))) as never));
    expect(anonymous.location).toBe(`/login?${new URLSearchParams({ redirectUrl: at("/console") })}`);
    const user = await syncedUser(COMPLETE_PROFILE);
    const cookie = await sessionFor(user);
    expect((await loaded(twoStepRoute, at("/console"), cookie)).location).toBe("/console");
    expect((await post(cookie, { intent: "totp", code: "123456" }, at("/console"))).location).toBe("/console");
  });

  it("every sign-in of a user with a second factor goes to /two-step first (without JavaScript and with)", async () => {
    const user = await enrolledUser();
    const form = { intent: "password", email: user.email, password: user.password, redirectUrl: "/account" };
    const signedIn = await outcome(() => loginRoute.action(args(pageRequest("/login", { form })) as never));
    expect(signedIn.status).toBe(302);
    expect(signedIn.location).toBe(at("/account"));

    const { idToken } = await signInWithPassword(user.email, user.password);
    const withScript = await outcome(() =>
      sessionRoute.action(args(pageRequest("/auth/session", { json: { idToken, redirectUrl: "/console" } })) as never),
    );
    expect(withScript.status).toBe(200);
    expect(withScript.data.redirectTo).toBe(at("/console"));
  });
});

describe("the fresh check's re-post (giveReauth)", () => {
  it("a password opens a new session for the user's address; a wrong one is refused", async () => {
    const user = await syncedUser(COMPLETE_PROFILE);
    const cookie = await sessionFor(user);
    const token = cookie.slice("__session=".length);
    const form = (fields: Record<string, string>) => {
      const data = new FormData();
      for (const [name, value] of Object.entries(fields)) data.set(name, value);
      return data;
    };
    const request = () => pageRequest("/console/team", { cookie, form: {} });
    const wrong = await giveReauth(request(), form({ reauthPassword: "not-the-password-9" }), token);
    expect(wrong).toBeInstanceOf(ReauthRefused);
    expect(wrong).toMatchObject({ method: "sign_in", error: "reauth.passwordWrong" });
    const given = await giveReauth(request(), form({ reauthPassword: user.password }), token);
    if (given instanceof ReauthRefused) throw new Error("refused");
    expect(given.token).not.toBe(token);
    expect(given.cookies[0]).toMatch(/^__session=/);
    expect((await v1.userInfo({ token: given.token })).status).toBe(200);
    // Nothing to give: the same token.
    expect(await giveReauth(request(), form({ intent: "x" }), token)).toEqual({ token, cookies: [] });
    const badCode = await giveReauth(request(), form({ reauthCode: "12-34" }), token);
    expect(badCode).toMatchObject({ method: "second_step", error: "reauth.codeInvalid" });
  });
});
