import { and, asc, desc, eq, exists, gt, gte, ilike, lte, sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/client";
import { pictureOf } from "../photos/picture";
import { photoStorage } from "../photos/storage";
import { accounts, departureDays, exchangeRates, experiences, searchWords, type AccountRow } from "../db/schema";
import { isListable, operatorNotSuspended } from "./fragments";
import { ratingOf } from "./rating";
import type { ExperienceCard, ExperienceListQuery, ExperiencePage } from "~contract/catalog/requests";

const USD = "USD";
/** Words this long or longer also match by likeness (typos); shorter ones only by their stem. */
const TYPO_MIN_LENGTH = 5;

/** ILIKE pattern matching `term` anywhere, with % _ \ taken literally. */
function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, "\\$&")}%`;
}

function searchTerms(q: string | undefined): string[] {
  if (!q) return [];
  return [...new Set(q.toLowerCase().split(/\s+/).filter(Boolean))].slice(0, 8);
}

/**
 * GET /v1/experiences. Two SQL statements whatever the page: a count and the page itself, both on
 * `experiences` alone with its operator and exchange rate: the offer, rating and demand a card
 * shows are kept on the row by the database (migration 0016), never aggregated per request.
 */
export async function searchExperiences(
  db: Db,
  query: ExperienceListQuery,
  scope: AccountRow | null,
): Promise<ExperiencePage> {
  const conditions: SQL[] = [isListable()];
  conditions.push(scope ? eq(experiences.accountId, scope.id) : operatorNotSuspended());
  if (query.operator)
    conditions.push(
      eq(experiences.accountId, db.select({ id: accounts.id }).from(accounts).where(eq(accounts.slug, query.operator))),
    );
  if (query.category) conditions.push(eq(experiences.categorySlug, query.category));
  if (query.city) conditions.push(eq(experiences.citySlug, query.city));
  const terms = searchTerms(query.q);
  // Every word must match (full-text search, GIN): by its English stem ("kayaks" finds "kayak"),
  // or, for words of five letters or more, by a catalog word it resembles. A stop word ("the",
  // "on", "off") has no stem and is left out, as the title's own copy of it was; punctuation
  // alone matches nothing.
  for (const term of terms)
    conditions.push(sql`(${isStopWord(term)} or ${experiences.searchVector} @@ ${wordQuery(db, term)})`);
  // Prices compare across currencies in US cents (the filter's amounts are US cents too).
  const priceUsd = experiences.priceUsd;
  if (query.minPrice !== undefined) conditions.push(gte(priceUsd, query.minPrice));
  if (query.maxPrice !== undefined) conditions.push(lte(priceUsd, query.maxPrice));
  if (query.date) conditions.push(departsOn(db, query.date));
  const where = conditions.length > 0 ? and(...conditions) : undefined;

  const [{ total }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(experiences)
    .where(where);

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
      order.push(desc(experiences.demandPercent));
      break;
  }
  order.push(asc(experiences.id));

  const rows =
    total === 0
      ? []
      : await db
          .select({
            id: experiences.id,
            title: experiences.title,
            summary: experiences.summary,
            images: experiences.images,
            coverPhoto: experiences.coverPhoto,
            categorySlug: experiences.categorySlug,
            categoryName: experiences.categoryName,
            citySlug: experiences.citySlug,
            cityName: experiences.cityName,
            operatorSlug: accounts.slug,
            operatorName: accounts.name,
            currency: accounts.currency,
            priceFrom: experiences.priceFrom,
            perAdult: experiences.perAdult,
            ratingCount: experiences.ratingCount,
            ratingTotal: experiences.ratingTotal,
            priceUsd,
            hasRate: sql<boolean>`${exchangeRates.currency} is not null`,
            durationMinutes: experiences.durationMinutes,
            firstServiceId: experiences.firstServiceId,
          })
          .from(experiences)
          .innerJoin(accounts, eq(accounts.id, experiences.accountId))
          .leftJoin(exchangeRates, eq(exchangeRates.currency, accounts.currency))
          .where(where)
          .orderBy(...order)
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize);

  const items: ExperienceCard[] = rows.map((row) => ({
    id: row.id,
    title: row.title,
    summary: row.summary,
    imageUrl: row.images[0] ?? null,
    cover: row.coverPhoto ? pictureOf(row.coverPhoto, photoStorage()) : null,
    category: { slug: row.categorySlug, name: row.categoryName },
    city: { slug: row.citySlug, name: row.cityName },
    operator: { slug: row.operatorSlug, name: row.operatorName },
    priceFrom: { amount: Number(row.priceFrom), currency: row.currency },
    priceBasis: row.perAdult ? "adult" : "person",
    rating: ratingOf(row),
    // The US-dollar equivalent beside another currency (none when the rate is unknown).
    priceApprox: row.currency !== USD && row.hasRate ? { amount: Number(row.priceUsd), currency: USD } : null,
    durationMinutes: Number(row.durationMinutes),
    firstServiceId: row.firstServiceId!,
  }));

  return {
    items,
    page: query.page,
    pageSize: query.pageSize,
    total,
    totalPages: Math.ceil(total / query.pageSize),
  };
}

/**
 * Departs on `date`, the operator's local calendar day: a departure still ahead with a free seat
 * (departure_days keeps each day's latest such start per experience).
 */
function departsOn(db: Db, date: string): SQL {
  return exists(
    db
      .select({ one: sql`1` })
      .from(departureDays)
      .where(
        and(
          eq(departureDays.day, date),
          eq(departureDays.experienceId, experiences.id),
          // A subquery: computed once per statement (app_now() itself would run per row).
          gt(departureDays.lastOpenStart, sql`(select app_now())`),
        ),
      ),
  );
}

/**
 * The full-text query for one searched word: its English stem, or any word of the catalog's
 * lexicon (search_words) it resembles by pg_trgm word likeness, for words of five letters or more
 * ("kayack" finds "kayak"; WORD_SIMILARITY_THRESHOLD in api/db/client.ts; a GIN index on a few
 * thousand short words, so no experience's text is compared letter by letter).
 */
/** A word English search leaves out ("the", "on"): a word, yet no stem. Punctuation is no word. */
function isStopWord(term: string): SQL {
  return sql`(numnode(plainto_tsquery('english', ${term})) = 0 and numnode(plainto_tsquery('simple', ${term})) > 0)`;
}

function wordQuery(db: Db, term: string): SQL {
  const stem = sql`plainto_tsquery('english', ${term})`;
  if (term.length < TYPO_MIN_LENGTH) return stem;
  const alike = db
    .select({ query: sql`websearch_to_tsquery('english', string_agg(${searchWords.word}, ' or '))` })
    .from(searchWords)
    .where(sql`${term} <% ${searchWords.word}`);
  return sql`(${stem} || coalesce((${alike}), ''::tsquery))`;
}
