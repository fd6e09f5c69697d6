import { and, asc, count, eq, min, type SQL } from "drizzle-orm";
import type { Db } from "../db/client";
import { accounts, experiences, type AccountRow } from "../db/schema";
import { isListable, operatorNotSuspended } from "./fragments";
import type { FacetEntry, Facets } from "~contract/catalog/requests";

const collator = new Intl.Collator("en");

/**
 * GET /v1/facets: categories, cities and operators that have listed experiences,
 * with counts, in the current tenant scope. Three grouped queries.
 */
export async function getFacets(db: Db, scope: AccountRow | null): Promise<Facets> {
  const where: SQL | undefined = and(
    scope ? eq(experiences.accountId, scope.id) : operatorNotSuspended(),
    isListable(),
  );

  const categories = await db
    .select({ slug: experiences.categorySlug, name: min(experiences.categoryName), count: count() })
    .from(experiences)
    .where(where)
    .groupBy(experiences.categorySlug);

  const cities = await db
    .select({ slug: experiences.citySlug, name: min(experiences.cityName), count: count() })
    .from(experiences)
    .where(where)
    .groupBy(experiences.citySlug);

  const operators = await db
    .select({ slug: accounts.slug, name: accounts.name, count: count() })
    .from(experiences)
    .innerJoin(accounts, eq(accounts.id, experiences.accountId))
    .where(where)
    .groupBy(accounts.id)
    .orderBy(asc(accounts.name));

  const byName = (a: FacetEntry, b: FacetEntry) => collator.compare(a.name, b.name);
  const entries = (rows: { slug: string; name: string | null; count: number }[]): FacetEntry[] =>
    rows.map((row) => ({ slug: row.slug, name: row.name ?? row.slug, count: Number(row.count) })).sort(byName);

  return { categories: entries(categories), cities: entries(cities), operators: entries(operators) };
}
