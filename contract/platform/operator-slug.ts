import { z } from "zod";
import { said } from "../fields";

/**
 * A new operator's storefront address (issue 44): `<slug>.app.example`. The one rule the API, the
 * `npm run admin` commands and the application form share: lower-case letters, digits and dashes,
 * 3 to 40 characters, not starting or ending with a dash, and not one of RESERVED_SLUGS. Whether
 * it is taken (by an operator, or by another pending application) only the API can say
 * (checkOperatorSlug, and again on submit and on approval).
 */
export const OPERATOR_SLUG_PATTERN = /^[a-z0-9][a-z0-9-]{1,38}[a-z0-9]$/;
export const OPERATOR_SLUG_MIN = 3;
export const OPERATOR_SLUG_MAX = 40;

/**
 * Host names the platform keeps for itself or that would mislead as an operator's address (its
 * own hosts, mail, auth and support words, common infrastructure names).
 */
export const RESERVED_SLUGS: readonly string[] = [
  "about",
  "account",
  "accounts",
  "admin",
  "administrator",
  "api",
  "app",
  "apps",
  "assets",
  "auth",
  "billing",
  "blog",
  "book",
  "booking",
  "bookings",
  "cdn",
  "checkout",
  "console",
  "contact",
  "dashboard",
  "dev",
  "docs",
  "email",
  "ftp",
  "help",
  "imap",
  "info",
  "legal",
  "login",
  "logout",
  "mail",
  "marketplace",
  "media",
  "mx",
  "news",
  "ns1",
  "ns2",
  "operator",
  "operators",
  "pay",
  "payments",
  "platform",
  "pop",
  "pop3",
  "privacy",
  "root",
  "security",
  "settings",
  "shop",
  "signin",
  "signup",
  "smtp",
  "staging",
  "static",
  "status",
  "store",
  "support",
  "system",
  "terms",
  "test",
  "wayfarer",
  "webmail",
  "www",
];

const reserved = new Set(RESERVED_SLUGS);

/** Whether `slug` is one the platform keeps (compared in lower case). */
export const isReservedSlug = (slug: string) => reserved.has(slug.toLowerCase());

/** Whether `slug` is written as a storefront address may be (the pattern alone; reserved or not). */
export const isOperatorSlugFormat = (slug: string) => OPERATOR_SLUG_PATTERN.test(slug);

/** The slug's format: trimmed, lower-cased, then the pattern (`operatorSlug.invalid`). */
export const operatorSlugFormat = z
  .string({ required_error: said("operatorSlug.invalid"), invalid_type_error: said("operatorSlug.invalid") })
  .trim()
  .toLowerCase()
  .max(OPERATOR_SLUG_MAX, said("operatorSlug.invalid"))
  .regex(OPERATOR_SLUG_PATTERN, said("operatorSlug.invalid"));

/** The whole rule a form checks before sending: the format, then not reserved (`operatorSlug.reserved`). */
export const operatorSlug = operatorSlugFormat.refine((slug) => !isReservedSlug(slug), said("operatorSlug.reserved"));

/** Why a slug cannot be had (checkOperatorSlug's `reason`): its format, reserved, or taken. */
export const SLUG_REFUSALS = ["invalid", "reserved", "taken"] as const;
export type SlugRefusal = (typeof SLUG_REFUSALS)[number];

/** What the rule alone says of a slug (null: it may be had, if nobody has it): no database needed. */
export function slugRefusalByRule(slug: string): Exclude<SlugRefusal, "taken"> | null {
  if (!isOperatorSlugFormat(slug)) return "invalid";
  return isReservedSlug(slug) ? "reserved" : null;
}
