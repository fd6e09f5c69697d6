import "../../support/env";
import { eq } from "drizzle-orm";
import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import { slots } from "~api/db/schema";
import { localDateOf } from "~api/schedules/expand";
import type { OperatorCalendar } from "~contract/operator/week";
import { expectEnvelope } from "../../support/api";
import { bookingUser, bookingWorld, confirmedBooking, inExperienceZone, slotAt } from "../../support/booking";
import { v1 } from "../../support/client";
import { syncedUser } from "../../support/identity";
import { asMember, syncedMember } from "../../support/operator";

const { db, acme } = bookingWorld();

const calendarOf = (token: string | undefined, query: Record<string, string> = {}, account = "acme") =>
  v1.operatorCalendar({ query, ...asMember(token, { account }) });

/** The departure's day in the calendar, or undefined when it is on none. */
const dayOf = (calendar: OperatorCalendar, departureId: string) =>
  calendar.days.find((day) => day.departures.some((departure) => departure.id === departureId))?.date;

let second = 0;
/** A departure of acme's service at a local date and time of `zone` (seconds set so none collide). */
async function departureAt(date: string, time: string, zone: string, guideUserId?: string) {
  const startsAt = DateTime.fromISO(`${date}T${time}`, { zone })
    .set({ second: 5 + (second++ % 50) })
    .toJSDate();
  return slotAt(db(), acme.serviceId, startsAt, { capacity: 12, guideUserId, idPrefix: "t-cal" });
}

describe("operator calendar", () => {
  it("the week (Monday to Sunday) holding `from`, every day listed, previous and next weeks", async () => {
    const owner = await syncedMember(db(), "acme", "owner");
    const answer = await calendarOf(owner.idToken, { from: "2031-06-12", view: "week" }); // a Thursday
    expect(answer.status).toBe(200);
    const calendar: OperatorCalendar = answer.body.data;
    expect(calendar.from).toBe("2031-06-09");
    expect(calendar.to).toBe("2031-06-15");
    expect(calendar.days.map((day) => day.date)).toHaveLength(7);
    expect(calendar.previous).toBe("2031-06-02");
    expect(calendar.next).toBe("2031-06-16");
    const month: OperatorCalendar = (await calendarOf(owner.idToken, { from: "2032-02-20", view: "month" })).body.data;
    expect([month.from, month.to, month.days.length]).toEqual(["2032-02-01", "2032-02-29", 29]);
    expect([month.previous, month.next]).toEqual(["2032-01-01", "2032-03-01"]);
    const today: OperatorCalendar = (await calendarOf(owner.idToken)).body.data;
    expect(today.view).toBe("week");
    expect(today.days.map((day) => day.date)).toContain(localDateOf(new Date(), "America/New_York"));
  });

  it("each departure on its own experience's local day, with seats sold, check-ins and the guide", async () => {
    const [owner, guide] = await Promise.all([
      syncedMember(db(), "acme", "owner"),
      syncedMember(db(), "acme", "guide"),
    ]);
    await inExperienceZone(db(), acme, "America/Denver", async () => {
      // 22:30 in Denver on the 11th is the 12th in UTC: the calendar puts it on the 11th.
      const late = await departureAt("2031-07-11", "22:30", "America/Denver", guide.uid);
      const calendar: OperatorCalendar = (await calendarOf(owner.idToken, { from: "2031-07-11" })).body.data;
      expect(dayOf(calendar, late.id)).toBe("2031-07-11");
      const shown = calendar.days.flatMap((day) => day.departures).find((departure) => departure.id === late.id);
      expect(shown).toMatchObject({ timezone: "America/Denver", capacity: 12, seatsSold: 0, checkedIn: 0 });
      expect(shown?.guide?.userId).toBe(guide.uid);
    });

    const soon = await departureAt(
      DateTime.now().setZone("America/New_York").plus({ days: 3 }).toISODate()!,
      "09:00",
      "America/New_York",
    );
    const traveller = await bookingUser(acme);
    const booking = await confirmedBooking(traveller, acme, soon.id, 2);
    const checked = await v1.operatorUpdateCheckIn({
      params: { bookingId: booking.id },
      ...asMember(owner.idToken, { body: { guestNo: 1, status: "checked_in" } }),
    });
    expect(checked.status).toBe(200);
    const calendar: OperatorCalendar = (
      await calendarOf(owner.idToken, { from: localDateOf(soon.startsAt, "America/New_York") })
    ).body.data;
    const shown = calendar.days.flatMap((day) => day.departures).find((departure) => departure.id === soon.id);
    expect(shown).toMatchObject({ seatsSold: 2, checkedIn: 1 });
  });

  it("a guide sees only the departures assigned to them; another operator never sees acme's", async () => {
    const [guide, harborOwner] = await Promise.all([
      syncedMember(db(), "acme", "guide"),
      syncedMember(db(), "harbor", "owner"),
    ]);
    const theirs = await departureAt("2031-08-05", "10:00", "America/New_York", guide.uid);
    const others = await departureAt("2031-08-05", "11:00", "America/New_York");
    const mine: OperatorCalendar = (await calendarOf(guide.idToken, { from: "2031-08-05" })).body.data;
    expect(dayOf(mine, theirs.id)).toBe("2031-08-05");
    expect(dayOf(mine, others.id)).toBeUndefined();
    expect(mine.days.flatMap((day) => day.departures).every((d) => d.guide?.userId === guide.uid)).toBe(true);
    const harbor = (await calendarOf(harborOwner.idToken, { from: "2031-08-05" }, "harbor")).body.data;
    expect(dayOf(harbor, theirs.id)).toBeUndefined();
    expect(dayOf(harbor, others.id)).toBeUndefined();
    // The guide's departure moved to another guide: gone from their calendar.
    await db().update(slots).set({ guideUserId: null }).where(eq(slots.id, theirs.id));
    expect(dayOf((await calendarOf(guide.idToken, { from: "2031-08-05" })).body.data, theirs.id)).toBeUndefined();
  });

  it("refuses what it cannot read: 401, 404, and 400 for bad dates and views", async () => {
    const [stranger, owner] = await Promise.all([syncedUser(), syncedMember(db(), "acme", "manager")]);
    expectEnvelope(await calendarOf(undefined), 401, "unauthorized");
    expectEnvelope(await calendarOf(stranger.idToken), 404, "not_found");
    for (const query of <Record<string, string>[]>[
      { from: "2031-02-30" },
      { from: "yesterday" },
      { from: "0001-01-01" },
      { from: "9999-12-31" },
      { view: "year" },
      { view: "week'--" },
    ])
      expectEnvelope(await calendarOf(owner.idToken, query), 400, "validation_error");
  });
});
