import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { bookings, slots } from "~api/db/schema";
import { bookingBody, bookingUsers, createSlot, findService, type TestService } from "../../support/booking";
import { identityWorld, type TestUser } from "../../support/identity";
import { createBookingOn, expectWarm, withTwoAppProcesses } from "../../support/app-processes";
import { checkLedgerAfterEach } from "../../support/ledger";
import { stretched } from "../../support/time-limits";

/**
 * Seats are never oversold across processes: two app processes (child processes serving the
 * Hono app over HTTP) on one PostgreSQL database, 60 users booking the last 5 seats at once.
 * PostgreSQL only: PGlite runs one transaction at a time in one process, so it cannot show this.
 */
const USERS = 60;
const SEATS_LEFT = 5;
const CAPACITY = 12;

describe.skipIf(!process.env.DATABASE_URL)("booking concurrency across processes (PostgreSQL)", () => {
  const { db } = identityWorld();
  checkLedgerAfterEach(db);
  const appProcesses = withTwoAppProcesses();
  let service: TestService;
  let people: TestUser[];

  beforeAll(async () => {
    service = await findService(db(), "acme");
    people = await bookingUsers(db(), service, USERS);
  }, stretched(120_000));

  it(
    `${USERS} users on two processes for the last ${SEATS_LEFT} seats: exactly ${SEATS_LEFT} bookings, the rest 409 sold_out`,
    async () => {
      const slot = await createSlot(db(), service.serviceId, { capacity: CAPACITY, seatsLeft: SEATS_LEFT });
      const processes = appProcesses();
      // Both processes answer and share the database; a signed-in read warms up token verification.
      await expectWarm(processes, people[0].idToken);

      let maxSeen = 0;
      let sampling = true;
      const sampler = (async () => {
        while (sampling) {
          const [row] = await db().select({ taken: slots.seatsTaken }).from(slots).where(eq(slots.id, slot.id));
          maxSeen = Math.max(maxSeen, row.taken);
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
      })();

      const started = performance.now();
      const results = await Promise.all(
        people.map(async (user, index) => ({
          process: index % processes.length,
          ...(await createBookingOn(
            processes[index % processes.length],
            user.idToken,
            bookingBody(service, slot.id, 1),
          )),
        })),
      );
      const elapsed = Math.round(performance.now() - started);
      sampling = false;
      await sampler;

      const created = results.filter((result) => result.status === 201);
      const refused = results.filter((result) => result.status === 409);
      console.log(
        JSON.stringify({
          concurrency: {
            requests: results.length,
            created: created.length,
            soldOut: refused.length,
            milliseconds: elapsed,
          },
          perProcess: processes.map((_, i) => ({
            created: created.filter((result) => result.process === i).length,
            soldOut: refused.filter((result) => result.process === i).length,
          })),
          other: results
            .filter((result) => result.status !== 201 && result.status !== 409)
            .map((result) => [result.status, result.body]),
        }),
      );
      expect(created).toHaveLength(SEATS_LEFT);
      expect(refused).toHaveLength(USERS - SEATS_LEFT);
      for (const result of refused) {
        expect(result.body.error).toMatchObject({ code: "sold_out", message: "Not enough seats left for this time." });
      }
      // Both processes took part in the race.
      expect(new Set(results.map((result) => result.process)).size).toBe(2);

      const [row] = await db().select().from(slots).where(eq(slots.id, slot.id));
      expect(row.seatsTaken).toBe(CAPACITY);
      expect(maxSeen).toBeLessThanOrEqual(CAPACITY);
      const [{ n }] = await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(bookings)
        .where(eq(bookings.slotId, slot.id));
      expect(n).toBe(SEATS_LEFT);
      expect(new Set(created.map((result) => result.body.data.booking.id)).size).toBe(SEATS_LEFT);
    },
    stretched(120_000),
  );
});
