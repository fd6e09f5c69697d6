// The console's photos (api/operator/photos.ts, api/photos): multipart uploads through the real
// API on a real database, the guard on every endpoint, order/cover/alt/delete with their audit
// rows and kept cover, what travellers are answered, the media endpoint, and the S3 adapter
// against a small S3-speaking server of this file (we cannot run S3 here).
import type { OperatorRole } from "~contract/operator/team";
import "../../support/env";
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { app } from "~api/app";
import { auditLog, experiencePhotos, experiences } from "~api/db/schema";
import { s3Storage } from "~api/photos/s3-storage";
import { getApiEnv } from "~api/env";
import { api, expectEnvelope, type ApiResult } from "../../support/api";
import { identityWorld, randomIp, syncedUser } from "../../support/identity";
import { auditEntries, syncedMember } from "../../support/operator";
import { iphoneStyleJpeg, pricedExperienceOf } from "../../support/photos";
import { callEndpoint, v1, v1Path } from "../../support/client";
import type { EndpointName } from "~contract/endpoints";

const { db } = identityWorld();

const member = (slug: string, role: OperatorRole) => syncedMember(db(), slug, role);

/** A listed experience of the operator (one with a price: it is on the catalog). */
const experienceOf = (slug: string, skip = 0) => pricedExperienceOf(db(), slug, skip);

/** POST …/photos as a browser's form does: multipart, the file in `file`, the text in `alt`. */
function upload(
  experienceId: string,
  token: string | undefined,
  file: Blob | null,
  alt: string | null,
  account = "acme",
): Promise<ApiResult> {
  const form = new FormData();
  if (file) form.append("file", file, "photo.jpg");
  if (alt !== null) form.append("alt", alt);
  const headers: Record<string, string> = { "X-Forwarded-For": randomIp() };
  if (token) headers.Authorization = `Bearer ${token}`;
  return api(v1Path("operatorUploadPhoto", { params: { experienceId } }), {
    method: "POST",
    headers,
    body: form,
    account,
  });
}

const jpeg = async (width = 1800, height = 1200, colour = "#2266aa") =>
  new Blob([
    new Uint8Array(
      await sharp({ create: { width, height, channels: 3, background: colour } })
        .jpeg()
        .toBuffer(),
    ),
  ]);

/** A stored file through GET /v1/media/… (not JSON: the app's own fetch). */
const media = (path: string, init: RequestInit = {}) => app.fetch(new Request(`http://localhost${path}`, init));

const fileOnDisk = (src: string, name: string) =>
  existsSync(join(getApiEnv().MEDIA_DIR, src.replace("/v1/media/", ""), name));

describe("operator photos: upload", () => {
  it("a manager uploads an iPhone photo (multipart): 201, upright, the cover, on the catalog card and the details at once", async () => {
    const manager = await member("acme", "manager");
    const experienceId = await experienceOf("acme");
    const res = await upload(
      experienceId,
      manager.idToken,
      new Blob([new Uint8Array(await iphoneStyleJpeg())]),
      "  A kayak on the bay at dawn  ",
    );
    expect(res.status).toBe(201);
    expect(res.headers.get("X-Wayfarer-Changed")).toBe("catalog");
    const photo = res.body.data;
    expect(photo).toMatchObject({ position: 0, cover: true });
    expect(photo.picture).toMatchObject({
      width: 1500,
      height: 2000,
      widths: [480, 960],
      alt: "A kayak on the bay at dawn",
    });
    expect(photo.picture.src).toMatch(new RegExp(`^/v1/media/photos/${experienceId}/ph_[A-Za-z0-9_-]{20}$`));
    expect(photo.bytes).toBeGreaterThan(0);
    for (const name of ["480.avif", "480.webp", "480.jpg", "960.avif", "960.webp", "960.jpg"])
      expect(fileOnDisk(photo.picture.src, name), name).toBe(true);

    const variant = await media(`${photo.picture.src}/960.jpg`);
    expect(variant.status).toBe(200);
    expect(variant.headers.get("Content-Type")).toBe("image/jpeg");
    expect(variant.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(variant.headers.get("X-Content-Type-Options")).toBe("nosniff");
    const served = new Uint8Array(await variant.arrayBuffer());
    expect(Number(variant.headers.get("Content-Length"))).toBe(served.byteLength);
    const meta = await sharp(served).metadata();
    expect([meta.width, meta.height, meta.exif]).toEqual([960, 1280, undefined]);
    expect((await media(`${photo.picture.src}/480.avif`)).headers.get("Content-Type")).toBe("image/avif");
    const head = await media(`${photo.picture.src}/480.webp`, { method: "HEAD" });
    expect([head.status, head.headers.get("Content-Type")]).toEqual([200, "image/webp"]);

    // The card (one row of experiences: the kept cover_photo) and the details page's photos.
    const page = await v1.experiences({ query: { pageSize: "48" }, account: "acme" });
    const card = page.body.data.items.find((item: { id: string }) => item.id === experienceId);
    expect(card.cover).toEqual(photo.picture);
    expect(card.imageUrl).toMatch(/^\/images\//);
    const others = page.body.data.items.filter((item: { id: string }) => item.id !== experienceId);
    expect(others.every((item: { cover: unknown }) => item.cover === null)).toBe(true);
    const details = await v1.experience({ params: { parentId: experienceId }, account: "acme" });
    expect(details.body.data.photos).toEqual([photo.picture]);
    const [audit] = await auditEntries(db(), "photo.uploaded", manager.uid);
    expect(audit.target).toEqual({ experienceId, photoId: photo.id, alt: "A kayak on the bay at dawn" });
    expect(audit.clientAddress).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
  });

  it("refuses with words: SVG and text 415, a JSON body 415, no alt 400, NUL in alt 400, 11 MB 413, a 48 MP PNG 422", async () => {
    const owner = await member("acme", "owner");
    const experienceId = await experienceOf("acme", 1);
    const svg = new Blob(['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'], {
      type: "image/jpeg",
    });
    const refused = expectEnvelope(
      await upload(experienceId, owner.idToken, svg, "A drawing"),
      415,
      "unsupported_media_type",
    );
    expect(refused.message).toContain("JPEG, PNG, WebP or AVIF");
    expectEnvelope(
      await upload(experienceId, owner.idToken, new Blob(["just text"]), "Text"),
      415,
      "unsupported_media_type",
    );
    const json = await v1.operatorUploadPhoto({
      params: { experienceId },
      account: "acme",
      token: owner.idToken,
      body: { file: "x", alt: "y" },
    });
    expect(expectEnvelope(json, 415, "unsupported_media_type").message).toContain("multipart/form-data");
    const noAlt = expectEnvelope(
      await upload(experienceId, owner.idToken, await jpeg(), null),
      400,
      "validation_error",
    );
    expect(noAlt.fields?.alt?.[0]).toBeTruthy();
    expectEnvelope(await upload(experienceId, owner.idToken, await jpeg(), "   "), 400, "validation_error");
    expectEnvelope(await upload(experienceId, owner.idToken, await jpeg(), "x".repeat(251)), 400, "validation_error");
    expectEnvelope(await upload(experienceId, owner.idToken, await jpeg(), "bad\u0000alt"), 400, "validation_error");
    const noFile = expectEnvelope(await upload(experienceId, owner.idToken, null, "Alt"), 400, "validation_error");
    expect(noFile.fields?.file?.[0]).toBeTruthy();
    const big = new Uint8Array(11 * 1024 * 1024);
    big.set(new Uint8Array(await (await jpeg(200, 100)).arrayBuffer()));
    const tooLarge = expectEnvelope(
      await upload(experienceId, owner.idToken, new Blob([big]), "Big"),
      413,
      "payload_too_large",
    );
    expect(tooLarge.message).toContain("10 MB");
    // Just over 10 MB but within the request's margin: the file's own limit answers.
    const justOver = new Uint8Array(10 * 1024 * 1024 + 10);
    justOver.set(new Uint8Array(await (await jpeg(200, 100)).arrayBuffer()));
    expectEnvelope(await upload(experienceId, owner.idToken, new Blob([justOver]), "Big"), 413, "payload_too_large");
    const bomb = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: "#0f0" } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const pixels = expectEnvelope(
      await upload(experienceId, owner.idToken, new Blob([new Uint8Array(bomb)]), "Bomb"),
      422,
      "image_too_large",
    );
    expect(pixels.message).toContain("40 megapixels");
    // Nothing was kept of any of them; other routes keep the usual 256 KiB limit.
    expect(await db().select().from(experiencePhotos).where(eq(experiencePhotos.experienceId, experienceId))).toEqual(
      [],
    );
    const bigJson = await v1.operatorInviteMember({
      account: "acme",
      token: owner.idToken,
      body: { email: "a@example.com", role: "guide", pad: "x".repeat(300 * 1024) },
    });
    expectEnvelope(bigJson, 413, "payload_too_large");
  });

  it("a full gallery (20 photos) refuses one more: 409 too_many_photos", async () => {
    const owner = await member("acme", "owner");
    const experienceId = await experienceOf("acme", 2);
    await db()
      .insert(experiencePhotos)
      .values(
        Array.from({ length: 20 }, (_, position) => ({
          id: `ph_full_${position}`,
          experienceId,
          position,
          alt: `Photo ${position}`,
          width: 100,
          height: 100,
          widths: [100],
          formats: ["avif", "webp", "jpeg"],
          storagePrefix: `photos/${experienceId}/ph_full_${position}`,
          placeholder: "data:image/webp;base64,AAAA",
          bytes: 1,
        })),
      );
    expectEnvelope(await upload(experienceId, owner.idToken, await jpeg(), "One more"), 409, "too_many_photos");
    await db().delete(experiencePhotos).where(eq(experiencePhotos.experienceId, experienceId));
  });
});

describe("operator photos: the guard on every endpoint", () => {
  it("signed out 401, a non-member 404, a guide 403, another operator's experience or photo 404", async () => {
    const [owner, guide, stranger, harborOwner] = await Promise.all([
      member("acme", "owner"),
      member("acme", "guide"),
      syncedUser(),
      member("harbor", "owner"),
    ]);
    const experienceId = await experienceOf("acme", 3);
    const harborExperience = await experienceOf("harbor");
    const created = await upload(experienceId, owner.idToken, await jpeg(), "The guard's photo");
    expect(created.status).toBe(201);
    const photoId = created.body.data.id;
    const json: Array<[EndpointName, Record<string, string>, unknown]> = [
      ["operatorListPhotos", { experienceId }, undefined],
      ["operatorUpdatePhoto", { experienceId, photoId }, { alt: "Changed" }],
      ["operatorReorderPhotos", { experienceId }, { photoIds: [photoId] }],
      ["operatorDeletePhoto", { experienceId, photoId }, undefined],
    ];
    for (const [name, params, body] of json) {
      const as = (token?: string, account = "acme") =>
        callEndpoint(name, { params, account, body, ...(token ? { token } : {}) });
      expectEnvelope(await as(undefined), 401, "unauthorized");
      expectEnvelope(await as(stranger.idToken), 404, "not_found");
      expectEnvelope(await as(guide.idToken), 403, "forbidden");
      // harbor's owner on harbor's storefront, naming acme's experience: not theirs.
      expectEnvelope(await as(harborOwner.idToken, "harbor"), 404, "experience_not_found");
      // acme's owner on harbor's storefront: not a member there.
      expectEnvelope(await as(owner.idToken, "harbor"), 404, "not_found");
    }
    expectEnvelope(await upload(experienceId, undefined, await jpeg(), "x"), 401, "unauthorized");
    expectEnvelope(await upload(experienceId, stranger.idToken, await jpeg(), "x"), 404, "not_found");
    expectEnvelope(await upload(experienceId, guide.idToken, await jpeg(), "x"), 403, "forbidden");
    expectEnvelope(
      await upload(experienceId, harborOwner.idToken, await jpeg(), "x", "harbor"),
      404,
      "experience_not_found",
    );
    expectEnvelope(await upload(harborExperience, owner.idToken, await jpeg(), "x"), 404, "experience_not_found");
    // acme's photo named under another acme experience: not one of its photos.
    const other = { experienceId: await experienceOf("acme", 4), photoId };
    expectEnvelope(
      await v1.operatorUpdatePhoto({ params: other, account: "acme", token: owner.idToken, body: { alt: "x" } }),
      404,
      "photo_not_found",
    );
    expectEnvelope(
      await v1.operatorDeletePhoto({ params: other, account: "acme", token: owner.idToken }),
      404,
      "photo_not_found",
    );
    // Malformed ids: 400, never a 500.
    const malformed = await v1.operatorListPhotos({
      params: { experienceId: "x".repeat(65) },
      account: "acme",
      token: owner.idToken,
    });
    expectEnvelope(malformed, 400, "validation_error");
    const list = await v1.operatorListPhotos({ params: { experienceId }, account: "acme", token: owner.idToken });
    expect(list.body.data.photos.map((photo: { id: string }) => photo.id)).toEqual([photoId]);
  });
});

describe("operator photos: order, cover, alt text, delete", () => {
  it("moves, makes a cover, reorders, edits alt text and deletes (files too); the kept cover and the audit log follow", async () => {
    const owner = await member("acme", "owner");
    const experienceId = await experienceOf("acme", 5);
    const ids: string[] = [];
    for (const [index, colour] of ["#aa0000", "#00aa00", "#0000aa"].entries()) {
      const res = await upload(experienceId, owner.idToken, await jpeg(1000, 750, colour), `Photo ${index + 1}`);
      expect(res.status).toBe(201);
      expect(res.body.data.position).toBe(index);
      ids.push(res.body.data.id);
    }
    const asOwner = { account: "acme", token: owner.idToken };
    const order = (res: ApiResult) => res.body.data.photos.map((photo: { id: string }) => photo.id);
    const cover = async () =>
      (await db().select().from(experiences).where(eq(experiences.id, experienceId)))[0].coverPhoto;
    expect((await cover())?.alt).toBe("Photo 1");

    const madeCover = await v1.operatorUpdatePhoto({
      params: { experienceId, photoId: ids[2] },
      ...asOwner,
      body: { position: 0 },
    });
    expect(madeCover.status).toBe(200);
    expect(madeCover.headers.get("X-Wayfarer-Changed")).toBe("catalog");
    expect(order(madeCover)).toEqual([ids[2], ids[0], ids[1]]);
    expect(madeCover.body.data.photos.map((photo: { cover: boolean }) => photo.cover)).toEqual([true, false, false]);
    expect((await cover())?.alt).toBe("Photo 3");

    const moved = await v1.operatorUpdatePhoto({
      params: { experienceId, photoId: ids[2] },
      ...asOwner,
      body: { position: 19 },
    });
    expect(order(moved)).toEqual([ids[0], ids[1], ids[2]]);
    expect((await cover())?.alt).toBe("Photo 1");

    const reordered = await v1.operatorReorderPhotos({
      params: { experienceId },
      ...asOwner,
      body: { photoIds: [ids[1], ids[2], ids[0]] },
    });
    expect(order(reordered)).toEqual([ids[1], ids[2], ids[0]]);
    expect((await cover())?.alt).toBe("Photo 2");
    for (const photoIds of [
      [ids[1], ids[2]],
      [ids[1], ids[1], ids[2]],
      [ids[1], ids[2], "ph_someone_else"],
    ])
      expectEnvelope(
        await v1.operatorReorderPhotos({ params: { experienceId }, ...asOwner, body: { photoIds } }),
        409,
        "photo_order_mismatch",
      );

    const alt = await v1.operatorUpdatePhoto({
      params: { experienceId, photoId: ids[1] },
      ...asOwner,
      body: { alt: "Two kayaks under the bridge" },
    });
    expect(alt.body.data.photos[0].picture.alt).toBe("Two kayaks under the bridge");
    expect((await cover())?.alt).toBe("Two kayaks under the bridge");
    expectEnvelope(
      await v1.operatorUpdatePhoto({ params: { experienceId, photoId: ids[1] }, ...asOwner, body: {} }),
      400,
      "validation_error",
    );
    expectEnvelope(
      await v1.operatorUpdatePhoto({ params: { experienceId, photoId: ids[1] }, ...asOwner, body: { alt: "" } }),
      400,
      "validation_error",
    );

    const src = alt.body.data.photos[0].picture.src;
    const deleted = await v1.operatorDeletePhoto({ params: { experienceId, photoId: ids[1] }, ...asOwner });
    expect(deleted.status).toBe(200);
    expect(order(deleted)).toEqual([ids[2], ids[0]]);
    expect(deleted.body.data.photos.map((photo: { position: number }) => photo.position)).toEqual([0, 1]);
    expect((await cover())?.alt).toBe("Photo 3");
    expect(fileOnDisk(src, "960.avif")).toBe(false);
    expect((await media(`${src}/960.avif`)).status).toBe(404);
    await v1.operatorDeletePhoto({ params: { experienceId, photoId: ids[2] }, ...asOwner });
    await v1.operatorDeletePhoto({ params: { experienceId, photoId: ids[0] }, ...asOwner });
    expect(await cover()).toBeNull();
    const details = await v1.experience({ params: { parentId: experienceId }, account: "acme" });
    expect(details.body.data.photos).toEqual([]);

    const actions = await db()
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.actorId, owner.uid))
      .orderBy(auditLog.at, auditLog.id);
    expect(actions.map((row) => row.action)).toEqual([
      "photo.uploaded",
      "photo.uploaded",
      "photo.uploaded",
      "photo.made_cover",
      "photo.moved",
      "photo.reordered",
      "photo.alt_changed",
      "photo.deleted",
      "photo.deleted",
      "photo.deleted",
    ]);
  });
});

describe("GET /v1/media/…", () => {
  it("refuses path tricks (.., encoded slashes, NUL, other names) with 400 and answers 404 for what is not there", async () => {
    const answers: Array<[path: string, status: 400 | 404]> = [
      ["/v1/media/photos/exp/ph_x/..%2F..%2Fpasswd", 400],
      ["/v1/media/photos/exp/ph_x/%2e%2e%2fetc%2fpasswd", 400],
      ["/v1/media/photos/exp%2Fph/ph_x/960.jpg", 400],
      ["/v1/media/photos/exp/ph_x/960.jpg%00.png", 400],
      ["/v1/media/photos/exp/ph_x/960.svg", 400],
      ["/v1/media/photos/exp/ph_x/package.json", 400],
      // Dots are resolved by the URL itself, which then names nothing of ours.
      ["/v1/media/photos/exp/ph_x/960.jpg", 404],
      ["/v1/media/photos/../../package.json", 404],
      ["/v1/media/photos/exp/%2e%2e/960.jpg", 404],
      ["/v1/media/x", 404],
    ];
    for (const [path, status] of answers) {
      const res = await media(path);
      expect(res.status, path).toBe(status);
      // A refusal is the API's JSON error.
      if (status === 400) expect(res.headers.get("Content-Type")).toContain("application/json");
    }
    expect((await media("/v1/media/photos/exp/ph_x/960.jpg", { method: "POST" })).status).toBe(405);
  });

  it("is in the OpenAPI document with a multipart upload and the operator's operationIds", async () => {
    const doc = await (await media("/v1/openapi.json")).json();
    const upload = doc.paths["/v1/operator/experiences/{experienceId}/photos"].post;
    expect(upload.operationId).toBe("operatorUploadPhoto");
    const schema = upload.requestBody.content["multipart/form-data"].schema;
    expect(schema.properties.file).toMatchObject({ type: "string", format: "binary" });
    expect(schema.required).toEqual(expect.arrayContaining(["file", "alt"]));
    expect(doc.paths["/v1/operator/experiences/{experienceId}/photos/{photoId}"].patch.operationId).toBe(
      "operatorUpdatePhoto",
    );
    expect(doc.paths["/v1/operator/experiences/{experienceId}/photos/{photoId}"].delete.operationId).toBe(
      "operatorDeletePhoto",
    );
    expect(doc.paths["/v1/operator/experiences/{experienceId}/photo-order"].put.operationId).toBe(
      "operatorReorderPhotos",
    );
    expect(doc.paths["/v1/operator/experiences/{experienceId}/photos"].get.operationId).toBe("operatorListPhotos");
    const file = doc.paths["/v1/media/photos/{experienceId}/{photoId}/{file}"].get;
    expect(Object.keys(file.responses["200"].content)).toEqual(["image/*"]);
  });
});

/** A small S3-speaking server: checks each request's SigV4 Authorization, keeps objects in memory. */
function fakeS3() {
  const objects = new Map<string, { body: Buffer; type: string }>();
  const seen: string[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const auth = req.headers.authorization ?? "";
      const shape =
        /^AWS4-HMAC-SHA256 Credential=AKIATEST\/\d{8}\/eu-west-1\/s3\/aws4_request, SignedHeaders=([a-z0-9;-]+), Signature=[0-9a-f]{64}$/;
      const match = shape.exec(auth);
      const body = Buffer.concat(chunks);
      const hash = req.headers["x-amz-content-sha256"];
      if (
        !match ||
        !match[1].split(";").includes("host") ||
        !match[1].split(";").includes("x-amz-date") ||
        !/^\d{8}T\d{6}Z$/.test(String(req.headers["x-amz-date"])) ||
        (req.method === "PUT" && hash !== createHash("sha256").update(body).digest("hex"))
      ) {
        res.writeHead(403).end("SignatureDoesNotMatch");
        return;
      }
      seen.push(`${req.method} ${req.url}`);
      const key = req.url ?? "";
      if (req.method === "PUT") {
        objects.set(key, { body, type: String(req.headers["content-type"]) });
        res.writeHead(200).end();
      } else if (req.method === "GET") {
        const object = objects.get(key);
        if (!object) res.writeHead(404).end("NoSuchKey");
        else res.writeHead(200, { "Content-Type": object.type, "Content-Length": object.body.length }).end(object.body);
      } else if (req.method === "DELETE") {
        objects.delete(key);
        res.writeHead(204).end();
      } else res.writeHead(405).end();
    });
  });
  return { server, objects, seen };
}

describe("the S3 adapter (api/photos/s3-storage.ts)", () => {
  const s3 = fakeS3();
  let endpoint = "";
  beforeAll(async () => {
    await new Promise<void>((resolve) => s3.server.listen(0, "127.0.0.1", resolve));
    const address = s3.server.address() as { port: number };
    endpoint = `http://127.0.0.1:${address.port}`;
  });
  afterAll(() => new Promise<void>((resolve) => s3.server.close(() => resolve())));

  it("puts, reads and deletes signed objects (path-style), and gives the public URL or the API's", async () => {
    const settings = {
      bucket: "wayfarer-media",
      endpoint,
      region: "eu-west-1",
      accessKeyId: "AKIATEST",
      secretAccessKey: "test-secret",
      publicUrl: "https://media.example.com/",
    };
    const storage = s3Storage(settings);
    const bytes = new Uint8Array(await (await jpeg(100, 80)).arrayBuffer());
    await storage.put("photos/exp_1/ph_1/480.jpg", bytes, "image/jpeg");
    expect(s3.seen).toEqual(["PUT /wayfarer-media/photos/exp_1/ph_1/480.jpg"]);
    expect(s3.objects.get("/wayfarer-media/photos/exp_1/ph_1/480.jpg")?.type).toBe("image/jpeg");
    const read = await storage.read("photos/exp_1/ph_1/480.jpg");
    expect(new Uint8Array(await new Response(read!.body).arrayBuffer())).toEqual(bytes);
    expect(read!.size).toBe(bytes.byteLength);
    expect(await storage.read("photos/exp_1/ph_1/960.jpg")).toBeNull();
    expect(storage.url("photos/exp_1/ph_1")).toBe("https://media.example.com/photos/exp_1/ph_1");
    expect(s3Storage({ ...settings, publicUrl: null }).url("photos/exp_1/ph_1")).toBe("/v1/media/photos/exp_1/ph_1");
    await storage.delete(["photos/exp_1/ph_1/480.jpg", "photos/exp_1/ph_1/960.jpg"]);
    expect(s3.objects.size).toBe(0);
    expect(() => storage.url("photos/../secrets")).toThrow();
    // A wrong secret is refused by the server: the adapter says so, it does not pretend.
    const wrong = s3Storage({ ...settings, accessKeyId: "AKIAOTHER" });
    await expect(wrong.put("photos/exp_1/ph_1/480.jpg", bytes, "image/jpeg")).rejects.toThrow(/403/);
  });
});
