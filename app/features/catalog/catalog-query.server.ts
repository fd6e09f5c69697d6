import { z } from "zod";
import { SORTS, type CatalogQuery } from "~/features/catalog/catalog";
import { INVALID_OR_CONTROL_TEXT } from "~contract/text";

/** A real YYYY-MM-DD day (2025-02-30 is not). */
export function isCalendarDate(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** Control characters and broken surrogate halves are dropped from search text (harmless there). */
const stripInvalid = (value: string) => value.replace(INVALID_OR_CONTROL_TEXT, "");
const optionalText = (max: number) =>
  z
    .string()
    .transform(stripInvalid)
    .pipe(z.string().trim().max(max))
    .optional()
    .transform((value) => value || undefined)
    .catch(undefined);
const optionalSlug = z
  .string()
  .regex(/^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/)
  .optional()
  .catch(undefined);
const emptyToUndefined = (value: unknown) => (value === "" || value === null ? undefined : value);
const optionalMoney = z
  .preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(1_000_000).optional())
  .catch(undefined);

/**
 * The catalog filters a visitor can put in the address. Anything malformed is dropped
 * rather than failing the page: a hand-edited URL still shows the catalog.
 */
export const CatalogQuerySchema = z.object({
  q: optionalText(100),
  category: optionalSlug,
  city: optionalSlug,
  operator: optionalSlug,
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .refine(isCalendarDate)
    .optional()
    .catch(undefined),
  minPrice: optionalMoney,
  maxPrice: optionalMoney,
  sort: z.enum(SORTS).optional().catch(undefined),
  page: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(10_000).optional()).catch(undefined),
});

export function parseCatalogQuery(search: URLSearchParams): CatalogQuery {
  return CatalogQuerySchema.parse(Object.fromEntries(search));
}
