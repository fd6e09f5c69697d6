import "../../support/env";
import { randomUUID } from "node:crypto";
import { zBooking } from "@octocloud/types";
import { and, eq, inArray, sql } from "drizzle-orm";
import { DateTime } from "luxon";
import { beforeAll, describe, expect, it } from "vitest";
import { bookings, slots } from "~api/db/schema";
import { withTwoAppProcesses, createBookingOn } from "../../support/app-processes";
import { bookingBody, bookingUsers, createSlot, findService, type TestService } from "../../support/booking";
import { identityWorld, type TestUser } from "../../support/identity";
import { resellerWithKey, type TestReseller } from "../../support/octo";
import { stretched } from "../../support/time-limits";

/**
 * One seat counter for every channel (issue 47): OCTO reservations and storefront holds at once on
 * a small departure, from two app processes on one PostgreSQL database, never oversell it.
 * PostgreSQL only: PGlite runs one transaction at a time in one process, so it cannot show this.
 */
const RESERVATIONS = 500;
const HOLDS = 500;
const CAPACITY = 10;

describe.skipIf(!process.env.DATABASE_URL)("OCTO reservations racing storefront holds (PostgreSQL)", () => {
  const { db } = identityWorld();
  const processes = withTwoAppProcesses();
  let service: TestService;
  let people: TestUser[];
  let reseller: TestReseller;

  beforeAll(async () => {
    service = await findService(db(), "acme");
    reseller = await resellerWithKey(db());
    people = await bookingUsers(db(), service, HOLDS);
  }, stretched(120_000));

  it(
    `${RESERVATIONS} OCTO reservations and ${HOLDS} storefront holds for ${CAPACITY} seats: exactly ${CAPACITY} taken, none oversold, no 5xx`,
    async () => {
      const slot = await createSlot(db(), service.serviceId, { capacity: CAPACITY });
      const availabilityId = DateTime.fromJSDate(slot.startsAt, { zone: service.timezone }).toFormat(
        "yyyy-MM-dd'T'HH:mm:ssZZ",
      );
      const [first, second] = processes();
      const octoCall = (index: number) =>
        fetch(`${(index % 2 ? first : second).url}/octo/bookings`, {
          method: "POST",
          headers: { "Content-Type": "application/json", Authorization: `Bearer ${reseller.key}` },
          body: JSON.stringify({
            uuid: randomUUID(),
            productId: service.experienceId,
            optionId: service.serviceId,
            availabilityId,
            unitItems: [{ unitId: service.adult.id }],
          }),
        }).then(async (response) => ({ channel: "octo", status: response.status, body: await response.json() }));
      const holdCall = (user: TestUser, index: number) =>
        createBookingOn(index % 2 ? second : first, user.idToken, bookingBody(service, slot.id, 1)).then((answer) => ({
          channel: "storefront",
          ...answer,
        }));

      const results = await Promise.all([
        ...Array.from({ length: RESERVATIONS }, (_, index) => octoCall(index)),
        ...people.map((user, index) => holdCall(user, index)),
      ]);

      const octoTaken = results.filter((result) => result.channel === "octo" && result.status === 200);
      const holdsTaken = results.filter((result) => result.channel === "storefront" && result.status === 201);
      const refusedOcto = results.filter((result) => result.channel === "octo" && result.status !== 200);
      const refusedHolds = results.filter((result) => result.channel === "storefront" && result.status !== 201);
      expect(results.filter((result) => result.status >= 500)).toEqual([]);
      expect(octoTaken.length + holdsTaken.length).toBe(CAPACITY);
      for (const result of octoTaken) expect(zBooking.parse(result.body).status).toBe("ON_HOLD");
      for (const result of refusedOcto) expect(result.body).toMatchObject({ error: "UNPROCESSABLE_ENTITY" });
      for (const result of refusedHolds) expect(result.body.error).toMatchObject({ code: "sold_out" });

      const [row] = await db().select().from(slots).where(eq(slots.id, slot.id));
      expect(row.seatsTaken).toBe(CAPACITY);
      const [{ n, seats }] = await db()
        .select({ n: sql<number>`count(*)::int`, seats: sql<number>`coalesce(sum(${bookings.seats}), 0)::int` })
        .from(bookings)
        .where(and(eq(bookings.slotId, slot.id), inArray(bookings.status, ["held", "confirmed"])));
      expect({ n, seats }).toEqual({ n: CAPACITY, seats: CAPACITY });
      console.log(JSON.stringify({ octoRace: { octo: octoTaken.length, storefront: holdsTaken.length } }));
    },
    stretched(180_000),
  );
});
