import { geoPointOf } from "~contract/catalog/geo";
import { and, asc, eq, gt, isNull, lt, sql } from "drizzle-orm";
import { privateSaleOf } from "./private-sale";
import type { Db } from "../db/client";
import {
  accounts,
  experiencePhotos,
  experiences,
  services,
  slots,
  ticketTypes,
  type AccountRow,
  type StoredPicture,
} from "../db/schema";
import { notFound } from "../http/errors";
import { pictureOf } from "../photos/picture";
import { photoStorage } from "../photos/storage";
import { fromPrice, isPublished } from "./fragments";
import { ratingOf } from "./rating";
import { currentWaiver } from "../waivers/service";
import { isSuspended } from "../accounts/status";
import type { ExperienceDetail, ExperienceSummary, ServiceDetail } from "~contract/catalog/requests";

interface ExperienceWithOperator {
  summary: ExperienceSummary;
  timezone: string;
}

/** One published experience with its operator, hidden when it belongs to another storefront (a draft: 404). */
async function findExperience(db: Db, id: string, scope: AccountRow | null): Promise<ExperienceWithOperator> {
  const [row] = await db
    .select({
      experience: experiences,
      account: accounts,
      // The gallery in the same statement, cover first.
      photos: sql<StoredPicture[]>`(
        select coalesce(jsonb_agg(jsonb_build_object(
          'prefix', ${experiencePhotos.storagePrefix}, 'widths', ${experiencePhotos.widths},
          'width', ${experiencePhotos.width}, 'height', ${experiencePhotos.height},
          'alt', ${experiencePhotos.alt}, 'placeholder', ${experiencePhotos.placeholder}
        ) order by ${experiencePhotos.position}), '[]'::jsonb)
        from ${experiencePhotos} where ${experiencePhotos.experienceId} = ${experiences.id})`,
    })
    .from(experiences)
    .innerJoin(accounts, eq(accounts.id, experiences.accountId))
    .where(and(eq(experiences.id, id), isPublished(), scope ? eq(experiences.accountId, scope.id) : undefined))
    .limit(1);
  if (!row) throw notFound(`No experience "${id}".`);
  const storage = photoStorage();
  const { experience, account } = row;
  return {
    timezone: experience.timezone,
    summary: {
      id: experience.id,
      title: experience.title,
      summary: experience.summary,
      description: experience.description,
      images: experience.images,
      photos: row.photos.map((photo) => pictureOf(photo, storage)),
      included: experience.included,
      meetingPoint: experience.meetingPoint,
      meetingPointLocation: geoPointOf(experience.meetingPointLat, experience.meetingPointLng),
      cancellationPolicy: experience.cancellationPolicy,
      languages: experience.languages,
      cancellationCutoffHours: account.cancellationCutoffHours,
      category: { slug: experience.categorySlug, name: experience.categoryName },
      city: { slug: experience.citySlug, name: experience.cityName },
      operator: {
        slug: account.slug,
        name: account.name,
        logoUrl: account.logoUrl,
        ownWaiver: currentWaiver(account).accountId !== null,
        takingBookings: !isSuspended(account),
      },
      currency: account.currency,
      rating: ratingOf(experience),
      priceFrom: experience.priceFrom === null ? null : { amount: experience.priceFrom, currency: account.currency },
      priceBasis: experience.perAdult ? "adult" : "person",
    },
  };
}

/** GET /v1/experiences/{parentId}: two queries. */
export async function getExperienceDetail(db: Db, id: string, scope: AccountRow | null): Promise<ExperienceDetail> {
  const { summary } = await findExperience(db, id, scope);
  const rows = await db
    .select({
      id: services.id,
      name: services.name,
      description: services.description,
      durationMinutes: services.durationMinutes,
      priceFrom: fromPrice(),
    })
    .from(services)
    .leftJoin(ticketTypes, eq(ticketTypes.serviceId, services.id))
    .where(eq(services.experienceId, id))
    .groupBy(services.id)
    .orderBy(asc(services.sortOrder), asc(services.id));
  return {
    ...summary,
    services: rows.map((row) => ({
      id: row.id,
      name: row.name,
      description: row.description,
      durationMinutes: row.durationMinutes,
      priceFrom: row.priceFrom === null ? null : { amount: Number(row.priceFrom), currency: summary.currency },
    })),
  };
}

/** GET /v1/experiences/{parentId}/services/{serviceId}: four queries. */
export async function getServiceDetail(
  db: Db,
  experienceId: string,
  serviceId: string,
  scope: AccountRow | null,
): Promise<ServiceDetail> {
  const { summary, timezone } = await findExperience(db, experienceId, scope);
  const [service] = await db
    .select()
    .from(services)
    .where(and(eq(services.id, serviceId), eq(services.experienceId, experienceId)))
    .limit(1);
  if (!service) throw notFound(`No service "${serviceId}" for experience "${experienceId}".`);

  const tickets = await db
    .select({ id: ticketTypes.id, code: ticketTypes.code, name: ticketTypes.name, priceMinor: ticketTypes.priceMinor })
    .from(ticketTypes)
    .where(eq(ticketTypes.serviceId, serviceId))
    .orderBy(asc(ticketTypes.sortOrder), asc(ticketTypes.id));

  const [next] = await db
    .select({
      date: sql<string | null>`to_char(min(${slots.startsAt}) at time zone ${timezone}, 'YYYY-MM-DD')`,
    })
    .from(slots)
    .where(
      and(
        eq(slots.serviceId, serviceId),
        eq(slots.status, "open"),
        gt(slots.startsAt, sql`app_now() + make_interval(mins => ${service.salesCutoffMinutes})`),
        lt(slots.seatsTaken, slots.capacity),
        isNull(slots.privateBookingId),
      ),
    );

  return {
    experience: summary,
    service: {
      id: service.id,
      name: service.name,
      description: service.description,
      durationMinutes: service.durationMinutes,
      capacity: service.capacity,
      ticketTypes: tickets,
      nextAvailableDate: next?.date ?? null,
      privateSale: privateSaleOf(service),
    },
  };
}
