/** A guest's own bookings of one departure that stand: a pay page says so before a second one is made. */
import { and, desc, eq, or, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { bookings } from "../db/schema";
import { conflict } from "../http/errors";
import type { Quote } from "~contract/bookings/requests";

/** The caller's bookings of a departure that stand: paid, or held with the hold still running. */
export async function standingBookings(db: Db, userId: string, slotId: string): Promise<Quote["yourBookings"]> {
  const rows = await db
    .select({ id: bookings.id, status: bookings.status, seats: bookings.seats, createdAt: bookings.createdAt })
    .from(bookings)
    .where(
      and(
        eq(bookings.userId, userId),
        eq(bookings.slotId, slotId),
        or(
          eq(bookings.status, "confirmed"),
          and(eq(bookings.status, "held"), sql`${bookings.holdExpiresAt} > app_now()`),
        ),
      ),
    )
    .orderBy(desc(bookings.createdAt), desc(bookings.id));
  return rows.map((row) => ({
    id: row.id,
    status: row.status === "held" ? "held" : "confirmed",
    seats: row.seats,
    createdAt: row.createdAt.toISOString(),
  }));
}

/** POST /v1/bookings with `bookAgain: false`: 409 already_booked when the guest has a paid booking of the departure. */
export async function refuseBookingTwice(db: Db, userId: string, slotId: string): Promise<void> {
  const standing = await standingBookings(db, userId, slotId);
  const paid = standing.find((booking) => booking.status === "confirmed");
  if (paid) {
    throw conflict(
      `You already booked this departure (${paid.id}). Send bookAgain: true to book more seats.`,
      "already_booked",
    );
  }
}
