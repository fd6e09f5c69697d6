import { desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { experiences, resellerKeys, resellers } from "~api/db/schema";
import * as page from "~/routes/_console.console.resellers";
import { accountIdOf, auditEntries } from "../support/operator";
import { octo, resellerWithKey } from "../support/octo";
import { identityWorld } from "../support/identity";
import { ACME, consoleLoad, consolePost, expectManagersOnly, memberOf } from "../support/console-routes";
import { signedInMinutesAgo } from "../support/two-step";

const { db } = identityWorld();

const PATH = "/console/resellers";
const load = (cookie: string | null, host = ACME) => consoleLoad(page, PATH, cookie, {}, host);
const post = (cookie: string, form: Record<string, string> | URLSearchParams) => consolePost(page, PATH, cookie, form);

const coastline = {
  intent: "add",
  name: "Coastline Tours",
  contactEmail: "Desk@Coastline.example",
  commission: "12.5",
};

/** acme's experiences (id and title), by id. */
async function acmeExperiences() {
  return db()
    .select({ id: experiences.id, title: experiences.title })
    .from(experiences)
    .where(eq(experiences.accountId, await accountIdOf(db(), "acme")))
    .orderBy(experiences.id);
}

/** The newest reseller of acme named `name`. */
async function resellerNamed(name: string) {
  const [row] = await db().select().from(resellers).where(eq(resellers.name, name)).orderBy(desc(resellers.createdAt));
  return row;
}

describe("/console/resellers", () => {
  it("signed out: sign in; no team: 404; a guide: 403 reading and posting; the marketplace: 404", async () => {
    await expectManagersOnly(db(), PATH, "manageResellers", load, (cookie) => post(cookie, coastline));
  });

  it("a manager adds resellers (every experience, or those ticked), refused ones on their field; the page lists them, not another operator's", async () => {
    const manager = await memberOf(db(), "manager");
    const harbors = await resellerWithKey(db(), "harbor");
    const added = await post(manager.cookie, { ...coastline, sells: "all" });
    expect(added.status).toBe(302);
    expect(added.location).toBe(PATH);
    const all = await resellerNamed("Coastline Tours");
    expect(all).toMatchObject({ contactEmail: "desk@coastline.example", commissionBps: 1250, allExperiences: true });
    expect(await auditEntries(db(), "reseller.created", manager.user.uid)).toHaveLength(1);

    const [first, second] = await acmeExperiences();
    const chosen = new URLSearchParams({ ...coastline, name: "Hotel Desk", commission: "0", sells: "chosen" });
    chosen.append("experienceIds", first.id);
    chosen.append("experienceIds", second.id);
    expect((await post(manager.cookie, chosen)).status).toBe(302);
    const listed = await resellerNamed("Hotel Desk");
    expect(listed).toMatchObject({ commissionBps: 0, allExperiences: false });

    const refusals: Array<[Record<string, string>, Record<string, string[]>]> = [
      [{ name: "" }, { name: ["prices.nameRequired"] }],
      [{ contactEmail: "not-an-email" }, { contactEmail: ["validation.emailInvalid"] }],
      [{ commission: "100.5" }, { commission: ["resellers.commissionInvalid"] }],
      [{ commission: "12.345" }, { commission: ["resellers.commissionInvalid"] }],
      [{ commission: "-1" }, { commission: ["resellers.commissionInvalid"] }],
      [{ sells: "chosen" }, { experienceIds: ["resellers.chooseExperiences"] }],
      [{ sells: "some" }, { sells: ["resellers.sellsRequired"] }],
      [{ sells: "chosen", experienceIds: "../../etc" }, { "experienceIds[0]": ["validation.idInvalid"] }],
    ];
    for (const [fields, errors] of refusals) {
      const refused = await post(manager.cookie, { ...coastline, sells: "all", ...fields });
      expect(refused.status, JSON.stringify(fields)).toBe(400);
      expect(refused.data.intent).toBe("add");
      expect(refused.data.result.error).toMatchObject(errors);
    }
    // Another operator's experience: the API refuses it (400), nothing is added.
    const [harborExperience] = await db()
      .select({ id: experiences.id })
      .from(experiences)
      .where(eq(experiences.accountId, await accountIdOf(db(), "harbor")))
      .limit(1);
    const foreign = await post(manager.cookie, {
      ...coastline,
      name: "Sneaky",
      sells: "chosen",
      experienceIds: harborExperience.id,
    });
    expect(foreign.status).toBe(400);
    expect(await resellerNamed("Sneaky")).toBeUndefined();

    const shown = await load(manager.cookie);
    expect(shown.status).toBe(200);
    expect(shown.data.title).toBe("Resellers");
    expect(shown.data.octoUrl).toBe("http://acme.app.localhost:3000/octo");
    expect(shown.data.experiences.map((experience: { id: string }) => experience.id).sort()).toEqual(
      (await acmeExperiences()).map((experience) => experience.id).sort(),
    );
    const ids = shown.data.resellers.map((reseller: { id: string }) => reseller.id);
    expect(ids).toContain(all.id);
    expect(ids).not.toContain(harbors.id);
    const hotel = shown.data.resellers.find((reseller: { id: string }) => reseller.id === listed.id);
    expect(hotel).toMatchObject({ commissionBps: 0, keys: [] });
    expect(hotel.experiences.map((experience: { id: string }) => experience.id).sort()).toEqual(
      [first.id, second.id].sort(),
    );
    expect(shown.data.resellers.find((reseller: { id: string }) => reseller.id === all.id).experiences).toBeNull();
  });

  it("an owner makes a key: shown in that answer only, it opens /octo; revoked (asked first), /octo refuses it", async () => {
    const owner = await memberOf(db(), "owner");
    expect((await post(owner.cookie, { ...coastline, name: "Key Agency", sells: "all" })).status).toBe(302);
    const reseller = await resellerNamed("Key Agency");

    const made = await post(owner.cookie, { intent: "createKey", resellerId: reseller.id });
    expect(made.status).toBe(200);
    expect(made.data.intent).toBe(`createKey:${reseller.id}`);
    const { key, last4 } = made.data.newKey;
    expect(key).toMatch(/^wf_octo_[A-Za-z0-9_-]{43}$/);
    expect(key.endsWith(last4)).toBe(true);
    expect((await octo(key, "/supplier")).status).toBe(200);

    // The page lists it by its last 4, never its text; the database keeps its hash only.
    const shown = await load(owner.cookie);
    expect(JSON.stringify(shown.data)).not.toContain(key);
    const listed = shown.data.resellers.find((row: { id: string }) => row.id === reseller.id);
    expect(listed.keys).toEqual([expect.objectContaining({ last4, revokedAt: null })]);
    const [row] = await db().select().from(resellerKeys).where(eq(resellerKeys.resellerId, reseller.id));
    expect(JSON.stringify(row)).not.toContain(key);
    expect(await auditEntries(db(), "reseller_key.created", owner.user.uid)).toHaveLength(1);

    const revoked = await post(owner.cookie, { intent: "revokeKey", resellerId: reseller.id, keyId: row.id });
    expect(revoked.status).toBe(302);
    expect(revoked.location).toBe(PATH);
    expect((await octo(key, "/supplier")).status).toBe(401);
    expect(
      (await load(owner.cookie)).data.resellers.find((r: { id: string }) => r.id === reseller.id).keys[0].revokedAt,
    ).not.toBeNull();
    expect(await auditEntries(db(), "reseller_key.revoked", owner.user.uid)).toHaveLength(1);
  });

  it("another operator's reseller or key: refused on the form (404), nothing made or revoked; junk ids: 400", async () => {
    const manager = await memberOf(db(), "manager");
    const harbors = await resellerWithKey(db(), "harbor");
    const made = await post(manager.cookie, { intent: "createKey", resellerId: harbors.id });
    expect(made.status).toBe(404);
    expect(made.data.result.error[""]).toEqual(["apiErrors.reseller_not_found"]);
    const revoke = await post(manager.cookie, { intent: "revokeKey", resellerId: harbors.id, keyId: harbors.keyId });
    expect(revoke.status).toBe(404);
    expect((await octo(harbors.key, "/supplier")).status).toBe(200);
    expect(await db().select().from(resellerKeys).where(eq(resellerKeys.resellerId, harbors.id))).toHaveLength(1);

    const junk: Array<Record<string, string>> = [
      { intent: "createKey", resellerId: "<script>" },
      { intent: "revokeKey", resellerId: harbors.id, keyId: "x".repeat(65) },
      { intent: "nothing" },
    ];
    for (const form of junk) expect((await post(manager.cookie, form)).status, JSON.stringify(form)).toBe(400);
  });

  it("making a key, signed in 11 minutes ago: 'Confirm it's you' first (the password), then the key", async () => {
    const owner = await memberOf(db(), "owner");
    expect((await post(owner.cookie, { ...coastline, name: "Late Agency", sells: "all" })).status).toBe(302);
    const reseller = await resellerNamed("Late Agency");
    const cookie = `__session=${await signedInMinutesAgo(owner.user, 11)}`;
    const form = { intent: "createKey", resellerId: reseller.id };
    const asked = await post(cookie, form);
    expect(asked.status).toBe(403);
    expect(asked.data.reauth).toMatchObject({ method: "sign_in", values: Object.entries(form) });
    expect(asked.data.newKey).toBeUndefined();
    expect(await db().select().from(resellerKeys).where(eq(resellerKeys.resellerId, reseller.id))).toHaveLength(0);
    const done = await post(cookie, { ...form, reauthPassword: owner.user.password });
    expect(done.status).toBe(200);
    expect(done.data.newKey.key).toMatch(/^wf_octo_/);
  });
});
