import { and, eq, gt } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { refreshDemand } from "~api/catalog/demand";
import { departureDays, experiences, reviews, services, slots, ticketTypes } from "~api/db/schema";
import type { ExperienceCard } from "~contract/catalog/requests";
import { api, seedDbForThisFile } from "../../support/api";
import { v1, v1Path } from "../../support/client";

// What a catalog card shows is kept on the experience's row by the database (migration 0016):
// these tests change the rows behind it the way any writer would and read the API.
const { db } = seedDbForThisFile();

async function card(id: string, query = ""): Promise<ExperienceCard | undefined> {
  const res = await api(`${v1Path("experiences")}?pageSize=48${query ? `&${query}` : ""}`);
  expect(res.status).toBe(200);
  return (res.body.data.items as ExperienceCard[]).find((item) => item.id === id);
}

async function serviceIdsOf(experienceId: string): Promise<string[]> {
  const rows = await db().select({ id: services.id }).from(services).where(eq(services.experienceId, experienceId));
  return rows.map((row) => row.id);
}

describe("figures kept on the experience row", () => {
  it("a ticket price change moves the card's 'from' price; an experience without tickets is not listed", async () => {
    const id = "douro-six-bridges-cruise";
    const before = (await card(id))!;
    const [serviceId] = await serviceIdsOf(id);
    await db()
      .update(ticketTypes)
      .set({ priceMinor: 777 })
      .where(and(eq(ticketTypes.serviceId, serviceId), eq(ticketTypes.code, "adult")));
    const after = (await card(id))!;
    expect(after.priceFrom.amount).toBe(777);
    expect(after.priceFrom.amount).not.toBe(before.priceFrom.amount);
    expect(after.priceApprox?.amount).toBeLessThan(before.priceApprox!.amount);
    expect((await card(id, "sort=price_asc&maxPrice=1000"))?.id).toBe(id);

    for (const service of await serviceIdsOf(id))
      await db().delete(ticketTypes).where(eq(ticketTypes.serviceId, service));
    expect(await card(id)).toBeUndefined();
    const facets = (await v1.facets()).body.data;
    const porto = facets.cities.find((city: { slug: string }) => city.slug === "porto");
    expect(porto?.count ?? 0).toBeLessThan(3);
  });

  it("a new review changes the card's average and count", async () => {
    const id = "alfama-fado-evening";
    const before = (await card(id))!.rating!;
    await db().insert(reviews).values({ experienceId: id, rating: 1, body: "Too loud for us.", authorName: "Ana P." });
    const after = (await card(id))!.rating!;
    expect(after.count).toBe(before.count + 1);
    expect(after.average).toBeLessThan(before.average);
    const detail = (await v1.experience({ params: { parentId: id } })).body.data;
    expect(detail.rating).toEqual(after);
  });

  it("demand is refreshed by its job: fuller departures rank higher in the recommended order", async () => {
    const order = async () =>
      ((await v1.experiences({ query: { pageSize: "48" } })).body.data.items as ExperienceCard[]).map(
        (item) => item.id,
      );
    const id = (await order()).at(-1)!;
    for (const service of await serviceIdsOf(id))
      await db()
        .update(slots)
        .set({ seatsTaken: slots.capacity })
        .where(and(eq(slots.serviceId, service), gt(slots.startsAt, new Date())));
    expect((await order()).at(-1)).toBe(id); // not before the refresh
    expect(await refreshDemand(db())).toBeGreaterThan(0);
    expect((await order())[0]).toBe(id);
  });

  it("a departure day is kept: gone when its last free departure fills, back when a seat frees", async () => {
    const id = "gothic-quarter-night-walk";
    const day = new Date(Date.now() + 9 * 86_400_000).toISOString().slice(0, 10);
    const listed = async () => (await card(id, `date=${day}`)) !== undefined;
    expect(await listed()).toBe(true);
    const [kept] = await db()
      .select()
      .from(departureDays)
      .where(and(eq(departureDays.experienceId, id), eq(departureDays.day, day)));
    expect(kept.lastOpenStart).not.toBeNull();

    const madridDay = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Madrid" });
    const serviceIds = new Set(await serviceIdsOf(id));
    const mine = (await db().select().from(slots)).filter(
      (slot) => serviceIds.has(slot.serviceId) && madridDay.format(slot.startsAt) === day,
    );
    expect(mine.length).toBeGreaterThan(0);
    for (const slot of mine) await db().update(slots).set({ seatsTaken: slot.capacity }).where(eq(slots.id, slot.id));
    expect(await listed()).toBe(false);

    await db().update(slots).set({ seatsTaken: 0 }).where(eq(slots.id, mine[0].id));
    expect(await listed()).toBe(true);
  });

  it("a word of a new title is found, misspelt too", async () => {
    await db()
      .update(experiences)
      .set({ title: "Montjuïc Funicular and Castle Walk" })
      .where(eq(experiences.id, "gothic-quarter-night-walk"));
    expect((await card("gothic-quarter-night-walk", "q=funicular"))?.id).toBe("gothic-quarter-night-walk");
    expect((await card("gothic-quarter-night-walk", "q=funiculer"))?.id).toBe("gothic-quarter-night-walk");
  });
});
