import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { experiences, services, ticketTypes } from "~api/db/schema";
import * as edit from "~/routes/_console.console.experiences.$experienceId._index";
import * as list from "~/routes/_console.console.experiences._index";
import * as create from "~/routes/_console.console.experiences.new";
import * as details from "~/routes/_details.experiences.$parentId.$serviceId._index";
import * as sitemap from "~/routes/sitemap[.]xml";
import { findService } from "../support/booking";
import { identityWorld } from "../support/identity";
import { ACME, consoleLoad as load, consolePost as post, expectTeamOnly, memberOf } from "../support/console-routes";

const { db } = identityWorld();

const FORM = {
  title: "Harbour Kayak at Dawn",
  summary: "Paddle the calm harbour before the ferries.",
  description: "Two hours on the water with a guide.",
  city: "Halifax",
  country: "CA",
  category: "water",
  durationMinutes: "120",
  capacity: "6",
  meetingPoint: "1655 Lower Water St, Halifax NS B3J 1S5",
  latitude: "44.6476",
  longitude: "-63.5728",
  languages: "en",
  included: "Kayak and paddle\n\n  Dry bag  \n",
  cancellationPolicy: "Free cancellation up to 48 hours before.",
};

/** A published seeded experience and its first service (where the details page is). */
const seeded = () => findService(db(), "acme");

describe("/console/experiences: the guard", () => {
  it("signed out: to sign-in; a non-member: 404; a guide: 403; another operator's id: 404", async () => {
    const stranger = await expectTeamOnly("/console/experiences", (cookie) =>
      load(list, "/console/experiences", cookie),
    );
    expect((await load(create, "/console/experiences/new", stranger.cookie)).status).toBe(404);
    expect((await post(create, "/console/experiences/new", stranger.cookie, FORM)).status).toBe(404);

    const guide = await memberOf(db(), "guide");
    const { experienceId } = await seeded();
    expect((await load(list, "/console/experiences", guide.cookie)).status).toBe(403);
    expect((await load(create, "/console/experiences/new", guide.cookie)).status).toBe(403);
    expect((await load(edit, `/console/experiences/${experienceId}`, guide.cookie, { experienceId })).status).toBe(403);
    expect((await post(create, "/console/experiences/new", guide.cookie, FORM)).status).toBe(403);
    expect(
      (
        await post(
          edit,
          `/console/experiences/${experienceId}`,
          guide.cookie,
          { intent: "publish", published: "false" },
          {
            experienceId,
          },
        )
      ).status,
    ).toBe(403);

    const owner = await memberOf(db(), "owner");
    const harbor = (await findService(db(), "harbor")).experienceId;
    const path = `/console/experiences/${harbor}`;
    expect((await load(edit, path, owner.cookie, { experienceId: harbor })).status).toBe(404);
    expect((await load(edit, "/console/experiences/nope!", owner.cookie, { experienceId: "nope!" })).status).toBe(404);
    const publishOther = await post(
      edit,
      path,
      owner.cookie,
      { intent: "publish", published: "false" },
      {
        experienceId: harbor,
      },
    );
    expect(publishOther.status).toBe(404);
    const [row] = await db().select().from(experiences).where(eq(experiences.id, harbor));
    expect(row.publishedAt).not.toBeNull();
  });
});

describe("/console/experiences: create, edit, publish", () => {
  it("the list shows every experience with its status; the form refuses in words; a draft is created", async () => {
    const manager = await memberOf(db(), "manager");
    const page = await load(list, "/console/experiences", manager.cookie);
    expect(page.status).toBe(200);
    expect(page.data.list.items.length).toBeGreaterThan(0);
    expect(page.data.list.items.every((item: { status: string }) => item.status === "published")).toBe(true);

    const form = await load(create, "/console/experiences/new", manager.cookie);
    expect(form.data.options.categories.map((option: { value: string }) => option.value)).toContain("water");
    expect(form.data.options.countries.length).toBeGreaterThan(190);
    expect(form.data.constraint.title).toMatchObject({ required: true, maxLength: 120 });
    // The zone: any of the list, or left to the meeting point's place (the operator's zone marked).
    expect(form.data.options.zones).toContain("America/Denver");
    expect(form.data.options.operatorZone).toBe("America/New_York");
    expect(form.data.constraint.timezone?.required).toBeFalsy();

    const refused = await post(create, "/console/experiences/new", manager.cookie, {
      ...FORM,
      title: "",
      languages: "",
      category: "skydiving",
    });
    expect(refused.status).toBe(400);
    expect(refused.data.result.error).toMatchObject({
      title: ["operatorExperiences.errors.required"],
      category: ["operatorExperiences.errors.category"],
      languages: expect.arrayContaining([expect.stringMatching(/^operatorExperiences\.errors\./)]),
    });

    // One coordinate without the other: said on the missing one.
    const half = await post(create, "/console/experiences/new", manager.cookie, { ...FORM, longitude: "" });
    expect(half.status).toBe(400);
    expect(half.data.result.error).toEqual({ longitude: ["operatorExperiences.errors.coordinatesBoth"] });
    const zone = await post(create, "/console/experiences/new", manager.cookie, { ...FORM, timezone: "Mars/Olympus" });
    expect(zone.status).toBe(400);
    expect(zone.data.result.error).toEqual({ timezone: ["operatorExperiences.errors.timezone"] });

    const body = new URLSearchParams(Object.entries(FORM));
    body.append("languages", "fr");
    const created = await post(create, "/console/experiences/new", manager.cookie, body);
    expect(created.status).toBe(302);
    expect(created.location).toMatch(/^\/console\/experiences\/harbour-kayak-at-dawn-[a-z0-9x]{6}$/);
    expect(created.headers.get("Set-Cookie")).toContain("flash");
    const experienceId = created.location!.split("/").pop()!;

    const [row] = await db().select().from(experiences).where(eq(experiences.id, experienceId));
    expect(row).toMatchObject({
      publishedAt: null,
      cityName: "Halifax",
      countryCode: "CA",
      languages: ["en", "fr"],
      included: ["Kayak and paddle", "Dry bag"],
      meetingPointLat: 44.6476,
      meetingPointLng: -63.5728,
      // "Automatic" (no zone chosen): the meeting point's, not the operator's (New York).
      timezone: "America/Halifax",
    });

    const after = await load(list, "/console/experiences", manager.cookie);
    expect(after.data.list.items[0]).toMatchObject({ id: experienceId, status: "draft" });
  });

  it("the edit page saves, refuses to publish without a price (in words), publishes, unpublishes", async () => {
    const owner = await memberOf(db(), "owner");
    const body = new URLSearchParams(Object.entries(FORM));
    const created = await post(create, "/console/experiences/new", owner.cookie, body);
    const experienceId = created.location!.split("/").pop()!;
    const path = `/console/experiences/${experienceId}`;
    const params = { experienceId };

    const page = await load(edit, path, owner.cookie, params);
    expect(page.status).toBe(200);
    expect(page.data.experience).toMatchObject({
      status: "draft",
      missingToPublish: ["ticket_type"],
      timezone: "America/Halifax",
    });
    expect(page.data.flash).toBeNull();

    const refused = await post(edit, path, owner.cookie, { intent: "publish", published: "true" }, params);
    expect(refused.status).toBe(409);
    expect(refused.data).toMatchObject({
      intent: "publish",
      result: { error: { "": ["operatorExperiences.notPublishable"] } },
    });

    const saved = await post(
      edit,
      path,
      owner.cookie,
      {
        ...FORM,
        intent: "save",
        title: "Harbour Kayak at Sunrise",
        latitude: "",
        longitude: "",
        timezone: "America/Denver",
      },
      params,
    );
    expect(saved.status).toBe(302);
    expect(saved.location).toBe(path);
    const [moved] = await db().select().from(experiences).where(eq(experiences.id, experienceId));
    expect(moved.timezone).toBe("America/Denver");
    // Editing, the zone is always given (it has one): none is refused in words.
    const noZone = await post(edit, path, owner.cookie, { ...FORM, intent: "save" }, params);
    expect(noZone.status).toBe(400);
    expect(noZone.data.result.error).toEqual({ timezone: ["operatorExperiences.errors.timezone"] });
    const invalid = await post(
      edit,
      path,
      owner.cookie,
      { ...FORM, intent: "save", timezone: "America/Denver", durationMinutes: "150.5" },
      params,
    );
    expect(invalid.status).toBe(400);
    expect(invalid.data.result.error.durationMinutes).toEqual(["operatorExperiences.errors.wholeMinutes"]);

    // A ticket type (the prices page of the console adds these).
    const [service] = await db().select().from(services).where(eq(services.experienceId, experienceId));
    await db()
      .insert(ticketTypes)
      .values({ id: `${experienceId}-adult`, serviceId: service.id, code: "adult", name: "Adult", priceMinor: 6500 });
    const published = await post(edit, path, owner.cookie, { intent: "publish", published: "true" }, params);
    expect(published.status).toBe(302);
    const shown = await load(edit, path, owner.cookie, params);
    expect(shown.data.experience).toMatchObject({
      title: "Harbour Kayak at Sunrise",
      status: "published",
      meetingPointLocation: null,
      storefrontPath: expect.stringMatching(new RegExp(`^/experiences/${experienceId}/`)),
    });

    const unpublished = await post(edit, path, owner.cookie, { intent: "publish", published: "false" }, params);
    expect(unpublished.status).toBe(302);
    expect((await load(edit, path, owner.cookie, params)).data.experience.status).toBe("draft");

    // A zone this server does not list (an alias stored before): offered as it is, never swapped
    // for the select's first option.
    await db().update(experiences).set({ timezone: "Asia/Kolkata" }).where(eq(experiences.id, experienceId));
    const aliased = await load(edit, path, owner.cookie, params);
    expect(aliased.data.options.zones[0]).toBe("Asia/Kolkata");
    expect(page.data.options.zones).not.toContain("Asia/Kolkata");
  });
});

describe("/console/experiences: travellers see a change at once", () => {
  it("a kept details page shows the new title after a console edit; unpublished, it and the sitemap drop it", async () => {
    const owner = await memberOf(db(), "owner");
    const { experienceId, serviceId } = await seeded();
    const detailsPath = `/experiences/${experienceId}/${serviceId}`;
    const params = { parentId: experienceId, serviceId };
    const shownTitle = async (host?: string) => {
      const page = await load(details, detailsPath, null, params, host);
      return page.status === 200 ? page.data.experience.title : page.status;
    };
    const before = await shownTitle("localhost:3000");
    expect(before).toBe((await seeded()).experienceTitle);
    // Kept: a change behind the API's back does not show.
    await db().update(experiences).set({ title: "Changed Behind The Back" }).where(eq(experiences.id, experienceId));
    expect(await shownTitle("localhost:3000")).toBe(before);

    const path = `/console/experiences/${experienceId}`;
    const current = (await load(edit, path, owner.cookie, { experienceId })).data.experience;
    const form = {
      intent: "save",
      title: "Sunrise on the Brooklyn Bridge",
      summary: current.summary,
      description: current.description,
      city: current.city,
      country: current.country,
      category: current.category,
      durationMinutes: String(current.durationMinutes),
      meetingPoint: current.meetingPoint,
      latitude: String(current.meetingPointLocation.lat),
      longitude: String(current.meetingPointLocation.lng),
      languages: current.languages[0],
      included: current.included.join("\n"),
      cancellationPolicy: current.cancellationPolicy,
      timezone: current.timezone,
    };
    expect((await post(edit, path, owner.cookie, form, { experienceId })).status).toBe(302);
    expect(await shownTitle("localhost:3000")).toBe("Sunrise on the Brooklyn Bridge");
    expect(await shownTitle(ACME)).toBe("Sunrise on the Brooklyn Bridge");

    const inSitemap = async () => {
      const answer = await load(sitemap, "/sitemap.xml", null, {}, "localhost:3000");
      return String(answer.data).includes(`/experiences/${experienceId}/`);
    };
    expect(await inSitemap()).toBe(true);
    const off = await post(edit, path, owner.cookie, { intent: "publish", published: "false" }, { experienceId });
    expect(off.status).toBe(302);
    expect(await shownTitle("localhost:3000")).toBe(404);
    expect(await shownTitle(ACME)).toBe(404);
    expect(await inSitemap()).toBe(false);

    expect(
      (await post(edit, path, owner.cookie, { intent: "publish", published: "true" }, { experienceId })).status,
    ).toBe(302);
    expect(await shownTitle(ACME)).toBe("Sunrise on the Brooklyn Bridge");
    expect(await inSitemap()).toBe(true);
  });
});
