import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { slots, waitlistEntries, waitlistOffers } from "~api/db/schema";
import { bookingUsers, createSlot, findService } from "../../support/booking";
import { identityWorld } from "../../support/identity";
import { withTwoAppProcesses } from "../../support/app-processes";
import { v1, v1Path } from "../../support/client";
import { stretched } from "../../support/time-limits";

/**
 * The waitlist's offering step on two app processes over one PostgreSQL database, both running
 * the due work at the same instants: freed seats are offered once, in line order, never two
 * offers of the same seats (each departure is locked FOR UPDATE SKIP LOCKED by one of them).
 */
const DEPARTURES = 6;
const WAITING = 5;
const FREED = 3;

describe.skipIf(!process.env.DATABASE_URL)("waitlist offers across two processes (PostgreSQL)", () => {
  const { db } = identityWorld();
  const appProcesses = withTwoAppProcesses();

  it(
    `${DEPARTURES} sold-out departures, ${WAITING} waiting on each, ${FREED} seats freed: ${FREED} offers each, once`,
    async () => {
      const processes = appProcesses();
      const service = await findService(db(), "acme");
      const departures = [];
      for (let i = 0; i < DEPARTURES; i++)
        departures.push(await createSlot(db(), service.serviceId, { capacity: 4, seatsLeft: 0 }));
      const travellers = await bookingUsers(db(), service, WAITING);
      const entries = new Map<string, string[]>();
      for (const departure of departures) {
        const ids: string[] = [];
        for (const traveller of travellers) {
          const joined = await v1.joinWaitlist({
            token: traveller.idToken,
            body: { serviceId: service.serviceId, slotId: departure.id, seats: 1 },
          });
          expect(joined.status).toBe(201);
          ids.push(joined.body.data.id);
        }
        entries.set(departure.id, ids);
      }
      // Seats freed on every departure (a capacity raise), then both processes run the due work at once, three times.
      await db()
        .update(slots)
        .set({ capacity: 4 + FREED })
        .where(
          inArray(
            slots.id,
            departures.map((departure) => departure.id),
          ),
        );
      const runBoth = () =>
        Promise.all(
          processes.map(({ url }) =>
            fetch(`${url}${v1Path("moveDevClock")}`, {
              method: "POST",
              headers: { "Content-Type": "application/json" },
              body: JSON.stringify({ advanceMinutes: 0 }),
            }).then(async (response) => ({ status: response.status, body: await response.json() })),
          ),
        );
      let offered = 0;
      for (let round = 0; round < 3; round++) {
        const answers = await runBoth();
        for (const answer of answers) expect(answer.status).toBe(200);
        offered += answers.reduce((sum, answer) => sum + answer.body.data.ran.waitlistOffers, 0);
      }
      console.log(JSON.stringify({ waitlistProcesses: { departures: DEPARTURES, offered } }));
      expect(offered).toBe(DEPARTURES * FREED);
      for (const departure of departures) {
        const [row] = await db().select().from(slots).where(eq(slots.id, departure.id));
        expect(row.seatsTaken).toBe(row.capacity);
        const made = await db().select().from(waitlistOffers).where(eq(waitlistOffers.slotId, departure.id));
        expect(made).toHaveLength(FREED);
        // The first three in line, one offer each.
        const ids = entries.get(departure.id)!;
        expect(made.map((offer) => offer.entryId).sort()).toEqual(ids.slice(0, FREED).sort());
        const rows = await db().select().from(waitlistEntries).where(inArray(waitlistEntries.id, ids));
        const byId = new Map(rows.map((entry) => [entry.id, entry.status]));
        expect(ids.map((id) => byId.get(id))).toEqual(["offered", "offered", "offered", "waiting", "waiting"]);
      }
    },
    stretched(120_000),
  );
});
