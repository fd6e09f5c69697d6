import "../../support/env";
import { randomUUID } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import { app } from "~api/app";
import { auditLog, bookingRefunds, users, waivers } from "~api/db/schema";
import type { OperatorRole } from "~contract/operator/team";
import { expectEnvelope, expectPlainTextRefused } from "../../support/api";
import {
  ACME_ZONE,
  bookingBody,
  bookingUser,
  bookingWorld,
  confirmedBooking,
  inExperienceZone,
  pay,
  slotAt,
  placeBooking,
  sessionIdOf,
} from "../../support/booking";
import { call, syncedUser, type TestUser } from "../../support/identity";
import { asMember, syncedMember } from "../../support/operator";
import { v1, v1Path } from "../../support/client";
import { parseCsv } from "../../support/csv";

const { db, acme } = bookingWorld();

const member = (slug: string, role: OperatorRole) => syncedMember(db(), slug, role);

/** A local date of acme's zone `days` from today. */
const localDay = (days: number) => DateTime.now().setZone(ACME_ZONE).plus({ days }).toISODate()!;

let offset = 0;
/** A departure of acme's service at a local date and time of `zone` (seconds set so the seed's never collide). */
async function departureAt(date: string, time: string, capacity = 10, zone = ACME_ZONE) {
  const [hour, minute] = time.split(":").map(Number);
  const startsAt = DateTime.fromISO(date, { zone })
    .set({ hour, minute, second: 17 + (offset++ % 40) })
    .toJSDate();
  return slotAt(db(), acme.serviceId, startsAt, { capacity, idPrefix: "t-man" });
}

const manifestOf = (token: string, date: string, account = "acme") =>
  v1.operatorManifest({ query: { date }, ...asMember(token, { account }) });

const checkIn = (token: string, bookingId: string, body: unknown, account = "acme") =>
  v1.operatorUpdateCheckIn({ params: { bookingId }, ...asMember(token, { body, account }) });

/** 2 adults and 1 child, confirmed and paid. */
async function familyBooking(user: TestUser, slotId: string) {
  const placed = await placeBooking(
    user.idToken,
    bookingBody(acme, slotId, 2, {
      tickets: [
        { ticketTypeId: acme.adult.id, quantity: 2 },
        { ticketTypeId: acme.child!.id, quantity: 1 },
      ],
    }),
  );
  expect(placed.status).toBe(201);
  const paid = await pay(sessionIdOf(placed.body.data.checkoutUrl));
  expect(paid.body.data.status).toBe("paid");
  return placed.body.data.booking as { id: string; totalMinor: number };
}

async function csvOf(token: string, query: string, headers: Record<string, string> = {}) {
  const response = await app.fetch(
    new Request(`http://localhost/v1/operator/manifest?${query}`, {
      headers: { Authorization: `Bearer ${token}`, "X-Account-Context": "acme", ...headers },
    }),
  );
  return { response, text: await response.text() };
}

describe("operator manifest: the guard", () => {
  it("signed out 401, a non-member 404, another operator's booking ids 404; every member reads it", async () => {
    const [stranger, harborOwner, guide, manager, owner] = await Promise.all([
      syncedUser(),
      member("harbor", "owner"),
      member("acme", "guide"),
      member("acme", "manager"),
      member("acme", "owner"),
    ]);
    const traveller = await bookingUser(acme);
    const slot = await departureAt(localDay(9), "10:00");
    const booking = await confirmedBooking(traveller, acme, slot.id, 1);
    const date = localDay(9);
    expectEnvelope(await v1.operatorManifest({ query: { date }, ...asMember(undefined) }), 401, "unauthorized");
    expectEnvelope(await manifestOf(stranger.idToken, date), 404, "not_found");
    expectEnvelope(await checkIn(stranger.idToken, booking.id, { guestNo: 1, status: "checked_in" }), 404, "not_found");
    expectEnvelope(
      await v1.operatorUpdateCheckIn({
        params: { bookingId: booking.id },
        ...asMember(undefined, { body: { guestNo: 1, status: "reset" } }),
      }),
      401,
      "unauthorized",
    );
    // harbor's owner on harbor's storefront: acme's booking is no booking of theirs, its departure not in their day.
    expectEnvelope(
      await checkIn(harborOwner.idToken, booking.id, { guestNo: 1, status: "checked_in" }, "harbor"),
      404,
      "booking_not_found",
    );
    const harborDay = await manifestOf(harborOwner.idToken, date, "harbor");
    expect(harborDay.status).toBe(200);
    expect(harborDay.body.data.departures.map((d: { id: string }) => d.id)).not.toContain(slot.id);
    // The guide sees nothing unassigned, and may not check in there (403 not_assigned).
    const guideDay = await manifestOf(guide.idToken, date);
    expect(guideDay.status).toBe(200);
    expect(guideDay.body.data.departures).toEqual([]);
    expectEnvelope(await checkIn(guide.idToken, booking.id, { guestNo: 1, status: "checked_in" }), 403, "not_assigned");
    for (const user of [manager, owner]) {
      const day = await manifestOf(user.idToken, date);
      expect(day.status).toBe(200);
      expect(day.body.data.departures.map((d: { id: string }) => d.id)).toContain(slot.id);
    }
  });

  it("guide assignment: owner and manager only, a member of the team (any role) or none; audited; the guide then sees that departure alone", async () => {
    const [guide, otherGuide, manager, stranger, harborGuide] = await Promise.all([
      member("acme", "guide"),
      member("acme", "guide"),
      member("acme", "manager"),
      syncedUser(),
      member("harbor", "guide"),
    ]);
    const date = localDay(11);
    const [mine, theirs] = [await departureAt(date, "09:00"), await departureAt(date, "14:00")];
    const patch = (token: string, id: string, body: unknown) =>
      v1.operatorUpdateDeparture({ params: { departureId: id }, ...asMember(token, { body }) });
    expectEnvelope(await patch(guide.idToken, mine.id, { guideUserId: guide.uid }), 403, "forbidden");
    expectEnvelope(await patch(manager.idToken, mine.id, { guideUserId: stranger.uid }), 422, "guide_not_member");
    expectEnvelope(await patch(manager.idToken, mine.id, { guideUserId: harborGuide.uid }), 422, "guide_not_member");
    expectEnvelope(await patch(manager.idToken, mine.id, { guideUserId: "" }), 400, "validation_error");
    expectEnvelope(await patch(manager.idToken, mine.id, { guideUserId: "x\u0000y" }), 400, "validation_error");
    expectEnvelope(
      await patch(manager.idToken, mine.id, { guideUserId: "x".repeat(100_000) }),
      400,
      "validation_error",
    );
    // The choices: every member of the team, for owner and manager only.
    expectEnvelope(await v1.operatorListGuides(asMember(guide.idToken)), 403, "forbidden");
    const choices = await v1.operatorListGuides(asMember(manager.idToken));
    expect(choices.status).toBe(200);
    const offered = choices.body.data.guides.map((g: { userId: string }) => g.userId);
    expect(offered).toEqual(expect.arrayContaining([guide.uid, otherGuide.uid, manager.uid]));
    expect(offered).not.toContain(harborGuide.uid);
    const assigned = await patch(manager.idToken, mine.id, { guideUserId: guide.uid });
    expect(assigned.status).toBe(200);
    expect(assigned.body.data.guide).toEqual({ userId: guide.uid, name: expect.any(String) });
    expect((await patch(manager.idToken, theirs.id, { guideUserId: otherGuide.uid })).status).toBe(200);
    // A manager may lead one too (any role).
    const detail = await v1.operatorGetDeparture({ params: { departureId: mine.id }, ...asMember(manager.idToken) });
    expect(detail.body.data.departure.guide.userId).toBe(guide.uid);
    const listed = await v1.operatorListDepartures({
      params: { experienceId: acme.experienceId },
      query: { from: date, to: date },
      ...asMember(manager.idToken),
    });
    const row = listed.body.data.departures.find((d: { id: string }) => d.id === mine.id);
    expect(row.guide.userId).toBe(guide.uid);
    const guideDay = await manifestOf(guide.idToken, date);
    expect(guideDay.body.data.departures.map((d: { id: string }) => d.id)).toEqual([mine.id]);
    expect(guideDay.body.data.departures[0].guide.userId).toBe(guide.uid);
    // Unassigned: the guide's day is empty again.
    expect((await patch(manager.idToken, mine.id, { guideUserId: null })).body.data.guide).toBeNull();
    expect((await manifestOf(guide.idToken, date)).body.data.departures).toEqual([]);
    const audits = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "departure.guide_assigned"), eq(auditLog.actorId, manager.uid)))
      .orderBy(desc(auditLog.at));
    expect(audits.map((a) => a.target.departureId)).toEqual([mine.id, theirs.id, mine.id]);
    expect(audits[0].target.guideUserId).toBeNull();
  });
});

describe("operator manifest: the day's departures and bookings", () => {
  it("a departure at 23:30 local belongs to that date, not the next UTC day; 00:30 the next day belongs to the next", async () => {
    const manager = await member("acme", "manager");
    const date = localDay(13);
    const late = await departureAt(date, "23:30");
    const early = await departureAt(localDay(14), "00:30");
    // 23:30 in New York is the next day in UTC.
    expect(late.startsAt.toISOString().slice(0, 10)).toBe(localDay(14));
    const day = (await manifestOf(manager.idToken, date)).body.data;
    const next = (await manifestOf(manager.idToken, localDay(14))).body.data;
    expect(day.timezone).toBe(ACME_ZONE);
    expect(day.previousDate).toBe(localDay(12));
    expect(day.nextDate).toBe(localDay(14));
    const ids = (list: Array<{ id: string }>) => list.map((d) => d.id);
    expect(ids(day.departures)).toContain(late.id);
    expect(ids(day.departures)).not.toContain(early.id);
    expect(ids(next.departures)).toContain(early.id);
    expect(ids(next.departures)).not.toContain(late.id);
    // In start order.
    const starts = day.departures.map((d: { startsAt: string }) => d.startsAt);
    expect([...starts].sort()).toEqual(starts);
  });

  it("a departure of an experience in Denver (operator in New York): on its own local day's manifest, with its zone; the CSV says its local time and zone, money in major units", async () => {
    const manager = await member("acme", "manager");
    const DENVER = "America/Denver";
    await inExperienceZone(db(), acme, DENVER, async () => {
      const date = localDay(18);
      // 22:30 in Denver is 00:30 the next day in New York.
      const late = await departureAt(date, "22:30", 10, DENVER);
      expect(DateTime.fromJSDate(late.startsAt, { zone: ACME_ZONE }).toISODate()).toBe(localDay(19));
      const early = await departureAt(localDay(19), "00:15", 10, DENVER);
      const traveller = await bookingUser(acme);
      const booking = await confirmedBooking(traveller, acme, late.id, 1);
      const day = (await manifestOf(manager.idToken, date)).body.data;
      const next = (await manifestOf(manager.idToken, localDay(19))).body.data;
      const ids = (list: Array<{ id: string }>) => list.map((d) => d.id);
      expect(ids(day.departures)).toContain(late.id);
      expect(ids(day.departures)).not.toContain(early.id);
      expect(ids(next.departures)).not.toContain(late.id);
      expect(ids(next.departures)).toContain(early.id);
      expect(day.timezone).toBe(ACME_ZONE);
      expect(day.departures.find((d: { id: string }) => d.id === late.id).timezone).toBe(DENVER);

      const { text } = await csvOf(manager.idToken, `date=${date}&format=csv`);
      const [header, ...rows] = parseCsv(text);
      const row = rows.find((cells) => cells[header.indexOf("booking_id")] === booking.id)!;
      const cell = (name: string) => row[header.indexOf(name)];
      expect(cell("date")).toBe(date);
      expect(cell("starts_at")).toBe(`${date} 22:30 ${DENVER}`);
      expect(cell("ends_at")).toBe(`${localDay(19)} 00:00 ${DENVER}`);
      const usd = (minor: number) => `${(minor / 100).toFixed(2)} USD`;
      expect(acme.currency).toBe("USD");
      expect(cell("total")).toBe(usd(booking.totalMinor));
      expect(cell("paid")).toBe(usd(booking.totalMinor));
      expect(cell("owed")).toBe("0.00 USD");
      expect(header).not.toContain("total_minor");
    });
  });

  it("bookings with guests per ticket type, lead guest, waiver, held ones marked, paid/owed/refunded, totals", async () => {
    const manager = await member("acme", "manager");
    const date = localDay(15);
    const slot = await departureAt(date, "11:00");
    const family = await bookingUser(acme);
    const holder = await bookingUser(acme);
    const confirmed = await familyBooking(family, slot.id);
    const placed = await placeBooking(holder.idToken, bookingBody(acme, slot.id, 1));
    expect(placed.status).toBe(201);
    const held = placed.body.data.booking as { id: string; totalMinor: number };
    // The holder's signature is gone (as if the operator's waiver had a new version since).
    await db().delete(waivers).where(eq(waivers.userId, holder.uid));
    // A partial refund of 1000 (as an operator refund records it).
    await db()
      .insert(bookingRefunds)
      .values({
        id: `rf_${randomUUID().replace(/-/g, "")}`,
        bookingId: confirmed.id,
        accountId: acme.accountId,
        amountMinor: 1000,
        currency: acme.currency,
        reason: "late start",
        idempotencyKey: `test-${randomUUID()}`,
      });
    const day = (await manifestOf(manager.idToken, date)).body.data;
    const departure = day.departures.find((d: { id: string }) => d.id === slot.id);
    expect(departure).toMatchObject({ experienceId: acme.experienceId, serviceId: acme.serviceId, capacity: 10 });
    expect(departure.seatsTaken).toBe(4);
    expect(departure.bookings.map((b: { id: string }) => b.id)).toEqual([confirmed.id, held.id]);
    const [first, second] = departure.bookings;
    expect(first).toMatchObject({
      status: "confirmed",
      holdExpiresAt: null,
      seats: 3,
      guestsLabel: "2 Adults, 1 Child (5–12)",
      lead: { name: "Ada Lovelace", phone: "+15551234567", email: family.email },
      waiverSigned: true,
      paymentStatus: "paid",
      money: {
        currency: acme.currency,
        totalMinor: confirmed.totalMinor,
        paidMinor: confirmed.totalMinor - 1000,
        owedMinor: 0,
        refundedMinor: 1000,
      },
    });
    expect(first.guests.map((g: { ticketTypeCode: string; status: string }) => [g.ticketTypeCode, g.status])).toEqual([
      ["adult", "none"],
      ["adult", "none"],
      ["child", "none"],
    ]);
    expect(second).toMatchObject({
      status: "held",
      guestsLabel: "1 Adult",
      money: { paidMinor: 0, owedMinor: held.totalMinor, refundedMinor: 0 },
      waiverSigned: false,
    });
    expect(Date.parse(second.holdExpiresAt)).toBeGreaterThan(Date.now());
    expect(departure.totals).toEqual({
      bookings: 2,
      heldBookings: 1,
      guests: 4,
      tickets: [
        { code: "adult", name: "Adult", quantity: 3 },
        { code: "child", name: "Child (5–12)", quantity: 1 },
      ],
      money: { paidMinor: confirmed.totalMinor - 1000, owedMinor: held.totalMinor, refundedMinor: 1000 },
      checkedIn: 0,
      noShows: 0,
    });
  });

  it("CSV by Accept or format=csv: one row per booking, the same facts as the JSON, formula injection neutralised", async () => {
    const manager = await member("acme", "manager");
    const date = localDay(16);
    const slot = await departureAt(date, "08:00");
    const evil = await bookingUser(acme);
    const plain = await bookingUser(acme);
    await db()
      .update(users)
      .set({ firstName: '=HYPERLINK("http://evil")', lastName: "Smith, Jr." })
      .where(eq(users.id, evil.uid));
    const a = await confirmedBooking(evil, acme, slot.id, 2);
    const b = await confirmedBooking(plain, acme, slot.id, 1);
    const json = (await manifestOf(manager.idToken, date)).body.data;
    const asks: Array<{ query: string; headers: Record<string, string> }> = [
      { query: `date=${date}&format=csv`, headers: {} },
      { query: `date=${date}`, headers: { Accept: "text/csv" } },
    ];
    for (const ask of asks) {
      const { response, text } = await csvOf(manager.idToken, ask.query, ask.headers);
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Type")).toMatch(/^text\/csv/);
      expect(response.headers.get("Content-Disposition")).toBe(`attachment; filename="manifest-acme-${date}.csv"`);
      const [header, ...rows] = parseCsv(text);
      expect(header.slice(0, 3)).toEqual(["date", "departure_id", "experience"]);
      const jsonBookings = json.departures.flatMap((d: { bookings: Array<{ id: string }> }) => d.bookings);
      expect(rows.map((row) => row[header.indexOf("booking_id")])).toEqual(
        jsonBookings.map((booking: { id: string }) => booking.id),
      );
      const rowOf = (id: string) => rows.find((row) => row[header.indexOf("booking_id")] === id)!;
      const cell = (row: string[], name: string) => row[header.indexOf(name)];
      expect(cell(rowOf(a.id), "lead_name")).toBe(`'=HYPERLINK("http://evil") Smith, Jr.`);
      expect(cell(rowOf(a.id), "guests")).toBe("2 Adults");
      expect(cell(rowOf(b.id), "guests")).toBe("1 Adult");
      expect(cell(rowOf(b.id), "paid")).toBe(`${(b.totalMinor / 100).toFixed(2)} USD`);
      expect(cell(rowOf(b.id), "starts_at")).toBe(`${date} 08:00 ${ACME_ZONE}`);
      expect(cell(rowOf(b.id), "departure_id")).toBe(slot.id);
      expect(cell(rowOf(b.id), "waiver_signed")).toBe("yes");
      // Every row holds every column.
      expect(rows.every((row) => row.length === header.length)).toBe(true);
    }
    // JSON is still the default.
    const { response } = await csvOf(manager.idToken, `date=${date}`, { Accept: "application/json" });
    expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
  });

  it("hostile input: impossible dates, NUL bytes, unknown formats, malformed ids and bodies are 400s", async () => {
    const manager = await member("acme", "manager");
    for (const query of [
      "date=2026-02-30",
      "date=2026-13-01",
      "date=26-1-1",
      "date=2026-01-01%00",
      `date=${"9".repeat(10_000)}`,
      "format=xml",
      "date=2026-01-01&date=2026-01-02",
    ]) {
      const res = await call(`${v1Path("operatorManifest")}?${query}`, asMember(manager.idToken));
      expect(res.status, query).toBe(400);
      expect(res.body.error.code).toBe("validation_error");
    }
    const traveller = await bookingUser(acme);
    const slot = await departureAt(localDay(17), "10:00");
    const booking = await confirmedBooking(traveller, acme, slot.id, 1);
    for (const body of [
      { guestNo: 0, status: "checked_in" },
      { guestNo: 21, status: "checked_in" },
      { guestNo: "1", status: "checked_in" },
      { guestNo: 1, status: "arrived" },
      { guestNo: 1 },
      { status: "reset" },
      { guestNo: 1.5, status: "reset" },
      { guestNo: 1, status: "reset\u0000" },
    ]) {
      const res = await checkIn(manager.idToken, booking.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expectEnvelope(
      await checkIn(manager.idToken, "bk_short", { guestNo: 1, status: "checked_in" }),
      400,
      "validation_error",
    );
    expectEnvelope(
      await checkIn(manager.idToken, "bk_AAAAAAAAAAAAAAAA", { guestNo: 1, status: "checked_in" }),
      404,
      "booking_not_found",
    );
    await expectPlainTextRefused(
      { method: "POST", path: `/v1/operator/bookings/${booking.id}/check-ins` },
      manager.idToken,
      "guestNo=1",
    );
  });
});

describe("operator check-in from the manifest", () => {
  it("per guest and for all: checked in, no-show, reset; the same state twice is the same state; audited", async () => {
    const guide = await member("acme", "guide");
    const manager = await member("acme", "manager");
    const date = localDay(18);
    const slot = await departureAt(date, "10:00");
    await v1.operatorUpdateDeparture({
      params: { departureId: slot.id },
      ...asMember(manager.idToken, { body: { guideUserId: guide.uid } }),
    });
    const traveller = await bookingUser(acme);
    const booking = await confirmedBooking(traveller, acme, slot.id, 3);
    const statuses = (answer: { body: { data: { guests: Array<{ status: string }> } } }) =>
      answer.body.data.guests.map((g) => g.status);

    const first = await checkIn(guide.idToken, booking.id, { guestNo: 1, status: "checked_in" });
    expect(first.status).toBe(200);
    expect(statuses(first)).toEqual(["checked_in", "none", "none"]);
    const at = first.body.data.guests[0].at;
    expect(at).toEqual(expect.any(String));
    const again = await checkIn(guide.idToken, booking.id, { guestNo: 1, status: "checked_in" });
    expect(again.body.data.guests[0].at).toBe(at);
    expect(statuses(await checkIn(guide.idToken, booking.id, { guestNo: 2, status: "no_show" }))).toEqual([
      "checked_in",
      "no_show",
      "none",
    ]);
    expectEnvelope(
      await checkIn(guide.idToken, booking.id, { guestNo: 4, status: "checked_in" }),
      422,
      "guest_not_found",
    );
    expect(statuses(await checkIn(guide.idToken, booking.id, { guestNo: 1, status: "reset" }))).toEqual([
      "none",
      "no_show",
      "none",
    ]);
    expect(statuses(await checkIn(guide.idToken, booking.id, { guestNo: "all", status: "checked_in" }))).toEqual([
      "checked_in",
      "checked_in",
      "checked_in",
    ]);
    const day = (await manifestOf(guide.idToken, date)).body.data;
    expect(day.departures[0].totals).toMatchObject({ checkedIn: 3, noShows: 0 });
    expect(statuses(await checkIn(guide.idToken, booking.id, { guestNo: "all", status: "reset" }))).toEqual([
      "none",
      "none",
      "none",
    ]);
    const audits = await db().select().from(auditLog).where(eq(auditLog.actorId, guide.uid)).orderBy(desc(auditLog.at));
    expect(audits.map((a) => a.action).slice(0, 3)).toEqual([
      "booking.check_in_reset",
      "booking.checked_in",
      "booking.check_in_reset",
    ]);
    expect(audits[0].target).toEqual({ bookingId: booking.id, guests: "all", via: "list" });
  });

  it("only a confirmed booking: a held one is 409 booking_not_confirmed", async () => {
    const owner = await member("acme", "owner");
    const slot = await departureAt(localDay(19), "10:00");
    const holder = await bookingUser(acme);
    const placed = await placeBooking(holder.idToken, bookingBody(acme, slot.id, 1));
    expectEnvelope(
      await checkIn(owner.idToken, placed.body.data.booking.id, { guestNo: 1, status: "checked_in" }),
      409,
      "booking_not_confirmed",
    );
  });
});
