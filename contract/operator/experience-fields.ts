import { z } from "zod";
import { CATEGORY_SLUGS } from "../catalog/categories";
import { isCountryCode } from "../countries";
import { said, type FieldMessageCode } from "../fields";
import { isTimeZone } from "./schedule-fields";

/**
 * The rules of an experience's fields (the console): the API's bodies
 * (contract/operator/experiences.ts) and the console's form are built from them; their messages
 * are codes (./fields.ts). Like ./fields.ts, a module of rules the browser loads with a form's validation.
 */

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

/** A BCP 47 language tag in its canonical form ("pt-br" → "pt-BR"), or null. Plain code. */
export function canonicalLanguage(code: string): string | null {
  if (!/^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$/.test(code) || code.length > 35) return null;
  try {
    return Intl.getCanonicalLocales(code)[0] ?? null;
  } catch {
    return null;
  }
}

/** Each rule's message code (contract/fields.ts): the API writes it in English, the console's form by a locale key. */
const EXPERIENCE_CODES = {
  required: said("experience.required"),
  tooLong: said("experience.tooLong"),
  category: said("experience.category"),
  country: said("experience.country"),
  language: said("experience.language"),
  languagesRequired: said("experience.languagesRequired"),
  tooMany: said("experience.tooMany"),
  wholeMinutes: said("experience.wholeMinutes"),
  duration: said("experience.duration"),
  capacity: said("experience.capacity"),
  latitude: said("experience.latitude"),
  longitude: said("experience.longitude"),
  timezone: said("experience.timezone"),
};

/** The rules of each field: the API's body and the console's form are built from them. */
export function experienceRules() {
  const m = EXPERIENCE_CODES;
  const text = (max: number) =>
    z
      .string({ required_error: m.required, invalid_type_error: m.required })
      .trim()
      .min(1, m.required)
      .max(max, m.tooLong);
  const whole = (range: { min: number; max: number }, message: FieldMessageCode) =>
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
    /** The IANA zone its departures are scheduled, listed and judged "today" in. */
    timezone: z
      .string({ required_error: m.timezone, invalid_type_error: m.timezone })
      .max(64, m.timezone)
      .refine(isTimeZone, m.timezone),
  };
}

/**
 * The fields the create and edit forms and the API share as they are (the meeting point's place,
 * what is included and the capacity take a different shape in each, so each adds its own).
 */
export function sharedExperienceFields(rules: ReturnType<typeof experienceRules>) {
  const { title, summary, description, city, country, category } = rules;
  const { durationMinutes, meetingPoint, languages, cancellationPolicy } = rules;
  return {
    title,
    summary,
    description,
    city,
    country,
    category,
    durationMinutes,
    meetingPoint,
    languages,
    cancellationPolicy,
  };
}
