import { countryOptions } from "~contract/countries";
import { CATEGORY_SLUGS, EXPERIENCE_CATEGORIES } from "~contract/operator/experiences";
import { TIME_ZONES } from "~contract/time-zones";

/** The languages the form offers as checkboxes (any BCP 47 code the experience already has is added). */
const COMMON_LANGUAGES = [
  "en",
  "es",
  "fr",
  "de",
  "it",
  "pt",
  "nl",
  "ca",
  "el",
  "pl",
  "sv",
  "ru",
  "tr",
  "ar",
  "he",
  "hi",
  "zh",
  "ja",
  "ko",
];

/**
 * The choices of the experience form: categories, countries and languages, named in English; the
 * time zones (as this server knows them: the API checks against the same list), the operator's own
 * marked, and the experience's own zone should the list lack it (never changed silently to
 * another by a select that cannot show it).
 */
export function experienceFormOptions(operatorZone: string, current: string[] = [], currentZone?: string) {
  const names = new Intl.DisplayNames(["en"], { type: "language", fallback: "code" });
  const codes = [...COMMON_LANGUAGES, ...current.filter((code) => !COMMON_LANGUAGES.includes(code))];
  return {
    categories: CATEGORY_SLUGS.map((slug) => ({ value: slug, label: EXPERIENCE_CATEGORIES[slug] })),
    countries: countryOptions("en").map((country) => ({ value: country.code, label: country.name })),
    languages: codes.map((code) => ({ value: code, label: names.of(code) ?? code })),
    zones: currentZone && !TIME_ZONES.includes(currentZone) ? [currentZone, ...TIME_ZONES] : TIME_ZONES,
    operatorZone,
  };
}

export type ExperienceFormOptions = ReturnType<typeof experienceFormOptions>;
