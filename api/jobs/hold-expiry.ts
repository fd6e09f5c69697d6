import { sql } from "drizzle-orm";
import type { Db } from "../db/client";

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

/**
 * Expires held bookings whose hold has ended and gives their seats (and promo redemptions)
 * back, in ONE statement: the held rows are claimed with FOR UPDATE SKIP LOCKED and updated
 * only while still held, and the seats freed are exactly the seats of the rows this statement
 * updated. Two processes sweeping at once therefore never expire the same booking twice:
 * one of them claims a row, the other skips it (or, if the first has committed already, no
 * longer sees it as held). Fulfilment and cancellation lock the booking row too, so a hold
 * being paid or cancelled at that instant is either swept before or not at all.
 */
export async function expireHolds(db: Db, scope: SweepScope = {}): Promise<SweepResult> {
  const onlySlot = scope.slotId ? sql`and slot_id = ${scope.slotId}` : sql``;
  const onlyService = scope.serviceId ? sql`and service_id = ${scope.serviceId}` : sql``;
  const result = await db.execute(sql`
    with claimed as (
      select id from bookings
      where status = 'held' and hold_expires_at <= now() ${onlySlot} ${onlyService}
      order by hold_expires_at
      limit ${BATCH}
      for update skip locked
    ),
    expired as (
      update bookings b
      set status = 'expired',
          payment_status = case when b.payment_status = 'pending' then 'expired' else b.payment_status end,
          updated_at = now()
      from claimed
      where b.id = claimed.id and b.status = 'held'
      returning b.slot_id, b.seats, b.promo_code
    ),
    freed as (
      update slots s
      set seats_taken = s.seats_taken - f.seats
      from (select slot_id, sum(seats)::int as seats from expired group by slot_id) f
      where s.id = f.slot_id
      returning f.seats
    ),
    promos as (
      update promo_codes p
      set redemptions = greatest(p.redemptions - f.n, 0)
      from (select promo_code, count(*)::int as n from expired where promo_code is not null group by promo_code) f
      where p.code = f.promo_code
      returning p.code
    )
    select
      (select count(*) from expired)::int as expired,
      coalesce((select sum(seats) from freed), 0)::int as seats_freed,
      (select count(*) from promos)::int as promos
  `);
  const [row] = (result as unknown as { rows: Array<{ expired: number; seats_freed: number }> }).rows;
  return { expired: Number(row?.expired ?? 0), seatsFreed: Number(row?.seats_freed ?? 0) };
}
