import "../../support/env";
import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { experiences, resellerKeys } from "~api/db/schema";
import { identityWorld } from "../../support/identity";
import { accountIdOf, asMember, auditEntries, teamOf } from "../../support/operator";
import { v1 } from "../../support/client";
import { octo, resellerWithKey } from "../../support/octo";

const { db } = identityWorld();

const newReseller = (experienceIds: string[] | null = null) => ({
  name: "Coastline Tours Agency",
  contactEmail: "Bookings@Coastline.example",
  commissionBps: 1500,
  experienceIds,
});

async function experienceOf(slug: string): Promise<{ id: string; title: string }> {
  const [row] = await db()
    .select({ id: experiences.id, title: experiences.title })
    .from(experiences)
    .where(eq(experiences.accountId, await accountIdOf(db(), slug)))
    .orderBy(experiences.id)
    .limit(1);
  return row;
}

describe("console resellers: the guard", () => {
  it("signed out 401, a non-member 404, a guide 403; an owner and a manager may", async () => {
    const { owner, manager, guide, stranger } = await teamOf(db());
    const create = (token?: string) => v1.operatorCreateReseller(asMember(token, { body: newReseller() }));
    expect((await create()).status).toBe(401);
    expect((await create(stranger.idToken)).status).toBe(404);
    expect((await create(guide.idToken)).status).toBe(403);
    expect((await v1.operatorListResellers(asMember(guide.idToken))).status).toBe(403);
    const made = await create(manager.idToken);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect((await create(owner.idToken)).status).toBe(201);
    const resellerId = made.body.data.id as string;
    expect((await v1.operatorCreateResellerKey({ params: { resellerId }, ...asMember(guide.idToken) })).status).toBe(
      403,
    );
    const key = await v1.operatorCreateResellerKey({ params: { resellerId }, ...asMember(manager.idToken) });
    expect(key.status).toBe(201);
    const revoke = (token: string) =>
      v1.operatorRevokeResellerKey({ params: { resellerId, keyId: key.body.data.id }, ...asMember(token) });
    expect((await revoke(guide.idToken)).status).toBe(403);
    expect((await revoke(stranger.idToken)).status).toBe(404);
    expect((await revoke(owner.idToken)).status).toBe(200);
  });

  it("another operator's reseller and key are 404, and its experiences are not ours to list", async () => {
    const acme = await resellerWithKey(db());
    const { manager } = await teamOf(db(), "harbor");
    const asHarbor = asMember(manager.idToken, { account: "harbor" });
    const key = await v1.operatorCreateResellerKey({ params: { resellerId: acme.id }, ...asHarbor });
    expect(key.status).toBe(404);
    expect(key.body.error.code).toBe("reseller_not_found");
    const revoke = await v1.operatorRevokeResellerKey({
      params: { resellerId: acme.id, keyId: acme.keyId },
      ...asHarbor,
    });
    expect(revoke.status).toBe(404);
    const listed = await v1.operatorListResellers(asHarbor);
    expect(listed.body.data.resellers.map((row: { id: string }) => row.id)).not.toContain(acme.id);
    // Acme's key still works: harbor's attempt changed nothing.
    expect((await octo(acme.key, "/supplier")).status).toBe(200);

    const acmeExperience = await experienceOf("acme");
    const refused = await v1.operatorCreateReseller({ ...asHarbor, body: newReseller([acmeExperience.id]) });
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body.error.fields)).toEqual(["experienceIds.0"]);
  });

  it("refuses a commission out of 0–10 000 basis points, an empty name and a bad email", async () => {
    const { manager } = await teamOf(db());
    const refused = await v1.operatorCreateReseller(
      asMember(manager.idToken, { body: { ...newReseller(), name: " ", contactEmail: "nope", commissionBps: 10_001 } }),
    );
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body.error.fields).sort()).toEqual(["commissionBps", "contactEmail", "name"]);
  });
});

describe("console resellers: keys", () => {
  it("answers a key once, keeps only its hash and last 4, lists it with its last use; revoked, it is refused", async () => {
    const { manager } = await teamOf(db());
    const experience = await experienceOf("acme");
    const made = await v1.operatorCreateReseller(asMember(manager.idToken, { body: newReseller([experience.id]) }));
    expect(made.body.data).toMatchObject({
      name: "Coastline Tours Agency",
      contactEmail: "bookings@coastline.example",
      commissionBps: 1500,
      experiences: [experience],
      keys: [],
    });
    const resellerId = made.body.data.id as string;
    const created = await v1.operatorCreateResellerKey({ params: { resellerId }, ...asMember(manager.idToken) });
    const { key, last4, id: keyId } = created.body.data;
    expect(key).toMatch(/^wf_octo_[A-Za-z0-9_-]{43}$/);
    expect(last4).toBe(key.slice(-4));
    const [stored] = await db().select().from(resellerKeys).where(eq(resellerKeys.id, keyId));
    expect(stored.keyHash).toBe(createHash("sha256").update(key).digest("hex"));
    expect(JSON.stringify(stored)).not.toContain(key);

    const before = await v1.operatorListResellers(asMember(manager.idToken));
    const listed = before.body.data.resellers.find((row: { id: string }) => row.id === resellerId);
    expect(listed.keys).toEqual([
      { id: keyId, last4, createdAt: expect.any(String), lastUsedAt: null, revokedAt: null },
    ]);
    expect(JSON.stringify(before.body)).not.toContain(key);

    expect((await octo(key, "/supplier")).status).toBe(200);
    const after = await v1.operatorListResellers(asMember(manager.idToken));
    const used = after.body.data.resellers.find((row: { id: string }) => row.id === resellerId);
    expect(used.keys[0].lastUsedAt).not.toBeNull();

    const revoked = await v1.operatorRevokeResellerKey({ params: { resellerId, keyId }, ...asMember(manager.idToken) });
    expect(revoked.status).toBe(200);
    expect(revoked.body.data.revokedAt).not.toBeNull();
    const refused = await octo(key, "/supplier");
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({ error: "UNAUTHORIZED", errorMessage: expect.any(String) });
    const again = await v1.operatorRevokeResellerKey({ params: { resellerId, keyId }, ...asMember(manager.idToken) });
    expect(again.status).toBe(200);
    const unknownKey = await v1.operatorRevokeResellerKey({
      params: { resellerId, keyId: "rk_unknown" },
      ...asMember(manager.idToken),
    });
    expect(unknownKey.status).toBe(404);
    expect(unknownKey.body.error.code).toBe("reseller_key_not_found");
  });

  it("writes the audit log: the reseller added, its key made and revoked (never the key's text)", async () => {
    const { manager } = await teamOf(db());
    const made = await v1.operatorCreateReseller(asMember(manager.idToken, { body: newReseller() }));
    const resellerId = made.body.data.id as string;
    const created = await v1.operatorCreateResellerKey({ params: { resellerId }, ...asMember(manager.idToken) });
    await v1.operatorRevokeResellerKey({
      params: { resellerId, keyId: created.body.data.id },
      ...asMember(manager.idToken),
    });
    const [added] = await auditEntries(db(), "reseller.created", manager.uid);
    expect(added.target).toEqual({
      resellerId,
      name: "Coastline Tours Agency",
      contactEmail: "bookings@coastline.example",
      commissionBps: "1500",
      experiences: "all",
    });
    const keyTarget = {
      resellerId,
      keyId: created.body.data.id,
      name: "Coastline Tours Agency",
      last4: created.body.data.last4,
    };
    expect((await auditEntries(db(), "reseller_key.created", manager.uid)).map((row) => row.target)).toEqual([
      keyTarget,
    ]);
    expect((await auditEntries(db(), "reseller_key.revoked", manager.uid)).map((row) => row.target)).toEqual([
      keyTarget,
    ]);
    const log = await v1.operatorAuditLog(asMember((await teamOf(db())).owner.idToken));
    expect(JSON.stringify(log.body)).not.toContain(created.body.data.key);
  });
});
