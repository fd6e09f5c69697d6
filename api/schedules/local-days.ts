/** Departures by the local day they start on, each in its own experience's zone (the manifest, the lists, OCTO). */
import { sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { addLocalDays, localToUtc } from "./expand";

/** Zones are at most 14 hours ahead of UTC or 12 behind: a local day lies within these hours around its UTC day. */
const ZONE_SPREAD_MS = 14 * 3_600_000;

/**
 * Departures starting on the local dates `from`…`through` (both included), each in its own
 * experience's zone: the UTC range every zone's days lie in (for the index), then each start's
 * local date in `zone` (the experience's timezone column).
 */
export function onLocalDays(startsAt: SQLWrapper, zone: SQLWrapper, from: string, through: string): SQL {
  const start = new Date(localToUtc(from, "00:00", "UTC").getTime() - ZONE_SPREAD_MS);
  const end = new Date(localToUtc(addLocalDays(through, 1), "00:00", "UTC").getTime() + ZONE_SPREAD_MS);
  return sql`(${startsAt} >= ${start.toISOString()}::timestamptz and ${startsAt} < ${end.toISOString()}::timestamptz
    and (${startsAt} at time zone ${zone})::date between ${from}::date and ${through}::date)`;
}
