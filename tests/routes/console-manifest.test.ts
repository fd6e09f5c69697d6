import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import * as page from "~/routes/_console.console.manifest";
import * as csv from "~/routes/_console.console.manifest[.]csv";
import {
  bookingUser,
  confirmedBooking,
  findService,
  inExperienceZone,
  slotAt,
  type TestService,
} from "../support/booking";
import { identityWorld } from "../support/identity";
import { consoleLoad, consolePost, expectTeamOnly, memberOf } from "../support/console-routes";

const { db } = identityWorld();

const ZONE = "America/New_York";
const load = (route: typeof page | typeof csv, path: string, cookie: string | null) => consoleLoad(route, path, cookie);
const post = (path: string, cookie: string, form: Record<string, string>) => consolePost(page, path, cookie, form);
const memberOfAcme = (role: "owner" | "manager" | "guide") => memberOf(db(), role);
/** A guest of a booking marked on the manifest page (`extra`: the page's date, `js` when the page fetched). */
const checkIn = (
  cookie: string,
  bookingId: string,
  guestNo: string,
  status: string,
  extra: Record<string, string> = {},
) => post("/console/manifest", cookie, { intent: "checkIn", bookingId, guestNo, status, ...extra });

/** The flash message a redirect sets (the cookie's value: base64 of its JSON). */
const flashOf = (headers: Headers) => {
  const value = decodeURIComponent(/flash=([^;]*)/.exec(headers.get("Set-Cookie") ?? "")?.[1] ?? "");
  return Buffer.from(value.split(".")[0], "base64").toString("utf8");
};

const localDay = (days: number) => DateTime.now().setZone(ZONE).plus({ days }).toISODate()!;

let made = 0;
async function departureOn(
  acme: TestService,
  date: string,
  guideUserId: string | null,
  at: { zone: string; hour: number; minute: number } = { zone: ZONE, hour: 10, minute: 7 + made++ },
) {
  const startsAt = DateTime.fromISO(date, { zone: at.zone })
    .set({ hour: at.hour, minute: at.minute, second: 41 })
    .toJSDate();
  return (await slotAt(db(), acme.serviceId, startsAt, { guideUserId, idPrefix: "t-rman" })).id;
}

describe("/console/manifest and /console/manifest.csv", () => {
  it("guards: signed out to sign-in, a non-member 404; every member opens it", async () => {
    const stranger = await expectTeamOnly("/console/manifest", (cookie) => load(page, "/console/manifest", cookie));
    expect((await load(csv, "/console/manifest.csv", stranger.cookie)).status).toBe(404);
    const guide = await memberOfAcme("guide");
    const today = await load(page, "/console/manifest", guide.cookie);
    expect(today.status).toBe(200);
    expect(today.data.manifest.date).toBe(DateTime.now().setZone(ZONE).toISODate());
  });

  it("a guide's day: their departure with its booking, no money; check-in without JS redirects back with a flash; with JS answers data", async () => {
    const acme = await findService(db(), "acme");
    const guide = await memberOfAcme("guide");
    const date = localDay(21);
    const mine = await departureOn(acme, date, guide.user.uid);
    const unassigned = await departureOn(acme, date, null);
    const traveller = await bookingUser(acme);
    const booking = await confirmedBooking(traveller, acme, mine, 2);
    const notMine = await confirmedBooking(await bookingUser(acme), acme, unassigned, 1);

    const day = await load(page, `/console/manifest?date=${date}&perPage=1`, guide.cookie);
    expect(day.status).toBe(200);
    expect(day.data.perPage).toBe(true);
    expect(day.data.manifest.departures.map((d: { id: string }) => d.id)).toEqual([mine]);
    expect(day.data.manifest.departures[0].bookings[0]).toMatchObject({ id: booking.id, guestsLabel: "2 Adults" });
    // No money on a guide's page: not the day's currency, not a booking's, not the totals.
    expect(day.data.manifest.money).toBeNull();
    expect(day.data.manifest.departures[0].bookings[0].money).toBeNull();
    expect(day.data.manifest.departures[0].totals.money).toBeNull();
    const file = await load(csv, `/console/manifest.csv?date=${date}`, guide.cookie);
    const [header, ...rows] = String(file.data).trim().split("\r\n");
    const columns = header.split(",");
    expect(columns).toContain("payment_status");
    expect(columns.filter((column) => ["total", "paid", "owed", "refunded"].includes(column))).toEqual([]);
    expect(rows.map((row) => row.split(",")[columns.indexOf("booking_id")])).toEqual([booking.id]);
    // The unassigned departure's booking is not theirs to check in.
    const other = await checkIn(guide.cookie, notMine.id, "1", "checked_in", { js: "1" });
    expect(other).toMatchObject({ status: 403, data: { ok: false, message: "manifest.errorNotYours" } });

    const native = await checkIn(guide.cookie, booking.id, "1", "checked_in", { date, perPage: "1" });
    expect(native.status).toBe(302);
    expect(native.location).toBe(`/console/manifest?date=${date}&perPage=1`);
    expect(flashOf(native.headers)).toContain("manifest.checkedInDone");

    const fetched = await checkIn(guide.cookie, booking.id, "2", "no_show", { date, js: "1" });
    expect(fetched).toMatchObject({ status: 200, data: { ok: true, message: "manifest.noShowDone" } });
    const after = await load(page, `/console/manifest?date=${date}`, guide.cookie);
    expect(after.data.manifest.departures[0].bookings[0].guests.map((g: { status: string }) => g.status)).toEqual([
      "checked_in",
      "no_show",
    ]);
    // A guest the booking does not have: refused with words, nothing changed.
    const refused = await checkIn(guide.cookie, booking.id, "3", "checked_in", { js: "1" });
    expect(refused).toMatchObject({ status: 422, data: { ok: false, message: "manifest.errorGuest" } });
    const garbage = await checkIn(guide.cookie, "nope", "x", "dance");
    expect(garbage.status).toBe(302);
    expect(flashOf(garbage.headers)).toContain("manifest.errorForm");
  });

  it("an impossible date falls back to today and says so; the CSV download is the day's bookings with a dated file name", async () => {
    const acme = await findService(db(), "acme");
    const manager = await memberOfAcme("manager");
    const bad = await load(page, "/console/manifest?date=2026-02-30", manager.cookie);
    expect(bad.status).toBe(200);
    expect(bad.data.invalidDate).toBe(true);
    const date = localDay(22);
    const slot = await departureOn(acme, date, null);
    const traveller = await bookingUser(acme);
    const booking = await confirmedBooking(traveller, acme, slot, 1);
    const file = await load(csv, `/console/manifest.csv?date=${date}`, manager.cookie);
    expect(file.status).toBe(200);
    expect(file.headers.get("Content-Type")).toMatch(/^text\/csv/);
    expect(file.headers.get("Content-Disposition")).toBe(`attachment; filename="manifest-acme-${date}.csv"`);
    const lines = String(file.data).trim().split("\r\n");
    expect(lines[0].startsWith("date,departure_id,")).toBe(true);
    const json = await load(page, `/console/manifest?date=${date}`, manager.cookie);
    const ids = json.data.manifest.departures.flatMap((d: { bookings: Array<{ id: string }> }) =>
      d.bookings.map((b) => b.id),
    );
    expect(lines.length - 1).toBe(ids.length);
    expect(ids).toContain(booking.id);
    expect(lines.some((line) => line.includes(booking.id) && line.includes("1 Adult"))).toBe(true);
    expect((await load(csv, "/console/manifest.csv?date=2026-02-30", manager.cookie)).status).toBe(400);
  });

  it("a 22:30 departure in Denver (operator in New York): on its own day, its CSV row in Denver's local time with the zone, money in dollars", async () => {
    const acme = await findService(db(), "acme");
    const manager = await memberOfAcme("manager");
    const DENVER = "America/Denver";
    await inExperienceZone(db(), acme, DENVER, async () => {
      const date = localDay(24);
      const slot = await departureOn(acme, date, null, { zone: DENVER, hour: 22, minute: 30 });
      const booking = await confirmedBooking(await bookingUser(acme), acme, slot, 2);
      const day = await load(page, `/console/manifest?date=${date}`, manager.cookie);
      const departure = day.data.manifest.departures.find((d: { id: string }) => d.id === slot);
      expect(departure).toMatchObject({ timezone: DENVER });
      const next = await load(page, `/console/manifest?date=${localDay(25)}`, manager.cookie);
      expect(next.data.manifest.departures.map((d: { id: string }) => d.id)).not.toContain(slot);

      const file = await load(csv, `/console/manifest.csv?date=${date}`, manager.cookie);
      const [header, ...lines] = String(file.data).trim().split("\r\n");
      const columns = header.split(",");
      const row = lines.find((line) => line.includes(booking.id))!.split(",");
      const cell = (name: string) => row[columns.indexOf(name)];
      expect(cell("starts_at")).toBe(`${date} 22:30 ${DENVER}`);
      expect(cell("total")).toBe(`${(booking.totalMinor / 100).toFixed(2)} USD`);
      expect(cell("paid")).toBe(`${(booking.totalMinor / 100).toFixed(2)} USD`);
      expect(cell("refunded")).toBe("0.00 USD");
    });
  });
});
