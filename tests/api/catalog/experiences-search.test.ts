import { and, eq, inArray, type SQL } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { accounts, exchangeRates, experiences, services, slots } from "~api/db/schema";
import { rateArgument, setRates } from "~api/catalog/rates";
import type { ExperienceCard } from "~contract/catalog/requests";
import { api, seedDbForThisFile } from "../../support/api";
import { countQueries } from "../../support/query-counter";
import { v1, v1Path } from "../../support/client";

const { db } = seedDbForThisFile();

interface Page {
  items: ExperienceCard[];
  page: number;
  pageSize: number;
  total: number;
  totalPages: number;
}

async function list(query = "", account?: string): Promise<Page> {
  const res = await api(`${v1Path("experiences")}${query ? `?${query}` : ""}`, { account });
  if (res.status !== 200) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

async function everything(query = ""): Promise<ExperienceCard[]> {
  const page = await list(`pageSize=48&${query}`);
  expect(page.total).toBeLessThanOrEqual(48);
  return page.items;
}

const ids = (items: ExperienceCard[]) => items.map((item) => item.id);
/** The ids of the experiences a condition picks, read from the database itself. */
const idsWhere = async (where: SQL) =>
  (await db().select({ id: experiences.id }).from(experiences).where(where)).map((row) => row.id);
const haystack = (item: ExperienceCard) =>
  `${item.title} ${item.summary} ${item.city.name} ${item.category.name}`.toLowerCase();

function localDate(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(
    instant,
  );
}

function utcDatePlus(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

describe("GET /v1/experiences: shape and pagination", () => {
  it("answers the first page of 12 with totals", async () => {
    const page = await list();
    const total = (await db().select({ id: experiences.id }).from(experiences)).length;
    expect(page).toMatchObject({ page: 1, pageSize: 12, total, totalPages: Math.ceil(total / 12) });
    expect(page.items).toHaveLength(12);
  });

  it("answers cards with every field", async () => {
    const [card] = (await list("q=pastel")).items;
    expect(card).toEqual({
      id: "pastel-de-nata-workshop",
      title: "Pastel de Nata Baking Workshop",
      summary: expect.any(String),
      imageUrl: "/images/seed/pastel-de-nata-workshop.svg",
      // No photo uploaded: the seed's illustration is drawn.
      cover: null,
      category: { slug: "classes", name: "Classes & Workshops" },
      city: { slug: "lisbon", name: "Lisbon" },
      operator: { slug: "harbor", name: "Harbor & Tide" },
      // The adult ticket (a child pays 35).
      priceFrom: { amount: 5500, currency: "EUR" },
      priceBasis: "adult",
      rating: { average: expect.any(Number), count: expect.any(Number) },
      // EUR at 1.08 US$ (exchange_rates, seeded by migration 0013).
      priceApprox: { amount: 5940, currency: "USD" },
      durationMinutes: 120,
      firstServiceId: expect.stringMatching(/^[A-Za-z0-9_-]{1,64}$/),
    });
  });

  it("priceFrom is the lowest adult ticket, duration the shortest service, firstServiceId the first service", async () => {
    const [card] = (await list("q=pizza")).items;
    const detail = (await v1.experience({ params: { parentId: card.id } })).body.data;
    // Services: evening (adult 11500, child 6500) and family (7900, 4900, infant free): an adult pays 79.
    expect(card.priceFrom).toEqual({ amount: 7900, currency: "USD" });
    expect(card.priceBasis).toBe("adult");
    expect(card.priceApprox).toBeNull();
    expect(card.durationMinutes).toBe(
      Math.min(...detail.services.map((s: { durationMinutes: number }) => s.durationMinutes)),
    );
    expect(card.firstServiceId).toBe(detail.services[0].id);
  });

  it("pages through every experience exactly once", async () => {
    const first = await list("pageSize=7");
    const seen: string[] = [];
    for (let page = 1; page <= first.totalPages; page++) {
      const current = await list(`pageSize=7&page=${page}`);
      expect(current.total).toBe(first.total);
      expect(current.items.length).toBe(page < first.totalPages ? 7 : first.total - 7 * (first.totalPages - 1));
      seen.push(...ids(current.items));
    }
    expect(seen).toHaveLength(first.total);
    expect(new Set(seen).size).toBe(first.total);
  });

  it("answers an empty page after the last one, keeping the totals", async () => {
    const page = await list("page=99&pageSize=10");
    expect(page.items).toEqual([]);
    expect(page.page).toBe(99);
    expect(page.total).toBeGreaterThan(0);
    expect(page.totalPages).toBe(Math.ceil(page.total / 10));
  });

  it("treats empty parameters as absent", async () => {
    const page = await list("q=&category=&city=&date=&sort=&page=&pageSize=");
    expect(page.total).toBe((await list()).total);
  });
});

describe("GET /v1/experiences: search and filters", () => {
  it("q matches title, summary, city and category, case-insensitively", async () => {
    const sunset = await everything("q=SUNSET");
    expect(ids(sunset)).toEqual(
      expect.arrayContaining(["lisbon-sunset-sail", "boston-harbor-sunset-sail", "barcelona-catamaran-sunset"]),
    );
    expect(sunset.every((item) => haystack(item).includes("sunset"))).toBe(true);

    const porto = await everything("q=porto");
    expect(ids(porto)).toEqual(expect.arrayContaining(await idsWhere(eq(experiences.citySlug, "porto"))));

    const food = await everything("q=food");
    expect(ids(food)).toEqual(expect.arrayContaining(await idsWhere(eq(experiences.categorySlug, "food-drink"))));
  });

  it("q with several words needs all of them", async () => {
    const items = await everything("q=%20sunset%20%20lisbon%20");
    expect(ids(items)).toEqual(["lisbon-sunset-sail"]);
  });

  it("q finds words by their stem and forgives a typo in a longer word", async () => {
    const kayak = ids(await everything("q=kayak"));
    expect(kayak.length).toBeGreaterThan(0);
    expect(ids(await everything("q=kayaks"))).toEqual(expect.arrayContaining(kayak));
    expect(ids(await everything("q=kayaking"))).toEqual(expect.arrayContaining(kayak));
    expect(ids(await everything("q=kayack"))).toEqual(expect.arrayContaining(kayak));
    expect(ids(await everything("q=sailing"))).toEqual(expect.arrayContaining(["lisbon-sunset-sail"]));
    // Still every word: a typo'd word and a real one narrow together.
    expect(ids(await everything("q=sunsett%20lisbn"))).toEqual(["lisbon-sunset-sail"]);
    expect((await list("q=zzzzzz")).total).toBe(0);
    // Stop words are left out, as they were from the titles: an exact title with "the" or "off" finds it.
    expect(ids(await everything("q=the%20lisbon%20sunset%20off%20on"))).toEqual(["lisbon-sunset-sail"]);
  });

  it("q takes % and _ literally", async () => {
    expect((await list("q=%25")).total).toBe(0);
    expect((await list("q=_")).total).toBe(0);
  });

  it("q puts title matches first in the recommended order", async () => {
    const items = await everything("q=kayak");
    const firstNonTitle = items.findIndex((item) => !item.title.toLowerCase().includes("kayak"));
    const lastTitle = items.map((item) => item.title.toLowerCase().includes("kayak")).lastIndexOf(true);
    expect(lastTitle).toBeGreaterThanOrEqual(0);
    if (firstNonTitle !== -1) expect(lastTitle).toBeLessThan(firstNonTitle);
  });

  it.each([
    ["category", "water", (item: ExperienceCard) => item.category.slug],
    ["city", "lisbon", (item: ExperienceCard) => item.city.slug],
    ["operator", "summit", (item: ExperienceCard) => item.operator.slug],
  ])("%s filter keeps only matching experiences and agrees with the facet count", async (param, value, pick) => {
    const items = await everything(`${param}=${value}`);
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((item) => pick(item) === value)).toBe(true);
    const facets = (await v1.facets()).body.data;
    const key = param === "category" ? "categories" : param === "city" ? "cities" : "operators";
    expect(facets[key].find((entry: { slug: string }) => entry.slug === value).count).toBe(items.length);
  });

  it("filters combine", async () => {
    const items = await everything("category=water&city=lisbon&operator=harbor");
    expect(ids(items).sort()).toEqual(["cascais-surf-lesson", "lisbon-sunset-sail"]);
  });

  it("an unknown slug finds nothing", async () => {
    expect((await list("category=underwater-basket-weaving")).total).toBe(0);
  });

  it("minPrice and maxPrice bound priceFrom in US cents, whatever the operator's currency", async () => {
    const all = await everything();
    const usd = (item: ExperienceCard) => item.priceApprox?.amount ?? item.priceFrom.amount;
    expect(all.some((item) => item.priceFrom.currency !== "USD")).toBe(true);
    const atLeast = await everything("minPrice=5000");
    expect(atLeast.every((item) => usd(item) >= 5000)).toBe(true);
    expect(atLeast.length).toBe(all.filter((item) => usd(item) >= 5000).length);
    const atMost = await everything("maxPrice=3000");
    expect(atMost.every((item) => usd(item) <= 3000)).toBe(true);
    expect(atMost.length).toBe(all.filter((item) => usd(item) <= 3000).length);
    const between = await everything("minPrice=4000&maxPrice=6000");
    expect(between.length).toBe(all.filter((item) => usd(item) >= 4000 && usd(item) <= 6000).length);
    expect(between.length).toBeGreaterThan(0);
  });

  it("date keeps experiences with a future departure that day (operator's local date) with a free seat", async () => {
    const date = utcDatePlus(10);
    const rows = await db()
      .select({ experienceId: services.experienceId, startsAt: slots.startsAt, timezone: accounts.timezone })
      .from(slots)
      .innerJoin(services, eq(services.id, slots.serviceId))
      .innerJoin(experiences, eq(experiences.id, services.experienceId))
      .innerJoin(accounts, eq(accounts.id, experiences.accountId));
    const withFreeSeat = await db()
      .select({
        id: slots.id,
        startsAt: slots.startsAt,
        taken: slots.seatsTaken,
        capacity: slots.capacity,
        experienceId: services.experienceId,
      })
      .from(slots)
      .innerJoin(services, eq(services.id, slots.serviceId));
    const tzByExperience = new Map(rows.map((row) => [row.experienceId, row.timezone]));
    const expected = new Set(
      withFreeSeat
        .filter((slot) => slot.taken < slot.capacity && slot.startsAt.getTime() > Date.now())
        .filter((slot) => localDate(slot.startsAt, tzByExperience.get(slot.experienceId)!) === date)
        .map((slot) => slot.experienceId),
    );
    const items = await everything(`date=${date}`);
    expect(new Set(ids(items))).toEqual(expected);
    expect(expected.size).toBeGreaterThan(0);
  });

  it("date drops an experience whose departures that day are all sold out", async () => {
    const date = utcDatePlus(12);
    expect(ids(await everything(`date=${date}`))).toContain("douro-six-bridges-cruise");
    const serviceIds = (
      await db().select({ id: services.id }).from(services).where(eq(services.experienceId, "douro-six-bridges-cruise"))
    ).map((row) => row.id);
    const daySlots = (await db().select().from(slots).where(inArray(slots.serviceId, serviceIds))).filter(
      (slot) => localDate(slot.startsAt, "Europe/Lisbon") === date,
    );
    expect(daySlots.length).toBeGreaterThan(0);
    for (const slot of daySlots) {
      await db()
        .update(slots)
        .set({ seatsTaken: slot.capacity })
        .where(and(eq(slots.id, slot.id)));
    }
    expect(ids(await everything(`date=${date}`))).not.toContain("douro-six-bridges-cruise");
  });

  it("date respects weekdays a service does not run", async () => {
    // The Alfama fado evening runs Tuesday to Saturday only.
    const monday = [...Array(14).keys()]
      .map((i) => utcDatePlus(i + 1))
      .find((d) => new Date(`${d}T00:00:00Z`).getUTCDay() === 1)!;
    expect(ids(await everything(`date=${monday}`))).not.toContain("alfama-fado-evening");
  });

  it("a date in the past or beyond the schedule finds nothing", async () => {
    expect((await list("date=2020-01-01")).total).toBe(0);
    expect((await list(`date=${utcDatePlus(400)}`)).total).toBe(0);
  });
});

describe("GET /v1/experiences: sort orders", () => {
  it("price_asc and price_desc order by priceFrom converted to US dollars", async () => {
    const usd = (item: ExperienceCard) => item.priceApprox?.amount ?? item.priceFrom.amount;
    const asc = (await everything("sort=price_asc")).map(usd);
    const desc = (await everything("sort=price_desc")).map(usd);
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    expect(desc).toEqual([...desc].sort((a, b) => b - a));
    expect(asc[0]).toBeLessThan(asc[asc.length - 1]);
  });

  it("title orders alphabetically", async () => {
    const initials = (await everything("sort=title")).map((item) => item.title[0].toLowerCase());
    expect(initials).toEqual([...initials].sort());
  });

  it("recommended (the default) is stable and puts fuller departures first", async () => {
    const a = ids(await everything());
    const b = ids(await everything("sort=recommended"));
    expect(a).toEqual(b);
    // Seed demand: the pastel de nata workshop (0.97) ranks above the Douro cruise (0.35).
    expect(a.indexOf("pastel-de-nata-workshop")).toBeLessThan(a.indexOf("douro-six-bridges-cruise"));
  });
});

describe("GET /v1/experiences: SQL statements per request", () => {
  it("is constant whatever the page size and filters (no N+1)", async () => {
    const small = await countQueries(db(), () => list("pageSize=1"));
    const large = await countQueries(db(), () => list("pageSize=48"));
    const filtered = await countQueries(db(), () =>
      list(`pageSize=48&q=tour&minPrice=100&maxPrice=100000&date=${utcDatePlus(5)}&sort=price_asc`),
    );
    expect(small).toBe(large);
    expect(filtered).toBe(large);
    expect(large).toBeLessThanOrEqual(2);
    const scoped = await countQueries(db(), () => list("pageSize=48", "acme"));
    expect(scoped).toBe(large + 1); // + the account lookup
  });

  it("detail, service and facets endpoints use a fixed number of statements", async () => {
    expect(await countQueries(db(), () => v1.experience({ params: { parentId: "sagrada-familia-gaudi-tour" } }))).toBe(
      2,
    );
    const detail = (await v1.experience({ params: { parentId: "sagrada-familia-gaudi-tour" } })).body.data;
    expect(
      await countQueries(db(), () =>
        v1.service({ params: { parentId: "sagrada-familia-gaudi-tour", serviceId: detail.services[1].id } }),
      ),
    ).toBe(4);
    expect(await countQueries(db(), () => v1.facets())).toBe(3);
  });
});

describe("exchange rates", () => {
  it("an updated rate changes the ≈ US$ price and where the experience sorts; a bad rate is refused", async () => {
    const pastel = async () => (await list("q=pastel")).items[0];
    expect((await pastel()).priceApprox).toEqual({ amount: 5940, currency: "USD" });
    await setRates(db(), [{ currency: "EUR", usdPerUnit: 2 }]);
    try {
      expect((await pastel()).priceApprox).toEqual({ amount: 11000, currency: "USD" });
      const cheap = await everything("maxPrice=6000");
      expect(ids(cheap)).not.toContain("pastel-de-nata-workshop");
      // A currency with no minor unit: one yen at 0.0067 US$ is 0.67 US cents.
      await setRates(db(), [{ currency: "JPY", usdPerUnit: 0.0067 }]);
      const [yen] = await db().select().from(exchangeRates).where(eq(exchangeRates.currency, "JPY"));
      expect(yen.usdMinorMicros).toBe(670_000);
    } finally {
      await setRates(db(), [{ currency: "EUR", usdPerUnit: 1.08 }]);
    }
    expect(rateArgument.safeParse("eur=1.09").data).toEqual({ currency: "EUR", usdPerUnit: 1.09 });
    for (const bad of ["EUR=0", "EUR=-1", "EURO=1", "EUR=abc", "EUR"])
      expect(rateArgument.safeParse(bad).success).toBe(false);
  });
});
