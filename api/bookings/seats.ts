import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { slots } from "../db/schema";

/**
 * Takes `seats` seats of a departure that has not started, in one conditional update: the
 * database, not a read-then-write, refuses the extra seat (and the CHECK constraint
 * seats_taken <= capacity is the backstop). Concurrent callers queue on the slot's row lock,
 * and each re-checks the condition on the row as the previous one left it.
 * Returns false when there are not enough seats (or the departure has started).
 */
export async function takeSeats(db: Db, slotId: string, serviceId: string, seats: number): Promise<boolean> {
  const rows = await db
    .update(slots)
    .set({ seatsTaken: sql`${slots.seatsTaken} + ${seats}` })
    .where(
      and(
        eq(slots.id, slotId),
        eq(slots.serviceId, serviceId),
        sql`${slots.seatsTaken} + ${seats} <= ${slots.capacity}`,
        sql`${slots.startsAt} > app_now()`,
      ),
    )
    .returning({ id: slots.id });
  return rows.length > 0;
}

/** Gives seats back (the caller has just moved a booking out of held/confirmed, under its row lock). */
export async function releaseSeats(db: Db, slotId: string, seats: number): Promise<void> {
  await db
    .update(slots)
    .set({ seatsTaken: sql`${slots.seatsTaken} - ${seats}` })
    .where(eq(slots.id, slotId));
}
