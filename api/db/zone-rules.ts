import { sql } from "drizzle-orm";
import { DateTime } from "luxon";
import type { Db } from "./client";
import { queryRows } from "./rows";

/**
 * A zone's rules come from two copies of the time zone database (decision 055): Node's (ICU's,
 * shipped with the Node of .nvmrc), for every date and time the API computes and a page shows;
 * and the database's (PGlite's own, or the system's /usr/share/zoneinfo for PostgreSQL on Debian),
 * for the SQL that files departures by local day (the storefront's days, the manifest, reports,
 * payout days). Where one copy is older than a zone's change (British Columbia's permanent
 * daylight time, tzdata 2026), the two read an hour apart: a 23:30 departure listed on one day and
 * shown on the next, "today's payout" looked for on yesterday. They must agree; this finds where
 * they do not.
 */
export type ZoneRuleDisagreement = { zone: string; at: string; node: string; database: string };

/** Now, then every 15 days for a year: each season and each change a rule makes in it. */
export function zoneSampleInstants(now: Date): Date[] {
  return Array.from({ length: 25 }, (_, step) => new Date(now.getTime() + step * 15 * 86_400_000));
}

/** Each zone and instant whose local wall time (to the minute) Node and the database read differently. */
export async function zoneRuleDisagreements(
  db: Db,
  zones: string[],
  instants: Date[],
): Promise<ZoneRuleDisagreement[]> {
  if (zones.length === 0 || instants.length === 0) return [];
  const rows = await queryRows<{ zone: string; at: string; local: string }>(
    db,
    sql`select z.zone, i.at, to_char(i.at::timestamptz at time zone z.zone, 'YYYY-MM-DD"T"HH24:MI') as local
        from json_array_elements_text(${JSON.stringify(zones)}::json) as z(zone)
        cross join json_array_elements_text(${JSON.stringify(instants.map((instant) => instant.toISOString()))}::json) as i(at)`,
  );
  return rows.flatMap(({ zone, at, local }) => {
    const node = DateTime.fromISO(at, { zone }).toFormat("yyyy-MM-dd'T'HH:mm");
    return node === local ? [] : [{ zone, at, node, database: local }];
  });
}

/** The zones the product files departures and money by: every operator's and every experience's. */
export async function zonesInUse(db: Db): Promise<string[]> {
  const rows = await queryRows<{ timezone: string }>(
    db,
    sql`select timezone from accounts union select timezone from experiences order by timezone`,
  );
  return rows.map((row) => row.timezone);
}
