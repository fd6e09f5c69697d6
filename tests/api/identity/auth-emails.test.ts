import { describe, expect, it } from "vitest";
import { expectEnvelope, seedDbForThisFile } from "../../support/api";
import {
  call,
  createUser,
  outboxFor,
  randomIp,
  resetPasswordWithCode,
  signInWithEmailLink,
  signInWithPassword,
  uniqueEmail,
  withEmulatorUsers,
} from "../../support/identity";
import { v1, v1Path } from "../../support/client";

seedDbForThisFile();
withEmulatorUsers();

function linkIn(text: string): URL {
  const match = /https?:\/\/\S+/.exec(text);
  if (!match) throw new Error(`no link in ${text}`);
  return new URL(match[0]);
}

describe("POST /v1/send-auth-link", () => {
  it("answers success for an unknown address and puts a working sign-in link in the outbox", async () => {
    const email = uniqueEmail("link");
    const res = await v1.sendAuthLink({
      body: { email: `  ${email.toUpperCase()} `, continueUrl: "/account/bookings?tab=upcoming" },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });

    const [message, ...others] = await outboxFor(email);
    expect(others).toEqual([]);
    expect(message).toMatchObject({
      channel: "email",
      recipient: email,
      subject: "Your sign-in link",
      kind: "auth_link",
      status: "kept",
      attempts: 0,
    });
    const link = linkIn(message.textBody);
    expect(link.origin).toBe("http://localhost");
    expect(link.pathname).toBe("/set-password");
    expect(link.searchParams.get("mode")).toBe("signIn");
    expect(link.searchParams.get("apiKey")).toBe("demo-api-key");
    expect(link.searchParams.get("redirectUrl")).toBe("/account/bookings?tab=upcoming");
    expect(message.meta.link).toBe(link.toString());
    expect(message.htmlBody).toContain(link.toString().replaceAll("&", "&amp;"));

    const signedIn = await signInWithEmailLink(email, link.searchParams.get("oobCode")!);
    expect(signedIn.email).toBe(email);
  });

  it("continueUrl defaults to /; the link follows the request's origin", async () => {
    const email = uniqueEmail("origin");
    const res = await v1.sendAuthLink({ body: { email }, headers: {} });
    expect(res.status).toBe(200);
    const [message] = await outboxFor(email);
    expect(linkIn(message.textBody).searchParams.get("redirectUrl")).toBe("/");
  });

  it("names the storefront in account mode, under its name and colours", async () => {
    const email = uniqueEmail("store");
    expect((await v1.sendAuthLink({ body: { email }, account: "harbor" })).status).toBe(200);
    const [message] = await outboxFor(email);
    expect(message.textBody).toContain("sign in to Harbor & Tide");
    expect(message.htmlBody).toContain("Sign in to Harbor &amp; Tide");
    expect(message.htmlBody).toContain("background-color:#0F766E");
    expect(message.senderName).toBe("Harbor & Tide");
  });

  it("400 for a bad address", async () => {
    for (const email of ["not-an-email", "", 42, `${"x".repeat(250)}@example.com`]) {
      const error = expectEnvelope(await v1.sendAuthLink({ body: { email } }), 400, "validation_error");
      expect(Object.keys(error.fields ?? {})).toEqual(["email"]);
    }
    expectEnvelope(await v1.sendAuthLink({ body: {} }), 400, "validation_error");
  });

  it("400 for a continueUrl that leaves the site; nothing is sent", async () => {
    const email = uniqueEmail("evil");
    for (const continueUrl of [
      "//evil.com",
      "/\\evil.com",
      "https://evil.com/",
      "evil.com",
      "/ok\\..\\",
      "/a b",
      "javascript:alert(1)",
    ]) {
      const error = expectEnvelope(await v1.sendAuthLink({ body: { email, continueUrl } }), 400, "validation_error");
      expect(Object.keys(error.fields ?? {})).toEqual(["continueUrl"]);
    }
    expect(await outboxFor(email)).toEqual([]);
  });

  it("per address: 3 per window, then 429 with Retry-After", async () => {
    const email = uniqueEmail("limit");
    for (let i = 0; i < 3; i++) {
      expect((await v1.sendAuthLink({ body: { email }, ip: randomIp() })).status).toBe(200);
    }
    const res = await v1.sendAuthLink({ body: { email }, ip: randomIp() });
    expectEnvelope(res, 429, "rate_limited");
    const retryAfter = Number(res.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(1200); // sliding window: at most two windows
    expect(await outboxFor(email)).toHaveLength(3);

    // Password resets share the budget of the address.
    expectEnvelope(await v1.sendPasswordReset({ body: { email }, ip: randomIp() }), 429, "rate_limited");
  });

  it("per IP: 10 per window, then 429 with Retry-After (the address the trusted proxy saw counts, not forged entries)", async () => {
    const ip = randomIp();
    for (let i = 0; i < 10; i++) {
      const res = await v1.sendAuthLink({ body: { email: uniqueEmail("ip") }, ip: `10.0.0.${i + 1}, ${ip}` });
      expect(res.status).toBe(200);
    }
    const email = uniqueEmail("ip-over");
    const res = await v1.sendAuthLink({ body: { email }, ip });
    expectEnvelope(res, 429, "rate_limited");
    expect(Number(res.headers.get("Retry-After"))).toBeGreaterThanOrEqual(1);
    expect(await outboxFor(email)).toEqual([]);
    // Another address is not limited.
    expect((await v1.sendAuthLink({ body: { email }, ip: randomIp() })).status).toBe(200);
  });
});

describe("POST /v1/send-password-reset", () => {
  it("sends nothing for an unknown address, with the same answer", async () => {
    const email = uniqueEmail("nobody");
    const res = await v1.sendPasswordReset({ body: { email } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    expect(await outboxFor(email)).toEqual([]);
  });

  it("sends a working reset link to a known address", async () => {
    const user = await createUser();
    const res = await v1.sendPasswordReset({ body: { email: user.email, continueUrl: "/account" } });
    expect(res.status).toBe(200);
    const [message] = await outboxFor(user.email);
    expect(message).toMatchObject({ subject: "Reset your password", kind: "password_reset" });
    const link = linkIn(message.textBody);
    expect(link.origin + link.pathname).toBe("http://localhost/reset-password");
    expect(link.searchParams.get("mode")).toBe("resetPassword");
    expect(link.searchParams.get("apiKey")).toBe("demo-api-key");
    expect(link.searchParams.get("redirectUrl")).toBe("/account");

    await resetPasswordWithCode(link.searchParams.get("oobCode")!, "brand-new-pass-7");
    expect((await signInWithPassword(user.email, "brand-new-pass-7")).localId).toBe(user.uid);
  });

  it("validates like send-auth-link", async () => {
    expectEnvelope(await v1.sendPasswordReset({ body: { email: "nope" } }), 400, "validation_error");
    expectEnvelope(
      await v1.sendPasswordReset({ body: { email: uniqueEmail(), continueUrl: "//evil.com" } }),
      400,
      "validation_error",
    );
  });
});

describe("POST /v1/auth/password-reset", () => {
  async function resetCodeFor(email: string): Promise<string> {
    await v1.sendPasswordReset({ body: { email } });
    const [message] = await outboxFor(email);
    return linkIn(message.textBody).searchParams.get("oobCode")!;
  }

  async function sessionOf(email: string, password: string): Promise<string> {
    const { idToken } = await signInWithPassword(email, password);
    return (await v1.createSession({ body: { idToken } })).body.data.sessionCookie;
  }

  it("sets the new password and ends every session, one signed in the same second included", async () => {
    const user = await createUser();
    const oobCode = await resetCodeFor(user.email);
    // At the start of a second, so that the session and the reset share it (the provider counts seconds).
    await new Promise((resolve) => setTimeout(resolve, 1000 - (Date.now() % 1000) + 5));
    const session = await sessionOf(user.email, user.password);
    expect((await v1.userInfo({ token: session })).status).toBe(200);

    const res = await v1.resetPassword({ body: { oobCode, password: "brand-new-pass-7" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    expectEnvelope(await v1.userInfo({ token: session }), 401, "unauthorized");
    // The new password works, and a session signed in with it right after the reset does too.
    expect((await v1.userInfo({ token: await sessionOf(user.email, "brand-new-pass-7") })).status).toBe(200);
    // The link works once.
    expectEnvelope(
      await v1.resetPassword({ body: { oobCode, password: "another-pass-8" } }),
      400,
      "invalid_reset_link",
    );
  });

  it("checks the password against the policy and the code before the provider sees them", async () => {
    const user = await createUser();
    const oobCode = await resetCodeFor(user.email);
    const weak = await v1.resetPassword({ body: { oobCode, password: "short" } });
    expectEnvelope(weak, 400, "validation_error");
    expect(Object.keys(weak.body.error.fields)).toEqual(["password"]);
    expectEnvelope(await v1.resetPassword({ body: { password: "brand-new-pass-7" } }), 400, "validation_error");
    expectEnvelope(
      await v1.resetPassword({ body: { oobCode: "not-a-code", password: "brand-new-pass-7" } }),
      400,
      "invalid_reset_link",
    );
    // The refused attempts left the link usable and the old password in place.
    expect((await signInWithPassword(user.email, user.password)).localId).toBe(user.uid);
    expect((await v1.resetPassword({ body: { oobCode, password: "brand-new-pass-7" } })).status).toBe(200);
  });
});

describe("methods", () => {
  it("405 for GET on the POST endpoints and POST on the policy", async () => {
    for (const [method, path, allow] of [
      ["GET", v1Path("sendAuthLink"), "POST"],
      ["GET", v1Path("sendPasswordReset"), "POST"],
      ["POST", v1Path("passwordPolicy"), "GET, HEAD"],
    ]) {
      const res = await call(path, { method });
      expectEnvelope(res, 405, "method_not_allowed");
      expect(res.headers.get("Allow")).toBe(allow);
    }
  });
});
