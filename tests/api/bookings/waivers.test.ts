import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { accounts, waivers } from "~api/db/schema";
import { seed } from "~api/db/seed";
import { PLATFORM_WAIVER_VERSION } from "~api/waivers/platform-waiver";
import { expectEnvelope, seedDbForThisFile } from "../../support/api";
import { createUser, syncedUser, withEmulatorUsers } from "../../support/identity";
import { v1 } from "../../support/client";

const { db } = seedDbForThisFile();
withEmulatorUsers();

const UA = "Mozilla/5.0 (X11; Linux x86_64) WaiverTest/1.0";

function sign(token: string, body: Record<string, unknown>, options: { account?: string; ip?: string } = {}) {
  return v1.signWaiver({ token, body, headers: { "User-Agent": UA }, ...options });
}

describe("waiver endpoints", () => {
  it("GET /v1/user/waiver/link answers the web app's waiver page", async () => {
    const user = await syncedUser();
    const res = await v1.waiverLink({ token: user.idToken });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { waiverUrl: "/waiver" } });
  });

  it("public mode: the platform waiver, unsigned, then signed with name, time, IP and user agent", async () => {
    const user = await syncedUser();
    const before = await v1.waiverStatus({ token: user.idToken });
    expect(before.body).toEqual({ data: { isSigned: false } });

    const view = await v1.waiver({ token: user.idToken });
    expect(view.status).toBe(200);
    expect(view.body.data).toMatchObject({
      accountName: "Wayfarer",
      textVersion: PLATFORM_WAIVER_VERSION,
      isSigned: false,
      signedAt: null,
      signedName: null,
    });
    expect(view.body.data.text).toContain("Wayfarer");

    const started = Date.now();
    const res = await sign(
      user.idToken,
      { signedName: "  Ada Lovelace  ", agree: true, textVersion: PLATFORM_WAIVER_VERSION },
      { ip: "10.0.0.1, 203.0.113.7" },
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });

    expect((await v1.waiverStatus({ token: user.idToken })).body.data.isSigned).toBe(true);
    const after = await v1.waiver({ token: user.idToken });
    expect(after.body.data).toMatchObject({ isSigned: true, signedName: "Ada Lovelace" });
    expect(Date.parse(after.body.data.signedAt)).toBeGreaterThanOrEqual(started - 5_000);

    const [row] = await db().select().from(waivers).where(eq(waivers.userId, user.uid));
    expect(row).toMatchObject({
      accountId: null,
      textVersion: PLATFORM_WAIVER_VERSION,
      ip: "203.0.113.7",
      userAgent: UA,
    });
  });

  it("a storefront has its own waiver: signing the platform's does not count there", async () => {
    const user = await syncedUser();
    await sign(user.idToken, { signedName: "Ada Lovelace", agree: true, textVersion: PLATFORM_WAIVER_VERSION });
    const acmeStatus = await v1.waiverStatus({ token: user.idToken, account: "acme" });
    expect(acmeStatus.body.data.isSigned).toBe(false);

    const acme = await v1.waiver({ token: user.idToken, account: "acme" });
    expect(acme.body.data).toMatchObject({ accountName: "Acme Adventures", textVersion: 3, isSigned: false });
    expect(acme.body.data.text).toContain("Acme Adventures");

    expect(
      (await sign(user.idToken, { signedName: "Ada Lovelace", agree: true, textVersion: 3 }, { account: "acme" }))
        .status,
    ).toBe(200);
    expect((await v1.waiverStatus({ token: user.idToken, account: "acme" })).body.data.isSigned).toBe(true);
    expect((await v1.waiverStatus({ token: user.idToken, account: "harbor" })).body.data.isSigned).toBe(false);
  });

  it("409 waiver_version_changed for a text version that is not the current one", async () => {
    const user = await syncedUser();
    const res = await sign(
      user.idToken,
      { signedName: "Ada Lovelace", agree: true, textVersion: 2 },
      { account: "acme" },
    );
    expectEnvelope(res, 409, "waiver_version_changed");
    expect((await v1.waiverStatus({ token: user.idToken, account: "acme" })).body.data.isSigned).toBe(false);
  });

  it("a new version of the operator's text must be signed again", async () => {
    const user = await syncedUser();
    await sign(user.idToken, { signedName: "Ada Lovelace", agree: true, textVersion: 1 }, { account: "olive" });
    expect((await v1.waiverStatus({ token: user.idToken, account: "olive" })).body.data.isSigned).toBe(true);
    await db().update(accounts).set({ waiverVersion: 2 }).where(eq(accounts.slug, "olive"));
    try {
      expect((await v1.waiverStatus({ token: user.idToken, account: "olive" })).body.data.isSigned).toBe(false);
      expectEnvelope(
        await sign(user.idToken, { signedName: "Ada Lovelace", agree: true, textVersion: 1 }, { account: "olive" }),
        409,
        "waiver_version_changed",
      );
    } finally {
      await db().update(accounts).set({ waiverVersion: 1 }).where(eq(accounts.slug, "olive"));
    }
  });

  it("signing the same version again is idempotent (the first signature stays)", async () => {
    const user = await syncedUser();
    await sign(user.idToken, { signedName: "First Name", agree: true, textVersion: 1 }, { account: "harbor" });
    const again = await sign(
      user.idToken,
      { signedName: "Second Name", agree: true, textVersion: 1 },
      { account: "harbor" },
    );
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ success: true });
    const rows = await db()
      .select()
      .from(waivers)
      .innerJoin(accounts, eq(accounts.id, waivers.accountId))
      .where(and(eq(waivers.userId, user.uid), eq(accounts.slug, "harbor")));
    expect(rows).toHaveLength(1);
    expect(rows[0].waivers.signedName).toBe("First Name");

    // The platform waiver (account_id null) is unique per version too.
    await sign(user.idToken, { signedName: "First Name", agree: true, textVersion: PLATFORM_WAIVER_VERSION });
    await sign(user.idToken, { signedName: "First Name", agree: true, textVersion: PLATFORM_WAIVER_VERSION });
    const platformRows = (await db().select().from(waivers).where(eq(waivers.userId, user.uid))).filter(
      (row) => row.accountId === null,
    );
    expect(platformRows).toHaveLength(1);
  });

  it("400 with fields for a bad signature", async () => {
    const user = await syncedUser();
    const error = expectEnvelope(
      await sign(user.idToken, { signedName: " A ", agree: false, textVersion: "1" }),
      400,
      "validation_error",
    );
    expect(Object.keys(error.fields ?? {}).sort()).toEqual(["agree", "signedName", "textVersion"]);
    const long = expectEnvelope(
      await sign(user.idToken, { signedName: "x".repeat(121), agree: true, textVersion: 1 }),
      400,
      "validation_error",
    );
    expect(long.fields?.signedName).toEqual(["Use at most 120 characters."]);
  });

  it("an unknown IP is stored as 'unknown'; a user who never synced cannot sign", async () => {
    const user = await syncedUser();
    await sign(
      user.idToken,
      { signedName: "Ada Lovelace", agree: true, textVersion: PLATFORM_WAIVER_VERSION },
      { ip: "not-an-ip" },
    );
    const [row] = await db().select().from(waivers).where(eq(waivers.userId, user.uid));
    expect(row.ip).toBe("unknown");

    const stranger = await createUser();
    const res = await sign(stranger.idToken, {
      signedName: "Ada Lovelace",
      agree: true,
      textVersion: PLATFORM_WAIVER_VERSION,
    });
    expectEnvelope(res, 404, "user_not_found");
    expect((await v1.waiverStatus({ token: stranger.idToken })).body.data.isSigned).toBe(false);
  });

  it("an unknown X-Account-Context is a 404 account_not_found", async () => {
    const user = await syncedUser();
    expectEnvelope(await v1.waiverStatus({ token: user.idToken, account: "nobody" }), 404, "account_not_found");
  });

  it("re-seeding the catalog keeps signed waivers", async () => {
    const user = await syncedUser();
    await sign(user.idToken, { signedName: "Ada Lovelace", agree: true, textVersion: 2 }, { account: "summit" });
    await seed(db(), { demoOwners: true });
    expect((await v1.waiverStatus({ token: user.idToken, account: "summit" })).body.data.isSigned).toBe(true);
  });
});
