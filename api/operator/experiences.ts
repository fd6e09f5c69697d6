import { createHash } from "node:crypto";
import { and, asc, count, desc, eq, ne, sql } from "drizzle-orm";
import type { z } from "zod";
import { geoPointOf } from "~contract/catalog/geo";
import {
  EXPERIENCE_CATEGORIES,
  OPERATOR_EXPERIENCES_PAGE_SIZE,
  type createExperienceBody,
  type OperatorExperience,
  type OperatorExperienceList,
  type PublishRequirement,
  type UpdateExperienceBody,
} from "~contract/operator/experiences";
import { clockNow } from "../clock";
import type { Db } from "../db/client";
import { experiences, services, slots, ticketTypes, type AccountRow } from "../db/schema";
import { ApiError, notFound } from "../http/errors";
import { randomId } from "../ids";
import { writeAudit, type Actor } from "../audit/log";
import { newExperienceZone } from "./experience-zone";
import { followNewZone } from "./schedules";

type ExperienceRow = typeof experiences.$inferSelect;
type CreateInput = z.output<typeof createExperienceBody>;

/** "São Paulo" → "sao-paulo"; a name with no Latin letters gets a stable short hash ("c-1a2b3c4d"). */
export function slugOf(name: string, max = 48): string {
  const slug = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, max)
    .replace(/-+$/, "");
  return slug || `c-${createHash("sha256").update(name.normalize("NFC")).digest("hex").slice(0, 8)}`;
}

/**
 * A city's slug (the marketplace's city pages and filters): its name's, unless another experience
 * already uses that slug for a city of another country (Portland, US and Portland, GB): then the
 * country's code is added ("portland-gb").
 */
async function citySlugOf(db: Db, name: string, country: string): Promise<string> {
  const slug = slugOf(name);
  const [clash] = await db
    .select({ id: experiences.id })
    .from(experiences)
    .where(and(eq(experiences.citySlug, slug), ne(experiences.countryCode, country)))
    .limit(1);
  return clash ? `${slug}-${country.toLowerCase()}` : slug;
}

/** GET /v1/operator/experiences: one page, drafts included, with counts; two queries. */
export async function listExperiences(db: Db, account: AccountRow, page: number): Promise<OperatorExperienceList> {
  const pageSize = OPERATOR_EXPERIENCES_PAGE_SIZE;
  // Correlated counts in the one query (drizzle leaves a selected column unqualified: name it in full).
  const experienceId = sql.raw(`"experiences"."id"`);
  const serviceCount = sql<number>`(select count(*)::int from ${services} s where s.experience_id = ${experienceId})`;
  const departureCount = sql<number>`(select count(*)::int from ${slots} sl join ${services} s on s.id = sl.service_id
    where s.experience_id = ${experienceId} and sl.starts_at > app_now())`;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ experience: experiences, services: serviceCount, departures: departureCount })
      .from(experiences)
      .where(eq(experiences.accountId, account.id))
      .orderBy(desc(experiences.updatedAt), asc(experiences.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(experiences).where(eq(experiences.accountId, account.id)),
  ]);
  return {
    items: rows.map(({ experience: row, services: serviceTotal, departures }) => ({
      id: row.id,
      title: row.title,
      status: row.publishedAt ? "published" : "draft",
      city: { slug: row.citySlug, name: row.cityName, country: row.countryCode },
      category: { slug: row.categorySlug, name: row.categoryName },
      priceFrom: row.priceFrom === null ? null : { amount: row.priceFrom, currency: account.currency },
      priceBasis: row.perAdult ? "per_adult" : "per_person",
      services: Number(serviceTotal),
      upcomingDepartures: Number(departures),
      updatedAt: row.updatedAt.toISOString(),
    })),
    page,
    pageSize,
    total,
    totalPages: Math.ceil(total / pageSize),
  };
}

/** The operator's experience (another operator's or an unknown id: 404), locked when `forUpdate`. */
async function ownExperience(db: Db, accountId: string, id: string, forUpdate = false): Promise<ExperienceRow> {
  const query = db
    .select()
    .from(experiences)
    .where(and(eq(experiences.id, id), eq(experiences.accountId, accountId)));
  const [row] = forUpdate ? await query.for("update") : await query;
  if (!row) throw notFound(`No experience "${id}".`);
  return row;
}

/** The first service (by sort order): the one the experience's duration is, and where a card links. */
async function firstService(db: Db, experienceId: string) {
  const [service] = await db
    .select({ id: services.id, durationMinutes: services.durationMinutes })
    .from(services)
    .where(eq(services.experienceId, experienceId))
    .orderBy(asc(services.sortOrder), asc(services.id))
    .limit(1);
  return service ?? null;
}

/** What publishing still needs: a service with a ticket type (a price) travellers can book. */
async function missingToPublish(db: Db, experienceId: string): Promise<PublishRequirement[]> {
  const [priced] = await db
    .select({ id: ticketTypes.id })
    .from(ticketTypes)
    .innerJoin(services, eq(services.id, ticketTypes.serviceId))
    .where(eq(services.experienceId, experienceId))
    .limit(1);
  return priced ? [] : ["ticket_type"];
}

async function viewOf(db: Db, row: ExperienceRow): Promise<OperatorExperience> {
  const [service, missing] = await Promise.all([firstService(db, row.id), missingToPublish(db, row.id)]);
  return {
    id: row.id,
    status: row.publishedAt ? "published" : "draft",
    publishedAt: row.publishedAt?.toISOString() ?? null,
    title: row.title,
    summary: row.summary,
    description: row.description,
    city: row.cityName,
    citySlug: row.citySlug,
    country: row.countryCode,
    category: row.categorySlug,
    durationMinutes: service?.durationMinutes ?? row.durationMinutes ?? 0,
    meetingPoint: row.meetingPoint,
    meetingPointLocation: geoPointOf(row.meetingPointLat, row.meetingPointLng),
    languages: row.languages,
    included: row.included,
    cancellationPolicy: row.cancellationPolicy,
    timezone: row.timezone,
    missingToPublish: missing,
    storefrontPath:
      row.publishedAt && row.priceFrom !== null && row.firstServiceId
        ? `/experiences/${row.id}/${row.firstServiceId}`
        : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** GET /v1/operator/experiences/{experienceId} */
export async function getExperience(db: Db, accountId: string, id: string): Promise<OperatorExperience> {
  return viewOf(db, await ownExperience(db, accountId, id));
}

/**
 * POST /v1/operator/experiences: the experience as a draft and its first service ("Standard", of
 * the duration and capacity given) for ticket types and schedules to attach to; audited; one
 * transaction. Its zone: the one given, else its meeting point's place's, else the operator's.
 */
export async function createExperience(
  db: Db,
  actor: Actor,
  account: AccountRow,
  input: CreateInput,
): Promise<{ id: string; serviceId: string }> {
  const id = `${slugOf(input.title, 40)}-${randomId("", 6)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "x")}`;
  const serviceId = randomId("sv_");
  const timezone = await newExperienceZone(
    input.timezone,
    { location: input.meetingPointLocation, city: input.city, country: input.country },
    account.timezone,
  );
  return db.transaction(async (tx) => {
    const citySlug = await citySlugOf(tx, input.city, input.country);
    const now = clockNow();
    await tx.insert(experiences).values({
      id,
      accountId: account.id,
      title: input.title,
      summary: input.summary,
      description: input.description,
      categorySlug: input.category,
      categoryName: EXPERIENCE_CATEGORIES[input.category],
      citySlug,
      cityName: input.city,
      countryCode: input.country,
      included: input.included,
      meetingPoint: input.meetingPoint,
      meetingPointLat: input.meetingPointLocation?.lat ?? null,
      meetingPointLng: input.meetingPointLocation?.lng ?? null,
      cancellationPolicy: input.cancellationPolicy,
      languages: input.languages,
      timezone,
      publishedAt: null,
      createdAt: now,
      updatedAt: now,
    });
    await tx.insert(services).values({
      id: serviceId,
      experienceId: id,
      name: "Standard",
      description: "",
      durationMinutes: input.durationMinutes,
      capacity: input.capacity,
    });
    await writeAudit(tx, actor, "experience.created", { experienceId: id, title: input.title, timezone });
    return { id, serviceId };
  });
}

const notPublishable = (missing: PublishRequirement[]) =>
  new ApiError(
    409,
    "not_publishable",
    "Travellers cannot book it yet: add a ticket type with a price to one of its services, then publish.",
    { published: missing.map((requirement) => `missing: ${requirement}`) },
  );

/**
 * PATCH /v1/operator/experiences/{experienceId}: the fields given; `published: true` only when a
 * service has a ticket type (409 `not_publishable` otherwise; a departure is not needed). Audited
 * by field names (the texts stay out of the log); the kept catalog figures follow publishing
 * (migration 0021's trigger).
 */
export async function updateExperience(
  db: Db,
  actor: Actor,
  accountId: string,
  id: string,
  input: UpdateExperienceBody,
): Promise<OperatorExperience> {
  return db.transaction(async (tx) => {
    const row = await ownExperience(tx, accountId, id, true);
    const changes: Partial<typeof experiences.$inferInsert> = {};
    const changed: string[] = [];
    const set = <K extends keyof typeof experiences.$inferInsert>(
      field: string,
      key: K,
      value: (typeof experiences.$inferInsert)[K],
      current: unknown,
    ) => {
      if (JSON.stringify(value) === JSON.stringify(current)) return;
      changes[key] = value;
      if (!changed.includes(field)) changed.push(field);
    };
    if (input.title !== undefined) set("title", "title", input.title, row.title);
    if (input.summary !== undefined) set("summary", "summary", input.summary, row.summary);
    if (input.description !== undefined) set("description", "description", input.description, row.description);
    if (input.category !== undefined) {
      set("category", "categorySlug", input.category, row.categorySlug);
      set("category", "categoryName", EXPERIENCE_CATEGORIES[input.category], row.categoryName);
    }
    if (input.city !== undefined || input.country !== undefined) {
      const city = input.city ?? row.cityName;
      const country = input.country ?? row.countryCode ?? "US";
      if (city !== row.cityName || country !== row.countryCode) {
        set("city", "cityName", city, row.cityName);
        set("country", "countryCode", country, row.countryCode);
        set("city", "citySlug", await citySlugOf(tx, city, country), row.citySlug);
      }
    }
    if (input.meetingPoint !== undefined) set("meetingPoint", "meetingPoint", input.meetingPoint, row.meetingPoint);
    if (input.meetingPointLocation !== undefined) {
      const location = input.meetingPointLocation;
      set("meetingPointLocation", "meetingPointLat", location?.lat ?? null, row.meetingPointLat);
      set("meetingPointLocation", "meetingPointLng", location?.lng ?? null, row.meetingPointLng);
    }
    if (input.languages !== undefined) set("languages", "languages", input.languages, row.languages);
    if (input.included !== undefined) set("included", "included", input.included, row.included);
    if (input.cancellationPolicy !== undefined)
      set("cancellationPolicy", "cancellationPolicy", input.cancellationPolicy, row.cancellationPolicy);
    if (input.timezone !== undefined) set("timezone", "timezone", input.timezone, row.timezone);

    if (input.durationMinutes !== undefined) {
      const service = await firstService(tx, id);
      if (service && service.durationMinutes !== input.durationMinutes) {
        await tx.update(services).set({ durationMinutes: input.durationMinutes }).where(eq(services.id, service.id));
        changed.push("durationMinutes");
      }
    }

    const publish = input.published === true && !row.publishedAt;
    const unpublish = input.published === false && row.publishedAt !== null;
    if (publish) {
      const missing = await missingToPublish(tx, id);
      if (missing.length > 0) throw notPublishable(missing);
      changes.publishedAt = clockNow();
    }
    if (unpublish) changes.publishedAt = null;

    if (changed.length > 0 || publish || unpublish) {
      const [updated] = await tx
        .update(experiences)
        .set({ ...changes, updatedAt: clockNow() })
        .where(eq(experiences.id, id))
        .returning();
      if (changed.length > 0)
        await writeAudit(tx, actor, "experience.updated", { experienceId: id, fields: changed.join(", ") });
      if (changes.timezone) await followNewZone(tx, actor, { id, before: row.timezone, after: changes.timezone });
      if (publish) await writeAudit(tx, actor, "experience.published", { experienceId: id });
      if (unpublish) await writeAudit(tx, actor, "experience.unpublished", { experienceId: id });
      // The kept figures (the from-price) were refreshed by the trigger after the row was returned.
      return viewOf(tx, publish || unpublish ? await ownExperience(tx, accountId, id) : updated);
    }
    return viewOf(tx, row);
  });
}
