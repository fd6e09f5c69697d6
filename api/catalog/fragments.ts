import { isNotNull, sql, type SQL } from "drizzle-orm";
import { accounts, experiences, ticketTypes } from "../db/schema";

/**
 * A traveller may see it (details, availability, quote, booking, reviews): the operator published
 * it. A draft answers 404 like an unknown id.
 */
export function isPublished(): SQL {
  return isNotNull(experiences.publishedAt);
}

/**
 * An experience is listed when it is published and at least one of its services has a ticket type
 * (a price): the database keeps priceFrom null otherwise (migrations 0016, 0021).
 */
export function isListable(): SQL {
  return isNotNull(experiences.priceFrom);
}

/**
 * On the marketplace (no storefront named): the experience's operator is not suspended (issue 44),
 * so its experiences leave the catalog, search, facets and sitemap, and come back on reinstating.
 */
export function operatorNotSuspended(): SQL {
  return sql`not exists (select 1 from ${accounts} where ${accounts.id} = ${experiences.accountId} and ${accounts.status} = 'suspended')`;
}

/**
 * Aggregate "from" price over the grouped ticket types (of one service; for a whole experience the
 * database keeps it in experiences.price_from by the same rule, migration 0016): what an adult pays (the lowest adult
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
