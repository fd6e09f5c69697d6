import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { experiences, services, slots } from "~api/db/schema";
import { expectEnvelope, seedDbForThisFile } from "../../support/api";
import { v1 } from "../../support/client";

const { db } = seedDbForThisFile();

describe("GET /v1/experiences/{parentId}", () => {
  it("answers the experience with its operator and services", async () => {
    const res = await v1.experience({ params: { parentId: "lisbon-sunset-sail" } });
    expect(res.status).toBe(200);
    const data = res.body.data;
    expect(data).toMatchObject({
      id: "lisbon-sunset-sail",
      title: "Lisbon Sunset Sail on the Tagus",
      images: ["/images/seed/lisbon-sunset-sail.svg", "/images/seed/lisbon-sunset-sail-2.svg"],
      category: { slug: "water", name: "On the Water" },
      city: { slug: "lisbon", name: "Lisbon" },
      // Harbor & Tide has a waiver of its own: signed after the marketplace's, a step of its own.
      operator: { slug: "harbor", name: "Harbor & Tide", logoUrl: "/images/logos/harbor.svg", ownWaiver: true },
      currency: "EUR",
    });
    expect(data.description.split("\n\n").length).toBeGreaterThanOrEqual(2);
    expect(data.included.length).toBeGreaterThan(0);
    expect(data.meetingPoint).toContain("Santo Amaro");
    expect(data.cancellationPolicy).toContain("48 hours");
    // The rule itself, for the one-line policy beside the title (issue 31).
    expect(data.cancellationCutoffHours).toBe(48);
    expect(data.services.map((s: { name: string }) => s.name)).toEqual([
      "Shared sunset sail",
      "Private sunset charter",
      "Morning sail",
    ]);
    expect(data.services[0]).toEqual({
      id: expect.any(String),
      name: "Shared sunset sail",
      description: expect.any(String),
      durationMinutes: 120,
      // What an adult pays (a child pays 25).
      priceFrom: { amount: 4500, currency: "EUR" },
    });
  });

  it("places every meeting point on the map: coordinates in range, near the city, in the contract's output", async () => {
    const lisbon = (await v1.experience({ params: { parentId: "lisbon-sunset-sail" } })).body.data;
    // Doca de Santo Amaro, Alcântara.
    expect(lisbon.meetingPointLocation.lat).toBeCloseTo(38.7, 1);
    expect(lisbon.meetingPointLocation.lng).toBeCloseTo(-9.18, 1);
    const rows = await db().select({ id: experiences.id }).from(experiences);
    const cities: Record<string, [number, number]> = {};
    for (const { id } of rows) {
      const res = await v1.experience({ params: { parentId: id } }); // checked against outputs.experienceDetail
      const { meetingPointLocation: at, city } = res.body.data;
      expect(at, id).not.toBeNull();
      expect(Math.abs(at.lat), id).toBeLessThanOrEqual(90);
      expect(Math.abs(at.lng), id).toBeLessThanOrEqual(180);
      // Experiences of one city meet within about 40 km of each other.
      const first = (cities[city.slug] ??= [at.lat, at.lng]);
      expect(Math.abs(at.lat - first[0]) + Math.abs(at.lng - first[1]), id).toBeLessThan(0.5);
    }
    // An experience its operator has not placed answers null, which the schema accepts.
    await db()
      .update(experiences)
      .set({ meetingPointLat: null, meetingPointLng: null })
      .where(eq(experiences.id, "douro-six-bridges-cruise"));
    expect(
      (await v1.experience({ params: { parentId: "douro-six-bridges-cruise" } })).body.data.meetingPointLocation,
    ).toBeNull();
    // Half a point, or a point off the globe, is refused by the database.
    await expect(
      db().update(experiences).set({ meetingPointLat: 41.1 }).where(eq(experiences.id, "douro-six-bridges-cruise")),
    ).rejects.toThrow();
    await expect(
      db()
        .update(experiences)
        .set({ meetingPointLat: 91, meetingPointLng: 0 })
        .where(eq(experiences.id, "douro-six-bridges-cruise")),
    ).rejects.toThrow();
  });

  it("lists the same services as the database, in their order", async () => {
    const rows = await db()
      .select({ id: services.id })
      .from(services)
      .where(eq(services.experienceId, "sagrada-familia-gaudi-tour"))
      .orderBy(services.sortOrder);
    const res = await v1.experience({ params: { parentId: "sagrada-familia-gaudi-tour" } });
    expect(res.body.data.services.map((s: { id: string }) => s.id)).toEqual(rows.map((row) => row.id));
  });
});

describe("GET /v1/experiences/{parentId}/services/{serviceId}", () => {
  it("answers the experience, the service, its ticket types and the next available date", async () => {
    const detail = (await v1.experience({ params: { parentId: "barcelona-paella-cooking-class" } })).body.data;
    const serviceId = detail.services[1].id;
    const res = await v1.service({ params: { parentId: "barcelona-paella-cooking-class", serviceId } });
    expect(res.status).toBe(200);
    const { experience, service } = res.body.data;
    const { services: _services, ...experienceWithoutServices } = detail;
    expect(experience).toEqual(experienceWithoutServices);
    expect(service).toEqual({
      id: serviceId,
      name: "Evening class without market",
      description: expect.any(String),
      durationMinutes: 180,
      capacity: 14,
      ticketTypes: [
        { id: `${serviceId}-adult`, code: "adult", name: "Adult", priceMinor: 7200 },
        { id: `${serviceId}-couple`, code: "couple", name: "Couple (2 people)", priceMinor: 13500 },
      ],
      nextAvailableDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      privateSale: null,
    });
  });

  it("nextAvailableDate is the operator-local date of the first future departure with a free seat", async () => {
    const serviceId = (await v1.experience({ params: { parentId: "pastel-de-nata-workshop" } })).body.data.services[0]
      .id;
    const rows = await db().select().from(slots).where(eq(slots.serviceId, serviceId)).orderBy(slots.startsAt);
    const first = rows.find((slot) => slot.startsAt.getTime() > Date.now() && slot.seatsTaken < slot.capacity)!;
    const expected = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Lisbon" }).format(first.startsAt);
    const res = await v1.service({ params: { parentId: "pastel-de-nata-workshop", serviceId } });
    expect(res.body.data.service.nextAvailableDate).toBe(expected);
  });

  it("nextAvailableDate is null when every departure is full", async () => {
    const serviceId = (await v1.experience({ params: { parentId: "whistler-alpine-photo-workshop" } })).body.data
      .services[0].id;
    const rows = await db().select().from(slots).where(eq(slots.serviceId, serviceId));
    for (const slot of rows) await db().update(slots).set({ seatsTaken: slot.capacity }).where(eq(slots.id, slot.id));
    const res = await v1.service({ params: { parentId: "whistler-alpine-photo-workshop", serviceId } });
    expect(res.body.data.service.nextAvailableDate).toBeNull();
  });

  it("404 when the service belongs to another experience", async () => {
    const otherService = (await v1.experience({ params: { parentId: "alfama-fado-evening" } })).body.data.services[0]
      .id;
    const error = expectEnvelope(
      await v1.service({ params: { parentId: "lisbon-sunset-sail", serviceId: otherService } }),
      404,
      "not_found",
    );
    expect(error.message).toContain(otherService);
  });

  it("404 for an unknown service or experience", async () => {
    expectEnvelope(
      await v1.service({ params: { parentId: "lisbon-sunset-sail", serviceId: "sv-unknown" } }),
      404,
      "not_found",
    );
    expectEnvelope(
      await v1.service({ params: { parentId: "no-such-thing", serviceId: "sv-unknown" } }),
      404,
      "not_found",
    );
  });
});

describe("GET /v1/facets", () => {
  it("answers categories, cities and operators with counts that add up", async () => {
    const res = await v1.facets();
    expect(res.status).toBe(200);
    const { categories, cities, operators } = res.body.data;
    const total = (await v1.experiences()).body.data.total;
    for (const group of [categories, cities, operators]) {
      expect(group.reduce((sum: number, entry: { count: number }) => sum + entry.count, 0)).toBe(total);
      const names = group.map((entry: { name: string }) => entry.name);
      expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "en")));
    }
    expect(categories.length).toBeGreaterThanOrEqual(5);
    expect(cities.length).toBeGreaterThanOrEqual(4);
    expect(operators.map((entry: { slug: string }) => entry.slug)).toContain("acme");
  });

  it("slugs are unique across the three groups, so the home page catch-all can resolve them", async () => {
    const { categories, cities, operators } = (await v1.facets()).body.data;
    const slugs = [...categories, ...cities, ...operators].map((entry: { slug: string }) => entry.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
  });
});
