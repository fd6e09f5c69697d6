import { describe, expect, it } from "vitest";
import * as route from "~/routes/_default.account.security";
import { seedDbForThisFile } from "../api/helpers/api";
import { call, createEmailLinkUser, signInWithPassword, withEmulatorUsers } from "../api/helpers/identity";
import { args, outcome, pageRequest, sessionFor, sessionSetBy, signedInUser } from "./helpers";

seedDbForThisFile();
withEmulatorUsers();

const PAGE = "/account/security";
const post = (cookie: string, form: Record<string, string>) =>
  outcome(() => route.action(args(pageRequest(PAGE, { cookie, form })) as never));

describe("/account/security", () => {
  it("changes the password after checking the current one; other sessions end, this one goes on", async () => {
    const { user, cookie } = await signedInUser();
    const other = await sessionFor(user);
    const page = await outcome(() => route.loader(args(pageRequest(PAGE, { cookie })) as never));
    expect(page.data).toMatchObject({ signInMethods: ["password"], hasPassword: true });

    const wrong = await post(cookie, {
      intent: "change-password",
      currentPassword: "not-my-password-1",
      password: "a-new-password-2",
      confirmPassword: "a-new-password-2",
    });
    expect(wrong.data.result.error.currentPassword).toEqual(["security.currentWrong"]);
    expect(wrong.data.result.initialValue.currentPassword).toBeUndefined();

    await new Promise((resolve) => setTimeout(resolve, 1100)); // revocation has one-second granularity
    const changed = await post(cookie, {
      intent: "change-password",
      currentPassword: user.password,
      password: "a-new-password-2",
      confirmPassword: "a-new-password-2",
    });
    expect(changed.status).toBe(302);
    // On to the page (after any step the user still owes: this one has no profile yet).
    expect(changed.location).toContain(encodeURIComponent(PAGE));
    const fresh = sessionSetBy(changed.headers);
    expect((await signInWithPassword(user.email, "a-new-password-2")).idToken).toBeTruthy();
    expect((await call("/v1/user/info", { token: fresh.slice("__session=".length) })).status).toBe(200);
    expect((await call("/v1/user/info", { token: other.slice("__session=".length) })).status).toBe(401);
  });

  it("a user who only used a link adds a first password", async () => {
    const user = await createEmailLinkUser();
    await call("/v1/user/sync", { method: "PATCH", token: user.idToken, body: {} });
    const cookie = await sessionFor(user);
    const page = await outcome(() => route.loader(args(pageRequest(PAGE, { cookie })) as never));
    expect(page.data).toMatchObject({ signInMethods: ["emailLink"], hasPassword: false });
    const added = await post(cookie, {
      intent: "add-password",
      password: "my-first-password-3",
      confirmPassword: "my-first-password-3",
    });
    expect(added.status).toBe(302);
    expect((await signInWithPassword(user.email, "my-first-password-3")).idToken).toBeTruthy();
  });
});
