// A console form sent twice creates one thing (issue 40, item 4): the Idempotency-Key of a photo,
// a service, a logo and an invitation (api/operator/idempotency.ts), sent again or racing, answers
// the first answer; and the invitation link that tells its sign-in page whom it invites.
import "../../support/env";
import { and, eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { auditLog, consoleWriteKeys, experiencePhotos, operatorInvitations, services } from "~api/db/schema";
import { api, expectEnvelope, type ApiResult } from "../../support/api";
import { identityWorld, outboxFor, randomIp, uniqueEmail, type TestUser } from "../../support/identity";
import { accountIdOf, asMember, syncedMember } from "../../support/operator";
import { expectPurge } from "../../support/purge";
import { v1, v1Path } from "../../support/client";

const { db } = identityWorld();

const key = () => crypto.randomUUID();

/** A multipart post as the console's upload forms send it, with `idempotencyKey` when given. */
function postFiles(
  path: string,
  token: string,
  fields: Record<string, string | Blob>,
  idempotencyKey?: string,
): Promise<ApiResult> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const headers: Record<string, string> = { "X-Forwarded-For": randomIp(), Authorization: `Bearer ${token}` };
  if (idempotencyKey) headers["Idempotency-Key"] = idempotencyKey;
  return api(path, { method: "POST", headers, body: form, account: "acme" });
}

const png = async (colour: string) =>
  new Blob(
    [
      new Uint8Array(
        await sharp({ create: { width: 600, height: 200, channels: 4, background: colour } })
          .png()
          .toBuffer(),
      ),
    ],
    { type: "image/png" },
  );

async function auditCount(action: string, field: string, value: string): Promise<number> {
  const rows = await db()
    .select({ target: auditLog.target })
    .from(auditLog)
    .where(and(eq(auditLog.accountId, await accountIdOf(db(), "acme")), eq(auditLog.action, action)));
  return rows.filter((row) => (row.target as Record<string, unknown>)[field] === value).length;
}

const photoCount = async (experienceId: string) =>
  (await db().select().from(experiencePhotos).where(eq(experiencePhotos.experienceId, experienceId))).length;

describe("console writes with an Idempotency-Key", () => {
  it("a photo sent twice with one key is added once (also racing); another key adds another; no key: every call", async () => {
    const manager = await syncedMember(db(), "acme", "manager");
    const experienceId = "lower-east-side-food-tour";
    const path = v1Path("operatorUploadPhoto", { params: { experienceId } });
    const before = await photoCount(experienceId);
    const sent = key();
    const fields = async () => ({ file: await png("#123456"), alt: "The ferry at the pier" });
    const first = await postFiles(path, manager.idToken, await fields(), sent);
    expect(first.status).toBe(201);
    const again = await postFiles(path, manager.idToken, await fields(), sent);
    expect(again.status).toBe(201);
    expect(again.body.data).toEqual(first.body.data);
    expect(await photoCount(experienceId)).toBe(before + 1);
    // The key with another file or another text (a page gone back to and changed): refused, not answered.
    for (const changed of [
      { file: await png("#654321"), alt: "The ferry at the pier" },
      { file: await png("#123456"), alt: "Another text" },
    ])
      expectEnvelope(await postFiles(path, manager.idToken, changed, sent), 409, "idempotency_key_reused");

    // Two at once with one key (a double click): one photo, both answered with it.
    const raced = key();
    const [a, b] = await Promise.all([
      postFiles(path, manager.idToken, await fields(), raced),
      postFiles(path, manager.idToken, await fields(), raced),
    ]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.body.data.id).toBe(b.body.data.id);
    expect(await photoCount(experienceId)).toBe(before + 2);
    expect(await auditCount("photo.uploaded", "photoId", a.body.data.id)).toBe(1);

    // Without a key (an API client that sends none) each call is a new photo.
    expect((await postFiles(path, manager.idToken, await fields())).status).toBe(201);
    expect((await postFiles(path, manager.idToken, await fields())).status).toBe(201);
    expect(await photoCount(experienceId)).toBe(before + 4);

    // The key of a photo sent for another experience, a malformed key: refused.
    expectEnvelope(
      await postFiles(
        v1Path("operatorUploadPhoto", { params: { experienceId: "bushwick-street-art-tour" } }),
        manager.idToken,
        await fields(),
        sent,
      ),
      409,
      "idempotency_key_reused",
    );
    const malformed = await postFiles(path, manager.idToken, await fields(), "short");
    expectEnvelope(malformed, 400, "validation_error");
  });

  it("a new service and a logo sent twice are made once; an invitation sent twice is one invitation and one email", async () => {
    const owner = await syncedMember(db(), "acme", "owner");
    const experienceId = "brooklyn-bridge-sunrise-walk";
    const serviceKey = key();
    const body = { name: `Twice ${serviceKey.slice(0, 8)}`, durationMinutes: 60, capacity: 8 };
    const create = () =>
      v1.operatorCreateService({
        params: { experienceId },
        ...asMember(owner.idToken, { body, headers: { "Idempotency-Key": serviceKey } }),
      });
    const [first, second] = [await create(), await create()];
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.body.data.id).toBe(first.body.data.id);
    const named = await db().select().from(services).where(eq(services.name, body.name));
    expect(named).toHaveLength(1);

    const logoKey = key();
    const logo = await postFiles(v1Path("operatorUploadLogo"), owner.idToken, { file: await png("#0f172a") }, logoKey);
    const logoAgain = await postFiles(
      v1Path("operatorUploadLogo"),
      owner.idToken,
      { file: await png("#0f172a") },
      logoKey,
    );
    expect([logo.status, logoAgain.status]).toEqual([201, 201]);
    expect(logoAgain.body.data.draft.logoUrl).toBe(logo.body.data.draft.logoUrl);
    expect(await auditCount("branding.logo_uploaded", "logoUrl", logo.body.data.draft.logoUrl)).toBe(1);
    // The key of the logo is not a service's.
    expectEnvelope(
      await v1.operatorCreateService({
        params: { experienceId },
        ...asMember(owner.idToken, { body, headers: { "Idempotency-Key": logoKey } }),
      }),
      409,
      "idempotency_key_reused",
    );

    const email = uniqueEmail("twice");
    const invitationKey = key();
    const invite = () =>
      v1.operatorInviteMember(
        asMember(owner.idToken, { body: { email, role: "guide" }, headers: { "Idempotency-Key": invitationKey } }),
      );
    const [sent, sentAgain] = [await invite(), await invite()];
    expect([sent.status, sentAgain.status]).toEqual([201, 201]);
    expect(sentAgain.body.data).toEqual(sent.body.data);
    expect(await db().select().from(operatorInvitations).where(eq(operatorInvitations.email, email))).toHaveLength(1);
    expect(await outboxFor(email)).toHaveLength(1);
  });

  it("kept answers are purged after three days", async () => {
    const owner = await syncedMember(db(), "acme", "owner");
    const [old, recent] = [key(), key()];
    for (const sent of [old, recent])
      await v1.operatorInviteMember(
        asMember(owner.idToken, {
          body: { email: uniqueEmail("purge"), role: "guide" },
          headers: { "Idempotency-Key": sent },
        }),
      );
    await db()
      .update(consoleWriteKeys)
      .set({ createdAt: sql`app_now() - interval '4 days'` })
      .where(eq(consoleWriteKeys.idempotencyKey, old));
    await expectPurge(db(), consoleWriteKeys, consoleWriteKeys.idempotencyKey, { gone: old, kept: recent });
  });
});

describe("operatorInvitee", () => {
  async function invite(owner: TestUser, email: string): Promise<string> {
    const res = await v1.operatorInviteMember(asMember(owner.idToken, { body: { email, role: "manager" } }));
    expect(res.status).toBe(201);
    const [mail] = await outboxFor(email);
    return new URL(mail.meta.link as string).pathname.split("/").pop()!;
  }

  it("anyone with an open link learns whom it invites; used, expired, withdrawn or on another storefront it does not", async () => {
    const owner = await syncedMember(db(), "acme", "owner");
    const email = uniqueEmail("linked");
    const token = await invite(owner, email);
    const link = (account = "acme") => v1.operatorInvitee({ params: { token }, account });
    const open = await link();
    expect(open.status).toBe(200);
    expect(open.body.data).toEqual({ email, role: "manager" });
    expectEnvelope(await link("harbor"), 404, "invitation_not_found");
    expectEnvelope(await v1.operatorInvitee({ params: { token: "nope-not-a-token" } }), 404, "invitation_not_found");
    expectEnvelope(
      await v1.operatorInvitee({ params: { token: "nope-not-a-token" }, account: "acme" }),
      404,
      "invitation_not_found",
    );

    await db()
      .update(operatorInvitations)
      .set({ expiresAt: sql`app_now() - interval '1 day'` })
      .where(eq(operatorInvitations.email, email));
    expectEnvelope(await link(), 410, "invitation_expired");
    await db()
      .update(operatorInvitations)
      .set({ acceptedAt: sql`app_now()` })
      .where(eq(operatorInvitations.email, email));
    expectEnvelope(await link(), 409, "invitation_used");
  });
});
