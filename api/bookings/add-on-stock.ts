/**
 * Add-ons' stock (issue 46, item 2), taken and given back the way seats are (decision 016): in the
 * transaction that takes the seats, after the slot's row lock (so one departure's bookings take
 * their turn), one conditional statement per counter: the database, not a read-then-write, refuses
 * the extra wetsuit. Counters: slot_add_ons.taken (per departure) and experience_add_ons.taken_total
 * (all departures); both count every add-on of bookings that hold seats, stocked or not. Lock order
 * everywhere: booking, slot, the departure's add-on counters then the add-ons' totals (each in
 * add-on id order), promo code.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { queryRows } from "../db/rows";
import type { BookingAddOn } from "~contract/bookings/add-ons";
import { conflict } from "../http/errors";
import { takeSeats } from "./seats";

type Taken = Pick<BookingAddOn, "addOnId" | "name" | "quantity">;

const byId = (lines: readonly Taken[]) =>
  lines
    .filter((line) => line.quantity > 0)
    .sort((a, b) => (a.addOnId < b.addOnId ? -1 : a.addOnId > b.addOnId ? 1 : 0));

/** 409 add_on_sold_out naming the add-on. */
export const addOnSoldOut = (name: string) =>
  conflict(`Not enough of the add-on "${name}" is left for this time.`, "add_on_sold_out");

/**
 * Takes the booking's add-ons on its departure; the caller has taken the seats (the slot's row
 * lock) in this transaction. Returns the first add-on that is sold out (nothing is undone: the
 * caller rolls its transaction, or savepoint, back), or null when all were taken.
 */
export async function takeAddOns(tx: Db, slotId: string, addOns: readonly Taken[]): Promise<Taken | null> {
  const lines = byId(addOns);
  for (const line of lines) {
    // A departure's counter: made with its first sale; each sale re-checks the row as the last left it.
    const rows = await queryRows<{ taken: number }>(
      tx,
      sql`insert into slot_add_ons as sa (slot_id, add_on_id, taken)
        select ${slotId}, a.id, ${line.quantity} from experience_add_ons a
        where a.id = ${line.addOnId} and (a.stock_per_departure is null or ${line.quantity} <= a.stock_per_departure)
        on conflict (slot_id, add_on_id) do update set taken = sa.taken + excluded.taken
        where sa.taken + excluded.taken <= coalesce(
          (select a.stock_per_departure from experience_add_ons a where a.id = excluded.add_on_id), 2147483647)
        returning sa.taken`,
    );
    if (rows.length === 0) return line;
  }
  for (const line of lines) {
    const rows = await queryRows<{ id: string }>(
      tx,
      sql`update experience_add_ons set taken_total = taken_total + ${line.quantity}
        where id = ${line.addOnId} and (stock_total is null or taken_total + ${line.quantity} <= stock_total)
        returning id`,
    );
    if (rows.length === 0) return line;
  }
  return null;
}

/** Takes the add-ons or refuses the booking (409 add_on_sold_out): inside the transaction that took its seats. */
export async function takeAddOnsOrRefuse(tx: Db, slotId: string, addOns: readonly Taken[]): Promise<void> {
  const soldOut = await takeAddOns(tx, slotId, addOns);
  if (soldOut) throw addOnSoldOut(soldOut.name);
}

/**
 * Gives back the add-ons of bookings that have just stopped holding seats (the caller holds their
 * row locks and has given their seats back, slot rows locked first), in lock order.
 */
export async function releaseAddOns(
  tx: Db,
  released: ReadonlyArray<{ slotId: string; addOns: readonly Taken[] }>,
): Promise<void> {
  const perSlot = new Map<string, { slotId: string; addOnId: string; quantity: number }>();
  const total = new Map<string, number>();
  for (const booking of released) {
    for (const line of booking.addOns) {
      if (line.quantity <= 0) continue;
      const key = `${booking.slotId}\u0000${line.addOnId}`;
      const entry = perSlot.get(key) ?? { slotId: booking.slotId, addOnId: line.addOnId, quantity: 0 };
      entry.quantity += line.quantity;
      perSlot.set(key, entry);
      total.set(line.addOnId, (total.get(line.addOnId) ?? 0) + line.quantity);
    }
  }
  for (const key of [...perSlot.keys()].sort()) {
    const { slotId, addOnId, quantity } = perSlot.get(key)!;
    await tx.execute(
      sql`update slot_add_ons set taken = taken - ${quantity} where slot_id = ${slotId} and add_on_id = ${addOnId}`,
    );
  }
  for (const addOnId of [...total.keys()].sort()) {
    await tx.execute(
      sql`update experience_add_ons set taken_total = taken_total - ${total.get(addOnId)!} where id = ${addOnId}`,
    );
  }
}

class AddOnsGone extends Error {}

/**
 * Takes a booking's seats and add-ons on a departure, all or nothing (a savepoint): a late payment
 * taking back what its expired hold gave up, or a move to another departure. False when either is
 * not to be had. A private booking takes the departure whole again (only one with no seat taken).
 */
export async function takeSeatsAndAddOns(
  tx: Db,
  slotId: string,
  booking: { id: string; serviceId: string; seats: number; privatePriceMinor: number | null; addOns: readonly Taken[] },
): Promise<boolean> {
  const seats = (db: Db) =>
    takeSeats(db, slotId, booking.serviceId, booking.seats, {
      privateFor: booking.privatePriceMinor === null ? undefined : booking.id,
    });
  if (!booking.addOns.some((line) => line.quantity > 0)) return seats(tx);
  try {
    return await tx.transaction(async (savepoint) => {
      if (!(await seats(savepoint))) return false;
      if (await takeAddOns(savepoint, slotId, booking.addOns)) throw new AddOnsGone();
      return true;
    });
  } catch (error) {
    if (error instanceof AddOnsGone) return false;
    throw error;
  }
}
