import { z } from "zod";
import type { RatingSummary } from "./reviews";
import { accountSlug } from "./accounts";

/** Experience, service and other catalog ids are URL-safe strings. */
export const catalogId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, "Not a valid id.");

export const SORTS = ["recommended", "price_asc", "price_desc", "title"] as const;
export type ExperienceSort = (typeof SORTS)[number];

/** A query parameter given once; an empty value counts as absent (e.g. an empty form select). */
const single = <T extends z.ZodTypeAny>(schema: T) =>
  z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
    z.string({ invalid_type_error: "Give this parameter only once." }).pipe(schema).optional(),
  );

const wholeNumber = (min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,10}$/, "Must be a whole number.")
    .transform(Number)
    .pipe(z.number().min(min, `Must be at least ${min}.`).max(max, `Must be at most ${max}.`));

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Use the format YYYY-MM-DD.")
  .refine((value) => {
    // zod runs refinements even after the regex failed: guard before toISOString() can throw.
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
  }, "Not a calendar date.");

export const experienceListQuery = z
  .object({
    q: single(z.string().trim().max(100, "Use at most 100 characters.")),
    category: single(accountSlug),
    city: single(accountSlug),
    operator: single(accountSlug),
    date: single(isoDate),
    minPrice: single(wholeNumber(0, 100_000_000)),
    maxPrice: single(wholeNumber(0, 100_000_000)),
    sort: single(z.enum(SORTS, { errorMap: () => ({ message: `Use one of: ${SORTS.join(", ")}.` }) })),
    page: single(wholeNumber(1, 10_000)),
    pageSize: single(wholeNumber(1, 48)),
  })
  .superRefine((query, ctx) => {
    if (query.minPrice !== undefined && query.maxPrice !== undefined && query.minPrice > query.maxPrice) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["maxPrice"], message: "Must not be below minPrice." });
    }
  })
  .transform((query) => ({
    ...query,
    q: query.q || undefined,
    sort: query.sort ?? ("recommended" as ExperienceSort),
    page: query.page ?? 1,
    pageSize: query.pageSize ?? 12,
  }));

export type ExperienceListQuery = z.output<typeof experienceListQuery>;

export const experienceParams = z.object({ parentId: catalogId });
export const serviceParams = z.object({ parentId: catalogId, serviceId: catalogId });

export interface Money {
  /** Minor units (cents). */
  amount: number;
  currency: string;
}

export interface NamedSlug {
  slug: string;
  name: string;
}

export interface ExperienceCard {
  id: string;
  title: string;
  summary: string;
  imageUrl: string | null;
  category: NamedSlug;
  city: NamedSlug;
  operator: NamedSlug;
  /** What an adult pays (the lowest adult ticket); without adult tickets, the cheapest paid ticket. */
  priceFrom: Money;
  /** Whom `priceFrom` is for. */
  priceBasis: "adult" | "person";
  /** Guests' reviews: average stars and count (null: none yet). */
  rating: RatingSummary | null;
  /** `priceFrom` in US dollars when the operator sells in another currency (null: USD, or no rate). */
  priceApprox: Money | null;
  durationMinutes: number;
  firstServiceId: string;
}

export interface ExperiencePage {
  items: ExperienceCard[];
  page: number;
  pageSize: number;
  total: number;
  totalPages: number;
}

/** A place on the map, WGS 84 degrees. */
export interface GeoPoint {
  lat: number;
  lng: number;
}

export interface ExperienceSummary {
  id: string;
  title: string;
  summary: string;
  description: string;
  images: string[];
  included: string[];
  meetingPoint: string;
  /** Where the meeting point is, for a map link; null when the operator has not placed it. */
  meetingPointLocation: GeoPoint | null;
  cancellationPolicy: string;
  /** Free cancellation until this many hours before a departure (the operator's rule the API applies). */
  cancellationCutoffHours: number;
  category: NamedSlug;
  city: NamedSlug;
  operator: NamedSlug & { logoUrl: string | null };
  currency: string;
  rating: RatingSummary | null;
}

export interface ServiceSummary {
  id: string;
  name: string;
  description: string;
  durationMinutes: number;
  priceFrom: Money | null;
}

export interface ExperienceDetail extends ExperienceSummary {
  services: ServiceSummary[];
}

export interface TicketTypeView {
  id: string;
  code: string;
  name: string;
  priceMinor: number;
}

export interface ServiceDetail {
  experience: ExperienceSummary;
  service: {
    id: string;
    name: string;
    description: string;
    durationMinutes: number;
    capacity: number;
    ticketTypes: TicketTypeView[];
    /** First local date (operator's timezone) with a future departure that has free seats. */
    nextAvailableDate: string | null;
  };
}

export interface FacetEntry extends NamedSlug {
  count: number;
}

export interface Facets {
  categories: FacetEntry[];
  cities: FacetEntry[];
  operators: FacetEntry[];
}
