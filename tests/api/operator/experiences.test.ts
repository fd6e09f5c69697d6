import "../../support/env";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { accounts, auditLog, experiences, services, ticketTypes } from "~api/db/schema";
import { CHANGED_HEADER } from "~contract/system/changes";
import type { OperatorRole } from "~contract/operator/team";
import { expectEnvelope, expectPlainTextRefused } from "../../support/api";
import * as world from "../../support/booking";
import { teamOf, auditEntries, accountIdOf, asMember, syncedMember } from "../../support/operator";
import { identityWorld, type TestUser } from "../../support/identity";
import { callEndpoint, declared, v1 } from "../../support/client";
import type { EndpointName } from "~contract/endpoints";

const { db } = identityWorld();

const member = (slug: string, role: OperatorRole) => syncedMember(db(), slug, role);

const NEW_EXPERIENCE = {
  title: "Alfama Tile Workshop",
  summary: "Paint your own azulejo with a Lisbon ceramicist.",
  description: "Two hours in a working studio.\n\nYou take your tile home.",
  city: "Lisbon",
  country: "pt",
  category: "classes",
  durationMinutes: 120,
  meetingPoint: "Rua de São Miguel 12, 1100-544 Lisboa",
  meetingPointLocation: { lat: 38.7118, lng: -9.1303 },
  languages: ["en", "pt-br"],
  included: ["Tile and paints", "Firing and packing"],
  cancellationPolicy: "Free cancellation up to 24 hours before.",
  capacity: 8,
};

let owner: TestUser;
let manager: TestUser;
let guide: TestUser;
let stranger: TestUser;
let harborOwner: TestUser;
beforeAll(async () => {
  [{ owner, manager, guide, stranger }, harborOwner] = await Promise.all([teamOf(db()), member("harbor", "owner")]);
});

async function create(user: TestUser, body: Record<string, unknown> = NEW_EXPERIENCE) {
  const res = await v1.operatorCreateExperience(asMember(user.idToken, { body }));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: string; serviceId: string };
}

const patch = (user: TestUser | undefined, id: string, body: unknown, account = "acme") =>
  v1.operatorUpdateExperience({ params: { experienceId: id }, ...asMember(user?.idToken, { account: account, body }) });

/** Every door a traveller may knock on, with the statuses they answer. */
async function travellerDoors(id: string, serviceId: string, slotId: string, traveller: TestUser) {
  const list = await v1.experiences({ query: { pageSize: "48", city: "lisbon" }, account: "acme" });
  const marketplace = await v1.experiences({ query: { pageSize: "48", q: "azulejo ceramicist" } });
  const facets = await v1.facets({ account: "acme" });
  const date = (await db().select().from(experiences).where(eq(experiences.id, id)))[0];
  return {
    listed: list.body.data.items.some((item: { id: string }) => item.id === id),
    searched: marketplace.body.data.items.some((item: { id: string }) => item.id === id),
    lisbonFacet: facets.body.data.cities.some((city: { slug: string }) => city.slug === date.citySlug),
    details: (await v1.experience({ params: { parentId: id }, account: "acme" })).status,
    service: (await v1.service({ params: { parentId: id, serviceId }, account: "acme" })).status,
    reviews: (await v1.reviews({ params: { parentId: id }, account: "acme" })).status,
    availability: (await v1.availability({ params: { parentId: id, serviceId }, account: "acme" })).status,
    quote: (
      await v1.quote({
        account: "acme",
        token: traveller.idToken,
        body: { serviceId, slotId, tickets: [{ ticketTypeId: `${serviceId}-adult`, quantity: 1 }] },
      })
    ).status,
    booking: (
      await world.placeBooking(
        traveller.idToken,
        {
          serviceId,
          slotId,
          tickets: [{ ticketTypeId: `${serviceId}-adult`, quantity: 1 }],
          returnUrl: `/experiences/${id}/${serviceId}/return/{bookingId}`,
          cancelUrl: `/experiences/${id}/${serviceId}/confirm`,
        },
        { account: "acme" },
      )
    ).status,
  };
}

describe("operator experiences: the guard", () => {
  it("signed out 401, non-member 404, another operator's id 404, guide 403, on every endpoint", async () => {
    const { id } = await create(owner);
    const seededHarbor = (await world.findService(db(), "harbor")).experienceId;
    const endpoints: Array<[EndpointName, { experienceId?: string }, unknown]> = [
      ["operatorListExperiences", {}, undefined],
      ["operatorGetExperience", { experienceId: id }, undefined],
      ["operatorCreateExperience", {}, NEW_EXPERIENCE],
      ["operatorUpdateExperience", { experienceId: id }, { title: "Changed" }],
    ];
    for (const [name, params, body] of endpoints) {
      expectEnvelope(await callEndpoint(name, { params, ...asMember(undefined, { body }) }), 401, "unauthorized");
      expectEnvelope(await callEndpoint(name, { params, ...asMember(stranger.idToken, { body }) }), 404, "not_found");
      expectEnvelope(
        await callEndpoint(name, { params, ...asMember(harborOwner.idToken, { body }) }),
        404,
        "not_found",
      );
      expectEnvelope(await callEndpoint(name, { params, ...asMember(guide.idToken, { body }) }), 403, "forbidden");
    }
    // Another operator's experience, asked for by its own member on its own storefront: acme's id is unknown there.
    expectEnvelope(
      await v1.operatorGetExperience({
        params: { experienceId: id },
        ...asMember(harborOwner.idToken, { account: "harbor" }),
      }),
      404,
      "not_found",
    );
    expectEnvelope(await patch(harborOwner, id, { title: "Mine now" }, "harbor"), 404, "not_found");
    // And acme's owner cannot reach harbor's seeded experience from acme.
    expectEnvelope(
      await v1.operatorGetExperience({ params: { experienceId: seededHarbor }, ...asMember(owner.idToken) }),
      404,
      "not_found",
    );
    expectEnvelope(await patch(owner, seededHarbor, { published: false }), 404, "not_found");
    const [row] = await db().select().from(experiences).where(eq(experiences.id, seededHarbor));
    expect(row.publishedAt).not.toBeNull();
    // A manager may.
    expect((await v1.operatorListExperiences(asMember(manager.idToken))).status).toBe(200);
  });
});

describe("operator experiences: create, list, read", () => {
  it("creates a draft with its first service; lists it with the seeded ones; reads every field; audits", async () => {
    const { id, serviceId } = await create(manager);
    expect(id).toMatch(/^alfama-tile-workshop-[a-z0-9x]{6}$/);
    const [service] = await db().select().from(services).where(eq(services.experienceId, id));
    expect(service).toMatchObject({ id: serviceId, name: "Standard", durationMinutes: 120, capacity: 8 });

    const got = await v1.operatorGetExperience({ params: { experienceId: id }, ...asMember(manager.idToken) });
    expect(got.status).toBe(200);
    expect(got.body.data).toMatchObject({
      id,
      status: "draft",
      publishedAt: null,
      city: "Lisbon",
      citySlug: "lisbon",
      country: "PT",
      category: "classes",
      durationMinutes: 120,
      meetingPoint: NEW_EXPERIENCE.meetingPoint,
      meetingPointLocation: { lat: 38.7118, lng: -9.1303 },
      languages: ["en", "pt-BR"],
      included: NEW_EXPERIENCE.included,
      missingToPublish: ["ticket_type"],
      storefrontPath: null,
    });

    const list = await v1.operatorListExperiences(asMember(owner.idToken));
    expect(list.status).toBe(200);
    const acmeId = await accountIdOf(db(), "acme");
    const seeded = await db().select().from(experiences).where(eq(experiences.accountId, acmeId));
    expect(list.body.data.total).toBe(seeded.length);
    const draft = list.body.data.items.find((item: { id: string }) => item.id === id);
    expect(draft).toMatchObject({
      status: "draft",
      city: { slug: "lisbon", name: "Lisbon", country: "PT" },
      category: { slug: "classes", name: "Classes & Workshops" },
      priceFrom: null,
      services: 1,
      upcomingDepartures: 0,
    });
    const brooklyn = list.body.data.items.find((item: { id: string }) => item.id === "brooklyn-bridge-sunrise-walk");
    expect(brooklyn).toMatchObject({
      status: "published",
      priceFrom: { amount: 4900, currency: "USD" },
      priceBasis: "per_adult",
      services: 2,
    });
    expect(brooklyn.upcomingDepartures).toBeGreaterThan(0);
    // Only acme's.
    expect(list.body.data.items.every((item: { id: string }) => seeded.some((row) => row.id === item.id))).toBe(true);

    const audit = await auditEntries(db(), "experience.created", manager.uid);
    expect(audit.at(-1)).toMatchObject({
      accountId: acmeId,
      target: { experienceId: id, title: NEW_EXPERIENCE.title },
    });
  });

  it("a city of another country with the same name gets its own slug; a name without Latin letters gets one", async () => {
    const { id: first } = await create(owner, { ...NEW_EXPERIENCE, city: "Portland", country: "US" });
    const { id: second } = await create(owner, { ...NEW_EXPERIENCE, city: "Portland", country: "GB" });
    const { id: third } = await create(owner, { ...NEW_EXPERIENCE, city: "東京", country: "JP" });
    const slugs = await Promise.all(
      [first, second, third].map(
        async (id) =>
          (await v1.operatorGetExperience({ params: { experienceId: id }, ...asMember(owner.idToken) })).body.data
            .citySlug,
      ),
    );
    expect(slugs[0]).toBe("portland");
    expect(slugs[1]).toBe("portland-gb");
    expect(slugs[2]).toMatch(/^c-[0-9a-f]{8}$/);
  });
});

describe("operator experiences: the zone of a new one", () => {
  /** acme's own zone is America/New_York: each place below is elsewhere. */
  const zoneOf = async (place: Record<string, unknown>) => {
    const { id } = await create(manager, { ...NEW_EXPERIENCE, meetingPointLocation: null, ...place });
    const got = await v1.operatorGetExperience({ params: { experienceId: id }, ...asMember(manager.idToken) });
    const [row] = await db().select().from(experiences).where(eq(experiences.id, id));
    expect(got.body.data.timezone).toBe(row.timezone);
    // The audit row names the zone it got.
    const audits = await auditEntries(db(), "experience.created", manager.uid);
    expect(audits.find((audit) => audit.target.experienceId === id)?.target.timezone).toBe(row.timezone);
    return row.timezone;
  };

  it("given: that one; else its meeting point's coordinates', its city's, its country's only zone, the operator's", async () => {
    const [acme] = await db().select().from(accounts).where(eq(accounts.slug, "acme"));
    expect(acme.timezone).toBe("America/New_York");
    const boulder = { city: "Boulder", country: "US" };
    // Chosen: kept as given, whatever the place.
    expect(await zoneOf({ ...boulder, timezone: "Europe/Lisbon" })).toBe("Europe/Lisbon");
    // The meeting point's coordinates (Chautauqua, Boulder), whatever the city typed.
    expect(
      await zoneOf({ city: "Flatirons", country: "US", meetingPointLocation: { lat: 39.999, lng: -105.2817 } }),
    ).toBe("America/Denver");
    // No coordinates: the city, in its country (accents and case aside).
    expect(await zoneOf(boulder)).toBe("America/Denver");
    expect(await zoneOf({ city: "são paulo", country: "BR" })).toBe("America/Sao_Paulo");
    // Two of that name in the country: the most populous (Portland, Oregon rather than Maine).
    expect(await zoneOf({ city: "Portland", country: "US" })).toBe("America/Los_Angeles");
    // A place at sea gives no zone: the city's.
    expect(await zoneOf({ city: "Lisbon", country: "PT", meetingPointLocation: { lat: 0, lng: 0 } })).toBe(
      "Europe/Lisbon",
    );
    // A village the list does not know, in a country of one zone: the country's.
    expect(await zoneOf({ city: "Hakone-machi", country: "JP" })).toBe("Asia/Tokyo");
    // Nothing known of the place, in a country of many zones: the operator's.
    expect(await zoneOf({ city: "Nowhere Springs", country: "US" })).toBe("America/New_York");
  });
});

describe("operator experiences: validation at the edge", () => {
  it("refuses hostile and malformed input with a 400 naming the field, never a 500", async () => {
    const bad: Array<[Record<string, unknown>, string]> = [
      [{ ...NEW_EXPERIENCE, title: "Tile\u0000Workshop" }, "title"],
      [{ ...NEW_EXPERIENCE, description: "x".repeat(8001) }, "description"],
      [{ ...NEW_EXPERIENCE, title: "   " }, "title"],
      [{ ...NEW_EXPERIENCE, category: "skydiving" }, "category"],
      [{ ...NEW_EXPERIENCE, country: "XX" }, "country"],
      [{ ...NEW_EXPERIENCE, meetingPointLocation: { lat: 91, lng: 0 } }, "meetingPointLocation.lat"],
      [{ ...NEW_EXPERIENCE, meetingPointLocation: { lat: 10 } }, "meetingPointLocation.lng"],
      [{ ...NEW_EXPERIENCE, languages: [] }, "languages"],
      [{ ...NEW_EXPERIENCE, languages: ["not a language"] }, "languages.0"],
      [{ ...NEW_EXPERIENCE, durationMinutes: 1.5 }, "durationMinutes"],
      [{ ...NEW_EXPERIENCE, capacity: 0 }, "capacity"],
      [{ ...NEW_EXPERIENCE, included: Array(31).fill("x") }, "included"],
      [{ ...NEW_EXPERIENCE, timezone: "Mars/Olympus" }, "timezone"],
      [{ ...NEW_EXPERIENCE, timezone: "europe/lisbon" }, "timezone"],
      [{ ...NEW_EXPERIENCE, timezone: "x".repeat(100_000) }, "timezone"],
      [{ ...NEW_EXPERIENCE, timezone: null }, "timezone"],
    ];
    for (const [body, field] of bad) {
      const res = await v1.operatorCreateExperience(asMember(owner.idToken, { body }));
      expect(res.status, JSON.stringify(res.body)).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(res.body.error.code).toBe("validation_error");
      expect(Object.keys(res.body.error.fields ?? {})).toContain(field);
    }
    const { id } = await create(owner);
    for (const body of [{}, { published: "yes" }, { extra: 1 }, { title: "x".repeat(121) }]) {
      expectEnvelope(await patch(owner, id, body), 400, "validation_error");
    }
    expectEnvelope(await patch(owner, "not an id!", { title: "x" }), 400, "validation_error");
    expectEnvelope(await patch(owner, "x".repeat(65), { title: "x" }), 400, "validation_error");
    await expectPlainTextRefused(declared("operatorUpdateExperience", { experienceId: id }), owner.idToken);
  });
});

describe("operator experiences: a draft is invisible to travellers until published", () => {
  it("draft: 404 everywhere; publish needs a ticket type; published: on sale; unpublished: 404 again", async () => {
    const { id, serviceId } = await create(owner);
    const slot = await world.createSlot(db(), serviceId, { capacity: 8 });
    const traveller = await world.bookingUser(await world.findService(db(), "acme"));

    const hidden = {
      listed: false,
      searched: false,
      details: 404,
      service: 404,
      reviews: 404,
      availability: 404,
      quote: 404,
      booking: 404,
    };
    expect(await travellerDoors(id, serviceId, slot.id, traveller)).toMatchObject(hidden);

    // Publishing without a price: refused, with what is missing in words.
    const refused = await patch(owner, id, { published: true });
    expectEnvelope(refused, 409, "not_publishable");
    expect(refused.body.error.message).toMatch(/ticket type with a price/);
    expect((await db().select().from(experiences).where(eq(experiences.id, id)))[0].publishedAt).toBeNull();

    // A ticket type (the prices part of the console adds these): still a draft, still hidden.
    await db()
      .insert(ticketTypes)
      .values({ id: `${serviceId}-adult`, serviceId, code: "adult", name: "Adult", priceMinor: 3500 });
    const [draftRow] = await db().select().from(experiences).where(eq(experiences.id, id));
    expect(draftRow.priceFrom).toBeNull();
    expect(await travellerDoors(id, serviceId, slot.id, traveller)).toMatchObject(hidden);

    const published = await patch(manager, id, { published: true });
    expect(published.status).toBe(200);
    expect(published.headers.get(CHANGED_HEADER)).toBe("catalog");
    expect(published.body.data).toMatchObject({
      status: "published",
      storefrontPath: `/experiences/${id}/${serviceId}`,
      missingToPublish: [],
    });
    const open = await travellerDoors(id, serviceId, slot.id, traveller);
    expect(open).toMatchObject({
      listed: true,
      searched: true,
      lisbonFacet: true,
      details: 200,
      service: 200,
      reviews: 200,
      availability: 200,
      quote: 200,
      booking: 201,
    });
    const [publishedRow] = await db().select().from(experiences).where(eq(experiences.id, id));
    expect(publishedRow.priceFrom).toBe(3500);

    const unpublished = await patch(owner, id, { published: false });
    expect(unpublished.body.data.status).toBe("draft");
    expect(await travellerDoors(id, serviceId, slot.id, traveller)).toMatchObject(hidden);
    // The booking made while it was on sale stands: its traveller still sees it.
    const mine = await v1.bookings({ token: traveller.idToken, account: "acme" });
    expect(mine.status).toBe(200);

    const actions = await db()
      .select({ action: auditLog.action, target: auditLog.target, clientAddress: auditLog.clientAddress })
      .from(auditLog)
      .where(eq(auditLog.action, "experience.published"));
    expect(actions.some((entry) => entry.target.experienceId === id && entry.clientAddress)).toBe(true);
    const unpublishedAudit = await db().select().from(auditLog).where(eq(auditLog.action, "experience.unpublished"));
    expect(unpublishedAudit.some((entry) => entry.target.experienceId === id && entry.actorId === owner.uid)).toBe(
      true,
    );
  });

  it("unpublishing a seeded experience closes its details, quote and booking; publishing reopens them", async () => {
    const seeded: world.TestService = await world.findService(db(), "acme");
    const traveller = await world.bookingUser(seeded);
    const slot = await world.createSlot(db(), seeded.serviceId);
    expect((await patch(owner, seeded.experienceId, { published: false })).status).toBe(200);
    expectEnvelope(
      await v1.experience({ params: { parentId: seeded.experienceId }, account: "acme" }),
      404,
      "not_found",
    );
    expectEnvelope(
      await v1.quote({
        account: "acme",
        token: traveller.idToken,
        body: {
          serviceId: seeded.serviceId,
          slotId: slot.id,
          tickets: [{ ticketTypeId: seeded.adult.id, quantity: 1 }],
        },
      }),
      404,
      "not_found",
    );
    expectEnvelope(await world.placeBooking(traveller.idToken, world.bookingBody(seeded, slot.id)), 404, "not_found");
    // The marketplace (no storefront) too.
    expectEnvelope(await v1.experience({ params: { parentId: seeded.experienceId } }), 404, "not_found");

    expect((await patch(owner, seeded.experienceId, { published: true })).status).toBe(200);
    expect((await v1.experience({ params: { parentId: seeded.experienceId }, account: "acme" })).status).toBe(200);
    expect((await world.placeBooking(traveller.idToken, world.bookingBody(seeded, slot.id))).status).toBe(201);
  });
});

describe("operator experiences: edits", () => {
  it("changes the fields given, audits their names (not their texts), shows on the catalog at once", async () => {
    const seeded = await world.findService(db(), "acme");
    const res = await patch(manager, seeded.experienceId, {
      title: "Brooklyn Bridge at Dawn",
      durationMinutes: 135,
      meetingPointLocation: null,
      languages: ["en", "es"],
      included: ["Guide"],
      city: "New York",
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.headers.get(CHANGED_HEADER)).toBe("catalog");
    expect(res.body.data).toMatchObject({
      title: "Brooklyn Bridge at Dawn",
      durationMinutes: 135,
      meetingPointLocation: null,
      languages: ["en", "es"],
      included: ["Guide"],
      status: "published",
    });
    const details = await v1.experience({ params: { parentId: seeded.experienceId }, account: "acme" });
    expect(details.body.data).toMatchObject({
      title: "Brooklyn Bridge at Dawn",
      meetingPointLocation: null,
      languages: ["en", "es"],
    });
    const [entry] = await auditEntries(db(), "experience.updated", manager.uid);
    expect(entry.target).toEqual({
      experienceId: seeded.experienceId,
      // city unchanged ("New York" already): not listed.
      fields: "title, meetingPointLocation, languages, included, durationMinutes",
    });
    expect(JSON.stringify(entry.target)).not.toContain("Dawn");

    // Nothing changed: no audit row, no error.
    const before = (await db().select().from(auditLog)).length;
    expect((await patch(manager, seeded.experienceId, { title: "Brooklyn Bridge at Dawn" })).status).toBe(200);
    expect((await db().select().from(auditLog)).length).toBe(before);
  });
});
