import { eq, exists, sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/client";
import { experiences, services, ticketTypes } from "../db/schema";

/** An experience is listed when at least one of its services has a ticket type (a price). */
export function isListable(db: Db): SQL {
  return exists(
    db
      .select({ one: sql`1` })
      .from(services)
      .innerJoin(ticketTypes, eq(ticketTypes.serviceId, services.id))
      .where(eq(services.experienceId, experiences.id)),
  );
}

/**
 * Aggregate "from" price over the grouped ticket types: the cheapest paid ticket.
 * Free tickets (infants, children on some walks) are never bought alone, so they
 * only count when every ticket is free.
 */
export function fromPrice(): SQL<number | null> {
  return sql<
    number | null
  >`coalesce(min(${ticketTypes.priceMinor}) filter (where ${ticketTypes.priceMinor} > 0), min(${ticketTypes.priceMinor}))`;
}
