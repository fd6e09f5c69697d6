import { eq } from "drizzle-orm";
import type { PgSelect } from "drizzle-orm/pg-core";
import { accounts, experiences, services, slots } from "./schema";

/**
 * The joins most reads start with, written once. Give them the query's `.from(…).$dynamic()`;
 * conditions, further joins and order stay the caller's.
 */

/** A departure (slots) with its service and experience. */
export function departureJoins<Query extends PgSelect>(query: Query) {
  return query
    .innerJoin(services, eq(services.id, slots.serviceId))
    .innerJoin(experiences, eq(experiences.id, services.experienceId));
}

/** A service with its experience and the operator (accounts) selling it. */
export function serviceJoins<Query extends PgSelect>(query: Query) {
  return query
    .innerJoin(experiences, eq(experiences.id, services.experienceId))
    .innerJoin(accounts, eq(accounts.id, experiences.accountId));
}
