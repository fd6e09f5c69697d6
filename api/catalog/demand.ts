import { sql } from "drizzle-orm";
import { announceChanges } from "../changes/feed";
import type { Db } from "../db/client";

/**
 * Refreshes experiences.demand_percent (how full the next 30 days of departures are: the
 * "recommended" order) in one statement (migration 0016). Run after seeding and every 15 minutes
 * by the job runner: a ranking may lag a booking by that much, a catalog page never aggregates
 * departures. Returns how many experiences changed.
 */
export async function refreshDemand(db: Db): Promise<number> {
  const result = (await db.execute(sql`select refresh_experience_demand() as changed`)) as unknown as {
    rows: Array<{ changed: number }>;
  };
  const changed = Number(result.rows[0]?.changed ?? 0);
  // The "recommended" order of catalog pages moved.
  if (changed > 0) announceChanges(["catalog"]);
  return changed;
}
