import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { clockNow } from "../clock";
import type { Db } from "../db/client";
import { bookings, experiences, scheduleBlackouts, scheduleRules, services, slots } from "../db/schema";
import { scheduleEnv } from "../env";
import { randomId } from "../ids";
import { addLocalDays, expandRules, localDateOf } from "./expand";

/** What one materialisation did to a service's departures. */
export interface Materialised {
  /** Departures added. */
  created: number;
  /** Departures of the rules no longer wanted, with nobody booked: removed (or cancelled, when old bookings refer to them). */
  removed: number;
  /** Departures no longer wanted that have bookings or holds: kept untouched, flagged for the operator's decision. */
  kept: number;
}

export const newDepartureId = () => randomId("dp_", 20);

/**
 * Brings a service's future departures in line with its weekly rules, in the caller's transaction
 * (the service's row is locked first: a schedule change and the job take turns):
 *
 * - every start its rules make on the local dates from today to today + SCHEDULE_HORIZON_DAYS of
 *   the experience's zone (not blacked out, within each rule's range, still ahead) exists, made by
 *   its rule (inserted with the service's capacity; an existing departure at that instant, a
 *   one-off included, is left as it is);
 * - a future departure made by a rule that the rules no longer make is removed when nobody booked
 *   or holds a seat on it; one with bookings or holds is NEVER moved or removed here: it is kept
 *   as it is and flagged `needs_decision`, for the operator to keep (a one-off) or cancel.
 *
 * `previouslyRuled`: the ids of the future departures that rules had made before the caller
 * changed the rules (removing a rule clears its departures' rule id).
 */
export async function materialiseService(
  tx: Db,
  serviceId: string,
  previouslyRuled: ReadonlySet<string> = new Set(),
): Promise<Materialised> {
  const [service] = await tx
    .select({
      id: services.id,
      capacity: services.capacity,
      duration: services.durationMinutes,
      zone: experiences.timezone,
    })
    .from(services)
    .innerJoin(experiences, eq(experiences.id, services.experienceId))
    .where(eq(services.id, serviceId))
    .for("update", { of: services });
  if (!service) return { created: 0, removed: 0, kept: 0 };
  const [rules, blackouts] = await Promise.all([
    tx.select().from(scheduleRules).where(eq(scheduleRules.serviceId, serviceId)).orderBy(asc(scheduleRules.sortOrder)),
    tx
      .select({ date: scheduleBlackouts.date })
      .from(scheduleBlackouts)
      .where(eq(scheduleBlackouts.serviceId, serviceId)),
  ]);
  const now = clockNow();
  const from = localDateOf(now, service.zone);
  const through = addLocalDays(from, scheduleEnv.horizonDays);
  const wanted = new Map(
    expandRules({ zone: service.zone, rules, blackouts: blackouts.map((b) => b.date), from, through })
      .filter((departure) => departure.startsAt.getTime() > now.getTime())
      .map((departure) => [departure.startsAt.getTime(), departure]),
  );

  // Every future departure of the service, locked: a booking taking a seat waits for this.
  const existing = await tx
    .select({
      id: slots.id,
      startsAt: slots.startsAt,
      ruleId: slots.ruleId,
      status: slots.status,
      seatsTaken: slots.seatsTaken,
      needsDecision: slots.needsDecision,
    })
    .from(slots)
    .where(and(eq(slots.serviceId, serviceId), sql`${slots.startsAt} > app_now()`))
    .for("update");
  const existingAt = new Set(existing.map((slot) => slot.startsAt.getTime()));

  const unwanted: typeof existing = [];
  for (const slot of existing) {
    const ruled = slot.ruleId !== null || slot.needsDecision || previouslyRuled.has(slot.id);
    if (!ruled) continue;
    const match = wanted.get(slot.startsAt.getTime());
    if (match) {
      if (slot.ruleId !== match.ruleId || slot.needsDecision)
        await tx.update(slots).set({ ruleId: match.ruleId, needsDecision: false }).where(eq(slots.id, slot.id));
    } else if (slot.status !== "cancelled") unwanted.push(slot);
  }

  let removed = 0;
  const booked = unwanted.filter((slot) => slot.seatsTaken > 0);
  const free = unwanted.filter((slot) => slot.seatsTaken === 0).map((slot) => slot.id);
  if (free.length > 0) {
    const deleted = await tx
      .delete(slots)
      .where(
        and(
          inArray(slots.id, free),
          eq(slots.seatsTaken, 0),
          sql`not exists (select 1 from ${bookings} where ${bookings.slotId} = ${slots.id})`,
        ),
      )
      .returning({ id: slots.id });
    removed += deleted.length;
    // Old bookings (expired, cancelled) still name the rest: they are cancelled, not deleted.
    const left = free.filter((id) => !deleted.some((row) => row.id === id));
    if (left.length > 0) {
      const cancelled = await tx
        .update(slots)
        .set({ status: "cancelled", cancelledAt: sql`app_now()`, ruleId: null, needsDecision: false })
        .where(and(inArray(slots.id, left), eq(slots.seatsTaken, 0)))
        .returning({ id: slots.id });
      removed += cancelled.length;
    }
  }
  const flag = booked.filter((slot) => !slot.needsDecision).map((slot) => slot.id);
  if (flag.length > 0) await tx.update(slots).set({ needsDecision: true, ruleId: null }).where(inArray(slots.id, flag));

  const missing = [...wanted.values()].filter((departure) => !existingAt.has(departure.startsAt.getTime()));
  let created = 0;
  for (let start = 0; start < missing.length; start += 500) {
    const rows = await tx
      .insert(slots)
      .values(
        missing.slice(start, start + 500).map((departure) => ({
          id: newDepartureId(),
          serviceId,
          startsAt: departure.startsAt,
          endsAt: new Date(departure.startsAt.getTime() + service.duration * 60_000),
          capacity: service.capacity,
          ruleId: departure.ruleId,
        })),
      )
      .onConflictDoNothing({ target: [slots.serviceId, slots.startsAt] })
      .returning({ id: slots.id });
    created += rows.length;
  }
  await tx.update(services).set({ materialisedThrough: through }).where(eq(services.id, serviceId));
  return { created, removed, kept: booked.length };
}

/** The ids of a service's future departures made by its rules (read before changing them). */
export async function ruledDepartures(tx: Db, serviceId: string): Promise<Set<string>> {
  const rows = await tx
    .select({ id: slots.id })
    .from(slots)
    .where(and(eq(slots.serviceId, serviceId), sql`${slots.startsAt} > app_now()`, sql`${slots.ruleId} is not null`));
  return new Set(rows.map((row) => row.id));
}

/**
 * The job's part: every service with weekly rules whose departures are not materialised up to
 * today + SCHEDULE_HORIZON_DAYS of its experience's zone (the day moved on, by the clock or the
 * test clock), each in a transaction of its own. `all`: every service with rules, due or not.
 */
export async function materialiseDueServices(
  db: Db,
  { all = false } = {},
): Promise<Materialised & { services: number }> {
  const candidates = await db
    .select({ id: services.id, zone: experiences.timezone, through: services.materialisedThrough })
    .from(services)
    .innerJoin(experiences, eq(experiences.id, services.experienceId))
    .where(sql`exists (select 1 from ${scheduleRules} r where r.service_id = ${services.id})`)
    .orderBy(asc(services.id));
  const now = clockNow();
  const due = candidates.filter(
    (service) =>
      all ||
      service.through === null ||
      service.through < addLocalDays(localDateOf(now, service.zone), scheduleEnv.horizonDays),
  );
  const total = { created: 0, removed: 0, kept: 0, services: due.length };
  for (const service of due) {
    const done = await db.transaction((tx) => materialiseService(tx, service.id));
    total.created += done.created;
    total.removed += done.removed;
    total.kept += done.kept;
  }
  return total;
}
