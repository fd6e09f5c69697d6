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
 * Aggregate "from" price over the grouped ticket types: what an adult pays (the lowest adult
 * ticket), as people compare prices per adult; without an adult ticket, the cheapest paid ticket
 * (free tickets — infants, children on some walks — are never bought alone, so they only count
 * when every ticket is free).
 */
export function fromPrice(): SQL<number | null> {
  return sql<number | null>`coalesce(
    min(${ticketTypes.priceMinor}) filter (where ${ticketTypes.code} = 'adult'),
    min(${ticketTypes.priceMinor}) filter (where ${ticketTypes.priceMinor} > 0),
    min(${ticketTypes.priceMinor})
  )`;
}

/** Whether the grouped ticket types have an adult ticket: the "from" price is then per adult. */
export function hasAdultTicket(): SQL<boolean> {
  return sql<boolean>`coalesce(bool_or(${ticketTypes.code} = 'adult'), false)`;
}

/** A price in minor units of `currency`, in US cents (exchange_rates; 1:1 for a currency it lacks). */
export function inUsdCents(amountMinor: SQL | SQL.Aliased, rateMicros: SQL | unknown): SQL<number> {
  return sql<number>`round(${amountMinor}::numeric * coalesce(${rateMicros}, 1000000) / 1000000)::int`;
}
