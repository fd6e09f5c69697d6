import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import {
  accounts,
  bookings,
  experiences,
  services,
  slots,
  ticketTypes,
  type AccountRow,
  type BookingTicket,
  type ServiceRow,
  type TicketTypeRow,
} from "../db/schema";
import { notFound, validationError, type FieldErrors } from "../http/errors";
import type { PricedTicket } from "~contract/pricing";

/** A service with its experience, operator and ticket types, as booking needs it. */
export interface BookableService {
  service: ServiceRow;
  experience: { id: string; title: string; meetingPoint: string };
  account: AccountRow;
  ticketTypes: TicketTypeRow[];
}

/** The service (404 when unknown or, in account mode, another operator's) and its ticket types: two queries. */
export async function loadBookableService(
  db: Db,
  serviceId: string,
  scope: AccountRow | null,
): Promise<BookableService> {
  const [row] = await db
    .select({
      service: services,
      experience: { id: experiences.id, title: experiences.title, meetingPoint: experiences.meetingPoint },
      account: accounts,
    })
    .from(services)
    .innerJoin(experiences, eq(experiences.id, services.experienceId))
    .innerJoin(accounts, eq(accounts.id, experiences.accountId))
    .where(scope ? and(eq(services.id, serviceId), eq(accounts.id, scope.id)) : eq(services.id, serviceId))
    .limit(1);
  if (!row) throw notFound(`No service "${serviceId}".`);
  const types = await db
    .select()
    .from(ticketTypes)
    .where(eq(ticketTypes.serviceId, serviceId))
    .orderBy(asc(ticketTypes.sortOrder), asc(ticketTypes.id));
  return { ...row, ticketTypes: types };
}

/**
 * Seats a slot can still sell: capacity minus seats taken, where seats of holds that have
 * expired but not been swept yet count as free (the sweep gives them back for real before
 * anybody takes seats). Use inside a select from `slots`.
 */
export function seatsLeftSql(slotId = slots.id) {
  return sql<number>`greatest(0, ${slots.capacity} - ${slots.seatsTaken} + coalesce((
    select sum(${bookings.seats}) from ${bookings}
    where ${bookings.slotId} = ${slotId} and ${bookings.status} = 'held' and ${bookings.holdExpiresAt} <= app_now()
  ), 0))::int`;
}

export interface OpenSlot {
  id: string;
  startsAt: Date;
  endsAt: Date;
  capacity: number;
  seatsLeft: number;
}

/** A departure of this service that has not started yet; otherwise 404 slot_not_found. */
export async function loadOpenSlot(db: Db, slotId: string, serviceId: string): Promise<OpenSlot> {
  const [slot] = await db
    .select({
      id: slots.id,
      startsAt: slots.startsAt,
      endsAt: slots.endsAt,
      capacity: slots.capacity,
      seatsLeft: seatsLeftSql(),
    })
    .from(slots)
    .where(and(eq(slots.id, slotId), eq(slots.serviceId, serviceId), sql`${slots.startsAt} > app_now()`))
    .limit(1);
  if (!slot) throw notFound("This time is not available: it does not exist or has already started.", "slot_not_found");
  return { ...slot, seatsLeft: Number(slot.seatsLeft) };
}

/**
 * Prices the requested tickets with the service's ticket types (400 with `fields` for a type
 * of another service). Lines with quantity 0 are dropped.
 */
export function priceTickets(
  types: TicketTypeRow[],
  requested: Array<{ ticketTypeId: string; quantity: number }>,
): { priced: PricedTicket[]; tickets: BookingTicket[] } {
  const byId = new Map(types.map((type) => [type.id, type]));
  const fields: FieldErrors = {};
  requested.forEach((line, index) => {
    if (!byId.has(line.ticketTypeId)) fields[`tickets.${index}.ticketTypeId`] = ["Not a ticket type of this service."];
  });
  if (Object.keys(fields).length > 0) throw validationError(fields);
  const tickets = requested
    .filter((line) => line.quantity > 0)
    .map((line) => {
      const type = byId.get(line.ticketTypeId)!;
      return {
        ticketTypeId: type.id,
        code: type.code,
        name: type.name,
        quantity: line.quantity,
        unitPriceMinor: type.priceMinor,
      };
    });
  return {
    tickets,
    priced: tickets.map((ticket) => ({
      ticketTypeId: ticket.ticketTypeId,
      name: ticket.name,
      unitPriceMinor: ticket.unitPriceMinor,
      quantity: ticket.quantity,
    })),
  };
}
