import { describe, expect, it } from "vitest";
import { app } from "~api/app";
import { adminAuth } from "~api/auth/firebase-admin";
import { followChanges } from "~api/changes/feed";
import { allowedMethods } from "~api/http/register";
import { CHANGED_HEADER, type ChangeTopic } from "~contract/system/changes";
import { fillPath, type Endpoint, type EndpointAuth } from "~contract/endpoint";
import { endpoints } from "~contract/endpoints";
import { octoEndpoints } from "~contract/octo/endpoints";
import { expectEnvelope, seedDbForThisFile } from "../../support/api";
import { call, sessionCookieFor, syncedUser, withEmulatorUsers } from "../../support/identity";

seedDbForThisFile();
withEmulatorUsers();

const declared = Object.entries(endpoints as Record<string, Endpoint>);
const ofKind = (auth: EndpointAuth) => declared.filter(([, entry]) => entry.auth === auth);
/** A platform admin's endpoints say nothing of themselves to anyone else (api/platform/admin-guard.ts); the others do. */
const shown = declared.filter(([, entry]) => entry.auth !== "platformAdmin");

/** A concrete URL of a declared path: every `:param` is "x". */
const urlOf = (entry: Endpoint) =>
  `http://localhost${fillPath(entry.path, new Proxy({}, { get: () => "x" }) as Record<string, unknown>)}`;

/** The app's answer to a bare call of the endpoint: no credentials, `{}` as the body of a write. */
async function bareCall(entry: Endpoint, method: string = entry.method): Promise<Response> {
  const write = method !== "GET" && method !== "HEAD";
  return app.fetch(
    new Request(urlOf(entry), {
      method,
      headers: write ? { "Content-Type": "application/json" } : {},
      body: write ? "{}" : undefined,
    }),
  );
}

describe("one declaration per route", () => {
  it("every route the app registers is declared, and every declaration is registered once", () => {
    // One registration is a run of entries (its middleware, then its handler); ALL entries are
    // middleware for every method (`use`) and the 405s.
    const registrations = app.routes
      .map((route) => `${route.method} ${route.path}`)
      .filter((route, index, all) => !route.startsWith("ALL ") && route !== all[index - 1]);
    // The OCTO supplier API's declarations too: the same router serves /octo.
    const declarations = [...declared.map(([, entry]) => entry), ...Object.values(octoEndpoints)].map(
      (entry) => `${entry.method} ${entry.path}`,
    );
    expect(registrations.filter((route) => !declarations.includes(route))).toEqual([]);
    expect(declarations.filter((route) => !registrations.includes(route))).toEqual([]);
    expect(registrations).toHaveLength(declarations.length);
  });

  it("Allow lists a path's declared methods, HEAD with GET", () => {
    expect(allowedMethods("/v1/bookings/quote")).toEqual(["POST"]);
    expect(allowedMethods("/v1/bookings")).toEqual(["GET", "POST", "HEAD"]);
    expect(allowedMethods("/v1/user/notification-preferences")).toEqual(["GET", "PUT", "HEAD"]);
  });

  it.each(shown)("%s: other methods on its path answer 405 with Allow from the declarations", async (_, entry) => {
    const allow = allowedMethods(entry.path);
    const other = ["DELETE", "PATCH", "PUT", "POST"].find((method) => !allow.includes(method))!;
    for (const method of ["OPTIONS", other]) {
      const response = await bareCall(entry, method);
      expect(response.status, `${method} ${entry.path}`).toBe(405);
      expect(response.headers.get("Allow")).toBe(allow.join(", "));
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe("method_not_allowed");
    }
  });

  it.each(ofKind("platformAdmin"))(
    "%s: other methods answer 404 as an unknown path, without Allow",
    async (_, entry) => {
      for (const method of ["OPTIONS", "DELETE", "PATCH"]) {
        const response = await bareCall(entry, method);
        expect(response.status, `${method} ${entry.path}`).toBe(404);
        expect(response.headers.get("Allow")).toBeNull();
        const { error } = (await response.json()) as { error: { code: string; message: string } };
        expect(error).toEqual({
          code: "not_found",
          message: `No endpoint at ${method} ${new URL(urlOf(entry)).pathname}.`,
        });
      }
    },
  );
});

describe("who may call, as declared", () => {
  it.each(declared)("%s: without credentials, 401 only when it needs a user", async (_, entry) => {
    const response = await bareCall(entry);
    const needsUser = entry.auth === "user" || entry.auth === "freshUser";
    expect(response.status, `${entry.method} ${entry.path} (${entry.auth})`).toSatisfy((status: number) =>
      needsUser ? status === 401 : entry.auth === "platformAdmin" ? status === 404 : status !== 401,
    );
  });

  it("optional: credentials sent are verified (a bad token is a 401), and answer for the caller", async () => {
    const user = await syncedUser();
    for (const [name, entry] of ofKind("optional")) {
      const path = fillPath(entry.path, { code: "no-such-code" });
      const body = name === "quote" ? {} : undefined;
      const anonymous = await call(path, { method: entry.method, body });
      expect(anonymous.status, name).not.toBe(401);
      expectEnvelope(await call(path, { method: entry.method, body, token: "garbage" }), 401, "unauthorized");
      expect((await call(path, { method: entry.method, body, token: user.idToken })).status, name).toBe(
        anonymous.status,
      );
    }
  });

  it("user: a valid token passes; freshUser: a revoked session is refused at once, every time", async () => {
    const user = await syncedUser();
    const cookie = await sessionCookieFor(user.idToken);
    const options = { cookie, headers: { Origin: "http://localhost" } };
    expect((await call(endpoints.userInfo.path, options)).status).toBe(200);
    // Revocation has a one-second granularity.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await adminAuth().revokeRefreshTokens(user.uid);
    // A user endpoint reuses the identity verified at the last check (SESSION_REVOCATION_CHECK_SECONDS)…
    expect((await call(endpoints.userInfo.path, options)).status).toBe(200);
    // …every freshUser endpoint checks at once (before it reads any input).
    for (const [name, entry] of ofKind("freshUser")) {
      const path = fillPath(entry.path, { id: "bk_0000000000000000" });
      const res = await call(path, { ...options, method: entry.method, body: {} });
      expect(res.status, name).toBe(401);
      expect(res.body.error.message, name).toContain("revoked");
    }
  });
});

describe("what a write changes", () => {
  it("a successful write names its declared topics in CHANGED_HEADER and announces them; a failed one does not", async () => {
    const user = await syncedUser();
    const heard: ChangeTopic[][] = [];
    const stop = followChanges((topics) => heard.push([...topics]));
    try {
      const body = { firstName: "Grace", lastName: "Hopper" };
      const refused = await call(endpoints.updateName.path, { method: "PUT", token: user.idToken, body: {} });
      expect(refused.status).toBe(400);
      expect(refused.headers.get(CHANGED_HEADER)).toBeNull();
      expect(heard).toEqual([]);
      const done = await call(endpoints.updateName.path, { method: "PUT", token: user.idToken, body });
      expect(done.status).toBe(200);
      expect(done.headers.get(CHANGED_HEADER)).toBe("user");
      expect(heard).toEqual([["user"]]);
      const read = await call(endpoints.personalInfo.path, { token: user.idToken });
      expect(read.headers.get(CHANGED_HEADER)).toBeNull();
    } finally {
      stop();
    }
  });
});
