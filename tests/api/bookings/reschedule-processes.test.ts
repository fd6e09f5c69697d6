import { randomUUID } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { bookingChanges, bookings, slots } from "~api/db/schema";
import { bookingUsers, confirmedBooking, createSlot, findService } from "../../support/booking";
import { randomIp, identityWorld } from "../../support/identity";
import { withTwoAppProcesses } from "../../support/app-processes";
import { v1Path } from "../../support/client";
import { checkLedgerAfterEach } from "../../support/ledger";
import { stretched } from "../../support/time-limits";

/**
 * rescheduleBooking on two app processes over one PostgreSQL database: many requests to move one
 * booking, each with its own key and target departure, all made from the page as it showed the
 * booking (currentStartsAt), at once through both processes. The booking's row lock serialises
 * them: one move, the rest refused (409 booking_changed), and every departure's seats add up.
 */
const REQUESTS = 16;
const TARGETS = 8;
const SEATS = 2;

describe.skipIf(!process.env.DATABASE_URL)("concurrent reschedules across two processes (PostgreSQL)", () => {
  const { db } = identityWorld();
  checkLedgerAfterEach(db);
  const appProcesses = withTwoAppProcesses();

  it(
    `${REQUESTS} reschedules of one booking to ${TARGETS} departures: exactly one move, seats consistent`,
    async () => {
      const processes = appProcesses();
      const service = await findService(db(), "acme");
      const from = await createSlot(db(), service.serviceId, { capacity: 4, startsInHours: 200 });
      const targets: Awaited<ReturnType<typeof createSlot>>[] = [];
      for (let i = 0; i < TARGETS; i++)
        targets.push(await createSlot(db(), service.serviceId, { capacity: 4, startsInHours: 210 + i }));
      const [guest] = await bookingUsers(db(), service, 1);
      const booking = await confirmedBooking(guest, service, from.id, SEATS);

      const answers = await Promise.all(
        Array.from({ length: REQUESTS }, (_, i) =>
          fetch(`${processes[i % 2].url}${v1Path("rescheduleBooking", { params: { id: booking.id } })}`, {
            method: "POST",
            headers: {
              "Content-Type": "application/json",
              Authorization: `Bearer ${guest.idToken}`,
              "Idempotency-Key": randomUUID(),
              "X-Forwarded-For": randomIp(),
            },
            body: JSON.stringify({ slotId: targets[i % TARGETS].id, currentStartsAt: from.startsAt.toISOString() }),
          }).then(async (response) => ({ status: response.status, body: await response.json() })),
        ),
      );
      const moved = answers.filter((answer) => answer.status === 200);
      const refused = answers.filter((answer) => answer.status !== 200);
      console.log(JSON.stringify({ rescheduleProcesses: { requests: REQUESTS, moved: moved.length } }));
      expect(moved).toHaveLength(1);
      for (const answer of refused) expect(answer.status).toBe(409);
      for (const answer of refused) expect(answer.body.error.code).toBe("booking_changed");

      const changes = await db().select().from(bookingChanges).where(eq(bookingChanges.bookingId, booking.id));
      expect(changes).toHaveLength(1);
      const [row] = await db().select().from(bookings).where(eq(bookings.id, booking.id));
      expect(row.slotId).toBe(changes[0].toSlotId);
      const all = await db()
        .select()
        .from(slots)
        .where(
          inArray(
            slots.id,
            [from, ...targets].map((slot) => slot.id),
          ),
        );
      for (const slot of all) expect(slot.seatsTaken).toBe(slot.id === row.slotId ? SEATS : 0);
    },
    stretched(120_000),
  );
});
