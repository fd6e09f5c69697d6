import { eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { queryRows } from "../db/rows";
import { promoCodes, slots } from "../db/schema";
import { kickWaitlist } from "./seats-freed";
import { releaseHoldGiftCards } from "./gift-card-payment";
import { releaseAddOns } from "./add-on-stock";
import type { BookingAddOn } from "~contract/bookings/add-ons";

export interface SweepScope {
  /** Only this departure's holds (before taking its seats). */
  slotId?: string;
  /** Only this service's holds. */
  serviceId?: string;
}

export interface SweepResult {
  /** Bookings moved from held to expired by this call. */
  expired: number;
  /** Seats given back by this call. */
  seatsFreed: number;
}

/** Bookings one sweep handles at most; the next sweep takes the rest. */
const BATCH = 500;

interface ExpiredRow {
  id: string;
  gift_card_minor: number;
  slot_id: string;
  seats: number;
  promo_code: string | null;
  add_ons: BookingAddOn[];
}

/**
 * Expires held bookings whose hold has ended and gives their seats (add-ons, promo redemptions)
 * back, in one transaction:
 *
 * 1. one statement claims the held rows with FOR UPDATE SKIP LOCKED and moves them to expired,
 *    only while they are still held, returning exactly the rows it changed;
 * 2. the seats (and redemptions) of exactly those rows are given back, slot by slot in id
 *    order (and code by code), so two sweeps locking several slots never deadlock.
 *
 * Two processes sweeping at once therefore never expire the same booking twice: one claims a
 * row, the other skips it (or, if the first has committed already, no longer sees it held).
 * Fulfilment and cancellation lock the booking row too, so a hold being paid or cancelled at
 * that instant is either swept before or not at all. Lock order everywhere: booking, slot,
 * promo code.
 */
export async function expireHolds(db: Db, scope: SweepScope = {}): Promise<SweepResult> {
  const onlySlot = scope.slotId ? sql`and slot_id = ${scope.slotId}` : sql``;
  const onlyService = scope.serviceId ? sql`and service_id = ${scope.serviceId}` : sql``;
  return db.transaction(async (tx) => {
    const rows = await queryRows<ExpiredRow>(
      tx,
      sql`
      with claimed as materialized (
        select id from bookings
        where status = 'held' and hold_expires_at <= app_now() ${onlySlot} ${onlyService}
        order by hold_expires_at
        limit ${BATCH}
        for update skip locked
      )
      update bookings b
      set status = 'expired',
          payment_status = case when b.payment_status = 'pending' then 'expired' else b.payment_status end,
          updated_at = app_now()
      from claimed
      where b.id = claimed.id and b.status = 'held'
      returning b.id, b.gift_card_minor, b.slot_id, b.seats, b.promo_code, b.add_ons
    `,
    );
    if (rows.length === 0) return { expired: 0, seatsFreed: 0 };

    const seatsBySlot = new Map<string, number>();
    const idsBySlot = new Map<string, string[]>();
    const redemptionsByCode = new Map<string, number>();
    for (const row of rows) {
      seatsBySlot.set(row.slot_id, (seatsBySlot.get(row.slot_id) ?? 0) + Number(row.seats));
      idsBySlot.set(row.slot_id, [...(idsBySlot.get(row.slot_id) ?? []), row.id]);
      if (row.promo_code) redemptionsByCode.set(row.promo_code, (redemptionsByCode.get(row.promo_code) ?? 0) + 1);
    }
    for (const slotId of [...seatsBySlot.keys()].sort()) {
      await tx
        .update(slots)
        .set({
          seatsTaken: sql`${slots.seatsTaken} - ${seatsBySlot.get(slotId)!}`,
          // A private hold that ran out opens its departure again (issue 46).
          privateBookingId: sql`case when ${inArray(slots.privateBookingId, idsBySlot.get(slotId)!)} then null
            else ${slots.privateBookingId} end`,
        })
        .where(eq(slots.id, slotId));
    }
    await releaseAddOns(
      tx,
      rows.map((row) => ({ slotId: row.slot_id, addOns: row.add_ons })),
    );
    for (const code of [...redemptionsByCode.keys()].sort()) {
      await tx
        .update(promoCodes)
        .set({ redemptions: sql`greatest(${promoCodes.redemptions} - ${redemptionsByCode.get(code)!}, 0)` })
        .where(eq(promoCodes.code, code));
    }
    for (const row of rows) if (Number(row.gift_card_minor) > 0) await releaseHoldGiftCards(tx, row.id);
    kickWaitlist(); // freed seats: the waitlist's offering step runs soon
    return { expired: rows.length, seatsFreed: [...seatsBySlot.values()].reduce((sum, n) => sum + n, 0) };
  });
}
