import { readFileSync } from "node:fs";
import path from "node:path";
import { count, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { DateTime } from "luxon";
import {
  accounts,
  bookings,
  experiences,
  operatorMembers,
  sandboxCheckouts,
  services,
  slots,
  ticketTypes,
  users,
  waivers,
} from "~api/db/schema";
import { seed } from "~api/db/seed";
import { SEED_ACCOUNTS } from "~api/db/seed-data/accounts";
import { DEMO_TRAVELLER_PREFIX } from "~api/db/seed-data/bookings";
import { DEMO_OWNERS, DEMO_PLATFORM_ADMIN } from "~api/db/seed-data/demo-owners.mjs";
import { buildSeedCatalog, SEED_BOOKED_DAYS, SEED_DAYS, SEED_EXPERIENCES } from "~api/db/seed-data/build";
import { seedImageFiles } from "~api/db/seed-data/images";
import { seedDbForThisFile } from "../../support/api";
import { asMember, syncedMember } from "../../support/operator";
import { seatDrift } from "../../support/seats";
import { v1 } from "../../support/client";

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

  it("makes the demo platform admin only with the demo owners (local: never for a real identity provider)", async () => {
    const admins = () =>
      db().select({ id: users.id, email: users.email }).from(users).where(eq(users.isPlatformAdmin, true));
    await db().delete(users).where(eq(users.id, DEMO_PLATFORM_ADMIN.uid));
    await seed(db(), { demoOwners: false });
    expect(await admins()).toEqual([]);
    await seed(db(), { demoOwners: true });
    expect(await admins()).toEqual([{ id: DEMO_PLATFORM_ADMIN.uid, email: DEMO_PLATFORM_ADMIN.email }]);
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

  it("every seat a departure has taken is a booking's (issue 40): its confirmed and held bookings' seats, no more", async () => {
    expect(await seatDrift(db())).toEqual([]);
    const [figures] = await db()
      .select({
        booked: sql<number>`count(*) filter (where ${slots.seatsTaken} > 0)::int`,
        soldOut: sql<number>`count(*) filter (where ${slots.seatsTaken} = ${slots.capacity} and ${slots.capacity} > 0)::int`,
        lastBooked: sql<string>`to_char(max(${slots.startsAt}) filter (where ${slots.seatsTaken} > 0) at time zone 'UTC', 'YYYY-MM-DD')`,
      })
      .from(slots);
    expect(figures.booked).toBeGreaterThan(100);
    expect(figures.soldOut).toBeGreaterThan(0);
    // The next two weeks are booked (a late local departure may start on the next UTC date), the later ones empty.
    const firstDay = Date.parse(new Date().toISOString().slice(0, 10));
    expect(Date.parse(figures.lastBooked) - firstDay).toBeLessThanOrEqual(SEED_BOOKED_DAYS * 86_400_000);
    expect(Date.parse(figures.lastBooked) - firstDay).toBeGreaterThanOrEqual((SEED_BOOKED_DAYS - 2) * 86_400_000);
  });

  it("seeds whole bookings: paid through the sandbox, priced, tickets adding up to the seats, by demo travellers who signed the operator's waiver; the due work leaves them be", async () => {
    const rows = await db()
      .select({ booking: bookings, checkout: sandboxCheckouts, account: accounts, startsAt: slots.startsAt })
      .from(bookings)
      .innerJoin(sandboxCheckouts, eq(sandboxCheckouts.bookingId, bookings.id))
      .innerJoin(accounts, eq(accounts.id, bookings.accountId))
      .innerJoin(slots, eq(slots.id, bookings.slotId));
    const [{ all }] = await db().select({ all: count() }).from(bookings);
    expect(rows).toHaveLength(Number(all));
    const signed = new Set(
      (await db().select().from(waivers)).map((waiver) => `${waiver.userId}:${waiver.accountId}:${waiver.textVersion}`),
    );
    for (const { booking, checkout, account, startsAt } of rows) {
      expect(booking.userId?.startsWith(DEMO_TRAVELLER_PREFIX)).toBe(true);
      expect(booking).toMatchObject({ status: "confirmed", paymentStatus: "paid", currency: account.currency });
      expect(booking.tickets.reduce((seats, ticket) => seats + ticket.quantity, 0)).toBe(booking.seats);
      const subtotal = booking.tickets.reduce((sum, ticket) => sum + ticket.quantity * ticket.unitPriceMinor, 0);
      expect(booking.subtotalMinor).toBe(subtotal);
      expect(booking.totalMinor).toBe(subtotal + booking.feesMinor);
      expect(checkout).toMatchObject({ status: "paid", amountMinor: booking.totalMinor, refundedMinor: 0 });
      expect(checkout.paymentIntentId).toBe(booking.paymentIntentId);
      expect(booking.confirmedAt!.getTime()).toBeLessThan(startsAt.getTime());
      expect(booking.ticketCode).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
      expect(signed.has(`${booking.userId}:${account.id}:${account.waiverVersion}`)).toBe(true);
      // Reminded, completed and asked already: no message ever goes to a made-up traveller.
      expect(booking.reminderSentAt && booking.completedAt && booking.tipEmailSentAt).toBeTruthy();
    }
    const parties = rows.map((row) => row.booking.seats);
    expect(Math.min(...parties)).toBe(1);
    expect(Math.max(...parties)).toBeGreaterThanOrEqual(5);
  });

  it("a seeded day's manifest: each departure's seats taken are the guests listed, the sold-out ones included", async () => {
    const owner = await syncedMember(db(), "acme", "owner");
    const tomorrow = DateTime.now().setZone("America/New_York").plus({ days: 1 }).toISODate()!;
    const day = await v1.operatorManifest({ query: { date: tomorrow }, ...asMember(owner.idToken) });
    expect(day.status).toBe(200);
    const departures = day.body.data.departures as Array<{
      seatsTaken: number;
      capacity: number;
      totals: { guests: number; bookings: number };
    }>;
    expect(departures.length).toBeGreaterThan(0);
    for (const departure of departures) expect(departure.totals.guests).toBe(departure.seatsTaken);
    expect(departures.some((departure) => departure.totals.bookings > 1)).toBe(true);
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
