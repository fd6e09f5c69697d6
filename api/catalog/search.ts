import { and, asc, desc, eq, exists, gt, gte, ilike, lt, lte, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/client";
import { accounts, exchangeRates, experiences, services, slots, ticketTypes, type AccountRow } from "../db/schema";
import { fromPrice, hasAdultTicket, inUsdCents } from "./fragments";
import { ratingAverageSql, ratingCountSql, toRatingSummary } from "../reviews/service";
import type { ExperienceCard, ExperienceListQuery, ExperiencePage } from "~contract/catalog";

const USD = "USD";
/** Words this long or longer also match by likeness (typos); shorter ones only by their stem. */
const TYPO_MIN_LENGTH = 5;
/** pg_trgm word similarity above which a word counts as the same word misspelt. */
const TYPO_SIMILARITY = 0.5;

/** ILIKE pattern matching `term` anywhere, with % _ \ taken literally. */
function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, "\\$&")}%`;
}

function searchTerms(q: string | undefined): string[] {
  if (!q) return [];
  return [...new Set(q.toLowerCase().split(/\s+/).filter(Boolean))].slice(0, 8);
}

/**
 * GET /v1/experiences. Two SQL statements whatever the page: a count and the page itself.
 * Per-experience price, duration and first service come from one grouped CTE; the
 * "recommended" order uses how full the next 30 days of departures are.
 */
export async function searchExperiences(
  db: Db,
  query: ExperienceListQuery,
  scope: AccountRow | null,
): Promise<ExperiencePage> {
  const offers = db.$with("offers").as(
    db
      .select({
        experienceId: services.experienceId,
        priceFrom: sql<number>`${fromPrice()}`.as("price_from"),
        perAdult: sql<boolean>`${hasAdultTicket()}`.as("per_adult"),
        durationMinutes: sql<number>`min(${services.durationMinutes})`.as("duration_minutes"),
        firstServiceId: sql<string>`(array_agg(${services.id} order by ${services.sortOrder}, ${services.id}))[1]`.as(
          "first_service_id",
        ),
      })
      .from(services)
      .innerJoin(ticketTypes, eq(ticketTypes.serviceId, services.id))
      .groupBy(services.experienceId),
  );

  const conditions: SQL[] = [];
  if (scope) conditions.push(eq(experiences.accountId, scope.id));
  if (query.operator) conditions.push(eq(accounts.slug, query.operator));
  if (query.category) conditions.push(eq(experiences.categorySlug, query.category));
  if (query.city) conditions.push(eq(experiences.citySlug, query.city));
  const terms = searchTerms(query.q);
  // Every word must match: by its English stem (full-text search: "kayaks" finds "kayak"), or,
  // for words of five letters or more, by trigram likeness to a word of the experience (pg_trgm:
  // "kayack" finds "kayak"). Punctuation alone matches nothing.
  for (const term of terms) {
    const stem = sql`${experiences.searchVector} @@ plainto_tsquery('english', ${term})`;
    conditions.push(
      term.length >= TYPO_MIN_LENGTH
        ? or(stem, sql`word_similarity(${term}, ${experiences.searchText}) >= ${TYPO_SIMILARITY}`)!
        : stem,
    );
  }
  // Prices compare across currencies in US cents (the filter's amounts are US cents too).
  const priceUsd = inUsdCents(sql`${offers.priceFrom}`, exchangeRates.usdMinorMicros);
  if (query.minPrice !== undefined) conditions.push(gte(priceUsd, query.minPrice));
  if (query.maxPrice !== undefined) conditions.push(lte(priceUsd, query.maxPrice));
  if (query.date) {
    // The day is the operator's local calendar day; only departures still ahead with a free seat count.
    const dayStart = sql`(${query.date}::date::timestamp at time zone ${accounts.timezone})`;
    const dayEnd = sql`((${query.date}::date + 1)::timestamp at time zone ${accounts.timezone})`;
    conditions.push(
      exists(
        db
          .select({ one: sql`1` })
          .from(slots)
          .innerJoin(services, eq(services.id, slots.serviceId))
          .where(
            and(
              eq(services.experienceId, experiences.id),
              gte(slots.startsAt, dayStart),
              lt(slots.startsAt, dayEnd),
              gt(slots.startsAt, sql`app_now()`),
              lt(slots.seatsTaken, slots.capacity),
            ),
          ),
      ),
    );
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined;

  const [{ total }] = await db
    .with(offers)
    .select({ total: sql<number>`count(*)::int` })
    .from(experiences)
    .innerJoin(accounts, eq(accounts.id, experiences.accountId))
    .innerJoin(offers, eq(offers.experienceId, experiences.id))
    .leftJoin(exchangeRates, eq(exchangeRates.currency, accounts.currency))
    .where(where);

  const demand = db.$with("demand").as(
    db
      .select({
        experienceId: services.experienceId,
        fillPercent: sql<number>`(100 * sum(${slots.seatsTaken}) / nullif(sum(${slots.capacity}), 0))::int`.as(
          "fill_percent",
        ),
      })
      .from(slots)
      .innerJoin(services, eq(services.id, slots.serviceId))
      .where(and(gt(slots.startsAt, sql`app_now()`), lt(slots.startsAt, sql`app_now() + interval '30 days'`)))
      .groupBy(services.experienceId),
  );

  const order: SQL[] = [];
  switch (query.sort) {
    case "price_asc":
      order.push(asc(priceUsd));
      break;
    case "price_desc":
      order.push(desc(priceUsd));
      break;
    case "title":
      order.push(asc(experiences.title));
      break;
    case "recommended":
      if (terms.length > 0) {
        const titleMatches = and(...terms.map((term) => ilike(experiences.title, containsPattern(term))));
        order.push(sql`case when ${titleMatches} then 0 else 1 end`);
        order.push(sql`ts_rank(${experiences.searchVector}, plainto_tsquery('english', ${terms.join(" ")})) desc`);
      }
      order.push(sql`coalesce(${demand.fillPercent}, 0) desc`);
      break;
  }
  order.push(asc(experiences.id));

  const rows =
    total === 0
      ? []
      : await db
          .with(offers, demand)
          .select({
            id: experiences.id,
            title: experiences.title,
            summary: experiences.summary,
            images: experiences.images,
            categorySlug: experiences.categorySlug,
            categoryName: experiences.categoryName,
            citySlug: experiences.citySlug,
            cityName: experiences.cityName,
            operatorSlug: accounts.slug,
            operatorName: accounts.name,
            currency: accounts.currency,
            priceFrom: offers.priceFrom,
            perAdult: offers.perAdult,
            ratingAverage: ratingAverageSql,
            ratingCount: ratingCountSql,
            priceUsd,
            hasRate: sql<boolean>`${exchangeRates.currency} is not null`,
            durationMinutes: offers.durationMinutes,
            firstServiceId: offers.firstServiceId,
          })
          .from(experiences)
          .innerJoin(accounts, eq(accounts.id, experiences.accountId))
          .innerJoin(offers, eq(offers.experienceId, experiences.id))
          .leftJoin(exchangeRates, eq(exchangeRates.currency, accounts.currency))
          .leftJoin(demand, eq(demand.experienceId, experiences.id))
          .where(where)
          .orderBy(...order)
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize);

  const items: ExperienceCard[] = rows.map((row) => ({
    id: row.id,
    title: row.title,
    summary: row.summary,
    imageUrl: row.images[0] ?? null,
    category: { slug: row.categorySlug, name: row.categoryName },
    city: { slug: row.citySlug, name: row.cityName },
    operator: { slug: row.operatorSlug, name: row.operatorName },
    priceFrom: { amount: Number(row.priceFrom), currency: row.currency },
    priceBasis: row.perAdult ? "adult" : "person",
    rating: toRatingSummary(row.ratingAverage, row.ratingCount),
    // The US-dollar equivalent beside another currency (none when the rate is unknown).
    priceApprox: row.currency !== USD && row.hasRate ? { amount: Number(row.priceUsd), currency: USD } : null,
    durationMinutes: Number(row.durationMinutes),
    firstServiceId: row.firstServiceId,
  }));

  return {
    items,
    page: query.page,
    pageSize: query.pageSize,
    total,
    totalPages: Math.ceil(total / query.pageSize),
  };
}
