import { and, asc, eq, sql, type SQL } from "drizzle-orm";
import { departureJoins } from "../db/joins";
import { kickWaitlist } from "../bookings/seats-freed";
import type { OperatorDeparture, OperatorDepartures } from "~contract/operator/schedules";
import type { AuditTarget } from "~contract/operator/audit-actions";
import { MAX_DEPARTURE_DAYS } from "~contract/operator/schedules";
import { clockNow } from "../clock";
import type { Db } from "../db/client";
import { alias } from "drizzle-orm/pg-core";
import { bookings, experiences, operatorMembers, services, slots, users } from "../db/schema";
import { ApiError, conflict, notFound, validationError } from "../http/errors";
import { onSaleSql } from "../bookings/seats";
import { addLocalDays, daysBetween, localDateOf, localToUtc } from "../schedules/expand";
import { newDepartureId } from "../schedules/materialise";
import { writeAudit, type Actor } from "../audit/log";
import { tellGuideChange } from "./guides-told";

export const experienceNotFound = () => notFound("No such experience in this catalog.", "experience_not_found");
export const serviceNotFound = () => notFound("No such service in this catalog.", "service_not_found");
export const departureNotFound = () => notFound("No such departure in this catalog.", "departure_not_found");

export interface OwnedExperience {
  id: string;
  title: string;
  timezone: string;
  services: Array<{ id: string; name: string; capacity: number; salesCutoffMinutes: number }>;
}

/** An experience of this operator with its services (in their order); 404 experience_not_found otherwise. */
export async function ownedExperience(db: Db, accountId: string, experienceId: string): Promise<OwnedExperience> {
  const rows = await db
    .select({
      id: experiences.id,
      title: experiences.title,
      timezone: experiences.timezone,
      service: {
        id: services.id,
        name: services.name,
        capacity: services.capacity,
        salesCutoffMinutes: services.salesCutoffMinutes,
      },
    })
    .from(experiences)
    .leftJoin(services, eq(services.experienceId, experiences.id))
    .where(and(eq(experiences.id, experienceId), eq(experiences.accountId, accountId)))
    .orderBy(asc(services.sortOrder), asc(services.id));
  if (rows.length === 0) throw experienceNotFound();
  const { id, title, timezone } = rows[0];
  return { id, title, timezone, services: rows.flatMap((row) => (row.service ? [row.service] : [])) };
}

/** A service of this operator with its experience; 404 service_not_found otherwise. */
export async function ownedService(db: Db, accountId: string, serviceId: string) {
  const [row] = await db
    .select({ service: services, experience: { id: experiences.id, timezone: experiences.timezone } })
    .from(services)
    .innerJoin(experiences, eq(experiences.id, services.experienceId))
    .where(and(eq(services.id, serviceId), eq(experiences.accountId, accountId)));
  if (!row) throw serviceNotFound();
  return row;
}

const seatsSold = sql<number>`coalesce((select sum(${bookings.seats}) from ${bookings} where ${bookings.slotId} = ${slots.id} and ${bookings.status} = 'confirmed'), 0)::int`;
const activeBookings = sql<number>`(select count(*) from ${bookings} where ${bookings.slotId} = ${slots.id} and ${bookings.status} in ('held', 'confirmed'))::int`;

/** The guide's user row (an alias: other joins of a query may name users too). */
export const guideUsers = alias(users, "guide_users");

/** A person's name as the console shows it: their profile's first and last name, else their email, else their id. */
export const guideNameSql = sql<string>`coalesce(nullif(trim(concat_ws(' ', ${guideUsers.firstName}, ${guideUsers.lastName})), ''), ${guideUsers.email}, ${slots.guideUserId})`;

/** A departure's time, zone and seats, as the departures page and the manifest read them. */
export const departureSeatColumns = {
  startsAt: slots.startsAt,
  endsAt: slots.endsAt,
  timezone: experiences.timezone,
  capacity: slots.capacity,
  seatsTaken: slots.seatsTaken,
};

const departureColumns = {
  id: slots.id,
  serviceId: slots.serviceId,
  serviceName: services.name,
  ...departureSeatColumns,
  seatsSold,
  bookings: activeBookings,
  status: slots.status,
  ruleId: slots.ruleId,
  needsDecision: slots.needsDecision,
  onSale: onSaleSql,
  cancelledAt: slots.cancelledAt,
  guideUserId: slots.guideUserId,
  guideName: guideNameSql,
};

function toDeparture(row: Record<string, unknown>): OperatorDeparture {
  const r = row as {
    id: string;
    serviceId: string;
    serviceName: string;
    startsAt: Date;
    endsAt: Date;
    timezone: string;
    capacity: number;
    seatsTaken: number;
    seatsSold: number;
    bookings: number;
    status: OperatorDeparture["status"];
    ruleId: string | null;
    needsDecision: boolean;
    onSale: boolean;
    cancelledAt: Date | null;
    guideUserId: string | null;
    guideName: string | null;
  };
  const sold = Number(r.seatsSold);
  return {
    id: r.id,
    serviceId: r.serviceId,
    serviceName: r.serviceName,
    startsAt: r.startsAt.toISOString(),
    endsAt: r.endsAt.toISOString(),
    timezone: r.timezone,
    capacity: r.capacity,
    seatsSold: sold,
    seatsHeld: Math.max(0, r.seatsTaken - sold),
    bookings: Number(r.bookings),
    status: r.status,
    ruleId: r.ruleId,
    needsDecision: r.needsDecision,
    onSale: Boolean(r.onSale),
    cancelledAt: r.cancelledAt ? r.cancelledAt.toISOString() : null,
    guide: r.guideUserId ? { userId: r.guideUserId, name: r.guideName ?? r.guideUserId } : null,
  };
}

/** Departures of this operator matching `where`, in start order. */
export async function departuresWhere(db: Db, accountId: string, where: SQL | undefined): Promise<OperatorDeparture[]> {
  const rows = await departureJoins(db.select(departureColumns).from(slots).$dynamic())
    .leftJoin(guideUsers, eq(guideUsers.id, slots.guideUserId))
    .where(and(eq(experiences.accountId, accountId), where))
    .orderBy(asc(slots.startsAt), asc(slots.id));
  return rows.map(toDeparture);
}

/** One departure of this operator; 404 departure_not_found otherwise. */
export async function ownedDeparture(db: Db, accountId: string, departureId: string): Promise<OperatorDeparture> {
  const [departure] = await departuresWhere(db, accountId, eq(slots.id, departureId));
  if (!departure) throw departureNotFound();
  return departure;
}

/** GET /v1/operator/departures/{departureId}: the departure with its experience. */
export async function departureDetail(db: Db, accountId: string, departureId: string) {
  const departure = await ownedDeparture(db, accountId, departureId);
  const [experience] = await db
    .select({ id: experiences.id, title: experiences.title, timezone: experiences.timezone })
    .from(services)
    .innerJoin(experiences, eq(experiences.id, services.experienceId))
    .where(eq(services.id, departure.serviceId));
  return { experience, departure };
}

/** Every future departure of these services waiting for the operator's keep or cancel. */
export function departuresNeedingDecision(db: Db, accountId: string, serviceIds: string[]) {
  if (serviceIds.length === 0) return Promise.resolve([]);
  return departuresWhere(
    db,
    accountId,
    and(sql`${slots.serviceId} in ${serviceIds}`, eq(slots.needsDecision, true), sql`${slots.startsAt} > app_now()`),
  );
}

/** GET /v1/operator/experiences/{experienceId}/departures */
export async function listDepartures(
  db: Db,
  accountId: string,
  experienceId: string,
  query: { service?: string; from?: string; to?: string },
): Promise<OperatorDepartures> {
  const experience = await ownedExperience(db, accountId, experienceId);
  const serviceIds = experience.services.map((service) => service.id);
  if (query.service !== undefined && !serviceIds.includes(query.service)) throw serviceNotFound();
  const chosen = query.service ? [query.service] : serviceIds;
  const from = query.from ?? localDateOf(clockNow(), experience.timezone);
  const to = query.to ?? addLocalDays(from, 30);
  if (to < from) throw validationError({ to: ["Must not be before from."] });
  if (to > addLocalDays(from, MAX_DEPARTURE_DAYS))
    throw validationError({ to: [`Ask for at most ${MAX_DEPARTURE_DAYS} days at once.`] });
  const start = localToUtc(from, "00:00", experience.timezone);
  const end = localToUtc(addLocalDays(to, 1), "00:00", experience.timezone);
  const [departures, needsDecision] = await Promise.all([
    chosen.length === 0
      ? Promise.resolve([])
      : departuresWhere(
          db,
          accountId,
          and(
            sql`${slots.serviceId} in ${chosen}`,
            sql`${slots.startsAt} >= ${start.toISOString()}::timestamptz`,
            sql`${slots.startsAt} < ${end.toISOString()}::timestamptz`,
            // Without a first day: the upcoming ones (from now, not from today's midnight).
            query.from === undefined ? sql`${slots.startsAt} > app_now()` : undefined,
          ),
        ),
    departuresNeedingDecision(db, accountId, chosen),
  ]);
  const days = daysBetween(from, to) + 1;
  return {
    experience: { id: experience.id, title: experience.title, timezone: experience.timezone },
    services: experience.services.map(({ id, name, capacity }) => ({ id, name, capacity })),
    from,
    to,
    earlier: { from: addLocalDays(from, -days), to: addLocalDays(from, -1) },
    later: { from: addLocalDays(to, 1), to: addLocalDays(to, days) },
    departures,
    needsDecision,
  };
}

/** POST /v1/operator/services/{serviceId}/departures: a one-off at a local date and time of the experience's zone. */
export async function createDeparture(
  db: Db,
  actor: Actor,
  serviceId: string,
  input: { date: string; time: string; capacity?: number },
): Promise<OperatorDeparture> {
  const id = await db.transaction(async (tx) => {
    const { service, experience } = await ownedService(tx, actor.accountId, serviceId);
    const startsAt = localToUtc(input.date, input.time, experience.timezone);
    if (startsAt.getTime() <= clockNow().getTime())
      throw validationError({ date: ["Choose a date and time that are still ahead."] });
    const [row] = await tx
      .insert(slots)
      .values({
        id: newDepartureId(),
        serviceId,
        startsAt,
        endsAt: new Date(startsAt.getTime() + service.durationMinutes * 60_000),
        capacity: input.capacity ?? service.capacity,
      })
      .onConflictDoNothing({ target: [slots.serviceId, slots.startsAt] })
      .returning({ id: slots.id });
    if (!row) throw conflict("This service already has a departure at that time.", "departure_exists");
    await writeAudit(tx, actor, "departure.created", {
      departureId: row.id,
      serviceId,
      startsAt: startsAt.toISOString(),
      capacity: String(input.capacity ?? service.capacity),
    });
    return row.id;
  });
  return ownedDeparture(db, actor.accountId, id);
}

/** The departure's row, locked, when it is this operator's; 404 departure_not_found otherwise. */
export async function lockOwnedDeparture(tx: Db, accountId: string, departureId: string) {
  const [row] = await departureJoins(tx.select({ slot: slots }).from(slots).$dynamic())
    .where(and(eq(slots.id, departureId), eq(experiences.accountId, accountId)))
    .for("update", { of: slots });
  if (!row) throw departureNotFound();
  return row.slot;
}

/** 422 guide_not_member: the guide chosen is not a member of this operator's team. */
export const guideNotMember = () =>
  new ApiError(422, "guide_not_member", "The guide must be a member of this team.", {
    guideUserId: ["Choose a member of the team."],
  });

/**
 * PATCH /v1/operator/departures/{departureId}: capacity, close/reopen, keep, its guide. The capacity is
 * never set below the seats taken (sold and held): the departure's row is locked, the update is
 * conditional and the table's check constraint is the backstop, so a booking taking seats at the
 * same moment waits and then finds the new capacity (409 capacity_below_taken with the count).
 */
export async function updateDeparture(
  db: Db,
  actor: Actor,
  departureId: string,
  input: { capacity?: number; status?: "open" | "closed"; keep?: true; guideUserId?: string | null },
  /** The console's origin, for the links of the guides' emails. */
  origin: string,
): Promise<OperatorDeparture> {
  await db.transaction(async (tx) => {
    const slot = await lockOwnedDeparture(tx, actor.accountId, departureId);
    if (slot.status === "cancelled")
      throw conflict("This departure is cancelled: it cannot be changed.", "departure_cancelled");
    // Its guide may still be changed on the day, once it has started; nothing else may.
    const onlyGuide = input.capacity === undefined && input.status === undefined && input.keep === undefined;
    if (!onlyGuide && slot.startsAt.getTime() <= clockNow().getTime())
      throw conflict("This departure has started: it cannot be changed.", "departure_started");
    if (input.guideUserId) {
      const [member] = await tx
        .select({ userId: operatorMembers.userId })
        .from(operatorMembers)
        .where(and(eq(operatorMembers.accountId, actor.accountId), eq(operatorMembers.userId, input.guideUserId)));
      if (!member) throw guideNotMember();
    }
    if (input.capacity !== undefined && input.capacity < slot.seatsTaken) throw capacityBelowTaken(slot.seatsTaken);
    const changes: Partial<typeof slots.$inferInsert> = {};
    const target: AuditTarget<"departure.updated"> = { departureId, startsAt: slot.startsAt.toISOString() };
    if (input.capacity !== undefined && input.capacity !== slot.capacity) {
      changes.capacity = input.capacity;
      target.capacity = `${slot.capacity} → ${input.capacity}`;
    }
    if (input.status !== undefined && input.status !== slot.status) {
      changes.status = input.status;
      target.status = `${slot.status} → ${input.status}`;
    }
    if (input.keep && (slot.needsDecision || slot.ruleId !== null)) {
      changes.needsDecision = false;
      changes.ruleId = null;
      target.kept = "true";
    }
    if (input.guideUserId !== undefined && input.guideUserId !== slot.guideUserId) {
      changes.guideUserId = input.guideUserId;
      target.guideUserId = input.guideUserId;
    }
    if (Object.keys(changes).length === 0) return;
    const updated = await tx
      .update(slots)
      .set(changes)
      .where(and(eq(slots.id, departureId), sql`${slots.seatsTaken} <= ${changes.capacity ?? slots.capacity}`))
      .returning({ id: slots.id });
    if (updated.length === 0) throw capacityBelowTaken(slot.seatsTaken);
    const action = input.keep ? "departure.kept" : onlyGuide ? "departure.guide_assigned" : "departure.updated";
    await writeAudit(tx, actor, action, target);
    // The guide taken off and the one put on hear of it, with this change (item 7 of issue 42).
    if (changes.guideUserId !== undefined)
      await tellGuideChange(tx, { departureId, before: slot.guideUserId, after: changes.guideUserId, origin });
  });
  // More seats, or sales reopened: its waitlist's offering step runs soon.
  if (input.capacity !== undefined || input.status === "open") kickWaitlist();
  return ownedDeparture(db, actor.accountId, departureId);
}

/** 409 capacity_below_taken, with the seats sold and held (`details.taken`). */
export function capacityBelowTaken(taken: number): ApiError {
  const seats = taken === 1 ? "1 seat is" : `${taken} seats are`;
  const error = new ApiError(
    409,
    "capacity_below_taken",
    `The capacity cannot be below ${taken}: ${seats} already sold or held.`,
    {
      capacity: [`At least ${taken}: ${seats} already sold or held.`],
    },
  );
  error.details = { taken };
  return error;
}
