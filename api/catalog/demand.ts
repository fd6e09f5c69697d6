import { sql } from "drizzle-orm";
import { announceChanges } from "../changes/feed";
import type { Db } from "../db/client";
import { queryRows } from "../db/rows";

/**
 * Refreshes experiences.demand_percent (how full the next 30 days of departures are: the
 * "recommended" order) in one statement (migration 0016). Run after seeding and every 15 minutes
 * by the job runner: a ranking may lag a booking by that much, a catalog page never aggregates
 * departures. Returns how many experiences changed.
 */
export async function refreshDemand(db: Db): Promise<number> {
  const [row] = await queryRows<{ changed: number }>(db, sql`select refresh_experience_demand() as changed`);
  const changed = Number(row?.changed ?? 0);
  // The "recommended" order of catalog pages moved.
  if (changed > 0) announceChanges(["catalog"]);
  return changed;
}
