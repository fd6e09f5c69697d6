/**
 * The console's services: what is sold of an experience (duration, default capacity, position)
 * with its ticket types. Every read and write is scoped to the member's operator: another
 * operator's ids are not found. The card's figures (from-price, per adult, duration) follow by the
 * database's triggers (migrations 0016/0017).
 */
import { randomBytes } from "node:crypto";
import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import type {
  CreateServiceBody,
  OperatorService,
  OperatorServices,
  UpdateServiceBody,
} from "~contract/operator/services";
import type { Db } from "../db/client";
import { bookings, experiences, services, slots, ticketTypes, type ServiceRow } from "../db/schema";
import { conflict, notFound } from "../http/errors";
import type { KeepAnswer } from "./idempotency";
import { expireHolds } from "../bookings/hold-expiry";
import { writeAudit, type Actor } from "../audit/log";
import { capacityBelowTaken } from "./departures";
import { privateSaleOf } from "../catalog/private-sale";
import { depositSettingsOf } from "../bookings/deposits";
import type { DepositSettings } from "~contract/bookings/deposit-rules";

/** A new row's id: a prefix and 16 random base64url characters. */
export const newCatalogId = (prefix: string) => `${prefix}_${randomBytes(12).toString("base64url")}`;

const serviceNotFound = () => notFound("This service does not exist.");

/** The experience with this id if it is the operator's (else 404). */
export async function ownExperience(db: Db, accountId: string, experienceId: string) {
  const [row] = await db
    .select({ id: experiences.id, title: experiences.title })
    .from(experiences)
    .where(and(eq(experiences.id, experienceId), eq(experiences.accountId, accountId)));
  if (!row) throw notFound("This experience does not exist.");
  return row;
}

/**
 * The service with this id if it is the operator's (else 404), locked for the transaction when
 * asked. "no key update" for a change to it: changes wait for each other, while bookings (whose
 * insert takes a key-share lock on the service, after their departure's row) go on; a lock that
 * blocked them too made a capacity change and a booking deadlock (each holding what the other
 * waited for). "update" to delete it: no booking may then reference it.
 */
export async function ownService(
  db: Db,
  accountId: string,
  serviceId: string,
  lock?: "no key update" | "update",
): Promise<ServiceRow> {
  const query = db
    .select({ service: services })
    .from(services)
    .innerJoin(experiences, eq(experiences.id, services.experienceId))
    .where(and(eq(services.id, serviceId), eq(experiences.accountId, accountId)));
  const [row] = lock ? await query.for(lock, { of: services }) : await query;
  if (!row) throw serviceNotFound();
  return row.service;
}

/** Departures not started yet that follow the service's default capacity (not changed one by one). */
const followsDefault = (serviceId: string, capacity: number) =>
  and(eq(slots.serviceId, serviceId), eq(slots.capacity, capacity), sql`${slots.startsAt} > app_now()`);

/** The services as the console shows them, with their ticket types and what their departures sold. */
async function viewsOf(db: Db, rows: ServiceRow[], currency: string): Promise<OperatorService[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [types, sold, booked] = await Promise.all([
    db
      .select()
      .from(ticketTypes)
      .where(inArray(ticketTypes.serviceId, ids))
      .orderBy(asc(ticketTypes.sortOrder), asc(ticketTypes.id)),
    db
      .select({
        serviceId: slots.serviceId,
        departures: count(),
        taken: sql<number>`coalesce(max(${slots.seatsTaken}), 0)::int`,
      })
      .from(slots)
      .innerJoin(services, eq(services.id, slots.serviceId))
      .where(
        and(inArray(slots.serviceId, ids), eq(slots.capacity, services.capacity), sql`${slots.startsAt} > app_now()`),
      )
      .groupBy(slots.serviceId),
    db
      .select({ serviceId: bookings.serviceId, bookings: count() })
      .from(bookings)
      .where(inArray(bookings.serviceId, ids))
      .groupBy(bookings.serviceId),
  ]);
  return rows.map((row) => {
    const figures = sold.find((entry) => entry.serviceId === row.id);
    return {
      id: row.id,
      name: row.name,
      description: row.description,
      durationMinutes: row.durationMinutes,
      capacity: row.capacity,
      sortOrder: row.sortOrder,
      currency,
      ticketTypes: types
        .filter((type) => type.serviceId === row.id)
        .map((type) => ({ id: type.id, code: type.code, name: type.name, priceMinor: type.priceMinor })),
      departuresAtCapacity: figures?.departures ?? 0,
      seatsTakenMax: Number(figures?.taken ?? 0),
      bookings: booked.find((entry) => entry.serviceId === row.id)?.bookings ?? 0,
      privateSale: privateSaleOf(row),
      deposit: depositSettingsOf(row),
    };
  });
}

export async function serviceView(db: Db, service: ServiceRow, currency: string): Promise<OperatorService> {
  const [view] = await viewsOf(db, [service], currency);
  return view;
}

/** The service's deposit columns from its settings (null: none). */
function depositColumns(deposit: DepositSettings | null) {
  return {
    depositKind: deposit?.kind ?? null,
    depositValue: deposit?.value ?? null,
    depositMinDays: deposit?.minDaysBefore ?? null,
    balanceDueDays: deposit?.balanceDueDaysBefore ?? null,
  };
}

/** GET /v1/operator/experiences/{experienceId}/services */
export async function listServices(
  db: Db,
  account: { id: string; currency: string },
  experienceId: string,
): Promise<OperatorServices> {
  const experience = await ownExperience(db, account.id, experienceId);
  const rows = await db
    .select()
    .from(services)
    .where(eq(services.experienceId, experience.id))
    .orderBy(asc(services.sortOrder), asc(services.id));
  return { experience, currency: account.currency, services: await viewsOf(db, rows, account.currency) };
}

/** POST /v1/operator/experiences/{experienceId}/services: a new service, after the others unless placed. */
export async function createService(
  db: Db,
  actor: Actor,
  currency: string,
  experienceId: string,
  input: CreateServiceBody,
  keep: KeepAnswer<OperatorService> = async () => {},
): Promise<OperatorService> {
  const experience = await ownExperience(db, actor.accountId, experienceId);
  return db.transaction(async (tx) => {
    const [{ next }] = await tx
      .select({ next: sql<number>`coalesce(max(${services.sortOrder}) + 1, 0)::int` })
      .from(services)
      .where(eq(services.experienceId, experience.id));
    const [created] = await tx
      .insert(services)
      .values({
        id: newCatalogId("sv"),
        experienceId: experience.id,
        name: input.name,
        description: input.description,
        durationMinutes: input.durationMinutes,
        capacity: input.capacity,
        sortOrder: input.sortOrder ?? Number(next),
      })
      .returning();
    await writeAudit(tx, actor, "service.created", {
      experienceId: experience.id,
      serviceId: created.id,
      after: JSON.stringify(figuresOf(created)),
    });
    const view = await serviceView(tx, created, currency);
    await keep(tx, view);
    return view;
  });
}

const figuresOf = (row: ServiceRow) => ({
  name: row.name,
  description: row.description,
  durationMinutes: row.durationMinutes,
  capacity: row.capacity,
  sortOrder: row.sortOrder,
});

/**
 * PATCH /v1/operator/services/{serviceId}. A new capacity applies to the future departures that
 * still have the old one (a departure whose capacity was changed by itself keeps it), in one
 * transaction: the service and those departures are locked first, so a booking cannot take a seat
 * between the check and the change (and slots_seats_taken_in_range is the backstop); if any of
 * them has more seats sold and held than the new capacity, nothing changes: 409 with the count.
 */
export async function updateService(
  db: Db,
  actor: Actor,
  currency: string,
  serviceId: string,
  input: UpdateServiceBody,
): Promise<OperatorService> {
  // Holds that ran out give their seats back first: they are neither sold nor held.
  await ownService(db, actor.accountId, serviceId);
  await expireHolds(db, { serviceId });
  const row = await db.transaction(async (tx) => {
    const before = await ownService(tx, actor.accountId, serviceId, "no key update");
    let departures = 0;
    if (input.capacity !== undefined && input.capacity !== before.capacity) {
      const following = await tx
        .select({ id: slots.id, seatsTaken: slots.seatsTaken })
        .from(slots)
        .where(followsDefault(before.id, before.capacity))
        .orderBy(asc(slots.id))
        .for("update");
      const fullest = following.reduce<(typeof following)[number] | null>(
        (most, slot) => (most && most.seatsTaken >= slot.seatsTaken ? most : slot),
        null,
      );
      if (fullest && fullest.seatsTaken > input.capacity) throw capacityBelowTaken(fullest.seatsTaken);
      if (following.length > 0)
        await tx
          .update(slots)
          .set({ capacity: input.capacity })
          .where(
            inArray(
              slots.id,
              following.map((slot) => slot.id),
            ),
          );
      departures = following.length;
    }
    const { deposit, ...fields } = input;
    const [after] = await tx
      .update(services)
      .set({ ...fields, ...(deposit === undefined ? {} : depositColumns(deposit)) })
      .where(eq(services.id, before.id))
      .returning();
    const changed = (Object.keys(fields) as Array<keyof typeof fields>).filter((key) => fields[key] !== before[key]);
    // The deposit settings, when sent and changed: their own audit entry (issue 46, item 5).
    const depositBefore = depositSettingsOf(before);
    const depositAfter = depositSettingsOf(after);
    if (deposit !== undefined && JSON.stringify(depositBefore) !== JSON.stringify(depositAfter))
      await writeAudit(tx, actor, "service.deposit_set", {
        serviceId: before.id,
        before: JSON.stringify(depositBefore),
        after: JSON.stringify(depositAfter),
      });
    if (changed.length > 0 || deposit === undefined)
      await writeAudit(tx, actor, "service.updated", {
        serviceId: before.id,
        before: JSON.stringify(Object.fromEntries(changed.map((key) => [key, before[key]]))),
        after: JSON.stringify(Object.fromEntries(changed.map((key) => [key, after[key]]))),
        departuresChanged: String(departures),
      });
    return after;
  });
  return serviceView(db, row, currency);
}

/**
 * DELETE /v1/operator/services/{serviceId}: the service, its ticket types and departures. A service
 * that was ever booked stays (its bookings, receipts and history name it): 409 service_has_bookings.
 */
export async function deleteService(db: Db, actor: Actor, serviceId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const service = await ownService(tx, actor.accountId, serviceId, "update");
    const [{ booked }] = await tx.select({ booked: count() }).from(bookings).where(eq(bookings.serviceId, service.id));
    if (booked > 0)
      throw conflict(
        `This service has ${booked === 1 ? "1 booking" : `${booked} bookings`}: it cannot be deleted. Its departures can be closed instead.`,
        "service_has_bookings",
      );
    const [{ departures }] = await tx
      .select({ departures: count() })
      .from(slots)
      .where(and(eq(slots.serviceId, service.id), sql`${slots.startsAt} > app_now()`));
    await tx.delete(services).where(eq(services.id, service.id));
    await writeAudit(tx, actor, "service.deleted", {
      experienceId: service.experienceId,
      serviceId: service.id,
      before: JSON.stringify(figuresOf(service)),
      futureDeparturesDeleted: String(departures),
    });
  });
}
