// The console's Photos page (app/routes/_console.console.experiences.$experienceId.photos.tsx):
// its loader and action with real Requests (multipart uploads included) on the real database and
// API, as the browser sends them without JavaScript.
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import * as page from "~/routes/_console.console.experiences.$experienceId.photos";
import { identityWorld } from "../support/identity";
import { iphoneStyleJpeg, pricedExperienceOf } from "../support/photos";
import { args, outcome, type Outcome } from "../support/routes";
import { ACME, consoleLoad, consolePost, expectTeamOnly, memberOf } from "../support/console-routes";

const { db } = identityWorld();

const experienceOf = (slug: string, skip = 0) => pricedExperienceOf(db(), slug, skip);

const path = (experienceId: string) => `/console/experiences/${experienceId}/photos`;
const load = (experienceId: string, cookie: string | null, host = ACME): Promise<Outcome> =>
  consoleLoad(page, path(experienceId), cookie, { experienceId }, host);
const post = (experienceId: string, cookie: string, form: Record<string, string>) =>
  consolePost(page, path(experienceId), cookie, form, { experienceId });

/** The upload form as a browser posts it: multipart/form-data, its boundary, the file's bytes, the page's key. */
function upload(
  experienceId: string,
  cookie: string,
  fields: { file?: Blob; name?: string; alt?: string; key?: string },
) {
  const form = new FormData();
  form.append("intent", "upload");
  form.append("idempotencyKey", fields.key ?? crypto.randomUUID());
  form.append("file", fields.file ?? new Blob([]), fields.name ?? (fields.file ? "photo.jpg" : ""));
  if (fields.alt !== undefined) form.append("alt", fields.alt);
  const url = `http://${ACME}${path(experienceId)}`;
  const request = new Request(url, {
    method: "POST",
    headers: { Cookie: cookie, Origin: `http://${ACME}` },
    body: form,
  });
  return outcome(() => page.action(args(request, { experienceId }) as never));
}

const fieldErrors = (out: Outcome) => out.data.result.error as Record<string, string[]>;

describe("/console/experiences/:experienceId/photos", () => {
  it("the guard: signed out to sign-in, a non-member 404, a guide 403, another operator's experience 404", async () => {
    const experienceId = await experienceOf("acme");
    await expectTeamOnly(path(experienceId), (cookie) => load(experienceId, cookie));
    const guide = await memberOf(db(), "guide");
    expect((await load(experienceId, guide.cookie)).status).toBe(403);
    expect((await post(experienceId, guide.cookie, { intent: "delete", photoId: "ph_x" })).status).toBe(403);
    const manager = await memberOf(db(), "manager");
    expect((await load(await experienceOf("harbor"), manager.cookie)).status).toBe(404);
    expect((await load("not a valid id!", manager.cookie)).status).toBe(404);
    const own = await load(experienceId, manager.cookie);
    expect(own.status).toBe(200);
    expect(own.data.experience.id).toBe(experienceId);
    expect(own.data.photos).toEqual([]);
  });

  it("a multipart upload (no JavaScript) goes through the API: redirect with a flash, then the photo is on the page", async () => {
    const manager = await memberOf(db(), "manager");
    const experienceId = await experienceOf("acme", 1);
    const jpeg = new Blob([new Uint8Array(await iphoneStyleJpeg(1600, 1200))], { type: "image/jpeg" });
    const out = await upload(experienceId, manager.cookie, { file: jpeg, alt: "Paddling past the lighthouse" });
    expect(out.status).toBe(302);
    expect(out.location).toBe(path(experienceId));
    expect(out.headers.get("Set-Cookie")).toContain("flash");
    const shown = await load(experienceId, manager.cookie);
    expect(shown.data.photos).toHaveLength(1);
    expect(shown.data.photos[0]).toMatchObject({
      cover: true,
      picture: { alt: "Paddling past the lighthouse", width: 1200, height: 1600 },
    });
  });

  it("the upload form sent twice with the page's key (a double click, the page gone back to) adds one photo", async () => {
    const manager = await memberOf(db(), "manager");
    const experienceId = await experienceOf("acme", 4);
    const { idempotencyKey } = (await load(experienceId, manager.cookie)).data;
    const jpeg = new Blob([new Uint8Array(await iphoneStyleJpeg(800, 600))], { type: "image/jpeg" });
    const form = { file: jpeg, alt: "Sent twice", key: idempotencyKey };
    const [first, second] = [
      await upload(experienceId, manager.cookie, form),
      await upload(experienceId, manager.cookie, form),
    ];
    expect([first.status, second.status]).toEqual([302, 302]);
    const shown = await load(experienceId, manager.cookie);
    expect(shown.data.photos).toHaveLength(1);
    expect(shown.data.idempotencyKey).not.toBe(idempotencyKey);
    // Gone back to and changed (another text), the old page's form is refused: reload it.
    const changed = await upload(experienceId, manager.cookie, { ...form, alt: "Another text" });
    expect(changed.status).toBe(409);
    expect(changed.data.result.error[""]).toEqual(["apiErrors.idempotency_key_reused"]);
    // A form without its key is not the page's.
    const keyless = new FormData();
    keyless.append("intent", "upload");
    keyless.append("alt", "No key");
    keyless.append("file", jpeg, "photo.jpg");
    const request = new Request(`http://${ACME}${path(experienceId)}`, {
      method: "POST",
      headers: { Cookie: manager.cookie, Origin: `http://${ACME}` },
      body: keyless,
    });
    expect((await outcome(() => page.action(args(request, { experienceId }) as never))).status).toBe(400);
    expect((await load(experienceId, manager.cookie)).data.photos).toHaveLength(1);
  });

  it("refusals are on the fields, in the page's words, with the API's status: no file, no alt, SVG 415, 11 MB 413 unread, 48 MP 422", async () => {
    const owner = await memberOf(db(), "owner");
    const experienceId = await experienceOf("acme", 2);
    const noFile = await upload(experienceId, owner.cookie, { alt: "Something" });
    expect(noFile.status).toBe(400);
    expect(fieldErrors(noFile).file).toEqual(["photos.fileRequired"]);
    const jpeg = new Blob([new Uint8Array(await iphoneStyleJpeg(400, 300))]);
    const noAlt = await upload(experienceId, owner.cookie, { file: jpeg, alt: "  " });
    expect(noAlt.status).toBe(400);
    expect(fieldErrors(noAlt).alt).toEqual(["photos.altRequired"]);
    const svg = new Blob(['<svg xmlns="http://www.w3.org/2000/svg"/>'], { type: "image/svg+xml" });
    const refused = await upload(experienceId, owner.cookie, { file: svg, name: "logo.jpg", alt: "A logo" });
    expect(refused.status).toBe(415);
    expect(fieldErrors(refused).file).toEqual(["photos.unsupported"]);
    const big = await upload(experienceId, owner.cookie, {
      file: new Blob([new Uint8Array(11 * 1024 * 1024)]),
      alt: "Big",
    });
    expect(big.status).toBe(413);
    expect(fieldErrors(big).file).toEqual(["photos.fileTooLarge"]);
    const bomb = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: "#0f0" } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const pixels = await upload(experienceId, owner.cookie, { file: new Blob([new Uint8Array(bomb)]), alt: "Bomb" });
    expect(pixels.status).toBe(422);
    expect(fieldErrors(pixels).file).toEqual(["photos.tooManyPixels"]);
    // A post that is no form of the page, and a cross-site one.
    expect((await post(experienceId, owner.cookie, { intent: "something" })).status).toBe(400);
    const crossSite = new Request(`http://${ACME}${path(experienceId)}`, {
      method: "POST",
      headers: { Cookie: owner.cookie, Origin: "https://evil.example" },
      body: new URLSearchParams({ intent: "delete", photoId: "x" }),
    });
    expect((await outcome(() => page.action(args(crossSite, { experienceId }) as never))).status).toBe(403);
    expect((await load(experienceId, owner.cookie)).data.photos).toEqual([]);
  });

  it("alt text, make cover, move and delete are plain form posts", async () => {
    const owner = await memberOf(db(), "owner");
    const experienceId = await experienceOf("acme", 3);
    for (const alt of ["First", "Second"]) {
      const jpeg = new Blob([new Uint8Array(await iphoneStyleJpeg(600, 400))]);
      expect((await upload(experienceId, owner.cookie, { file: jpeg, alt })).status).toBe(302);
    }
    const [first, second] = (await load(experienceId, owner.cookie)).data.photos;
    const alt = await post(experienceId, owner.cookie, { intent: "alt", photoId: second.id, alt: "Second, described" });
    expect(alt.status).toBe(302);
    const emptyAlt = await post(experienceId, owner.cookie, { intent: "alt", photoId: second.id, alt: "" });
    expect(emptyAlt.status).toBe(400);
    expect(emptyAlt.data.intent).toBe(`alt:${second.id}`);
    expect((await post(experienceId, owner.cookie, { intent: "move", photoId: second.id, position: "0" })).status).toBe(
      302,
    );
    let photos = (await load(experienceId, owner.cookie)).data.photos;
    expect(photos.map((photo: { id: string; cover: boolean }) => [photo.id, photo.cover])).toEqual([
      [second.id, true],
      [first.id, false],
    ]);
    expect(photos[0].picture.alt).toBe("Second, described");
    const gone = await post(experienceId, owner.cookie, { intent: "delete", photoId: "ph_not_there" });
    expect(gone.status).toBe(404);
    expect(gone.data.result.error[""]).toEqual(["photos.notFound"]);
    expect((await post(experienceId, owner.cookie, { intent: "delete", photoId: second.id })).status).toBe(302);
    photos = (await load(experienceId, owner.cookie)).data.photos;
    expect(photos.map((photo: { id: string; cover: boolean }) => [photo.id, photo.cover])).toEqual([[first.id, true]]);
  });
});
