import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { slots } from "~api/db/schema";
import * as calendar from "~/routes/_console.console.calendar";
import { bookingWorld, createSlot } from "../support/booking";
import { consoleLoad as load, expectTeamOnly, memberOf } from "../support/console-routes";

const { db, acme } = bookingWorld();

describe("/console/calendar", () => {
  it("only the team: signed out to sign in, a stranger 404", async () => {
    await expectTeamOnly("/console/calendar", (cookie) => load(calendar, "/console/calendar", cookie));
  });

  it("the week and the month holding `from`, with the departure on its day; a guide sees only theirs", async () => {
    const slot = await createSlot(db(), acme.serviceId, { startsInHours: 24 * 9 });
    const [owner, guide] = await Promise.all([memberOf(db(), "owner"), memberOf(db(), "guide")]);
    const date = new Intl.DateTimeFormat("en-CA", { timeZone: acme.timezone }).format(slot.startsAt);
    const days = (data: { calendar: { days: { date: string; departures: { id: string }[] }[] } }) =>
      data.calendar.days.filter((day) => day.departures.some((d) => d.id === slot.id)).map((day) => day.date);

    const week = await load(calendar, `/console/calendar?view=week&from=${date}`, owner.cookie);
    expect(week.status).toBe(200);
    expect(week.data.calendar.view).toBe("week");
    expect(week.data.calendar.days).toHaveLength(7);
    expect(days(week.data)).toEqual([date]);
    const month = await load(calendar, `/console/calendar?view=month&from=${date}`, owner.cookie);
    expect(month.data.calendar.from).toBe(`${date.slice(0, 7)}-01`);
    expect(days(month.data)).toEqual([date]);

    const guideWeek = await load(calendar, `/console/calendar?from=${date}`, guide.cookie);
    expect(guideWeek.status).toBe(200);
    expect(days(guideWeek.data)).toEqual([]);
    await db().update(slots).set({ guideUserId: guide.user.uid }).where(eq(slots.id, slot.id));
    expect(days((await load(calendar, `/console/calendar?from=${date}`, guide.cookie)).data)).toEqual([date]);
  });

  it("a date or view it cannot read: this week, and says so; never a 500", async () => {
    const owner = await memberOf(db(), "owner");
    for (const query of ["from=2026-02-30", "view=year", "from=%00"]) {
      const page = await load(calendar, `/console/calendar?${query}`, owner.cookie);
      expect(page.status, query).toBe(200);
      expect(page.data.refused).toBe(true);
      expect(page.data.calendar.view).toBe("week");
    }
  });
});
