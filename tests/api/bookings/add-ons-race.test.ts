import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { bookings, experienceAddOns, slotAddOns, slots } from "~api/db/schema";
import { bookingBody, bookingUsers, createSlot, findService, type TestService } from "../../support/booking";
import { identityWorld, type TestUser } from "../../support/identity";
import { createBookingOn, expectWarm, withTwoAppProcesses } from "../../support/app-processes";
import { checkLedgerAfterEach } from "../../support/ledger";
import { stretched } from "../../support/time-limits";

/**
 * Add-ons are never oversold across processes (issue 46's done-when): 4 wetsuits per departure,
 * 200 checkouts asking for one each at once through two app processes on one PostgreSQL database,
 * on a departure with seats for all of them: exactly 4 bookings, the rest 409 add_on_sold_out.
 * PostgreSQL only: PGlite runs one transaction at a time in one process, so it cannot show this.
 */
const USERS = 200;
const WETSUITS = 4;
const CAPACITY = 250;

describe.skipIf(!process.env.DATABASE_URL)("add-on stock across processes (PostgreSQL)", () => {
  const { db } = identityWorld();
  checkLedgerAfterEach(db);
  const processes = withTwoAppProcesses();
  const world = { service: {} as TestService, people: [] as TestUser[] };
  beforeAll(async () => {
    world.service = await findService(db(), "acme");
    world.people = await bookingUsers(db(), world.service, USERS);
  }, stretched(300_000));

  it(
    `${USERS} checkouts for one of ${WETSUITS} wetsuits on two processes: exactly ${WETSUITS} sold`,
    async () => {
      const { service, people } = world;
      const wetsuit = `ao_race_${randomUUID().slice(0, 8)}`;
      await db().insert(experienceAddOns).values({
        id: wetsuit,
        experienceId: service.experienceId,
        name: "Wetsuit",
        priceMinor: 800,
        per: "guest",
        stockPerDeparture: WETSUITS,
      });
      const slot = await createSlot(db(), service.serviceId, { capacity: CAPACITY });
      await expectWarm(processes(), people[0].idToken);

      const wanted = bookingBody(service, slot.id, 1, { addOns: [{ addOnId: wetsuit, quantity: 1 }] });
      const results = await Promise.all(
        people.map(async (user, index) => ({
          process: index % 2,
          ...(await createBookingOn(processes()[index % 2], user.idToken, wanted)),
        })),
      );
      const created = results.filter((result) => result.status === 201);
      const refused = results.filter((result) => result.status === 409);
      const other = results.filter((result) => result.status !== 201 && result.status !== 409);
      expect(other.map((result) => [result.status, result.body])).toEqual([]);
      expect(created).toHaveLength(WETSUITS);
      expect(refused).toHaveLength(USERS - WETSUITS);
      for (const result of refused) expect(result.body.error.code).toBe("add_on_sold_out");
      expect(new Set(results.map((result) => result.process)).size).toBe(2);

      // The counter, the seats and the bookings agree: the refused ones took nothing.
      const [counter] = await db()
        .select()
        .from(slotAddOns)
        .where(and(eq(slotAddOns.slotId, slot.id), eq(slotAddOns.addOnId, wetsuit)));
      expect(counter.taken).toBe(WETSUITS);
      const [row] = await db().select().from(slots).where(eq(slots.id, slot.id));
      expect(row.seatsTaken).toBe(WETSUITS);
      const [{ n }] = await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(bookings)
        .where(
          and(
            eq(bookings.slotId, slot.id),
            sql`${bookings.addOns} @> ${JSON.stringify([{ addOnId: wetsuit }])}::jsonb`,
          ),
        );
      expect(n).toBe(WETSUITS);
    },
    stretched(300_000),
  );
});
