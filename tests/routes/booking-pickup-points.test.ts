import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { bookings, experiences, pickupPoints } from "~api/db/schema";
import * as confirmRoute from "~/routes/_details.experiences.$parentId.$serviceId.confirm";
import { bookingWorld, bookingUser, createSlot } from "../support/booking";
import { args, outcome, pageRequest, sessionFor } from "../support/routes";

/** The pay page offers the pickup points (issue 46, item 3): a radio each in the Pay form, required when the experience says so. Without JavaScript. */
const { db, acme } = bookingWorld();
const HOTEL = "pp_route_hotel";

beforeAll(async () => {
  await db()
    .insert(pickupPoints)
    .values([
      { id: HOTEL, experienceId: acme.experienceId, name: "Hotel Avenida", address: "Av. 1", minutesBefore: 30 },
      { id: "pp_route_pier", experienceId: acme.experienceId, name: "Pier", minutesBefore: 45, sortOrder: 1 },
    ]);
  await db().update(experiences).set({ pickupRequired: true }).where(eq(experiences.id, acme.experienceId));
});

const confirmPath = (slotId: string) =>
  `/experiences/${acme.experienceId}/${acme.serviceId}/confirm?slot=${slotId}&t_${acme.adult.id}=2`;
const params = () => ({ parentId: acme.experienceId, serviceId: acme.serviceId });
const place = (path: string, cookie: string, form: Record<string, string> = {}) =>
  outcome(() =>
    confirmRoute.action(
      args(
        pageRequest(path, { cookie, form: { idempotencyKey: randomUUID(), operator: "acme", ...form } }),
        params(),
      ) as never,
    ),
  );

describe("the pay page's pickup points", () => {
  it("offers them with their times; Pay without one is refused on the field; with one, the booking keeps it", async () => {
    const slot = await createSlot(db(), acme.serviceId);
    const user = await bookingUser(acme);
    const cookie = await sessionFor(user);
    const page = await outcome(() =>
      confirmRoute.loader(args(pageRequest(confirmPath(slot.id), { cookie }), params()) as never),
    );
    expect(page.status).toBe(200);
    expect(page.data.quote.pickupPoints).toMatchObject({
      required: true,
      points: [
        { id: HOTEL, pickupAt: new Date(slot.startsAt.getTime() - 30 * 60_000).toISOString() },
        { id: "pp_route_pier", minutesBefore: 45 },
      ],
    });

    const refused = await place(confirmPath(slot.id), cookie);
    expect(refused.status).toBe(400);
    expect(refused.data.result.error.pickupPointId).toEqual(["apiErrors.pickup_required"]);
    expect(await db().select().from(bookings).where(eq(bookings.userId, user.uid))).toEqual([]);

    const booked = await place(confirmPath(slot.id), cookie, { pickupPointId: HOTEL });
    expect(booked.status).toBe(302);
    const [row] = await db().select().from(bookings).where(eq(bookings.userId, user.uid));
    expect(row.pickup).toEqual({
      pickupPointId: HOTEL,
      name: "Hotel Avenida",
      address: "Av. 1",
      latitude: null,
      longitude: null,
      minutesBefore: 30,
    });
  });
});
