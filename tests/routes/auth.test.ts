import { describe, expect, it, vi } from "vitest";
import * as sessionRoute from "~/routes/auth.session";
import * as logoutRoute from "~/routes/auth.logout";
import * as securityRoute from "~/routes/_default.account.security";
import * as loginRoute from "~/routes/_login.login";
import * as profileRoute from "~/routes/_login.complete-profile";
import * as waiverRoute from "~/routes/_login.waiver";
import * as setPasswordRoute from "~/routes/_login.set-password";
import * as resetRoute from "~/routes/_login.reset-password";
import * as mailboxRoute from "~/routes/_plain.dev.mailbox";
import { seedDbForThisFile } from "../support/api";
import { COMPLETE_PROFILE } from "../support/booking";
import {
  createEmailLinkUser,
  createUser,
  outboxFor,
  signInWithPassword,
  uniqueEmail,
  withEmulatorUsers,
} from "../support/identity";
import { adminAuth } from "~api/auth/firebase-admin";
import { args, outcome, pageRequest, sessionFor, sessionStatus, signedInUser, loaded, posted } from "../support/routes";
import { v1 } from "../support/client";

seedDbForThisFile();
withEmulatorUsers();

describe("POST /auth/session (the browser's fresh ID token becomes the session cookie)", () => {
  it("sets an httpOnly, SameSite=Lax session cookie and names the next step", async () => {
    const user = await createUser();
    const result = await outcome(() =>
      sessionRoute.action(
        args(pageRequest("/auth/session", { json: { idToken: user.idToken, redirectUrl: "/account" } })) as never,
      ),
    );
    expect(result.status).toBe(200);
    expect(result.headers.get("Set-Cookie")).toMatch(
      /^__session=[\w-]+\.[\w-]+\.[\w-]*; Path=\/; HttpOnly; SameSite=Lax/,
    );
    expect(result.data.redirectTo).toBe(`/complete-profile?${new URLSearchParams({ redirectUrl: "/account" })}`);
  });

  it("an open redirect target falls back to /; a bad token is 401; bad bodies and cross-site posts are refused", async () => {
    const user = await createUser();
    await v1.syncUser({ token: user.idToken, body: COMPLETE_PROFILE });
    const fresh = await signInWithPassword(user.email, user.password);
    await v1.signWaiver({ token: fresh.idToken, body: { signedName: "Ada Lovelace", agree: true, textVersion: 1 } });
    const open = await outcome(() =>
      sessionRoute.action(
        args(
          pageRequest("/auth/session", { json: { idToken: fresh.idToken, redirectUrl: "//evil.example" } }),
        ) as never,
      ),
    );
    expect(open.data.redirectTo).toBe("/");
    const bad = await outcome(() =>
      sessionRoute.action(args(pageRequest("/auth/session", { json: { idToken: "x".repeat(50) } })) as never),
    );
    expect(bad).toMatchObject({ status: 401, data: { error: { code: "invalid_token" } } });
    const notJson = await outcome(() =>
      sessionRoute.action(args(pageRequest("/auth/session", { form: { idToken: "x" } })) as never),
    );
    expect(notJson.status).toBe(400);
    const crossSite = await outcome(() =>
      sessionRoute.action(
        args(
          pageRequest("/auth/session", { json: { idToken: fresh.idToken }, origin: "https://evil.example" }),
        ) as never,
      ),
    );
    expect(crossSite.status).toBe(403);
  });
});

/** A signed-in user's session cookie, and another device's session of the same user a second later. */
async function twoDevices() {
  const { user, cookie } = await signedInUser();
  // Two sessions of the same second are the same token.
  await new Promise((resolve) => setTimeout(resolve, 1100));
  return { user, cookie, other: await sessionFor(user) };
}

describe("POST /auth/logout", () => {
  const logout = (cookie: string, form: Record<string, string> = {}) =>
    outcome(() => logoutRoute.action(args(pageRequest("/auth/logout", { cookie, form })) as never));

  it('"Sign out" ends this browser\'s session only and clears the cookie', async () => {
    const { cookie, other } = await twoDevices();
    const result = await logout(cookie);
    expect(result.status).toBe(302);
    expect(result.location).toBe("/");
    expect(result.headers.get("Set-Cookie")).toMatch(/^__session=;.*Max-Age=0/);
    // The cookie this browser had is refused from now on (a copy of it cannot be used)…
    expect(await sessionStatus(cookie)).toBe(401);
    // …and the other device stays signed in.
    expect(await sessionStatus(other)).toBe(200);
  });

  it('"Sign out on all devices" ends every session of the user', async () => {
    const { cookie, other } = await twoDevices();
    const result = await logout(cookie, { everywhere: "1" });
    expect(result.status).toBe(302);
    expect(result.headers.get("Set-Cookie")).toMatch(/^__session=;.*Max-Age=0/);
    expect(await sessionStatus(cookie)).toBe(401);
    expect(await sessionStatus(other)).toBe(401);
  });

  it('"Sign out on all devices" that the identity provider fails: nothing is ended, the security page says so', async () => {
    const { cookie, other } = await twoDevices();
    // The identity provider's edge (Firebase Auth) fails this once.
    let flashCookie = "";
    const failing = vi
      .spyOn(adminAuth(), "revokeRefreshTokens")
      .mockRejectedValueOnce(Object.assign(new Error("unavailable"), { code: "auth/internal-error" }));
    try {
      const result = await logout(cookie, { everywhere: "1", redirectUrl: "/" });
      expect(result.status).toBe(302);
      expect(result.location).toBe("/account/security");
      flashCookie = result.headers.get("Set-Cookie") ?? "";
      expect(flashCookie).not.toMatch(/__session=/);
      expect(flashCookie).toMatch(/^flash=/);
      expect(failing).toHaveBeenCalledTimes(1);
    } finally {
      failing.mockRestore();
    }
    // Both devices are still signed in, so the user can try again…
    expect(await sessionStatus(cookie)).toBe(200);
    expect(await sessionStatus(other)).toBe(200);
    // …and the security page shows why (the flash cookie the redirect set).
    const page = await loaded(securityRoute, "/account/security", `${cookie}; ${flashCookie.split(";")[0]}`);
    expect(page.status).toBe(200);
    expect(page.data.flash).toBe("security.signOutEverywhereFailed");
  });
});

describe("/login without JavaScript", () => {
  const post = (form: Record<string, string>) =>
    outcome(() => loginRoute.action(args(pageRequest("/login", { form })) as never));

  it("password sign-in sets the session and goes on; a wrong password is a form error", async () => {
    const user = await createUser();
    const ok = await post({ intent: "password", email: user.email, password: user.password, redirectUrl: "/account" });
    expect(ok.status).toBe(302);
    expect(ok.headers.get("Set-Cookie")).toMatch(/^__session=/);
    const wrong = await post({ intent: "password", email: user.email, password: "wrong-password-9", redirectUrl: "/" });
    expect(wrong.data.result.error[""]).toEqual(["authErrors.invalid-credential"]);
    expect(wrong.data.result.initialValue.password).toBeUndefined();
  });

  it("the 6th password in a minute for one account is slowed: 429, Retry-After, a message on the page", async () => {
    const user = await createUser();
    for (let i = 0; i < 5; i++) {
      const wrong = await post({
        intent: "password",
        email: user.email,
        password: `wrong-${i}-pass`,
        redirectUrl: "/",
      });
      expect(wrong.data.result.error[""]).toEqual(["authErrors.invalid-credential"]);
    }
    const slowed = await post({ intent: "password", email: user.email, password: user.password, redirectUrl: "/" });
    expect(slowed.status).toBe(429);
    expect(Number(slowed.headers.get("Retry-After"))).toBeGreaterThan(0);
    // The page says when: the Retry-After of a minute in words.
    expect(slowed.data.result.error[""]).toEqual(["retryAfter.inAMinute"]);
    expect(slowed.headers.get("Set-Cookie")).toBeNull();
  });

  it("a password sign-in for an account without a password says how it signs in", async () => {
    const linkOnly = await createEmailLinkUser();
    const result = await post({
      intent: "password",
      email: linkOnly.email,
      password: "some-guess-1",
      redirectUrl: "/",
    });
    expect(result.data.result.error[""]).toEqual(["authErrors.use-email-link"]);
    const unknown = await post({
      intent: "password",
      email: uniqueEmail("nobody"),
      password: "x-123456",
      redirectUrl: "/",
    });
    expect(unknown.data.result.error[""]).toEqual(["authErrors.invalid-credential"]);
  });

  it("a sign-in link is emailed (through the API's outbox); an invalid email is a field error", async () => {
    const email = uniqueEmail("link");
    const sent = await post({ intent: "link", email, redirectUrl: "/account" });
    expect(sent.data).toMatchObject({ intent: "link", result: { status: "success", initialValue: { email } } });
    expect((await outboxFor(email))[0].kind).toBe("auth_link");
    const invalid = await post({ intent: "link", email: "not-an-email" });
    expect(Object.keys(invalid.data.result.error)).toContain("email");
  });

  it("the link's address is remembered in this browser (a signed httpOnly cookie, not script storage), so its page finishes without asking", async () => {
    const email = uniqueEmail("remembered");
    const sent = await post({ intent: "link", email, redirectUrl: "/account" });
    const setCookie = sent.headers.get("Set-Cookie") ?? "";
    expect(setCookie).toMatch(/^linkemail=[^;]+; Max-Age=3600; Path=\/; HttpOnly; SameSite=Lax/);
    const cookie = setCookie.split(";")[0];
    const linkPage = "/set-password?mode=signIn&oobCode=abc&redirectUrl=%2Faccount";
    const remembered = await outcome(() => setPasswordRoute.loader(args(pageRequest(linkPage, { cookie })) as never));
    expect(remembered.data).toMatchObject({ mode: "link", rememberedEmail: email });
    // Another browser, or a cookie this server did not sign, is asked for the address.
    const elsewhere = await outcome(() => setPasswordRoute.loader(args(pageRequest(linkPage)) as never));
    expect(elsewhere.data.rememberedEmail).toBeNull();
    const forged = `linkemail=${encodeURIComponent(btoa(JSON.stringify("someone@example.com")))}`;
    const refused = await outcome(() =>
      setPasswordRoute.loader(args(pageRequest(linkPage, { cookie: forged })) as never),
    );
    expect(refused.data.rememberedEmail).toBeNull();
  });

  it("an unknown intent is 400", async () => {
    expect((await post({ intent: "nope" })).status).toBe(400);
  });
});

describe("/complete-profile and /waiver", () => {
  it("an operator in the address that does not exist is the spec's 404, not a 500", async () => {
    const { cookie } = await signedInUser({ firstName: "Ada" });
    const query = new URLSearchParams({ redirectUrl: "/account", account: "no-such-operator" });
    for (const route of [profileRoute, waiverRoute]) {
      const path = `/${route === profileRoute ? "complete-profile" : "waiver"}?${query}`;
      const page = await loaded(route, path, cookie);
      expect(page.status, path).toBe(404);
    }
  });

  it("asks only for what is missing, saves it, then goes to the waiver and on", async () => {
    const { cookie } = await signedInUser({ firstName: "Ada" });
    const path = `/complete-profile?${new URLSearchParams({ redirectUrl: "/account" })}`;
    const page = await loaded(profileRoute, path, cookie);
    // Neither a phone (it only serves text messages) nor a postal address (no booking needs one) is asked for.
    expect(page.data.fields).toEqual(["lastName"]);
    const invalid = await posted(profileRoute, path, cookie, { lastName: "" });
    expect(Object.keys(invalid.data.result.error)).toEqual(["lastName"]);
    const saved = await outcome(() =>
      profileRoute.action(
        args(
          pageRequest(path, {
            cookie,
            form: {
              lastName: "Lovelace",
              address: "Rua Augusta 24",
              city: "Lisboa",
              state: "",
              zipcode: "1100-048",
              country: "PT",
            },
          }),
        ) as never,
      ),
    );
    expect(saved.location).toBe(`/waiver?${new URLSearchParams({ redirectUrl: "/account" })}`);

    const waiverPath = `/waiver?${new URLSearchParams({ redirectUrl: "/account" })}`;
    const waiver = await loaded(waiverRoute, waiverPath, cookie);
    expect(waiver.data.waiver).toMatchObject({ isSigned: false });
    const sign = (form: Record<string, string>) =>
      outcome(() => waiverRoute.action(args(pageRequest(waiverPath, { cookie, form })) as never));
    const agreed = (signedName: string) => ({
      signedName,
      agree: "on",
      textVersion: String(waiver.data.waiver.textVersion),
    });
    const unsigned = await sign({ signedName: "Ada Lovelace" });
    expect(Object.keys(unsigned.data.result.error)).toContain("agree");
    // The profile's full name is asked for, and any other name is refused beside the field.
    expect(waiver.data.fullName).toBe("Ada Lovelace");
    const stranger = await sign(agreed("Mickey Mouse"));
    expect(stranger.data.result.error).toEqual({ signedName: ["waiver.nameMismatch"] });
    const signed = await sign(agreed("  ada   LOVELACE "));
    expect(signed.location).toBe("/account");
  });

  it("both pages need a session", async () => {
    for (const [loader, path] of [
      [profileRoute.loader, "/complete-profile"],
      [waiverRoute.loader, "/waiver"],
    ] as const) {
      const result = await outcome(() => loader(args(pageRequest(path)) as never));
      expect(result.location).toBe(`/login?${new URLSearchParams({ redirectUrl: path })}`);
    }
  });
});

describe("/set-password and /reset-password", () => {
  it("a link-only user sets a password (checked by the API's policy), then is signed in with it", async () => {
    const user = await createEmailLinkUser();
    await v1.syncUser({ token: user.idToken, body: COMPLETE_PROFILE });
    const cookie = await sessionFor(user);
    const path = "/set-password?redirectUrl=%2Faccount";
    const weak = await posted(setPasswordRoute, path, cookie, { password: "short", confirmPassword: "short" });
    expect(weak.data.intent).toBe("set");
    expect(Object.keys(weak.data.result.error)).toContain("password");
    const set = await posted(setPasswordRoute, path, cookie, {
      password: "a-good-password-1",
      confirmPassword: "a-good-password-1",
    });
    expect(set.status).toBe(302);
    expect(set.headers.get("Set-Cookie")).toMatch(/^__session=/);
    expect((await signInWithPassword(user.email, "a-good-password-1")).idToken).toBeTruthy();
  });

  it("a reset is requested without saying whether the address has an account", async () => {
    const email = uniqueEmail("reset");
    const unknown = await outcome(() =>
      resetRoute.action(args(pageRequest("/reset-password", { form: { email } })) as never),
    );
    expect(unknown.status).toBe(200);
    const bad = await outcome(() =>
      resetRoute.action(args(pageRequest("/reset-password", { form: { email: "nope" } })) as never),
    );
    expect(JSON.stringify(bad.data)).toContain("email");
  });
});

describe("/dev/mailbox", () => {
  it("lists what the outbox holds for an address (local only)", async () => {
    const email = uniqueEmail("mailbox");
    await v1.sendAuthLink({ body: { email } });
    const page = await outcome(() =>
      mailboxRoute.loader(args(pageRequest(`/dev/mailbox?to=${encodeURIComponent(email)}`)) as never),
    );
    expect(page.data.messages.map((message: { recipient: string }) => message.recipient)).toEqual([email]);
  });
});

describe("the rest of the sign-in forms", () => {
  it("sign-up without JavaScript creates the account with its profile and opens the session", async () => {
    const email = uniqueEmail("signup");
    const result = await outcome(() =>
      loginRoute.action(
        args(
          pageRequest("/login?view=signup", {
            form: {
              intent: "signup",
              email,
              password: "a-good-password-1",
              firstName: "Ada",
              lastName: "Lovelace",
              phone: "(555) 123-4567",
              address: "1 Main St",
              city: "Springfield",
              state: "il",
              zipcode: "62701",
              redirectUrl: "/account",
            },
          }),
        ) as never,
      ),
    );
    expect(result.status).toBe(302);
    expect(result.headers.get("Set-Cookie")).toMatch(/^__session=/);
    // Only the waiver is missing: the profile step hands over to it.
    expect(result.location).toBe(`/complete-profile?${new URLSearchParams({ redirectUrl: "/account" })}`);
    const info = await v1.userInfo({ token: result.headers.get("Set-Cookie")!.split(";")[0].split("=")[1] });
    expect(info.body.data).toMatchObject({ email, firstName: "Ada", phoneNumber: "+15551234567" });
  });

  it("a reset link lets the user choose a new password, then sign in with it; a bad code is a form error", async () => {
    const user = await createUser();
    const link = await adminAuth().generatePasswordResetLink(user.email);
    const oobCode = new URL(link).searchParams.get("oobCode")!;
    const path = `/reset-password?mode=resetPassword&oobCode=${encodeURIComponent(oobCode)}`;
    const page = await outcome(() => resetRoute.loader(args(pageRequest(path)) as never));
    expect(page.data.mode).toBe("choose");
    const form = { password: "another-password-2", confirmPassword: "another-password-2" };
    const done = await outcome(() => resetRoute.action(args(pageRequest(path, { form })) as never));
    expect(done.location).toBe("/login?reset=done");
    expect((await signInWithPassword(user.email, "another-password-2")).idToken).toBeTruthy();
    const reused = await outcome(() => resetRoute.action(args(pageRequest(path, { form })) as never));
    expect(reused.data.result.error[""]).toEqual(["apiErrors.invalid_reset_link"]);
  });

  it("/set-password: a user with a password goes on, a link-only user sets one, a visitor signs in", async () => {
    const path = "/set-password?redirectUrl=%2Faccount";
    const withPassword = await signedInUser();
    const done = await outcome(() =>
      setPasswordRoute.loader(args(pageRequest(path, { cookie: withPassword.cookie })) as never),
    );
    expect(done.location).toBe("/account");
    const linkOnly = await createEmailLinkUser();
    await v1.syncUser({ token: linkOnly.idToken, body: {} });
    const linkCookie = await sessionFor(linkOnly);
    const set = await outcome(() => setPasswordRoute.loader(args(pageRequest(path, { cookie: linkCookie })) as never));
    expect(set.data.mode).toBe("set");
    const visitor = await outcome(() => setPasswordRoute.loader(args(pageRequest(path)) as never));
    expect(visitor.location).toBe(`/login?${new URLSearchParams({ redirectUrl: "/account" })}`);
  });
});
