import { z } from "zod";
import { CATEGORY_SLUGS, EXPERIENCE_CATEGORIES, type CategorySlug } from "./categories";
import { catalogId } from "./catalog";
import { isCountryCode } from "./countries";
import type * as out from "./outputs";
import { pageParam } from "./query";

export { CATEGORY_SLUGS, EXPERIENCE_CATEGORIES, type CategorySlug };

/** The limits of an experience's fields: the API's rules, which the console's form repeats. */
export const EXPERIENCE_LIMITS = {
  title: 120,
  summary: 300,
  description: 8000,
  city: 100,
  meetingPoint: 300,
  cancellationPolicy: 2000,
  includedLine: 200,
  includedLines: 30,
  languages: 20,
  durationMinutes: { min: 5, max: 30 * 24 * 60 },
  capacity: { min: 1, max: 10_000 },
} as const;

/** The messages of the rules below, by rule: English for the API, locale keys for the console's form. */
export type ExperienceMessages = Record<
  | "required"
  | "tooLong"
  | "category"
  | "country"
  | "language"
  | "languagesRequired"
  | "tooMany"
  | "wholeMinutes"
  | "duration"
  | "capacity"
  | "latitude"
  | "longitude"
  | "coordinatesBoth",
  string
>;

export const EXPERIENCE_MESSAGES_EN: ExperienceMessages = {
  required: "Required.",
  tooLong: "Too long.",
  category: `Choose one of: ${CATEGORY_SLUGS.join(", ")}.`,
  country: "Choose a country (ISO 3166-1 alpha-2 code).",
  language: "Not a language code (BCP 47, e.g. en, pt-BR).",
  languagesRequired: "Give at least one language.",
  tooMany: "Too many items.",
  wholeMinutes: "Must be a whole number of minutes.",
  duration: `Between ${EXPERIENCE_LIMITS.durationMinutes.min} and ${EXPERIENCE_LIMITS.durationMinutes.max} minutes.`,
  capacity: `Between ${EXPERIENCE_LIMITS.capacity.min} and ${EXPERIENCE_LIMITS.capacity.max} guests.`,
  latitude: "A latitude between -90 and 90.",
  longitude: "A longitude between -180 and 180.",
  coordinatesBoth: "Give both latitude and longitude, or neither.",
};

/** A BCP 47 language tag in its canonical form ("pt-br" → "pt-BR"), or null. Plain code. */
export function canonicalLanguage(code: string): string | null {
  if (!/^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$/.test(code) || code.length > 35) return null;
  try {
    return Intl.getCanonicalLocales(code)[0] ?? null;
  } catch {
    return null;
  }
}

/** The rules of each field, with the messages given: the API's body and the console's form are built from them. */
export function experienceRules(m: ExperienceMessages) {
  const text = (max: number) =>
    z
      .string({ required_error: m.required, invalid_type_error: m.required })
      .trim()
      .min(1, m.required)
      .max(max, m.tooLong);
  const whole = (range: { min: number; max: number }, message: string) =>
    z
      .number({ required_error: m.required, invalid_type_error: m.wholeMinutes })
      .int(m.wholeMinutes)
      .min(range.min, message)
      .max(range.max, message);
  return {
    title: text(EXPERIENCE_LIMITS.title),
    summary: text(EXPERIENCE_LIMITS.summary),
    description: text(EXPERIENCE_LIMITS.description),
    city: text(EXPERIENCE_LIMITS.city),
    country: z
      .string({ required_error: m.country, invalid_type_error: m.country })
      .trim()
      .toUpperCase()
      .refine(isCountryCode, m.country),
    category: z.enum(CATEGORY_SLUGS, { errorMap: () => ({ message: m.category }) }),
    durationMinutes: whole(EXPERIENCE_LIMITS.durationMinutes, m.duration),
    capacity: whole(EXPERIENCE_LIMITS.capacity, m.capacity),
    meetingPoint: text(EXPERIENCE_LIMITS.meetingPoint),
    latitude: z.number({ invalid_type_error: m.latitude }).min(-90, m.latitude).max(90, m.latitude),
    longitude: z.number({ invalid_type_error: m.longitude }).min(-180, m.longitude).max(180, m.longitude),
    languages: z
      .array(
        z.string({ invalid_type_error: m.language }).transform((code, ctx) => {
          const canonical = canonicalLanguage(code.trim());
          if (canonical) return canonical;
          ctx.addIssue({ code: "custom", message: m.language });
          return z.NEVER;
        }),
        { required_error: m.languagesRequired, invalid_type_error: m.languagesRequired },
      )
      .min(1, m.languagesRequired)
      .max(EXPERIENCE_LIMITS.languages, m.tooMany)
      .transform((codes) => [...new Set(codes)]),
    included: z
      .array(text(EXPERIENCE_LIMITS.includedLine), { invalid_type_error: m.required })
      .max(EXPERIENCE_LIMITS.includedLines, m.tooMany),
    cancellationPolicy: text(EXPERIENCE_LIMITS.cancellationPolicy),
  };
}

const rules = experienceRules(EXPERIENCE_MESSAGES_EN);

const meetingPointLocation = z
  .object({ lat: rules.latitude, lng: rules.longitude }, { invalid_type_error: EXPERIENCE_MESSAGES_EN.coordinatesBoth })
  .strict()
  .nullable();

const editable = {
  title: rules.title,
  summary: rules.summary,
  description: rules.description,
  city: rules.city,
  country: rules.country,
  category: rules.category,
  durationMinutes: rules.durationMinutes,
  meetingPoint: rules.meetingPoint,
  /** Where to meet, for the details page's map link: both coordinates, or null for none. */
  meetingPointLocation,
  languages: rules.languages,
  included: rules.included,
  cancellationPolicy: rules.cancellationPolicy,
};

/** POST /v1/operator/experiences: a new draft, with its first service ("Standard") of `capacity` guests. */
export const createExperienceBody = z
  .object({
    ...editable,
    meetingPointLocation: meetingPointLocation.optional().default(null),
    included: rules.included.optional().default([]),
    capacity: rules.capacity.optional().default(10),
  })
  .strict();

/** PATCH /v1/operator/experiences/{experienceId}: any of the fields, and whether it is published. */
export const updateExperienceBody = z
  .object({
    ...Object.fromEntries(Object.entries(editable).map(([key, schema]) => [key, schema.optional()])),
    published: z.boolean({ invalid_type_error: "true or false." }).optional(),
  } as { [K in keyof typeof editable]: z.ZodOptional<(typeof editable)[K]> } & {
    published: z.ZodOptional<z.ZodBoolean>;
  })
  .strict()
  .refine((body) => Object.values(body).some((value) => value !== undefined), "Give at least one field to change.");

export const operatorExperienceParams = z.object({ experienceId: catalogId });

export const operatorExperiencesQuery = z.object({ page: pageParam });

/** The console's list shows this many experiences a page. */
export const OPERATOR_EXPERIENCES_PAGE_SIZE = 50;

/** What publishing needs that an experience may lack (409 `not_publishable` names it). */
export const PUBLISH_REQUIREMENTS = ["ticket_type"] as const;
export type PublishRequirement = (typeof PUBLISH_REQUIREMENTS)[number];

export type CreateExperienceBody = z.input<typeof createExperienceBody>;
export type UpdateExperienceBody = z.output<typeof updateExperienceBody>;
export type OperatorExperienceRow = z.infer<typeof out.operatorExperienceRow>;
export type OperatorExperienceList = z.infer<typeof out.operatorExperienceList>;
export type OperatorExperience = z.infer<typeof out.operatorExperience>;
