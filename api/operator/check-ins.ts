import { and, eq, inArray, sql } from "drizzle-orm";
import type { CheckInAction, CheckInUpdate } from "~contract/operator/manifest";
import type { Db } from "../db/client";
import { bookingCheckIns, bookings, slots, ticketTypes } from "../db/schema";
import { ApiError, conflict, notFound } from "../http/errors";
import { writeAudit, type Actor } from "../audit/log";
import { departuresOf, mayRunDeparture, type Member } from "../members/guard";
import { checkInColumns, guestsOf } from "./manifest";

export const bookingNotFound = () => notFound("No such booking for this operator.", "booking_not_found");

/** Whether `bookingId` is a booking of the member's operator they may see (a guide: on a departure of theirs). */
export async function seesBooking(db: Db, member: Member, bookingId: string): Promise<boolean> {
  const [found] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .innerJoin(slots, eq(slots.id, bookings.slotId))
    .where(and(eq(bookings.id, bookingId), eq(bookings.accountId, member.account.id), departuresOf(member)));
  return found !== undefined;
}

/** 403 not_assigned: a guide, on a departure not assigned to them (another guide's, or no one's yet). */
export const notAssigned = () => new ApiError(403, "not_assigned", "This booking's departure is not assigned to you.");

/**
 * POST /v1/operator/bookings/{bookingId}/check-ins: one guest (or every guest) of a confirmed
 * booking checked in, marked a no-show, or reset (its row deleted). The booking's row is locked
 * first (the scan-by-code path locks it too), so the two serialise. Setting a state a guest
 * already has keeps it as it was (its time included).
 */
export async function updateCheckIn(
  db: Db,
  member: Member,
  actor: Actor,
  bookingId: string,
  input: { guestNo: number | "all"; status: CheckInAction },
): Promise<CheckInUpdate> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        id: bookings.id,
        status: bookings.status,
        seats: bookings.seats,
        tickets: bookings.tickets,
        guideUserId: slots.guideUserId,
      })
      .from(bookings)
      .innerJoin(slots, eq(slots.id, bookings.slotId))
      .where(and(eq(bookings.id, bookingId), eq(bookings.accountId, member.account.id)))
      .for("update", { of: bookings });
    if (!row) throw bookingNotFound();
    if (!mayRunDeparture(member, row.guideUserId)) throw notAssigned();
    if (row.status !== "confirmed")
      throw conflict(
        `Only a confirmed booking can be checked in (this one is ${row.status}).`,
        "booking_not_confirmed",
      );
    if (input.guestNo !== "all" && input.guestNo > row.seats)
      throw new ApiError(422, "guest_not_found", `This booking has ${row.seats} guest(s).`, {
        guestNo: [`Give a guest number from 1 to ${row.seats}.`],
      });
    const guestNos = input.guestNo === "all" ? Array.from({ length: row.seats }, (_, i) => i + 1) : [input.guestNo];
    if (input.status === "reset") {
      await tx
        .delete(bookingCheckIns)
        .where(and(eq(bookingCheckIns.bookingId, bookingId), inArray(bookingCheckIns.guestNo, guestNos)));
    } else {
      await tx
        .insert(bookingCheckIns)
        .values(
          guestNos.map((guestNo) => ({
            bookingId,
            guestNo,
            status: input.status as "checked_in" | "no_show",
            byUserId: member.userId,
          })),
        )
        .onConflictDoUpdate({
          target: [bookingCheckIns.bookingId, bookingCheckIns.guestNo],
          set: { status: sql`excluded.status`, at: sql`now()`, byUserId: sql`excluded.by_user_id` },
          setWhere: sql`${bookingCheckIns.status} <> excluded.status`,
        });
    }
    await writeAudit(tx, actor, `booking.${input.status === "reset" ? "check_in_reset" : input.status}`, {
      bookingId,
      guests: String(input.guestNo),
      via: "list",
    });
    const [checkIns, types] = await Promise.all([
      tx.select(checkInColumns).from(bookingCheckIns).where(eq(bookingCheckIns.bookingId, bookingId)),
      tx
        .select({ id: ticketTypes.id, name: ticketTypes.name })
        .from(ticketTypes)
        .where(inArray(ticketTypes.id, row.tickets.map((ticket) => ticket.ticketTypeId).concat(["-"]))),
    ]);
    const names = new Map(types.map((type) => [type.id, type.name]));
    const tickets = row.tickets.map((ticket) => ({ ...ticket, name: names.get(ticket.ticketTypeId) ?? ticket.name }));
    return { bookingId, guests: guestsOf(row.seats, tickets, checkIns) };
  });
}
