import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { outbox, bookings } from "~api/db/schema";
import { seedDbForThisFile } from "../../support/api";
import { bookingUsers, confirmedBooking, createSlot, findService } from "../../support/booking";
import { withEmulatorUsers } from "../../support/identity";
import { withTwoAppProcesses } from "../../support/app-processes";
import { v1Path } from "../../support/client";
import { stretched } from "../../support/time-limits";

/**
 * Scheduled work runs once across processes: two app processes on one PostgreSQL database, each
 * with its job runner (pg-boss), both told at the same instant that the clock moved. Every
 * booking gets exactly one reminder and is completed once. PostgreSQL only (PGlite is one
 * process's).
 */
const GUESTS = 12;

describe.skipIf(!process.env.DATABASE_URL)("due work across two processes (PostgreSQL)", () => {
  const { db } = seedDbForThisFile();
  withEmulatorUsers();
  const appProcesses = withTwoAppProcesses({ JOBS_ENABLED: "true" });

  it(
    `${GUESTS} bookings, the clock moved on both processes at once: one reminder, one completion and one tip request each`,
    async () => {
      const processes = appProcesses();
      const service = await findService(db(), "acme");
      const slot = await createSlot(db(), service.serviceId, { capacity: GUESTS + 2, startsInHours: 72 });
      const guests = await bookingUsers(db(), service, GUESTS);
      const ids: string[] = [];
      for (const guest of guests) ids.push((await confirmedBooking(guest, service, slot.id)).id);

      const moveBoth = async (now: Date) => {
        const answers = await Promise.all(
          processes.map(({ url }) =>
            fetch(`${url}${v1Path("moveDevClock")}`, {
              method: "POST",
              headers: { "Content-Type": "application/json" },
              body: JSON.stringify({ now: now.toISOString() }),
            }).then(async (response) => ({ status: response.status, body: await response.json() })),
          ),
        );
        for (const answer of answers) expect(answer.status).toBe(200);
        return answers.map((answer) => answer.body.data.ran);
      };

      const reminded = await moveBoth(new Date(slot.startsAt.getTime() - 20 * 3_600_000));
      expect(reminded.reduce((sum, ran) => sum + ran.reminders, 0)).toBe(GUESTS);
      const messages = await db()
        .select({ bookingId: outbox.meta })
        .from(outbox)
        .where(and(eq(outbox.kind, "booking_reminder"), eq(outbox.channel, "email")));
      const perBooking = new Map<string, number>();
      for (const { bookingId } of messages) {
        const id = (bookingId as { bookingId: string }).bookingId;
        if (ids.includes(id)) perBooking.set(id, (perBooking.get(id) ?? 0) + 1);
      }
      expect(perBooking.size).toBe(GUESTS);
      expect([...perBooking.values()].every((count) => count === 1)).toBe(true);

      const completed = await moveBoth(new Date(slot.endsAt.getTime() + 60_000));
      expect(completed.reduce((sum, ran) => sum + ran.completed, 0)).toBe(GUESTS);
      const rows = await db()
        .select({ completedAt: bookings.completedAt })
        .from(bookings)
        .where(inArray(bookings.id, ids));
      expect(rows.every((row) => row.completedAt instanceof Date)).toBe(true);
    },
    stretched(120_000),
  );
});
