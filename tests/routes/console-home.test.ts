import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { slots } from "~api/db/schema";
import * as home from "~/routes/_console.console._index";
import { bookingWorld, todaysBooking } from "../support/booking";
import { consoleLoad as load, expectTeamOnly, memberOf } from "../support/console-routes";

const { db, acme } = bookingWorld();

describe("/console (the home)", () => {
  it("only the team: signed out to sign in, a stranger 404", async () => {
    await expectTeamOnly("/console", (cookie) => load(home, "/console", cookie));
  });

  it("an owner: today's departures with seats and check-ins, the new bookings with money, the decisions", async () => {
    const { slot, booking } = await todaysBooking(db(), acme, 2);
    const owner = await memberOf(db(), "owner");
    const page = await load(home, "/console", owner.cookie);
    expect(page.status).toBe(200);
    expect(page.data.me.role).toBe("owner");
    const today = page.data.home.departures.today.find((d: { id: string }) => d.id === slot.id);
    expect(today).toMatchObject({ seatsSold: 2, checkedIn: 0 });
    const made = page.data.home.newBookings.latest.find((row: { id: string }) => row.id === booking.id);
    expect(made.money).toMatchObject({ totalMinor: booking.totalMinor });
    expect(page.data.home.decisions).not.toBeNull();
  });

  it("a guide: their own departures only, no money, no decisions", async () => {
    const guide = await memberOf(db(), "guide");
    const mine = await todaysBooking(db(), acme, 1);
    const other = await todaysBooking(db(), acme, 1);
    await db().update(slots).set({ guideUserId: guide.user.uid }).where(eq(slots.id, mine.slot.id));
    const page = await load(home, "/console", guide.cookie);
    expect(page.status).toBe(200);
    const ids = page.data.home.departures.today.map((d: { id: string }) => d.id);
    expect(ids).toContain(mine.slot.id);
    expect(ids).not.toContain(other.slot.id);
    expect(page.data.home.decisions).toBeNull();
    for (const row of page.data.home.newBookings.latest) expect(row.money).toBeNull();
  });
});
