import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "~api/db/schema";
import * as list from "~/routes/_console.console.bookings._index";
import * as csv from "~/routes/_console.console.bookings[.]csv";
import { bookingUser, bookingWorld, confirmedBooking, createSlot } from "../support/booking";
import { consoleLoad as load, memberOf } from "../support/console-routes";
import { signedInUser } from "../support/routes";

const { db, acme } = bookingWorld();

/** A paid booking of acme's whose guest has the last name `lastName`. */
async function bookingOf(lastName: string) {
  const traveller = await bookingUser(acme);
  await db().update(users).set({ lastName }).where(eq(users.id, traveller.uid));
  const slot = await createSlot(db(), acme.serviceId);
  return confirmedBooking(traveller, acme, slot.id, 1);
}

describe("/console/bookings", () => {
  it("signed out goes to sign in; a traveller who is no member is refused", async () => {
    const signedOut = await load(list, "/console/bookings", null);
    expect(signedOut.status).toBe(302);
    const stranger = await signedInUser();
    const refused = await load(list, "/console/bookings", stranger.cookie);
    expect([403, 404]).toContain(refused.status);
  });

  it("finds a booking by the guest's last name, with its reference, guest and money for a manager", async () => {
    const name = `Ortega${Date.now().toString(36)}`;
    const booking = await bookingOf(name);
    const manager = await memberOf(db(), "manager");
    const page = await load(list, `/console/bookings?q=${name}`, manager.cookie);
    expect(page.status).toBe(200);
    expect(page.data.filters.q).toBe(name);
    expect(page.data.list.bookings).toHaveLength(1);
    const [row] = page.data.list.bookings;
    expect(row).toMatchObject({ id: booking.id, reference: booking.reference });
    expect(row.guest.name).toContain(name);
    expect(row.money).toMatchObject({ totalMinor: booking.totalMinor });
    expect(page.data.list.money).toMatchObject({ currency: "USD" });
  });

  it("a guide sees no money, and not a booking of a departure not theirs", async () => {
    const name = `Guideless${Date.now().toString(36)}`;
    await bookingOf(name);
    const guide = await memberOf(db(), "guide");
    const page = await load(list, `/console/bookings?q=${name}`, guide.cookie);
    expect(page.status).toBe(200);
    expect(page.data.list.bookings).toEqual([]);
    expect(page.data.list.money).toBeNull();
  });

  it("names the filters the API refused, with no rows, never a 500", async () => {
    const owner = await memberOf(db(), "owner");
    const page = await load(list, "/console/bookings?from=2026-02-30&status=lost&cursor=garbage", owner.cookie);
    expect(page.status).toBe(200);
    expect(page.data.refused).toEqual(expect.arrayContaining(["from", "status", "cursor"]));
    // A NUL byte in the query is refused by itself.
    const nul = await load(list, "/console/bookings?q=a%00b", owner.cookie);
    expect(nul.status).toBe(200);
    expect(nul.data.refused).toEqual(["q"]);
    expect(page.data.list.bookings).toEqual([]);
  });

  it("/console/bookings.csv: the same search as a download, times local and naming their zone", async () => {
    const name = `Csv${Date.now().toString(36)}`;
    const booking = await bookingOf(name);
    const owner = await memberOf(db(), "owner");
    const answer = await load(csv, `/console/bookings.csv?q=${name}`, owner.cookie);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(answer.headers.get("content-disposition")).toMatch(/acme-bookings-\d{4}-\d\d-\d\d\.csv/);
    const lines = String(answer.data).trim().split("\r\n");
    expect(lines).toHaveLength(2);
    expect(lines[0].split(",")).toEqual(expect.arrayContaining(["reference", "guest_name", "total"]));
    expect(lines[1]).toContain(booking.reference);
    expect(lines[1]).toMatch(/ America\/New_York/);
    const refused = await load(csv, "/console/bookings.csv?to=yesterday", owner.cookie);
    expect(refused.status).toBe(400);
  });
});
