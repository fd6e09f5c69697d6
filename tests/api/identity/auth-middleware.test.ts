import { describe, expect, it } from "vitest";
import { adminAuth } from "~api/auth/firebase-admin";
import { callIdentity } from "~api/auth/identity-errors";
import { credentialsOf } from "~api/auth/middleware";
import { isSameOriginRequest } from "~runtime/same-origin.mjs";
import { ApiError } from "~api/http/errors";
import { expectEnvelope, seedDbForThisFile } from "../../support/api";
import {
  call,
  createEmailLinkUser,
  createUser,
  sessionCookieFor,
  syncedUser,
  withEmulatorUsers,
} from "../../support/identity";
import type { EndpointName } from "~contract/endpoints";
import { declared, v1 } from "../../support/client";

seedDbForThisFile();
withEmulatorUsers();

/** Every /v1/user/* endpoint, with a valid body where it takes one. */
const USER_ENDPOINTS: [string, string, unknown?][] = (
  [
    ["syncUser", {}],
    ["userInfo"],
    ["missingData"],
    ["updateMissingData", { firstName: "Ada" }],
    ["setPassword", { password: "valid-pass-1" }],
    ["waiverStatus"],
    ["waiverLink"],
    ["waiver"],
    ["signWaiver", { signedName: "Ada", agree: true, textVersion: 1 }],
  ] as [EndpointName, unknown?][]
).map(([name, body]) => [declared(name).method, declared(name).path, body]);

const GARBAGE_JWT = "eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.c2lnbmF0dXJl";

describe("401 on every /v1/user/* endpoint", () => {
  it.each(USER_ENDPOINTS)("%s %s without a token", async (method, path, body) => {
    const res = await call(path, { method, body });
    const error = expectEnvelope(res, 401, "unauthorized");
    expect(error.message).toBe("Sign-in is required.");
    expect(res.headers.get("WWW-Authenticate")).toContain("Bearer");
  });

  it.each(USER_ENDPOINTS)("%s %s with a garbage token", async (method, path, body) => {
    expectEnvelope(await call(path, { method, body, token: "garbage" }), 401, "unauthorized");
    expectEnvelope(await call(path, { method, body, token: GARBAGE_JWT }), 401, "unauthorized");
    expectEnvelope(
      await call(path, { method, body, cookie: GARBAGE_JWT, headers: { Origin: "http://localhost" } }),
      401,
      "unauthorized",
    );
  });

  it("a malformed Authorization header is refused even with a valid cookie", async () => {
    const user = await syncedUser();
    const cookie = await sessionCookieFor(user.idToken);
    for (const authorization of [
      "Basic dXNlcjpwYXNz",
      "Bearer",
      `Token ${user.idToken}`,
      `Bearer ${user.idToken} extra`,
    ]) {
      const res = await v1.userInfo({ cookie, headers: { Authorization: authorization } });
      const error = expectEnvelope(res, 401, "unauthorized");
      expect(error.message).toContain("Bearer");
    }
  });

  it("a token of a deleted user is refused", async () => {
    // (A token already verified in this process is trusted until its next revocation check,
    // SESSION_REVOCATION_CHECK_SECONDS: deletion, like revocation, is noticed then.)
    const user = await createUser();
    await adminAuth().deleteUser(user.uid);
    expectEnvelope(await v1.userInfo({ token: user.idToken }), 401, "unauthorized");
  });

  it("401 answers are not 404s for unknown /v1/user paths", async () => {
    expectEnvelope(await call("/v1/user/nothing-here"), 404, "not_found");
  });
});

describe("identity from the session cookie", () => {
  it("the __session cookie works for reads; a session cookie JWT also works as a Bearer token", async () => {
    const user = await syncedUser({ firstName: "Cookie" });
    const cookie = await sessionCookieFor(user.idToken);
    const viaCookie = await v1.userInfo({ cookie });
    expect(viaCookie.status).toBe(200);
    expect(viaCookie.body.data).toMatchObject({ id: user.uid, firstName: "Cookie" });
    const viaBearer = await v1.userInfo({ token: cookie });
    expect(viaBearer.body.data.id).toBe(user.uid);
  });

  it("a revoked session cookie is refused", async () => {
    const user = await syncedUser();
    const cookie = await sessionCookieFor(user.idToken);
    // Revocation has a one-second granularity.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await adminAuth().revokeRefreshTokens(user.uid);
    const error = expectEnvelope(await v1.userInfo({ cookie }), 401, "unauthorized");
    expect(error.message).toContain("revoked");
  });

  it("set-password refuses a revoked session (it always checks revocation)", async () => {
    const user = await syncedUser();
    const cookie = await sessionCookieFor(user.idToken);
    expect((await v1.userInfo({ cookie })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await adminAuth().revokeRefreshTokens(user.uid);
    // An ordinary read within SESSION_REVOCATION_CHECK_SECONDS reuses the identity verified at
    // the last check (nothing but revocation can change about a token in between)…
    expect((await v1.userInfo({ cookie })).status).toBe(200);
    // …a sensitive action checks at once.
    const res = await v1.setPassword({
      cookie,
      body: { password: "valid-pass-1" },
      headers: { Origin: "http://localhost" },
    });
    expectEnvelope(res, 401, "unauthorized");
  });
});

describe("CSRF: cookie-authenticated writes need a same-host Origin or Referer", () => {
  it("403 without Origin, or with another host; 200 with the same host", async () => {
    const user = await syncedUser();
    const cookie = await sessionCookieFor(user.idToken);
    const patch = (headers: Record<string, string>) =>
      v1.updateMissingData({ cookie, body: { firstName: "Csrf" }, headers });

    expectEnvelope(await patch({}), 403, "forbidden");
    expectEnvelope(await patch({ Origin: "https://evil.example" }), 403, "forbidden");
    expectEnvelope(await patch({ Origin: "http://localhost.evil.example" }), 403, "forbidden");
    expectEnvelope(await patch({ Origin: "null" }), 403, "forbidden");
    expectEnvelope(await patch({ Referer: "https://evil.example/page" }), 403, "forbidden");
    expect((await v1.userInfo({ cookie })).body.data.firstName).toBe("");

    const ok = await patch({ Origin: "http://localhost" });
    expect(ok.status).toBe(200);
    expect((await patch({ Referer: "http://localhost/complete-profile" })).status).toBe(200);
    expect((await v1.userInfo({ cookie })).body.data.firstName).toBe("Csrf");
  });

  it("Bearer-authenticated writes and cookie reads need no Origin", async () => {
    const user = await syncedUser();
    const cookie = await sessionCookieFor(user.idToken);
    expect((await v1.updateMissingData({ token: user.idToken, body: { firstName: "B" } })).status).toBe(200);
    expect((await v1.missingData({ cookie })).status).toBe(200);
    expect((await v1.signWaiver({ cookie, body: { signedName: "Ada", agree: true, textVersion: 1 } })).status).toBe(
      403,
    );
  });

  it("isSameOriginRequest compares hosts (port included)", () => {
    const request = (headers: Record<string, string>) =>
      new Request("https://acme.example.com/v1/user/sync", { method: "PATCH", headers });
    expect(isSameOriginRequest(request({ Origin: "https://acme.example.com" }))).toBe(true);
    expect(isSameOriginRequest(request({ Referer: "https://acme.example.com/x?y" }))).toBe(true);
    expect(isSameOriginRequest(request({ Origin: "https://acme.example.com:8443" }))).toBe(false);
    expect(isSameOriginRequest(request({ Origin: "https://harbor.example.com" }))).toBe(false);
    expect(isSameOriginRequest(request({ Origin: "not a url" }))).toBe(false);
    expect(isSameOriginRequest(request({}))).toBe(false);
  });
});

describe("helpers", () => {
  it("credentialsOf prefers the Authorization header", () => {
    const request = (headers: Record<string, string>) => new Request("http://localhost/v1/user/info", { headers });
    expect(credentialsOf(request({ Authorization: "Bearer a.b.c", Cookie: "__session=d.e.f" }))).toEqual({
      token: "a.b.c",
      source: "bearer",
    });
    expect(credentialsOf(request({ Cookie: "theme=dark; __session=d.e.f" }))).toEqual({
      token: "d.e.f",
      source: "cookie",
    });
    expect(credentialsOf(request({ Cookie: "__session=<script>" }))).toEqual({ token: null, reason: "missing" });
    expect(credentialsOf(request({ Authorization: "Basic x" }))).toEqual({ token: null, reason: "malformed" });
  });

  it("an unreachable identity provider is a 503, not a 401", async () => {
    const unreachable = Object.assign(new Error("connect ECONNREFUSED"), { code: "app/network-error" });
    const error = await callIdentity(() => Promise.reject(unreachable)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(503);
    const mapped = await callIdentity(
      () => Promise.reject(Object.assign(new Error("x"), { code: "auth/user-not-found" })),
      {
        "auth/user-not-found": () => new ApiError(404, "user_not_found", "gone"),
      },
    ).catch((e: unknown) => e);
    expect((mapped as ApiError).code).toBe("user_not_found");
  });

  it("a user who has a token but never synced is a 404, not a 401", async () => {
    const user = await createUser();
    expectEnvelope(await v1.userInfo({ token: user.idToken }), 404, "user_not_found");
  });
});

describe("a user who must set a password", () => {
  it("changes nothing but the password first (403 password_setup_required); reads still work", async () => {
    const user = await createEmailLinkUser();
    expect((await v1.syncUser({ token: user.idToken, body: {} })).status).toBe(200);
    expectEnvelope(
      await v1.updateName({ token: user.idToken, body: { firstName: "Eve", lastName: "Mallory" } }),
      403,
      "password_setup_required",
    );
    expect((await v1.userInfo({ token: user.idToken })).status).toBe(200);
    const set = await v1.setPassword({ token: user.idToken, body: { password: "now-a-password-1" } });
    expect(set.status).toBe(200);
    const renewed = set.body.data.sessionCookie as string;
    const named = await v1.updateName({ token: renewed, body: { firstName: "Eve", lastName: "Mallory" } });
    expect(named.status).toBe(200);
  });
});
