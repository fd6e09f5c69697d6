import "../../support/env";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { bookingCheckIns, slots } from "~api/db/schema";
import { endpoints } from "~contract/endpoints";
import { fillPath } from "~contract/endpoint";
import { apiText, expectEnvelope, type ApiResult } from "../../support/api";
import { bookingWorld, todaysBooking } from "../../support/booking";
import { call, type TestUser } from "../../support/identity";
import { asMember, syncedMember } from "../../support/operator";
import { v1 } from "../../support/client";

/**
 * Issue 40, item 13: a guide sees only the departures assigned to them, and no money, on every
 * console endpoint. The matrix calls EVERY operator endpoint of the contract as a guide, with the
 * ids of a departure and booking that are not theirs, and walks each answer (errors too) for money;
 * then the endpoints a guide may use are checked one by one on their own departure, another
 * guide's, and one with no guide yet.
 */
const { db, acme } = bookingWorld();

/** Keys that carry money: amounts in minor units, currencies, prices, payments, refunds, cards. */
const MONEY_KEY =
  /minor$|^currency$|^money$|^amount|price|^refunds$|^payment$|^card$|^total$|^paid$|^owed$|^refunded$/i;

/**
 * The paths (`$.data.departures[0].money`) of every money key with a value in `value`, walked
 * iteratively; a validation error's `fields` (the names of what the caller sent) are not answers.
 */
function moneyIn(value: unknown): string[] {
  const found: string[] = [];
  const stack: Array<[unknown, string]> = [[value, "$"]];
  while (stack.length) {
    const [node, path] = stack.pop()!;
    if (path === "$.error.fields") continue;
    if (Array.isArray(node)) node.forEach((item, index) => stack.push([item, `${path}[${index}]`]));
    else if (node && typeof node === "object")
      for (const [key, child] of Object.entries(node)) {
        if (MONEY_KEY.test(key) && child !== null) found.push(`${path}.${key}`);
        stack.push([child, `${path}.${key}`]);
      }
  }
  return found;
}

const OPERATOR_ENDPOINTS = Object.entries(endpoints).filter(([, entry]) => entry.path.startsWith("/v1/operator/"));

/** Three departures of today: the guide's, another guide's, and one with no guide; a paid booking on each. */
async function theDay() {
  const [guide, otherGuide, manager] = await Promise.all([
    syncedMember(db(), "acme", "guide"),
    syncedMember(db(), "acme", "guide"),
    syncedMember(db(), "acme", "manager"),
  ]);
  const mine = await todaysBooking(db(), acme, 2);
  const theirs = await todaysBooking(db(), acme, 1);
  const open = await todaysBooking(db(), acme, 1);
  await db().update(slots).set({ guideUserId: guide.uid }).where(eq(slots.id, mine.slot.id));
  await db().update(slots).set({ guideUserId: otherGuide.uid }).where(eq(slots.id, theirs.slot.id));
  return { guide, manager, mine, theirs, open };
}

type Day = Awaited<ReturnType<typeof theDay>>;
type Departure = Day["mine"];

/** Every operator endpoint once (or only its reads), as `member`, with `departure`'s ids; JSON body `{}` for writes. */
async function everyEndpoint(member: TestUser, departure: Departure, day: Day, readsOnly = false) {
  const ids: Record<string, string> = {
    bookingId: departure.booking.id,
    departureId: departure.slot.id,
    experienceId: acme.experienceId,
    serviceId: acme.serviceId,
    photoId: randomUUID(),
    invitationId: randomUUID(),
    userId: day.manager.uid,
    token: "x".repeat(43),
    payoutId: "po_0000000000000000",
    // The booking's customer: their email, as the customers list names it (base64url).
    customerId: Buffer.from(departure.traveller.email.toLowerCase()).toString("base64url"),
    payoutAccountId: "acct_sandbox_AAAAAAAAAAAAAAAA",
    resellerId: "rs_AAAAAAAAAAAAAAAA",
    keyId: "rk_AAAAAAAAAAAAAAAA",
    webhookId: "wh_AAAAAAAAAAAAAAAA",
    deliveryId: "whd_AAAAAAAAAAAAAAAA",
  };
  const answers: Array<{ name: string; result: ApiResult }> = [];
  for (const [name, entry] of OPERATOR_ENDPOINTS) {
    if (readsOnly && entry.method !== "GET") continue;
    const path = fillPath(entry.path, ids);
    const write = entry.method !== "GET";
    answers.push({
      name,
      result: await call(path, asMember(member.idToken, { method: entry.method, ...(write ? { body: {} } : {}) })),
    });
  }
  return answers;
}

describe("a guide on every console endpoint", () => {
  it("answers no money anywhere and never a 5xx; owners' and managers' answers do carry it (the walk finds it)", async () => {
    const day = await theDay();
    const asGuide = await everyEndpoint(day.guide, day.mine, day);
    for (const { name, result } of asGuide) {
      expect(result.status, name).toBeLessThan(500);
      expect(moneyIn(result.body), `${name} (${result.status})`).toEqual([]);
    }
    // What a guide may open at all, on their own departure.
    const opened = asGuide.filter(({ result }) => result.status < 300).map(({ name }) => name);
    expect(opened).toEqual(
      expect.arrayContaining([
        "operatorMe",
        "operatorManifest",
        "operatorGetBooking",
        "operatorBookingHistory",
        "operatorDepartureWaitlist",
        "operatorCheckInSettings",
      ]),
    );
    // Reports, gift cards, the money, the catalog, branding, the team: 403 (they are members).
    for (const name of [
      "operatorReport",
      "operatorBalance",
      "operatorListPayouts",
      "operatorMoneyStatement",
      "operatorListGiftCards",
      "operatorListGuides",
      "operatorListExperiences",
      "operatorGetBranding",
      "operatorListMembers",
    ])
      expect(asGuide.find((answer) => answer.name === name)!.result.status, name).toBe(403);

    const asManager = await everyEndpoint(day.manager, day.mine, day, true);
    const seen = (name: string) => moneyIn(asManager.find((answer) => answer.name === name)!.result.body);
    expect(seen("operatorManifest")).toEqual(expect.arrayContaining(["$.data.money"]));
    expect(seen("operatorGetBooking")).toEqual(expect.arrayContaining(["$.data.money"]));
    expect(seen("operatorReport").length).toBeGreaterThan(0);
  });

  it("the manifest: their departure alone, no money in the JSON nor columns in the CSV", async () => {
    const { guide, manager, mine, theirs, open } = await theDay();
    const date = (await v1.operatorManifest(asMember(manager.idToken))).body.data.date as string;
    const day = await v1.operatorManifest({ query: { date }, ...asMember(guide.idToken) });
    expect(day.status).toBe(200);
    expect(day.body.data.departures.map((departure: { id: string }) => departure.id)).toEqual([mine.slot.id]);
    expect(day.body.data.money).toBeNull();
    expect(day.body.data.departures[0].totals.money).toBeNull();
    expect(day.body.data.departures[0].bookings.map((booking: { money: unknown }) => booking.money)).toEqual([null]);
    const full = await v1.operatorManifest({ query: { date }, ...asMember(manager.idToken) });
    const ids = full.body.data.departures.map((departure: { id: string }) => departure.id);
    expect(ids).toEqual(expect.arrayContaining([mine.slot.id, theirs.slot.id, open.slot.id]));
    expect(full.body.data.money).toEqual({ currency: "USD" });

    const csv = (token: string) => apiText(`/v1/operator/manifest?date=${date}&format=csv`, { token, account: "acme" });
    const [guideHeader, ...guideRows] = (await csv(guide.idToken)).text.trim().split("\r\n");
    expect(guideHeader.split(",")).not.toEqual(expect.arrayContaining(["total"]));
    for (const column of ["total", "paid", "owed", "refunded"]) expect(guideHeader.split(",")).not.toContain(column);
    expect(guideRows).toHaveLength(1);
    expect(guideRows[0]).toContain(mine.booking.id);
    expect(guideRows[0]).not.toMatch(/USD/);
    const [managerHeader] = (await csv(manager.idToken)).text.split("\r\n");
    expect(managerHeader.split(",")).toEqual(expect.arrayContaining(["total", "paid", "owed", "refunded"]));
  });

  it("a booking, a waitlist, a check-in of another guide's departure or of one with no guide: as unknown (404) or not_assigned", async () => {
    const { guide, manager, mine, theirs, open } = await theDay();
    const asGuide = (path: string, extra: { method?: string; body?: unknown } = {}) =>
      call(path, asMember(guide.idToken, extra));
    const checkIn = { guestNo: 1, status: "checked_in" };
    for (const other of [theirs, open]) {
      expectEnvelope(await asGuide(`/v1/operator/bookings/${other.booking.id}`), 404, "booking_not_found");
      expectEnvelope(await asGuide(`/v1/operator/departures/${other.slot.id}/waitlist`), 404, "departure_not_found");
      expectEnvelope(
        await asGuide(`/v1/operator/bookings/${other.booking.id}/check-ins`, { body: checkIn }),
        403,
        "not_assigned",
      );
      const scanned = await asGuide("/v1/operator/check-ins", {
        body: { code: other.code, idempotencyKey: randomUUID() },
      });
      expect(scanned.body.data).toMatchObject({ outcome: "not_assigned", admitted: 0, booking: null });
      expect(await db().select().from(bookingCheckIns).where(eq(bookingCheckIns.bookingId, other.booking.id))).toEqual(
        [],
      );
      // The manager may do all of it.
      expect(
        (await v1.operatorGetBooking({ params: { bookingId: other.booking.id }, ...asMember(manager.idToken) })).status,
      ).toBe(200);
    }

    // Their own: the booking without money, its waitlist, its guests checked in.
    const booking = await asGuide(`/v1/operator/bookings/${mine.booking.id}`);
    expect(booking.status).toBe(200);
    expect(booking.body.data.money).toBeNull();
    expect(booking.body.data.booking).toMatchObject({ id: mine.booking.id, seats: 2 });
    expect(booking.body.data.booking.tickets[0]).not.toHaveProperty("unitPriceMinor");
    expect((await asGuide(`/v1/operator/departures/${mine.slot.id}/waitlist`)).status).toBe(200);
    expect((await asGuide(`/v1/operator/bookings/${mine.booking.id}/check-ins`, { body: checkIn })).status).toBe(200);
    const scanned = await asGuide("/v1/operator/check-ins", {
      body: { code: mine.code, idempotencyKey: randomUUID() },
    });
    expect(scanned.body.data).toMatchObject({ outcome: "ok", admitted: 1 });
    expect(moneyIn(scanned.body)).toEqual([]);
  });
});
