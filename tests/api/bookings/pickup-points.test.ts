import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookings, experiences, pickupPoints } from "~api/db/schema";
import { apiText, expectEnvelope, expectRefusedOn } from "../../support/api";
import { v1 } from "../../support/client";
import { checkLedgerAfterEach } from "../../support/ledger";
import { outboxOfKind, type TestUser } from "../../support/identity";
import { asMember, auditEntries, teamOf } from "../../support/operator";
import * as booking from "../../support/booking";
import { pickupPointsOffered } from "../../support/experience-extras";

const { bookingBody, bookingUser, confirmedBooking, createSlot, inExperienceZone, placeBooking, slotAt } = booking;

/** Pickup points (issue 46, item 3): set in the console, chosen with the tickets, kept by the booking, timed in the experience's zone. */
const { db, acme } = booking.bookingWorld();
checkLedgerAfterEach(db);
let team: Awaited<ReturnType<typeof teamOf>>;
let traveller: TestUser;
beforeAll(async () => {
  team = await teamOf(db());
  traveller = await bookingUser(acme);
});
afterAll(async () => {
  await db().update(experiences).set({ pickupRequired: false }).where(eq(experiences.id, acme.experienceId));
});

const setPoints = (token: string | undefined, body: unknown, experienceId = acme.experienceId, account = "acme") =>
  v1.operatorSetPickupPoints({ params: { experienceId }, ...asMember(token, { body, account }) });

const HOTEL = {
  name: "Hotel Avenida",
  address: "Av. da Liberdade 1, Lisboa",
  location: { lat: 38.7169, lng: -9.1399 },
  minutesBefore: 30,
};
const STATION = { name: "Rossio station", address: "Praça D. Pedro IV", minutesBefore: 15 };

/** The two points set (the list replaced), answered by their names. */
async function withPoints(required = false): Promise<Record<"hotel" | "station", string>> {
  const set = await setPoints(team.manager.idToken, { required, points: [HOTEL, STATION] });
  expect(set.status, JSON.stringify(set.body)).toBe(200);
  const [hotel, station] = set.body.data.points.map((point: { id: string }) => point.id);
  return { hotel, station };
}

const quote = (slotId: string, pickupPointId?: string) =>
  v1.quote({
    body: {
      serviceId: acme.serviceId,
      slotId,
      tickets: [{ ticketTypeId: acme.adult.id, quantity: 1 }],
      ...(pickupPointId ? { pickupPointId } : {}),
    },
  });

describe("operatorSetPickupPoints", () => {
  it("a manager sets and reads the list; a guide 403, a stranger 404, another operator's experience 404; audited", async () => {
    const ids = await withPoints(true);
    const read = await v1.operatorPickupPoints({
      params: { experienceId: acme.experienceId },
      ...asMember(team.owner.idToken),
    });
    expect(read.status).toBe(200);
    expect(read.body.data).toMatchObject({
      experience: { id: acme.experienceId },
      required: true,
      points: [
        { id: ids.hotel, ...HOTEL },
        { id: ids.station, ...STATION, location: null },
      ],
    });
    expectEnvelope(await setPoints(team.guide.idToken, { required: false, points: [] }), 403, "forbidden");
    expectEnvelope(await setPoints(team.stranger.idToken, { required: false, points: [] }), 404, "not_found");
    expectEnvelope(await setPoints(undefined, { required: false, points: [] }), 401, "unauthorized");
    const harbor = await teamOf(db(), "harbor");
    for (const call of [
      setPoints(harbor.manager.idToken, { required: false, points: [] }, acme.experienceId, "harbor"),
      v1.operatorPickupPoints({
        params: { experienceId: acme.experienceId },
        ...asMember(harbor.manager.idToken, { account: "harbor" }),
      }),
    ])
      expectEnvelope(await call, 404, "experience_not_found");
    const [entry] = await auditEntries(db(), "pickup_points.set", team.manager.uid);
    expect(JSON.parse(entry.target.after!)).toMatchObject({ required: true, points: [{ name: "Hotel Avenida" }, {}] });

    // Kept by id (moved), the other archived: no longer listed, still in the table.
    const kept = await setPoints(team.manager.idToken, {
      required: false,
      points: [{ ...HOTEL, id: ids.hotel, minutesBefore: 45 }],
    });
    expect(kept.body.data).toMatchObject({ required: false, points: [{ id: ids.hotel, minutesBefore: 45 }] });
    expect(kept.body.data.points).toHaveLength(1);
    const [archived] = await db().select().from(pickupPoints).where(eq(pickupPoints.id, ids.station));
    expect(archived.archived).toBe(true);
  });

  it("hostile or inconsistent lists are 400 naming the field; nothing is stored", async () => {
    await withPoints();
    const bad: Array<[unknown, string]> = [
      [{ required: false, points: "x" }, "points"],
      [{ points: [] }, "required"],
      [{ required: "yes", points: [] }, "required"],
      [{ required: false, points: [{ ...HOTEL, name: "" }] }, "points.0.name"],
      [{ required: false, points: [{ ...HOTEL, name: "x".repeat(81) }] }, "points.0.name"],
      [{ required: false, points: [{ ...HOTEL, minutesBefore: -1 }] }, "points.0.minutesBefore"],
      [{ required: false, points: [{ ...HOTEL, minutesBefore: 721 }] }, "points.0.minutesBefore"],
      [{ required: false, points: [{ ...HOTEL, minutesBefore: 1.5 }] }, "points.0.minutesBefore"],
      [{ required: false, points: [{ ...HOTEL, minutesBefore: "30" }] }, "points.0.minutesBefore"],
      [{ required: false, points: [{ ...HOTEL, location: { lat: 91, lng: 0 } }] }, "points.0.location.lat"],
      [{ required: false, points: [{ ...HOTEL, location: { lat: 0, lng: -181 } }] }, "points.0.location.lng"],
      [{ required: false, points: [{ ...HOTEL, location: { lat: 1 } }] }, "points.0.location.lng"],
      [{ required: false, points: [{ ...HOTEL, id: "not_one_of_ours" }] }, "points.0.id"],
      [{ required: false, points: [{ ...HOTEL, id: "../../x" }] }, "points.0.id"],
      [{ required: false, points: [{ ...HOTEL, extra: 1 }] }, "points.0"],
      [
        {
          required: false,
          points: [
            { ...HOTEL, id: "a" },
            { ...STATION, id: "a" },
          ],
        },
        "points.1.id",
      ],
      [{ required: false, points: Array.from({ length: 31 }, (_, i) => ({ ...STATION, name: `P${i}` })) }, "points"],
    ];
    for (const [body, field] of bad) {
      expectRefusedOn(await setPoints(team.manager.idToken, body), field, JSON.stringify(body));
    }
    expect(await pickupPointsOffered(db(), acme.experienceId)).toHaveLength(2);
  });
});

describe("createBooking with pickupPointId", () => {
  it("offered on the quote with its time; kept on the booking as chosen, whatever the operator changes later", async () => {
    const ids = await withPoints();
    const slot = await createSlot(db(), acme.serviceId, { capacity: 10 });
    const quoted = await quote(slot.id, ids.hotel);
    expect(quoted.status, JSON.stringify(quoted.body)).toBe(200);
    const at = (minutes: number) => new Date(slot.startsAt.getTime() - minutes * 60_000).toISOString();
    expect(quoted.body.data.pickupPoints).toMatchObject({
      required: false,
      points: [
        { id: ids.hotel, name: "Hotel Avenida", minutesBefore: 30, pickupAt: at(30) },
        { id: ids.station, minutesBefore: 15, pickupAt: at(15) },
      ],
    });

    const { id } = await confirmedBooking(traveller, acme, slot.id, 1, { extra: { pickupPointId: ids.hotel } });
    // The operator renames and moves the point afterwards: the booking keeps what it chose.
    await setPoints(team.manager.idToken, {
      required: false,
      points: [
        { ...HOTEL, id: ids.hotel, name: "Hotel Avenida Palace", minutesBefore: 60 },
        { ...STATION, id: ids.station },
      ],
    });
    const view = await v1.booking({ params: { id }, token: traveller.idToken });
    expect(view.body.data.pickup).toEqual({
      pickupPointId: ids.hotel,
      name: "Hotel Avenida",
      address: HOTEL.address,
      location: HOTEL.location,
      minutesBefore: 30,
      pickupAt: at(30),
      localTime: new Intl.DateTimeFormat("en-GB", {
        timeZone: view.body.data.timezone,
        hour: "2-digit",
        minute: "2-digit",
        hourCycle: "h23",
      }).format(new Date(at(30))),
    });
    const mails = await outboxOfKind(traveller.email, "booking_confirmed");
    const mail = mails.find((one) => one.textBody.includes(view.body.data.reference));
    expect(mail?.textBody).toContain(
      `Pickup at ${view.body.data.pickup.localTime} (${view.body.data.timezone}) — Hotel Avenida, ${HOTEL.address}`,
    );

    // The console's booking page and the manifest: grouped by pickup point, earliest pickup first, then no pickup.
    const consoleView = await v1.operatorGetBooking({ params: { bookingId: id }, ...asMember(team.manager.idToken) });
    expect(consoleView.body.data.booking.pickup).toMatchObject({ name: "Hotel Avenida", pickupAt: at(30) });
    const early = await confirmedBooking(traveller, acme, slot.id, 2, { extra: { pickupPointId: ids.hotel } });
    const none = await confirmedBooking(traveller, acme, slot.id, 1);
    const late = await confirmedBooking(traveller, acme, slot.id, 1, { extra: { pickupPointId: ids.station } });
    const date = new Intl.DateTimeFormat("en-CA", { timeZone: view.body.data.timezone }).format(slot.startsAt);
    const day = await v1.operatorManifest({ query: { date }, ...asMember(team.manager.idToken) });
    const departure = day.body.data.departures.find((one: { id: string }) => one.id === slot.id);
    // The hotel at 60 minutes (booked after the change) is another group than the hotel at 30.
    expect(departure.bookings.map((one: { id: string }) => one.id)).toEqual([early.id, id, late.id, none.id]);
    expect(departure.bookings[0].pickup).toMatchObject({ name: "Hotel Avenida Palace", minutesBefore: 60 });
    expect(departure.pickupGroups).toEqual([
      expect.objectContaining({ name: "Hotel Avenida Palace", pickupAt: at(60), bookingIds: [early.id], guests: 2 }),
      expect.objectContaining({ name: "Hotel Avenida", pickupAt: at(30), bookingIds: [id], guests: 1 }),
      expect.objectContaining({ name: "Rossio station", pickupAt: at(15), bookingIds: [late.id], guests: 1 }),
      expect.objectContaining({ pickupPointId: null, name: null, pickupAt: null, bookingIds: [none.id], guests: 1 }),
    ]);
    const csv = await apiText(`/v1/operator/manifest?date=${date}&format=csv`, {
      token: team.manager.idToken,
      account: "acme",
    });
    expect(csv.text.split("\r\n")[0]).toContain(",pickup_point,pickup_address,pickup_at");
    expect(csv.text).toContain(`Rossio station,Praça D. Pedro IV,`);
  });

  it("refuses a point that is not the experience's (400 on pickupPointId) and none when one is required (400 pickup_required)", async () => {
    const ids = await withPoints(true);
    const slot = await createSlot(db(), acme.serviceId, { capacity: 10 });
    for (const wrong of ["pp_nope", "<script>", "x".repeat(65)]) {
      const refused = await placeBooking(traveller.idToken, bookingBody(acme, slot.id, 1, { pickupPointId: wrong }));
      expectEnvelope(refused, 400, "validation_error");
      expect(Object.keys(refused.body.error.fields)).toEqual(["pickupPointId"]);
      expectEnvelope(await quote(slot.id, wrong), 400, "validation_error");
    }
    // An archived point is no longer offered.
    await setPoints(team.manager.idToken, { required: true, points: [{ ...HOTEL, id: ids.hotel }] });
    expectEnvelope(
      await placeBooking(traveller.idToken, bookingBody(acme, slot.id, 1, { pickupPointId: ids.station })),
      400,
      "validation_error",
    );
    const quoted = await quote(slot.id);
    expect(quoted.status).toBe(200);
    expect(quoted.body.data.pickupPoints.required).toBe(true);
    const refused = await placeBooking(traveller.idToken, bookingBody(acme, slot.id, 1));
    expectEnvelope(refused, 400, "pickup_required");
    expect(Object.keys(refused.body.error.fields)).toEqual(["pickupPointId"]);
    const mine = await db().select().from(bookings).where(eq(bookings.slotId, slot.id));
    expect(mine).toHaveLength(0);
    // Required, but no point listed: nothing to choose, the booking is taken.
    await setPoints(team.manager.idToken, { required: true, points: [] });
    const placed = await placeBooking(traveller.idToken, bookingBody(acme, slot.id, 1));
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  });

  it("Lisbon: a pickup 30 minutes before a 09:00 departure on the days the clocks change is at 08:30 local; across the change too", async () => {
    await inExperienceZone(db(), acme, "Europe/Lisbon", async () => {
      const points = await setPoints(team.manager.idToken, {
        required: false,
        points: [HOTEL, { name: "Early", minutesBefore: 90 }, { name: "Earlier", minutesBefore: 120 }],
      });
      const [hotel, early, earlier] = points.body.data.points.map((point: { id: string }) => point.id);
      const second = String(Math.floor(Math.random() * 50) + 1).padStart(2, "0");
      const cases: Array<[string, string, string]> = [
        // 2027-03-28: 01:00 WET → 02:00 WEST. 09:00 WEST is 08:00Z.
        [`2027-03-28T08:00:${second}Z`, hotel, "08:30"],
        // 03:00 WEST (02:00Z) less 90 minutes is 00:30Z, still WET: 00:30 (not the wall clock's 01:30, which never was).
        [`2027-03-28T02:00:${second}Z`, early, "00:30"],
        // 2027-10-31: 02:00 WEST → 01:00 WET. 09:00 WET is 09:00Z.
        [`2027-10-31T09:00:${second}Z`, hotel, "08:30"],
        // 02:30 WET (02:30Z) less 120 minutes is 00:30Z, still WEST: 01:30 (not the wall clock's 00:30).
        [`2027-10-31T02:30:${second}Z`, earlier, "01:30"],
      ];
      for (const [startsAt, pickupPointId, localTime] of cases) {
        const slot = await slotAt(db(), acme.serviceId, new Date(startsAt));
        const placed = await placeBooking(traveller.idToken, bookingBody(acme, slot.id, 1, { pickupPointId }));
        expect(placed.status, JSON.stringify(placed.body)).toBe(201);
        const view = await v1.booking({ params: { id: placed.body.data.booking.id }, token: traveller.idToken });
        expect(view.body.data.timezone).toBe("Europe/Lisbon");
        expect(view.body.data.pickup, startsAt).toMatchObject({ localTime });
        const minutes = view.body.data.pickup.minutesBefore;
        expect(view.body.data.pickup.pickupAt).toBe(new Date(slot.startsAt.getTime() - minutes * 60_000).toISOString());
        await v1.cancelBooking({ params: { id: placed.body.data.booking.id }, token: traveller.idToken });
      }
    });
  });
});
