import "../../support/env";
import { eq, sql } from "drizzle-orm";
import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import { app } from "~api/app";
import { bookingReference } from "~api/ids";
import { bookings, slots, users } from "~api/db/schema";
import { searchTerm } from "~api/operator/bookings-list";
import type { BookingsListRow } from "~contract/operator/bookings";
import { expectEnvelope } from "../../support/api";
import { ACME_ZONE, bookingUser, bookingWorld, confirmedBooking, slotInDays } from "../../support/booking";
import { syncedUser, type TestUser } from "../../support/identity";
import { asMember, syncedMember } from "../../support/operator";
import { v1 } from "../../support/client";

const { db, acme } = bookingWorld();

/** A departure of acme's service `days` from today at 10:00 New York time. */
const departure = (days: number) => slotInDays(db(), acme.serviceId, days, { capacity: 20, idPrefix: "t-desk" });

/** A traveller with their own unique last name, booked and paid on `slotId`. */
async function guestBooking(lastName: string, slotId: string, phone = "+15551234567") {
  const traveller = await bookingUser(acme);
  await db().update(users).set({ lastName, phone }).where(eq(users.id, traveller.uid));
  const booking = await confirmedBooking(traveller, acme, slotId, 1);
  return { traveller, booking };
}

const listOf = (token: string | undefined, query: Record<string, string> = {}, account = "acme") =>
  v1.operatorListBookings({ query, ...asMember(token, { account }) });

const ids = (body: { data: { bookings: BookingsListRow[] } }) => body.data.bookings.map((row) => row.id);

describe("operator bookings list: the guard", () => {
  it("signed out 401, a non-member 404, another operator never sees acme's bookings", async () => {
    const [stranger, harborOwner, owner] = await Promise.all([
      syncedUser(),
      syncedMember(db(), "harbor", "owner"),
      syncedMember(db(), "acme", "owner"),
    ]);
    const slot = await departure(5);
    const { booking } = await guestBooking("Guardia", slot.id);
    expectEnvelope(await listOf(undefined), 401, "unauthorized");
    expectEnvelope(await listOf(stranger.idToken), 404, "not_found");
    const harbor = await listOf(harborOwner.idToken, { q: "guardia" }, "harbor");
    expect(harbor.status).toBe(200);
    expect(ids(harbor.body)).not.toContain(booking.id);
    const acmeList = await listOf(owner.idToken, { q: "guardia" });
    expect(ids(acmeList.body)).toEqual([booking.id]);
  });
});

describe("operator bookings list: search", () => {
  it("finds a booking by the guest's last name, email, phone digits, reference and ticket code", async () => {
    const owner = await syncedMember(db(), "acme", "owner");
    const slot = await departure(6);
    const { traveller, booking } = await guestBooking("Ortega-Vázquez", slot.id, "+13035550199");
    const [row] = await db()
      .select({ ticketCode: bookings.ticketCode })
      .from(bookings)
      .where(eq(bookings.id, booking.id));
    const found = async (q: string) => ids((await listOf(owner.idToken, { q })).body);
    expect(await found("ortega")).toContain(booking.id);
    expect(await found("ORTEGA-VÁZQUEZ")).toContain(booking.id);
    expect(await found(traveller.email.toUpperCase())).toContain(booking.id);
    expect(await found("(303) 555-0199")).toContain(booking.id);
    expect(await found(booking.reference)).toEqual([booking.id]);
    expect(await found(booking.reference.replaceAll("-", "").toLowerCase())).toEqual([booking.id]);
    expect(await found(row.ticketCode.slice(0, 12))).toEqual([booking.id]);
    // LIKE's own characters are taken literally: "%" finds no one rather than everyone.
    expect(await found("%")).toEqual([]);
    expect(await found("nobody-by-this-name")).toEqual([]);

    // The holder's text is copied onto their bookings (migration 0048): a new name finds them, the old one no longer does.
    await db().update(users).set({ lastName: "Renamed-Quintero" }).where(eq(users.id, traveller.uid));
    expect(await found("quintero")).toEqual([booking.id]);
    expect(await found("vázquez")).toEqual([]);
  });

  it("the database's reference is the one travellers see", async () => {
    const rows = await db()
      .select({ id: bookings.id, reference: sql<string>`booking_reference(${bookings.id})` })
      .from(bookings)
      .limit(200);
    expect(rows.length).toBeGreaterThan(10);
    for (const row of rows) expect(row.reference).toBe(bookingReference(row.id));
  });

  it("reads a phone, a reference and words the way a person types them", () => {
    expect(searchTerm(" (303) 555-0199 ")).toBe("3035550199");
    expect(searchTerm("WF-AB12-CD34")).toBe("wfab12cd34");
    expect(searchTerm("Mrs Ortega")).toBe("mrs ortega");
    expect(searchTerm("12")).toBe("12");
  });
});

describe("operator bookings list: filters, order and pages", () => {
  it("filters by departure dates in the experience's zone, status, channel and payment; pages by cursor without gaps", async () => {
    const owner = await syncedMember(db(), "acme", "owner");
    const name = `Pager${Date.now().toString(36)}`;
    const early = await departure(30);
    const late = await departure(31);
    const made = [];
    for (const slot of [early, late, early, late, early]) made.push((await guestBooking(name, slot.id)).booking.id);

    // Newest booked first, two a page: every booking once, in order.
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let pages = 0; pages < 5; pages++) {
      const page = await listOf(owner.idToken, { q: name, limit: "2", ...(cursor ? { cursor } : {}) });
      expect(page.status).toBe(200);
      seen.push(...ids(page.body));
      cursor = page.body.data.nextCursor ?? undefined;
      if (!cursor) break;
    }
    expect(seen).toEqual([...made].reverse());

    // By departure: the earlier departure's bookings first.
    const byDeparture = await listOf(owner.idToken, { q: name, sort: "departure_asc" });
    const starts = byDeparture.body.data.bookings.map((row: BookingsListRow) => row.departure.startsAt);
    expect(starts).toEqual([...starts].sort());
    expect(byDeparture.body.data.bookings[0].departure.id).toBe(early.id);

    // One local day of New York: only the early departure's three.
    const day = DateTime.now().setZone(ACME_ZONE).plus({ days: 30 }).toISODate()!;
    const onDay = await listOf(owner.idToken, { q: name, from: day, to: day });
    expect(ids(onDay.body).sort()).toEqual([made[0], made[2], made[4]].sort());
    expect(onDay.body.data.bookings[0].departure.timezone).toBe(ACME_ZONE);

    expect(ids((await listOf(owner.idToken, { q: name, status: "cancelled" })).body)).toEqual([]);
    expect(ids((await listOf(owner.idToken, { q: name, payment: "paid" })).body)).toHaveLength(5);
    expect(ids((await listOf(owner.idToken, { q: name, channel: "staff" })).body)).toEqual([]);
    expect(ids((await listOf(owner.idToken, { q: name, channel: "marketplace" })).body)).toHaveLength(5);
    const first = (await listOf(owner.idToken, { q: name })).body.data.bookings[0] as BookingsListRow;
    expect(first.money).toMatchObject({ currency: "USD", refundedMinor: 0 });
    expect(first.guest.name).toBe(`Ada ${name}`);
    expect(first.guestsLabel).toMatch(/^1 /);
  });

  it("refuses what is not a filter: 400 with the field named, never a 500", async () => {
    const owner = await syncedMember(db(), "acme", "owner");
    for (const [query, field] of [
      [{ status: "lost" }, "status"],
      [{ limit: "0" }, "limit"],
      [{ limit: "9999" }, "limit"],
      [{ from: "2026-02-30" }, "from"],
      [{ from: "2026-03-02", to: "2026-03-01" }, "to"],
      [{ cursor: "not a cursor" }, "cursor"],
      [{ cursor: "W10" }, "cursor"],
      [{ q: "a\u0000b" }, "q"],
      [{ q: "x".repeat(101) }, "q"],
    ] as const) {
      const answer = await listOf(owner.idToken, query as Record<string, string>);
      expectEnvelope(answer, 400, "validation_error");
      expect(JSON.stringify(answer.body)).toContain(field);
    }
    // A cursor made for one order is refused by another.
    const name = `Order${Date.now().toString(36)}`;
    const slot = await departure(8);
    for (let i = 0; i < 2; i++) await guestBooking(name, slot.id);
    const page = await listOf(owner.idToken, { q: name, limit: "1" });
    const cursor = page.body.data.nextCursor as string;
    expect(cursor).toBeTruthy();
    expectEnvelope(await listOf(owner.idToken, { q: name, cursor, sort: "departure_asc" }), 400, "validation_error");
  });
});

describe("operator bookings list: a guide", () => {
  it("sees only the bookings of departures assigned to them, and no money; the CSV likewise", async () => {
    const [guide, manager]: TestUser[] = await Promise.all([
      syncedMember(db(), "acme", "guide"),
      syncedMember(db(), "acme", "manager"),
    ]);
    const name = `Guided${Date.now().toString(36)}`;
    const theirs = await departure(12);
    const others = await departure(13);
    await db().update(slots).set({ guideUserId: guide.uid }).where(eq(slots.id, theirs.id));
    const mine = (await guestBooking(name, theirs.id)).booking;
    await guestBooking(name, others.id);

    const guideList = await listOf(guide.idToken, { q: name });
    expect(ids(guideList.body)).toEqual([mine.id]);
    expect(guideList.body.data.bookings[0].money).toBeNull();
    expect(ids((await listOf(manager.idToken, { q: name })).body)).toHaveLength(2);

    const csv = async (token: string) => {
      const response = await app.fetch(
        new Request(`http://localhost/v1/operator/bookings?q=${name}&format=csv`, {
          headers: { Authorization: `Bearer ${token}`, "X-Account-Context": "acme" },
        }),
      );
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toMatch(/^text\/csv/);
      return (await response.text()).trim().split("\r\n");
    };
    const guideCsv = await csv(guide.idToken);
    expect(guideCsv[0]).not.toContain("total");
    expect(guideCsv).toHaveLength(2);
    const managerCsv = await csv(manager.idToken);
    expect(managerCsv[0].split(",")).toEqual(expect.arrayContaining(["reference", "departure_starts_at", "total"]));
    expect(managerCsv).toHaveLength(3);
    // Local time naming its zone, money in major units with its currency.
    expect(managerCsv[1]).toMatch(/\d{4}-\d\d-\d\d 10:00 America\/New_York/);
    expect(managerCsv[1]).toMatch(/\d+\.\d\d USD/);
  });
});
