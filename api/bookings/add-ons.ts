/** The add-ons of an order (issue 46, item 2): which of the experience's are asked for, and which are offered. */
import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { experienceAddOns, slotAddOns } from "../db/schema";
import { validationError, type FieldErrors } from "../http/errors";
import { FIELD_MESSAGES } from "../http/field-messages";
import type { AddOnsRequest, BookingAddOn, OfferedAddOn } from "~contract/bookings/add-ons";

const onSale = (experienceId: string) =>
  and(eq(experienceAddOns.experienceId, experienceId), eq(experienceAddOns.archived, false));

/**
 * The add-ons asked for, as the booking will keep them (name and unit price now). 400 on the line's
 * field for an add-on that is not one of the experience's on sale (id.invalid), or more of it
 * than its maximum per booking, or a per-guest add-on more often than the booking has guests
 * (number.atMost, naming the most). Lines of quantity 0 are dropped; no lines: no query.
 */
export async function chosenAddOns(
  db: Db,
  experienceId: string,
  requested: AddOnsRequest | undefined,
  seats: number,
): Promise<BookingAddOn[]> {
  const wanted = (requested ?? []).map((line, index) => ({ ...line, index })).filter((line) => line.quantity > 0);
  if (wanted.length === 0) return [];
  const rows = await db.select().from(experienceAddOns).where(onSale(experienceId));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const fields: FieldErrors = {};
  const chosen = wanted.flatMap((line) => {
    const addOn = byId.get(line.addOnId);
    if (!addOn) {
      fields[`addOns.${line.index}.addOnId`] = [FIELD_MESSAGES["id.invalid"]];
      return [];
    }
    const most = Math.min(addOn.maxPerBooking ?? Infinity, addOn.per === "guest" ? seats : Infinity);
    if (line.quantity > most)
      fields[`addOns.${line.index}.quantity`] = [FIELD_MESSAGES["number.atMost"].replace("{maximum}", String(most))];
    return [
      {
        addOnId: addOn.id,
        name: addOn.name,
        per: addOn.per,
        quantity: line.quantity,
        unitPriceMinor: addOn.priceMinor,
      },
    ];
  });
  if (Object.keys(fields).length > 0) throw validationError(fields);
  return chosen;
}

/**
 * The experience's add-ons on sale, in the operator's order, each with how many are left for this
 * departure (null: no stock set). Expired holds not yet swept still count as taken here.
 */
export async function offeredAddOns(db: Db, experienceId: string, slotId: string): Promise<OfferedAddOn[]> {
  const rows = await db
    .select({
      id: experienceAddOns.id,
      name: experienceAddOns.name,
      description: experienceAddOns.description,
      priceMinor: experienceAddOns.priceMinor,
      per: experienceAddOns.per,
      maxPerBooking: experienceAddOns.maxPerBooking,
      left: sql<number | null>`(case
        when ${experienceAddOns.stockPerDeparture} is not null
          then greatest(0, ${experienceAddOns.stockPerDeparture} - coalesce(${slotAddOns.taken}, 0))
        when ${experienceAddOns.stockTotal} is not null
          then greatest(0, ${experienceAddOns.stockTotal} - ${experienceAddOns.takenTotal})
      end)::int`,
    })
    .from(experienceAddOns)
    .leftJoin(slotAddOns, and(eq(slotAddOns.addOnId, experienceAddOns.id), eq(slotAddOns.slotId, slotId)))
    .where(onSale(experienceId))
    .orderBy(asc(experienceAddOns.position), asc(experienceAddOns.id));
  return rows.map((row) => ({ ...row, left: row.left === null ? null : Number(row.left) }));
}
