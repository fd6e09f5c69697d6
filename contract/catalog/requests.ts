import { z } from "zod";
import { catalogId, said } from "../fields";
import { accountSlug } from "./accounts";
import type * as out from "../outputs";

/** Experience, service and other catalog ids are URL-safe strings. */
export { catalogId };

export const SORTS = ["recommended", "price_asc", "price_desc", "title"] as const;
export type ExperienceSort = (typeof SORTS)[number];

/** A query parameter given once; an empty value counts as absent (e.g. an empty form select). */
const single = <T extends z.ZodTypeAny>(schema: T) =>
  z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
    z
      .string({ invalid_type_error: said("param.single") })
      .pipe(schema)
      .optional(),
  );

const wholeNumber = (min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,10}$/, said("number.whole"))
    .transform(Number)
    .pipe(z.number().min(min, said("number.atLeast")).max(max, said("number.atMost")));

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, said("date.format"))
  .refine((value) => {
    // zod runs refinements even after the regex failed: guard before toISOString() can throw.
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
  }, said("date.invalid"));

export const experienceListQuery = z
  .object({
    q: single(z.string().trim().max(100, said("text.tooLong"))),
    category: single(accountSlug),
    city: single(accountSlug),
    operator: single(accountSlug),
    date: single(isoDate),
    minPrice: single(wholeNumber(0, 100_000_000)),
    maxPrice: single(wholeNumber(0, 100_000_000)),
    sort: single(z.enum(SORTS, { errorMap: () => ({ message: said("catalogSort.invalid") }) })),
    page: single(wholeNumber(1, 10_000)),
    pageSize: single(wholeNumber(1, 48)),
  })
  .superRefine((query, ctx) => {
    if (query.minPrice !== undefined && query.maxPrice !== undefined && query.minPrice > query.maxPrice) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["maxPrice"], message: said("maxPrice.belowMin") });
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

export type Money = z.infer<typeof out.money>;

export type NamedSlug = z.infer<typeof out.namedSlug>;

export type ExperienceCard = z.infer<typeof out.experienceCard>;

export type ExperiencePage = z.infer<typeof out.experiencePage>;

/** A place on the map, WGS 84 degrees. */
export type GeoPoint = z.infer<typeof out.geoPoint>;

export type ExperienceSummary = z.infer<typeof out.experienceSummary>;

export type ServiceSummary = z.infer<typeof out.serviceSummary>;

export type ExperienceDetail = z.infer<typeof out.experienceDetail>;

export type TicketTypeView = z.infer<typeof out.ticketTypeView>;

export type ServiceDetail = z.infer<typeof out.serviceDetail>;

export type FacetEntry = z.infer<typeof out.facetEntry>;

export type Facets = z.infer<typeof out.facets>;
