// The console's branding (api/operator/branding.ts): a draft edited, previewed and published, on a
// real database through the real API: the guard on every endpoint, the contrast check with the
// measured ratio, the draft unseen by travellers until published, the logo through the photo
// pipeline (transparency kept, SVG/corrupt/GIF 415, too large 413), hostile text, audit rows.
import type { OperatorRole } from "~contract/operator/team";
import "../../support/env";
import { and, desc, eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { app } from "~api/app";
import { auditLog } from "~api/db/schema";
import { api, expectEnvelope, type ApiResult } from "../../support/api";
import { identityWorld, randomIp } from "../../support/identity";
import { teamOf, accountIdOf, syncedMember } from "../../support/operator";
import { v1, v1Path } from "../../support/client";

const { db } = identityWorld();

const member = (slug: string, role: OperatorRole) => syncedMember(db(), slug, role);

const getBranding = (token: string | undefined, account = "acme") => v1.operatorGetBranding({ token, account });
const patch = (token: string | undefined, body: unknown, account = "acme") =>
  v1.operatorUpdateBranding({ token, body, account });
const publish = (token: string | undefined, account = "acme") => v1.operatorPublishBranding({ token, account });
const removeLogo = (token: string | undefined, account = "acme") => v1.operatorRemoveLogo({ token, account });

/** POST …/branding/logo as a browser's form does: multipart, the file in `file`. */
function uploadLogo(
  token: string | undefined,
  file: Blob | null,
  account = "acme",
  name = "logo.png",
): Promise<ApiResult> {
  const form = new FormData();
  if (file) form.append("file", file, name);
  const headers: Record<string, string> = { "X-Forwarded-For": randomIp() };
  if (token) headers.Authorization = `Bearer ${token}`;
  return api(v1Path("operatorUploadLogo"), { method: "POST", headers, body: form, account });
}

/** What a traveller's storefront is told (GET /v1/account-context/acme on acme's host). */
const storefront = async (slug = "acme") =>
  (await api(v1Path("accountContext", { params: { slug } }), { account: slug })).body.data;

const media = (path: string) => app.fetch(new Request(`http://localhost${path}`));

/** A wordmark: a transparent canvas with an opaque blue bar. */
async function transparentPng(width = 800, height = 200): Promise<Blob> {
  const bar = await sharp({ create: { width: width / 2, height: height / 2, channels: 4, background: "#1d4ed8ff" } })
    .png()
    .toBuffer();
  const png = await sharp({ create: { width, height, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite([{ input: bar, top: height / 4, left: width / 4 }])
    .png()
    .toBuffer();
  return new Blob([new Uint8Array(png)], { type: "image/png" });
}

async function auditRows(slug: string, action: string) {
  return db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.accountId, await accountIdOf(db(), slug)), eq(auditLog.action, action)))
    .orderBy(desc(auditLog.at));
}

describe("operator branding: the guard on every endpoint", () => {
  it("signed out 401, a non-member 404, a guide 403, another operator's console 404; owner and manager 200", async () => {
    const { owner, manager, guide, stranger } = await teamOf(db());
    const png = await transparentPng();
    const calls: Array<[string, (token: string | undefined, account?: string) => Promise<ApiResult>]> = [
      ["get", getBranding],
      ["patch", (token, account) => patch(token, { tagline: "Guarded" }, account)],
      ["publish", publish],
      ["upload", (token, account) => uploadLogo(token, png, account)],
      ["remove", removeLogo],
    ];
    for (const [name, run] of calls) {
      expect((await run(undefined)).status, name).toBe(401);
      expectEnvelope(await run(stranger.idToken), 404, "not_found");
      expectEnvelope(await run(guide.idToken), 403, "forbidden");
      // acme's owner on harbor's storefront: not a member there.
      expectEnvelope(await run(owner.idToken, "harbor"), 404, "not_found");
      expect((await run(manager.idToken)).status, name).toBeLessThan(300);
      expect((await run(owner.idToken)).status, name).toBeLessThan(300);
    }
    // Without a storefront (the marketplace): no console.
    expect((await v1.operatorGetBranding({ token: owner.idToken })).status).toBe(404);
  });
});

describe("operator branding: the contrast check", () => {
  it("refuses a primary colour the white button text reads at less than 4.5:1, with the measured ratio", async () => {
    const owner = await member("acme", "owner");
    const before = (await getBranding(owner.idToken)).body.data.draft.primaryColor;
    const res = await patch(owner.idToken, { primaryColor: "#7DD3FC" });
    const error = expectEnvelope(res, 422, "contrast_too_low");
    expect(error.message).toBe("The button text on #7dd3fc reaches 1.6:1; it needs 4.5:1.");
    expect(res.body.error.details).toEqual({ ratio: 1.6, required: 4.5, color: "#7dd3fc" });
    // Just below the line (#767676 on white is 4.54:1, #777777 4.48:1).
    const edge = await patch(owner.idToken, { primaryColor: "#777777" });
    expectEnvelope(edge, 422, "contrast_too_low");
    expect(edge.body.error.details.ratio).toBe(4.4);
    expect((await getBranding(owner.idToken)).body.data.draft.primaryColor).toBe(before);
  });

  it("accepts a colour reaching 4.5:1 (stored lowercase) and answers its measured contrast", async () => {
    const owner = await member("acme", "owner");
    const res = await patch(owner.idToken, { primaryColor: "#767676" });
    expect(res.status).toBe(200);
    expect(res.body.data.draft.primaryColor).toBe("#767676");
    expect(res.body.data.draftContrast).toBeGreaterThanOrEqual(4.5);
    expect(res.body.data.unpublished).toBe(true);
  });

  it("takes only #rrggbb: names, short forms, url(), expressions are 400", async () => {
    const owner = await member("acme", "owner");
    for (const primaryColor of ["red", "#fff", "#12345g", "url(x)", "#123456;background:red", "rgb(0,0,0)", 12])
      expectEnvelope(await patch(owner.idToken, { primaryColor }), 400, "validation_error");
  });
});

describe("operator branding: draft, preview, publish", () => {
  it("travellers see the draft only once published; publishing announces the catalog change", async () => {
    const manager = await member("harbor", "manager");
    const published = await storefront("harbor");
    const draft = await patch(
      manager.idToken,
      {
        name: "Harbor & Tide Sailing",
        tagline: "New tagline",
        primaryColor: "#b91c1c",
        supportEmail: " Help@Harbor.example ",
        supportPhone: "(212) 555-0199",
      },
      "harbor",
    );
    expect(draft.status).toBe(200);
    expect(draft.body.data.draft).toMatchObject({
      name: "Harbor & Tide Sailing",
      tagline: "New tagline",
      primaryColor: "#b91c1c",
      supportEmail: "help@harbor.example",
      supportPhone: "+12125550199",
    });
    expect(draft.body.data.published.name).toBe(published.name);
    // The storefront still shows the published branding (after a reload of the draft too).
    expect(await storefront("harbor")).toEqual(published);
    expect((await getBranding(manager.idToken, "harbor")).body.data.draft.name).toBe("Harbor & Tide Sailing");

    const res = await publish(manager.idToken, "harbor");
    expect(res.status).toBe(200);
    expect(res.headers.get("X-Wayfarer-Changed")).toBe("catalog");
    expect(res.body.data.unpublished).toBe(false);
    const now = await storefront("harbor");
    expect(now).toMatchObject({
      name: "Harbor & Tide Sailing",
      tagline: "New tagline",
      colors: { primary: "#b91c1c", accent: published.colors.accent, ink: published.colors.ink },
      contact: { email: "help@harbor.example", phone: "+12125550199", address: published.contact.address },
    });
    // Empty support fields remove them.
    await patch(manager.idToken, { supportEmail: "", supportPhone: "" }, "harbor");
    await publish(manager.idToken, "harbor");
    expect((await storefront("harbor")).contact).toMatchObject({ email: null, phone: null });
  });

  it("writes the audit log for every write", async () => {
    const owner = await member("summit", "owner");
    await patch(owner.idToken, { tagline: "Audited", primaryColor: "#1d4ed8" }, "summit");
    await uploadLogo(owner.idToken, await transparentPng(), "summit");
    await removeLogo(owner.idToken, "summit");
    await publish(owner.idToken, "summit");
    const [updated] = await auditRows("summit", "branding.draft_updated");
    expect(updated).toMatchObject({
      actorId: owner.uid,
      target: { fields: "primaryColor,tagline", primaryColor: "#1d4ed8" },
    });
    expect((await auditRows("summit", "branding.logo_uploaded"))[0].target.logoUrl).toMatch(/\/192\.png$/);
    expect(await auditRows("summit", "branding.logo_removed")).toHaveLength(1);
    expect((await auditRows("summit", "branding.published"))[0]).toMatchObject({
      actorId: owner.uid,
      target: { primaryColor: "#1d4ed8", logoUrl: null },
    });
  });
});

describe("operator branding: the logo", () => {
  it("takes a PNG with transparency: 96 and 192 px high, WebP and PNG, alpha kept, shown once published", async () => {
    const owner = await member("acme", "owner");
    const before = (await storefront()).logoUrl;
    const res = await uploadLogo(owner.idToken, await transparentPng(800, 200));
    expect(res.status).toBe(201);
    const logoUrl: string = res.body.data.draft.logoUrl;
    expect(logoUrl).toMatch(/^\/v1\/media\/logos\/[A-Za-z0-9_-]+\/lg_[A-Za-z0-9_-]{20}\/192\.png$/);
    expect((await storefront()).logoUrl).toBe(before);
    const base = logoUrl.slice(0, -"192.png".length);
    for (const [file, type, height] of [
      ["96.webp", "image/webp", 96],
      ["96.png", "image/png", 96],
      ["192.webp", "image/webp", 192],
      ["192.png", "image/png", 192],
    ] as const) {
      const file_ = await media(`${base}${file}`);
      expect(file_.status, file).toBe(200);
      expect(file_.headers.get("Content-Type")).toBe(type);
      const meta = await sharp(new Uint8Array(await file_.arrayBuffer())).metadata();
      expect(meta).toMatchObject({ height, width: height * 4, hasAlpha: true });
    }
    // The corner is still transparent, the bar opaque.
    const pixels = await sharp(new Uint8Array(await (await media(logoUrl)).arrayBuffer()))
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(pixels.data[3]).toBe(0);
    const centre = (96 * pixels.info.width + 384) * pixels.info.channels;
    expect(pixels.data[centre + 3]).toBe(255);

    await publish(owner.idToken);
    expect((await storefront()).logoUrl).toBe(logoUrl);
  });

  it("refuses SVG, text, a corrupt PNG and a GIF (415), a file past 10 MB (413), no file (400)", async () => {
    const owner = await member("acme", "manager");
    const svg = new Blob(['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'], {
      type: "image/svg+xml",
    });
    expectEnvelope(await uploadLogo(owner.idToken, svg, "acme", "logo.svg"), 415, "unsupported_media_type");
    expectEnvelope(
      await uploadLogo(owner.idToken, new Blob(["hello"], { type: "image/png" })),
      415,
      "unsupported_media_type",
    );
    const png = new Uint8Array(await (await transparentPng()).arrayBuffer());
    const corrupt = new Blob([png.slice(0, 120)], { type: "image/png" });
    expectEnvelope(await uploadLogo(owner.idToken, corrupt), 415, "unsupported_media_type");
    const gif = await sharp({ create: { width: 40, height: 20, channels: 4, background: "#ff0000" } })
      .gif()
      .toBuffer();
    expectEnvelope(
      await uploadLogo(owner.idToken, new Blob([new Uint8Array(gif)], { type: "image/gif" }), "acme", "logo.gif"),
      415,
      "unsupported_media_type",
    );
    const huge = new Blob([new Uint8Array(10 * 1024 * 1024 + 100 * 1024)], { type: "image/png" });
    expect((await uploadLogo(owner.idToken, huge)).status).toBe(413);
    expectEnvelope(await uploadLogo(owner.idToken, null), 400, "validation_error");
    // JSON where a file is expected.
    expect((await v1.operatorUploadLogo({ token: owner.idToken, body: { file: "x" }, account: "acme" })).status).toBe(
      415,
    );
  });

  it("a replaced draft logo's files are deleted; a published one's are kept (sent emails show it)", async () => {
    const owner = await member("acme", "owner");
    const published = (await getBranding(owner.idToken)).body.data.published.logoUrl as string | null;
    const first = (await uploadLogo(owner.idToken, await transparentPng())).body.data.draft.logoUrl as string;
    const second = (await uploadLogo(owner.idToken, await transparentPng(400, 400))).body.data.draft.logoUrl as string;
    expect((await media(first)).status).toBe(404);
    expect((await media(second)).status).toBe(200);
    const removed = await removeLogo(owner.idToken);
    expect(removed.body.data.draft.logoUrl).toBeNull();
    expect((await media(second)).status).toBe(404);
    expect(published).toMatch(/^\/v1\/media\/logos\//);
    expect((await media(published!)).status).toBe(200);
  });

  it("the media route refuses names that are not ours", async () => {
    for (const path of [
      "/v1/media/logos/a/b/192.svg",
      "/v1/media/logos/a/b/..%2F192.png",
      "/v1/media/logos/a/b/193.png",
    ])
      expect((await media(path)).status, path).toBe(400);
    expect((await media("/v1/media/logos/a/b/192.png")).status).toBe(404);
  });
});

describe("operator branding: hostile text", () => {
  it("refuses NUL and control characters, huge strings, unknown fields, bad emails and phones (400)", async () => {
    const owner = await member("acme", "owner");
    for (const body of [
      { name: "Acme\u0000" },
      { tagline: "a\u0007b" },
      { name: "x".repeat(81) },
      { tagline: "x".repeat(100_000) },
      { name: "" },
      { name: "   " },
      {},
      { css: "body{display:none}" },
      { supportEmail: "not an email" },
      { supportEmail: `${"a".repeat(250)}@example.com` },
      { supportPhone: "+351 21 555 0187" },
      { supportPhone: "call us" },
      { name: ["Acme"] },
    ])
      expectEnvelope(await patch(owner.idToken, body), 400, "validation_error");
  });

  it("keeps HTML in the name as plain text (the pages escape it)", async () => {
    const owner = await member("summit", "owner");
    const name = '<img src=x onerror="alert(1)"> Summit & Co';
    expect((await patch(owner.idToken, { name }, "summit")).body.data.draft.name).toBe(name);
    await publish(owner.idToken, "summit");
    expect((await storefront("summit")).name).toBe(name);
  });
});
