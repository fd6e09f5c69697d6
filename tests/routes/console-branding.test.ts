// The console's Branding page (app/routes/_console.console.branding.tsx): its loader and action
// with real Requests (the logo's multipart upload included) on the real database and API, as the
// browser sends them without JavaScript.
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import * as page from "~/routes/_console.console.branding";
import { identityWorld } from "../support/identity";
import { args, outcome, type Outcome } from "../support/routes";
import { ACME, consoleLoad, consolePost, expectTeamOnly, memberOf } from "../support/console-routes";
import { v1 } from "../support/client";

const { db } = identityWorld();

const PATH = "/console/branding";

const memberOfAcme = (role: "owner" | "manager" | "guide") => memberOf(db(), role);
const load = (cookie: string | null, host = ACME) => consoleLoad(page, PATH, cookie, {}, host);
const post = (cookie: string, form: Record<string, string>) => consolePost(page, PATH, cookie, form);

function uploadLogo(cookie: string, file: Blob, name = "logo.png", key: string = crypto.randomUUID()) {
  const form = new FormData();
  form.append("intent", "logo");
  form.append("idempotencyKey", key);
  form.append("file", file, name);
  const request = new Request(`http://${ACME}${PATH}`, {
    method: "POST",
    headers: { Cookie: cookie, Origin: `http://${ACME}` },
    body: form,
  });
  return outcome(() => page.action(args(request, {}) as never));
}

const fieldErrors = (out: Outcome) => out.data.result.error as Record<string, string[]>;
const storefront = async () => (await v1.accountContext({ params: { slug: "acme" }, account: "acme" })).body.data;

const saveForm = (fields: Record<string, string>) => ({
  intent: "save",
  name: "Acme Adventures",
  tagline: "Big-city walks",
  primaryColor: "#1d4ed8",
  primaryColorPicker: "#1d4ed8",
  previousColor: "#1d4ed8",
  supportEmail: "hello@acme-adventures.example",
  supportPhone: "+1 212 555 0142",
  ...fields,
});

describe("/console/branding", () => {
  it("the guard: signed out to sign-in, a non-member 404, a guide 403 (page and form), the marketplace 404", async () => {
    await expectTeamOnly(PATH, load);
    const guide = await memberOfAcme("guide");
    expect((await load(guide.cookie)).status).toBe(403);
    expect((await post(guide.cookie, { intent: "publish" })).status).toBe(403);
    const manager = await memberOfAcme("manager");
    expect((await load(manager.cookie, "localhost:3000")).status).toBe(404);
    const own = await load(manager.cookie);
    expect(own.status).toBe(200);
    expect(own.data.branding.draft.name).toBe("Acme Adventures");
  });

  it("a colour failing 4.5:1 is refused (422) on the colour field; the draft keeps its colour", async () => {
    const owner = await memberOfAcme("owner");
    const out = await post(owner.cookie, saveForm({ primaryColor: "#7dd3fc" }));
    expect(out.status).toBe(422);
    expect(fieldErrors(out).primaryColor).toEqual(["branding.contrastTooLow"]);
    expect((await load(owner.cookie)).data.branding.draft.primaryColor).toBe("#1d4ed8");
  });

  it("saves the draft (the picked colour when only the picker changed), then publishes it: travellers see it after, not before", async () => {
    const owner = await memberOfAcme("owner");
    const saved = await post(
      owner.cookie,
      saveForm({ name: "Acme <b>Bold</b>", primaryColorPicker: "#b91c1c", supportPhone: "(212) 555-0199" }),
    );
    expect(saved.status).toBe(302);
    expect(saved.location).toBe(PATH);
    expect(saved.headers.get("Set-Cookie")).toContain("flash");
    const draft = (await load(owner.cookie)).data.branding;
    expect(draft.draft).toMatchObject({
      name: "Acme <b>Bold</b>",
      primaryColor: "#b91c1c",
      supportPhone: "+12125550199",
    });
    expect(draft.unpublished).toBe(true);
    expect((await storefront()).colors.primary).toBe("#1D4ED8");

    const png = await sharp({ create: { width: 300, height: 100, channels: 4, background: "#1d4ed880" } })
      .png()
      .toBuffer();
    const key = (await load(owner.cookie)).data.idempotencyKey;
    const logo = () =>
      uploadLogo(owner.cookie, new Blob([new Uint8Array(png)], { type: "image/png" }), "logo.png", key);
    const uploaded = await logo();
    expect(uploaded.status).toBe(302);
    const after = (await load(owner.cookie)).data;
    const logoUrl = after.branding.draft.logoUrl;
    expect(logoUrl).toMatch(/^\/v1\/media\/logos\/.+\/192\.png$/);
    // The next page answer has a new key; the form sent again with the old one uploads nothing more.
    expect(after.idempotencyKey).not.toBe(key);
    expect((await logo()).status).toBe(302);
    expect((await load(owner.cookie)).data.branding.draft.logoUrl).toBe(logoUrl);
    expect((await storefront()).logoUrl).not.toBe(logoUrl);

    const published = await post(owner.cookie, { intent: "publish" });
    expect(published.status).toBe(302);
    expect(await storefront()).toMatchObject({
      name: "Acme <b>Bold</b>",
      logoUrl,
      colors: { primary: "#b91c1c" },
      contact: { phone: "+12125550199" },
    });
    expect((await load(owner.cookie)).data.branding.unpublished).toBe(false);
  });

  it("refusals on the fields: an SVG logo 415, a bad phone and email 400, the text field wins over the picker", async () => {
    const owner = await memberOfAcme("manager");
    const svg = new Blob(['<svg xmlns="http://www.w3.org/2000/svg"/>'], { type: "image/svg+xml" });
    const refused = await uploadLogo(owner.cookie, svg, "logo.png");
    expect(refused.status).toBe(415);
    expect(fieldErrors(refused).file).toEqual(["branding.logoUnsupported"]);
    const bad = await post(owner.cookie, saveForm({ supportPhone: "+351 21 555 0187", supportEmail: "nope" }));
    expect(bad.status).toBe(400);
    expect(fieldErrors(bad)).toMatchObject({
      supportPhone: ["branding.phoneInvalid"],
      supportEmail: ["branding.emailInvalid"],
    });
    const nul = await post(owner.cookie, saveForm({ name: "Acme\u0000" }));
    // The platform's form reader refuses NUL bytes before any page reads them.
    expect(nul.status).toBe(400);
    const bell = await post(owner.cookie, saveForm({ name: "Acme\u0007" }));
    expect(fieldErrors(bell).name).toEqual(["branding.controlCharacters"]);
    // Both changed: the typed one is taken.
    const typed = await post(
      owner.cookie,
      saveForm({ primaryColor: "#15803d", primaryColorPicker: "#7dd3fc", previousColor: "#b91c1c" }),
    );
    expect(typed.status).toBe(302);
    expect((await load(owner.cookie)).data.branding.draft.primaryColor).toBe("#15803d");
  });
});
