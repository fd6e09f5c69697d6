import type { accounts, experiences, services, slots, ticketTypes } from "../schema";
import { SEED_ACCOUNTS } from "./accounts";
import acme from "./catalog/acme.json";
import harbor from "./catalog/harbor.json";
import olive from "./catalog/olive.json";
import summit from "./catalog/summit.json";
import { experienceImageUrls, logoUrl } from "./images";
import { CATEGORIES, CITIES, TICKET_NAMES } from "./places";
import { createRandom, stableId } from "./random";
import { seedExperiences, type SeedAccount, type SeedExperience, type TicketCode } from "./types";
import { zonedTimeToUtc } from "./zoned-time";

export const SEED_EXPERIENCES: SeedExperience[] = seedExperiences([...acme, ...harbor, ...summit, ...olive]);

/** Days of departures generated, starting with today's (UTC) date. */
export const SEED_DAYS = 60;

/**
 * Days (from today) whose departures have seats taken: each one by a seeded booking
 * (seed-data/bookings.ts), so the later ones are still empty. Two weeks: today's manifest, the
 * next days' fuller and sold-out departures; more would only make every seed slower.
 */
export const SEED_BOOKED_DAYS = 14;

export interface SeedCatalog {
  accounts: (typeof accounts.$inferInsert)[];
  experiences: (typeof experiences.$inferInsert)[];
  services: (typeof services.$inferInsert)[];
  ticketTypes: (typeof ticketTypes.$inferInsert)[];
  slots: (typeof slots.$inferInsert)[];
}

const DAY_MS = 86_400_000;
const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

export function accountId(slug: string): string {
  return stableId("acc", slug);
}

export function serviceId(experienceId: string, index: number): string {
  return stableId("sv", `${experienceId}:${index}`);
}

function cancellationPolicy(account: SeedAccount): string {
  return (
    `Free cancellation up to ${account.cancellationCutoffHours} hours before the start time, with a full refund. ` +
    "Later cancellations and no-shows are not refunded. If the operator cancels for weather or safety, " +
    "you can choose a full refund or another date."
  );
}

/**
 * How many seats are already taken: fuller soon and at weekends, a few departures sold out; none
 * from SEED_BOOKED_DAYS on (the draws are made all the same, so the first days' figures stay put).
 */
function seatsTaken(rnd: () => number, capacity: number, demand: number, dayIndex: number, weekday: number): number {
  const taken = drawSeatsTaken(rnd, capacity, demand, dayIndex, weekday);
  return dayIndex < SEED_BOOKED_DAYS ? taken : 0;
}

function drawSeatsTaken(rnd: () => number, capacity: number, demand: number, dayIndex: number, weekday: number) {
  if (rnd() < 0.03) return capacity;
  const soon = dayIndex < 7 ? 0.3 : dayIndex < 21 ? 0.12 : -0.05;
  const weekend = weekday === 0 || weekday === 6 ? 0.12 : 0;
  const noise = (rnd() - 0.5) * 0.5;
  const ratio = Math.min(1, Math.max(0, demand * 0.75 + soon + weekend + noise - 0.15));
  return Math.min(capacity, Math.round(capacity * ratio));
}

function compactDate(date: Date): string {
  return date.toISOString().slice(0, 10).replace(/-/g, "");
}

/** The whole seed catalog as rows, with departures for SEED_DAYS days from `today`. */
export function buildSeedCatalog(today: Date): SeedCatalog {
  const rnd = createRandom(0x5eed2024);
  const firstDay = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  const accountsBySlug = new Map(SEED_ACCOUNTS.map((account) => [account.slug, account]));
  const catalog: SeedCatalog = { accounts: [], experiences: [], services: [], ticketTypes: [], slots: [] };

  for (const account of SEED_ACCOUNTS) {
    const { monogram: _monogram, ...fields } = account;
    catalog.accounts.push({ ...fields, id: accountId(account.slug), logoUrl: logoUrl(account.slug) });
  }

  for (const experience of SEED_EXPERIENCES) {
    const account = accountsBySlug.get(experience.account);
    if (!account) throw new Error(`seed: experience ${experience.id} names unknown account ${experience.account}`);
    catalog.experiences.push({
      id: experience.id,
      accountId: accountId(account.slug),
      title: experience.title,
      summary: experience.summary,
      description: experience.description,
      categorySlug: experience.category,
      categoryName: CATEGORIES[experience.category].name,
      citySlug: experience.city,
      cityName: CITIES[experience.city].name,
      images: experienceImageUrls(experience.id),
      included: experience.included,
      meetingPoint: experience.meetingPoint,
      meetingPointLat: experience.meetingPointLocation.lat,
      meetingPointLng: experience.meetingPointLocation.lng,
      cancellationPolicy: experience.cancellationPolicy ?? cancellationPolicy(account),
      languages: CITIES[experience.city].languages,
      countryCode: CITIES[experience.city].country,
      publishedAt: new Date(firstDay),
      updatedAt: new Date(firstDay),
    });

    experience.services.forEach((service, index) => {
      const id = serviceId(experience.id, index);
      catalog.services.push({
        id,
        experienceId: experience.id,
        name: service.name,
        description: service.description,
        durationMinutes: service.durationMinutes,
        capacity: service.capacity,
        sortOrder: index,
      });
      (Object.entries(service.tickets) as [TicketCode, number][]).forEach(([code, priceMinor], ticketIndex) => {
        catalog.ticketTypes.push({
          id: `${id}-${code}`,
          serviceId: id,
          code,
          name: TICKET_NAMES[code],
          priceMinor,
          sortOrder: ticketIndex,
        });
      });
      for (let day = 0; day < SEED_DAYS; day++) {
        const date = new Date(firstDay + day * DAY_MS);
        const weekday = date.getUTCDay();
        if (service.weekdays && !service.weekdays.includes(weekday)) continue;
        for (const time of service.times) {
          const startsAt = zonedTimeToUtc(date, time, account.timezone);
          catalog.slots.push({
            id: `${id}-${compactDate(date)}-${time.replace(":", "")}`,
            serviceId: id,
            startsAt,
            endsAt: new Date(startsAt.getTime() + service.durationMinutes * 60_000),
            capacity: service.capacity,
            seatsTaken: seatsTaken(rnd, service.capacity, experience.demand, day, weekday),
          });
        }
      }
    });
  }

  assertUniqueIds(catalog);
  return catalog;
}

function assertUniqueIds(catalog: SeedCatalog): void {
  for (const [table, rows] of Object.entries(catalog) as [string, { id: string }[]][]) {
    const seen = new Set<string>();
    for (const { id } of rows) {
      if (!ID_PATTERN.test(id)) throw new Error(`seed: ${table} id ${id} is not URL-safe`);
      if (seen.has(id)) throw new Error(`seed: duplicate ${table} id ${id}`);
      seen.add(id);
    }
  }
}
