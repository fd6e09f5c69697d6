import { describe, expect, it } from "vitest";
import type { Endpoint } from "~contract/endpoint";
import { endpoints } from "~contract/endpoints";
import { v1Path } from "../../support/client";
import { call, syncedUser, withEmulatorUsers, type CallOptions } from "../../support/identity";
import { NO_SUCH_ID, seedDbForThisFile, type ApiResult } from "../../support/api";
import { syncedMember } from "../../support/operator";
import { platformAdmin, platformAdminWithoutSecondFactor, setPlatformAdmin } from "../../support/platform-admin";
import { newSession } from "../../support/two-step";

const { db } = seedDbForThisFile();
withEmulatorUsers();

const adminEndpoints = Object.entries(endpoints as Record<string, Endpoint>).filter(
  ([, entry]) => entry.auth === "platformAdmin",
);

/** A well-formed call of each admin endpoint (valid ids, queries and bodies): only the caller decides the answer. */
function sampleCall(name: string, entry: Endpoint): { path: string; options: CallOptions } {
  const path = entry.path
    .replace(":applicationId", NO_SUCH_ID)
    .replace(":accountId", "acc_nobody")
    .concat(name === "adminFindBooking" ? "?q=WF-0000-0000" : "");
  const body = entry.body
    ? name === "adminSetCommission"
      ? { commissionBps: 1_000 }
      : { reason: "Testing the guard." }
    : undefined;
  return { path, options: { method: entry.method, body } };
}

/** What an unknown path answers (api/http/on-error.ts): the guard's refusals must read the same. */
async function expectLikeUnknownPath(answer: ApiResult, method: string, path: string) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(404);
  expect(answer.body.error).toEqual({ code: "not_found", message: `No endpoint at ${method} ${path.split("?")[0]}.` });
  const unknown = await call(`/v1/admin/nothing-here`, { method });
  expect(unknown.status).toBe(404);
  expect(Object.keys(answer.body.error)).toEqual(Object.keys(unknown.body.error));
}

describe("the platform admins' guard", () => {
  it("has every admin endpoint of the issue behind it", () => {
    expect(adminEndpoints.map(([name]) => name).sort()).toEqual(
      [
        "adminApplication",
        "adminApproveApplication",
        "adminAuditLog",
        "adminFindBooking",
        "adminListApplications",
        "adminListOperators",
        "adminOperatorMoney",
        "adminPlatformEarnings",
        "adminReinstateOperator",
        "adminRejectApplication",
        "adminSetCommission",
        "adminSuspendOperator",
      ].sort(),
    );
  });

  it("answers every admin endpoint 404 as an unknown path to the signed out, bad credentials, a traveller and an operator's owner", async () => {
    const traveller = await syncedUser();
    const owner = await syncedMember(db(), "acme", "owner");
    const callers: Array<[string, CallOptions]> = [
      ["signed out", {}],
      ["a bad token", { token: "garbage" }],
      ["a malformed Authorization", { headers: { Authorization: "Basic abc" } }],
      ["a traveller", { token: traveller.idToken }],
      ["an operator's owner", { token: owner.idToken }],
      ["an operator's owner on its storefront", { token: owner.idToken, account: "acme" }],
    ];
    for (const [name, entry] of adminEndpoints) {
      const { path, options } = sampleCall(name, entry);
      for (const [who, caller] of callers) {
        const answer = await call(path, { ...options, ...caller });
        expect(answer.status, `${name} for ${who}`).toBe(404);
        await expectLikeUnknownPath(answer, entry.method, path);
      }
    }
  });

  it("answers a platform admin without a second factor 403 second_factor_required", async () => {
    const admin = await platformAdminWithoutSecondFactor(db());
    for (const [name, entry] of adminEndpoints) {
      const { path, options } = sampleCall(name, entry);
      const answer = await call(path, { ...options, token: admin.idToken });
      expect(answer.status, name).toBe(403);
      expect(answer.body.error.code, name).toBe("second_factor_required");
    }
  });

  it("lets a platform admin with a second factor in on the marketplace host, and nowhere else", async () => {
    const admin = await platformAdmin(db());
    for (const [name, entry] of adminEndpoints) {
      const { path, options } = sampleCall(name, entry);
      const answer = await call(path, { ...options, token: admin.idToken });
      // In: an answer of the endpoint itself (the sample names nothing: its own 404 code, or a list).
      expect([200, 404], `${name}: ${JSON.stringify(answer.body)}`).toContain(answer.status);
      if (answer.status === 404) expect(answer.body.error.code, name).not.toBe("not_found");
      // A storefront host: as an unknown path, even for an admin.
      const onStorefront = await call(path, { ...options, token: admin.idToken, account: "acme" });
      await expectLikeUnknownPath(onStorefront, entry.method, path);
    }
  });

  it("answers an admin's session that has not given its second step 403 second_step_required", async () => {
    const admin = await platformAdmin(db());
    const pending = await newSession(admin);
    const answer = await call(v1Path("adminAuditLog"), { token: pending });
    expect(answer.status, JSON.stringify(answer.body)).toBe(403);
    expect(answer.body.error.code).toBe("second_step_required");
  });

  it("reads who is an admin at every call: a revoked admin is out at once, with the same session", async () => {
    const admin = await platformAdmin(db());
    const path = v1Path("adminAuditLog");
    expect((await call(path, { token: admin.idToken })).status).toBe(200);
    await setPlatformAdmin(db(), admin.uid, false);
    await expectLikeUnknownPath(await call(path, { token: admin.idToken }), "GET", path);
  });

  it("checks the caller before reading any input: hostile input from a non-admin is still a 404", async () => {
    const traveller = await syncedUser();
    const hostile = [
      v1Path("adminListApplications", { query: { status: "nonsense", limit: "-1" } }),
      "/v1/admin/applications/not-a-uuid",
      v1Path("adminFindBooking", { query: { q: "x".repeat(5000) } }),
    ];
    for (const path of hostile)
      await expectLikeUnknownPath(await call(path, { token: traveller.idToken }), "GET", path);
  });
});
