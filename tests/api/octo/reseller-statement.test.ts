import "../../support/env";
import { eq } from "drizzle-orm";
import { DateTime } from "luxon";
import { beforeAll, describe, expect, it } from "vitest";
import { bookings } from "~api/db/schema";
import { bookingReference } from "~api/ids";
import { bookingWorld, createSlot } from "../../support/booking";
import { v1 } from "../../support/client";
import { octo, octoAvailabilityId, octoBooking, resellerWithKey, type TestReseller } from "../../support/octo";
import { asMember, syncedMember } from "../../support/operator";

/**
 * operatorResellerStatement (issue 47): a reseller's bookings departing in the month (the
 * departure's date in the experience's zone), each with retail, commission and net owed; a
 * cancelled one at 0; totals; another month's and another reseller's bookings left out.
 */
const { db, acme } = bookingWorld();
let reseller: TestReseller;
let other: TestReseller;
let zone: string;
let month: string;
let laterMonth: string;
const made: Record<string, { id: string; uuid: string }> = {};

const COMMISSION_BPS = 1250;

const availabilityIdOf = (startsAt: Date) => octoAvailabilityId(startsAt, zone);
const booked = (key: string, availabilityId: string, adults: number, reference: string) =>
  octoBooking(db(), key, acme, availabilityId, { adults, reference });

beforeAll(async () => {
  reseller = await resellerWithKey(db(), "acme", { commissionBps: COMMISSION_BPS });
  other = await resellerWithKey(db());
  zone = (await octo(reseller.key, `/products/${acme.experienceId}`)).body.timeZone;
  const soon = await createSlot(db(), acme.serviceId, { capacity: 20, startsInHours: 72 });
  const later = await createSlot(db(), acme.serviceId, { capacity: 20, startsInHours: 24 * 45 });
  month = DateTime.fromJSDate(soon.startsAt, { zone }).toFormat("yyyy-MM");
  laterMonth = DateTime.fromJSDate(later.startsAt, { zone }).toFormat("yyyy-MM");
  made.two = await booked(reseller.key, availabilityIdOf(soon.startsAt), 2, "RR-TWO");
  made.one = await booked(reseller.key, availabilityIdOf(soon.startsAt), 1, "RR-ONE");
  made.cancelled = await booked(reseller.key, availabilityIdOf(soon.startsAt), 1, "RR-GONE");
  const cancelled = await octo(reseller.key, `/bookings/${made.cancelled.uuid}/cancel`, { body: { reason: "Plans" } });
  expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
  made.later = await booked(reseller.key, availabilityIdOf(later.startsAt), 1, "RR-LATER");
  made.others = await booked(other.key, availabilityIdOf(soon.startsAt), 3, "RR-OTHER");
  // A hold never confirmed: not in any statement.
  await octoBooking(db(), reseller.key, acme, availabilityIdOf(soon.startsAt), { confirm: false });
});

const statement = (token: string, resellerId: string, query: Record<string, string>, account = "acme") =>
  v1.operatorResellerStatement({ params: { resellerId }, query, ...asMember(token, { account }) });

const totalOf = async (id: string) =>
  (await db().select({ total: bookings.totalMinor }).from(bookings).where(eq(bookings.id, id)))[0].total;

describe("GET /v1/operator/resellers/{resellerId}/statement", () => {
  it("lists the month's confirmed bookings with retail, commission and net owed; a cancelled one at 0; totals", async () => {
    const manager = await syncedMember(db(), "acme", "manager");
    const answer = await statement(manager.idToken, reseller.id, { month });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const data = answer.body.data;
    expect(data).toMatchObject({
      reseller: { id: reseller.id, name: "Harbour Concierge", commissionBps: COMMISSION_BPS },
      month,
      currency: acme.currency,
    });
    const two = await totalOf(made.two.id);
    const one = await totalOf(made.one.id);
    // The booking's total (what OCTO's booking pricing says is retail): two guests, twice one.
    expect(two).toBeGreaterThan(one);
    const net = (retail: number) => Math.round((retail * (10_000 - COMMISSION_BPS)) / 10_000);
    const byId = new Map(data.lines.map((line: { bookingId: string }) => [line.bookingId, line]));
    expect([...byId.keys()].sort()).toEqual([made.two.id, made.one.id, made.cancelled.id].sort());
    expect(byId.get(made.two.id)).toMatchObject({
      reference: bookingReference(made.two.id),
      resellerReference: "RR-TWO",
      experienceTitle: acme.experienceTitle,
      guests: 2,
      status: "confirmed",
      bookedMinor: two,
      retailMinor: two,
      commissionMinor: two - net(two),
      netMinor: net(two),
    });
    expect(byId.get(made.one.id)).toMatchObject({ guests: 1, retailMinor: one, netMinor: net(one) });
    expect(byId.get(made.cancelled.id)).toMatchObject({
      resellerReference: "RR-GONE",
      status: "cancelled",
      bookedMinor: one,
      retailMinor: 0,
      commissionMinor: 0,
      netMinor: 0,
    });
    expect(data.totals).toEqual({
      retailMinor: two + one,
      commissionMinor: two + one - net(two) - net(one),
      netMinor: net(two) + net(one),
    });
    const line = byId.get(made.two.id) as { departureStartsAt: string; timezone: string };
    expect(DateTime.fromISO(line.departureStartsAt, { zone: line.timezone }).toFormat("yyyy-MM")).toBe(month);
  });

  it("another month: that month's booking only; another reseller: its own only", async () => {
    const answer = await statement(reseller.ownerToken, reseller.id, { month: laterMonth });
    expect(answer.status).toBe(200);
    expect(answer.body.data.lines.map((line: { bookingId: string }) => line.bookingId)).toEqual([made.later.id]);
    const theirs = await statement(reseller.ownerToken, other.id, { month });
    expect(theirs.body.data.lines.map((line: { bookingId: string }) => line.bookingId)).toEqual([made.others.id]);
    const empty = await statement(reseller.ownerToken, reseller.id, { month: "2001-02" });
    expect(empty.body.data).toMatchObject({ lines: [], totals: { retailMinor: 0, commissionMinor: 0, netMinor: 0 } });
  });

  it("another operator's reseller: 404 reseller_not_found; a guide: 403; a bad or missing month: 400", async () => {
    const harbors = await syncedMember(db(), "harbor", "manager");
    const foreign = await statement(harbors.idToken, reseller.id, { month }, "harbor");
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.code).toBe("reseller_not_found");
    const guide = await syncedMember(db(), "acme", "guide");
    expect((await statement(guide.idToken, reseller.id, { month })).status).toBe(403);
    for (const query of [{ month: "2026-13" }, { month: "2026-1" }, { month: "1999-12" }, {}] as Record<
      string,
      string
    >[]) {
      const bad = await statement(reseller.ownerToken, reseller.id, query);
      expect(bad.status, JSON.stringify(query)).toBe(400);
      expect(bad.body.error.code).toBe("validation_error");
    }
  });
});
