import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "~api/db/schema";
import * as route from "~/routes/_default.account.security";
import * as rootRoute from "~/root";
import { seedDbForThisFile } from "../support/api";
import { createEmailLinkUser, outboxFor, signInWithPassword, withEmulatorUsers } from "../support/identity";
import { args, outcome, pageRequest, sessionFor, sessionSetBy, signedInUser, loaded } from "../support/routes";
import { v1 } from "../support/client";

const { db } = seedDbForThisFile();
withEmulatorUsers();

const PAGE = "/account/security";
const post = (cookie: string, form: Record<string, string>) =>
  outcome(() => route.action(args(pageRequest(PAGE, { cookie, form })) as never));
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
    expect((await v1.userInfo({ token: cookie.slice("__session=".length) })).status).toBe(401);
    expect((await signInWithPassword(user.email, "a-new-password-2")).idToken).toBeTruthy();
    expect((await v1.userInfo({ token: fresh.slice("__session=".length) })).status).toBe(200);
    expect((await v1.userInfo({ token: other.slice("__session=".length) })).status).toBe(401);
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
