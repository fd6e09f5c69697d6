import { readFileSync } from "node:fs";
import path from "node:path";
import { count, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { accounts, experiences, operatorMembers, services, slots, ticketTypes, users } from "~api/db/schema";
import { seed } from "~api/db/seed";
import { SEED_ACCOUNTS } from "~api/db/seed-data/accounts";
import { DEMO_OWNERS } from "~api/db/seed-data/demo-owners.mjs";
import { buildSeedCatalog, SEED_DAYS, SEED_EXPERIENCES } from "~api/db/seed-data/build";
import { seedImageFiles } from "~api/db/seed-data/images";
import { seedDbForThisFile } from "./helpers/api";

const { db } = seedDbForThisFile();

function relativeLuminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

describe("seed", () => {
  it("creates at least 3 branded operators, including acme", async () => {
    const rows = await db().select().from(accounts);
    expect(rows.length).toBeGreaterThanOrEqual(3);
    expect(rows.find((row) => row.slug === "acme")?.name).toBe("Acme Adventures");
    expect(rows.map((row) => row.slug)).toEqual(expect.arrayContaining(["acme", "harbor", "summit"]));
    expect(new Set(rows.map((row) => row.primaryColor)).size).toBe(rows.length);
    for (const row of rows) {
      // White text on the primary colour meets WCAG AA for normal text.
      expect(1.05 / (relativeLuminance(row.primaryColor) + 0.05)).toBeGreaterThanOrEqual(4.5);
      expect(row.logoUrl).toBe(`/images/logos/${row.slug}.svg`);
      expect(row.currency).toMatch(/^[A-Z]{3}$/);
      expect(row.waiverText.length).toBeGreaterThan(50);
    }
  });

  it("gives every operator its demo owner (owner@<slug>.example), again when seeded twice", async () => {
    await seed(db(), { demoOwners: true });
    const rows = await db()
      .select({ slug: accounts.slug, email: users.email, role: operatorMembers.role, uid: users.id })
      .from(operatorMembers)
      .innerJoin(accounts, eq(accounts.id, operatorMembers.accountId))
      .innerJoin(users, eq(users.id, operatorMembers.userId));
    const slugs = (await db().select({ slug: accounts.slug }).from(accounts)).map((row) => row.slug).sort();
    expect(DEMO_OWNERS.map((owner) => owner.slug).sort()).toEqual(slugs);
    expect(rows.sort((a, b) => a.slug.localeCompare(b.slug))).toEqual(
      slugs.map((slug) => ({ slug, email: `owner@${slug}.example`, role: "owner", uid: `demo-owner-${slug}` })),
    );
  });

  it("gives no operator a demo owner when told not to (what a real identity provider gets)", async () => {
    await seed(db(), { demoOwners: false });
    expect(await db().select().from(operatorMembers)).toEqual([]);
    await seed(db(), { demoOwners: true });
    expect(await db().select().from(operatorMembers)).toHaveLength(DEMO_OWNERS.length);
  });

  it("creates 25+ experiences over several categories and 4+ cities, each with 1–3 services that have prices", async () => {
    const experienceRows = await db().select().from(experiences);
    expect(experienceRows.length).toBeGreaterThanOrEqual(25);
    expect(new Set(experienceRows.map((row) => row.categorySlug)).size).toBeGreaterThanOrEqual(5);
    expect(new Set(experienceRows.map((row) => row.citySlug)).size).toBeGreaterThanOrEqual(4);
    const perExperience = await db()
      .select({ experienceId: services.experienceId, n: count() })
      .from(services)
      .groupBy(services.experienceId);
    expect(perExperience).toHaveLength(experienceRows.length);
    for (const { n } of perExperience) {
      expect(Number(n)).toBeGreaterThanOrEqual(1);
      expect(Number(n)).toBeLessThanOrEqual(3);
    }
    const servicesWithoutTickets = await db()
      .select({ id: services.id })
      .from(services)
      .where(sql`not exists (select 1 from ${ticketTypes} where ${ticketTypes.serviceId} = ${services.id})`);
    expect(servicesWithoutTickets).toEqual([]);
    for (const row of experienceRows) {
      expect(row.id).toMatch(/^[a-z0-9-]{1,64}$/);
      expect(`${row.title} ${row.summary} ${row.description}`.toLowerCase()).not.toContain("lorem");
    }
  });

  it("creates departures for 60 days from today, some nearly full and a few sold out", async () => {
    const [range] = await db()
      .select({
        first: sql<string>`to_char(min(${slots.startsAt}) at time zone 'UTC', 'YYYY-MM-DD')`,
        last: sql<string>`to_char(max(${slots.startsAt}) at time zone 'UTC', 'YYYY-MM-DD')`,
        total: count(),
        soldOut: sql<number>`count(*) filter (where ${slots.seatsTaken} = ${slots.capacity})::int`,
        nearlyFull: sql<number>`count(*) filter (where ${slots.seatsTaken} < ${slots.capacity} and ${slots.seatsTaken} >= 0.8 * ${slots.capacity})::int`,
        empty: sql<number>`count(*) filter (where ${slots.seatsTaken} = 0)::int`,
      })
      .from(slots);
    const dayMs = 86_400_000;
    const spanDays = (Date.parse(range.last) - Date.parse(range.first)) / dayMs + 1;
    expect(spanDays).toBeGreaterThanOrEqual(SEED_DAYS);
    expect(spanDays).toBeLessThanOrEqual(SEED_DAYS + 1);
    expect(Math.abs(Date.parse(range.first) - Date.parse(new Date().toISOString().slice(0, 10)))).toBeLessThanOrEqual(
      dayMs,
    );
    expect(Number(range.total)).toBeGreaterThan(2000);
    expect(range.soldOut).toBeGreaterThan(0);
    expect(range.soldOut).toBeLessThan(Number(range.total) * 0.1);
    expect(range.nearlyFull).toBeGreaterThan(0);
    expect(range.empty).toBeGreaterThan(0);

    // Every service, weekly ones included, has departures in the first and in the last week.
    const perService = await db()
      .select({
        serviceId: slots.serviceId,
        first: sql<string>`to_char(min(${slots.startsAt}) at time zone 'UTC', 'YYYY-MM-DD')`,
        last: sql<string>`to_char(max(${slots.startsAt}) at time zone 'UTC', 'YYYY-MM-DD')`,
      })
      .from(slots)
      .groupBy(slots.serviceId);
    expect(perService).toHaveLength((await db().select({ id: services.id }).from(services)).length);
    for (const row of perService) {
      expect(Date.parse(row.first) - Date.parse(range.first)).toBeLessThanOrEqual(7 * dayMs);
      expect(Date.parse(range.last) - Date.parse(row.last)).toBeLessThanOrEqual(7 * dayMs);
    }
  });

  it("the database refuses more seats taken than capacity", async () => {
    const [slot] = await db().select().from(slots).limit(1);
    await expect(
      db()
        .update(slots)
        .set({ seatsTaken: slot.capacity + 1 })
        .where(eq(slots.id, slot.id)),
    ).rejects.toThrow();
    await expect(db().update(slots).set({ seatsTaken: -1 }).where(eq(slots.id, slot.id))).rejects.toThrow();
    const [after] = await db().select().from(slots).where(eq(slots.id, slot.id));
    expect(after.seatsTaken).toBe(slot.seatsTaken);
  });

  it("is idempotent: seeding again replaces the catalog with the same rows", async () => {
    const before = await db().select().from(experiences).orderBy(experiences.id);
    const summary = await seed(db(), { demoOwners: true });
    const after = await db().select().from(experiences).orderBy(experiences.id);
    expect(after.map(({ createdAt: _c, ...row }) => row)).toEqual(before.map(({ createdAt: _c, ...row }) => row));
    const [{ n }] = await db().select({ n: count() }).from(slots);
    expect(Number(n)).toBe(summary.slots);
    expect(summary.accounts).toBe(SEED_ACCOUNTS.length);
    expect(summary.experiences).toBe(SEED_EXPERIENCES.length);
    expect(summary.milliseconds).toBeLessThan(15_000);
  });

  it("is deterministic for a given day", () => {
    const day = new Date("2031-03-04T12:00:00Z");
    const a = buildSeedCatalog(day);
    const b = buildSeedCatalog(day);
    expect(a).toEqual(b);
    expect(a.slots[0].startsAt.toISOString().slice(0, 10)).toBe("2031-03-04");
  });

  it("places departures at the operator's local time, across daylight-saving changes", () => {
    const catalog = buildSeedCatalog(new Date("2031-03-01T00:00:00Z"));
    const serviceId = catalog.services.find((s) => s.experienceId === "lisbon-sunset-sail")!.id;
    const localTimes = new Set(
      catalog.slots
        .filter((slot) => slot.serviceId === serviceId)
        .map((slot) =>
          new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/Lisbon", hour: "2-digit", minute: "2-digit" }).format(
            slot.startsAt,
          ),
        ),
    );
    expect([...localTimes]).toEqual(["18:30"]);
  });

  it("ships every image the catalog references, identical to the generator's output", () => {
    const publicDir = path.resolve(process.cwd(), "public");
    const files = seedImageFiles(SEED_ACCOUNTS, SEED_EXPERIENCES);
    const catalog = buildSeedCatalog(new Date());
    const referenced = [
      ...catalog.experiences.flatMap((row) => row.images ?? []),
      ...catalog.accounts.map((row) => row.logoUrl!),
    ];
    expect(new Set(files.map((file) => `/${file.relativePath}`))).toEqual(new Set(referenced));
    for (const file of files) {
      const onDisk = readFileSync(path.join(publicDir, file.relativePath), "utf8");
      expect(onDisk, `${file.relativePath} is stale: run npm run seed`).toBe(file.content);
      expect(onDisk.startsWith("<svg")).toBe(true);
      expect(onDisk.length).toBeLessThan(8_000);
    }
  });
});
