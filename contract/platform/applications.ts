import { z } from "zod";
import { fromBase64UrlJson, toBase64Url } from "../base64url";
import { isCountryCode } from "../countries";
import { emailAddress, requiredLine, said, typedLines, type FieldMessageCode } from "../fields";
import { cursorParam, emptyAsAbsent, limitParam, oneOfParam, searchParam } from "../query";
import { TIME_ZONES } from "../time-zones";
import { operatorSlugFormat } from "./operator-slug";
import { APPLICATION_STATUSES, OPERATOR_STATUSES } from "./statuses";

/**
 * Operators join the platform (issue 44): the application anyone signed in may send, and what the
 * platform admins' console asks. Every field has one rule, shared by the API, the web's form and
 * the `npm run admin` commands; a refusal says a message code (contract/fields.ts).
 */
export { APPLICATION_STATUSES, OPERATOR_STATUSES, type ApplicationStatus } from "./statuses";

export const BUSINESS_NAME_MAX = 100;
export const DESCRIPTION_MAX = 2000;
export const WEBSITE_MAX = 200;
export const REASON_MAX = 1000;

/** ISO 4217 codes this runtime knows (Intl), or any three capitals where it lists none. */
const CURRENCIES: ReadonlySet<string> = new Set(
  typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("currency") : [],
);
export const isCurrencyCode = (code: string) =>
  /^[A-Z]{3}$/.test(code) && (CURRENCIES.size === 0 || CURRENCIES.has(code));

const PHONE_CHARACTERS = /^\+?[\d\s().-]+$/;
/** A phone number of any country, as typed: digits, spaces, ( ) . - and a leading +, 6 to 15 digits. */
export const isContactPhone = (value: string) =>
  PHONE_CHARACTERS.test(value) && /^\d{6,15}$/.test(value.replace(/\D/g, ""));

/** An http(s) address without credentials. */
export function isWebsite(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return !url.username && !url.password && url.hostname.includes(".");
  } catch {
    return false;
  }
}

export const businessName = requiredLine("businessName.required", BUSINESS_NAME_MAX);

export const countryCode = z
  .string({ required_error: said("country.invalid"), invalid_type_error: said("country.invalid") })
  .trim()
  .toUpperCase()
  .refine(isCountryCode, said("country.invalid"));

export const currencyCode = z
  .string({ required_error: said("currency.invalid"), invalid_type_error: said("currency.invalid") })
  .trim()
  .toUpperCase()
  .refine(isCurrencyCode, said("currency.invalid"));

export const timeZone = z
  .string({ required_error: said("timeZone.invalid"), invalid_type_error: said("timeZone.invalid") })
  .trim()
  .refine((zone) => TIME_ZONES.includes(zone), said("timeZone.invalid"));

export const contactPhone = z
  .string({ required_error: said("contactPhone.invalid"), invalid_type_error: said("contactPhone.invalid") })
  .trim()
  .max(30, said("contactPhone.invalid"))
  .refine(isContactPhone, said("contactPhone.invalid"));

/**
 * Required text of one line or several, trimmed, at most `max` characters (else `tooLong`); its
 * lines are read (typedLines) only once it passes those.
 */
const requiredText = (code: FieldMessageCode, max: number, tooLong: FieldMessageCode) =>
  z
    .string({ required_error: said(code), invalid_type_error: said(code) })
    .trim()
    .min(1, said(code))
    .max(max, said(tooLong))
    .pipe(typedLines(z.string()));

export const applicationDescription = requiredText("description.required", DESCRIPTION_MAX, "text.tooLong");

/** Optional: empty (a form's untouched field) is none. */
export const website = z.preprocess(
  emptyAsAbsent,
  z
    .string({ invalid_type_error: said("website.invalid") })
    .trim()
    .max(WEBSITE_MAX, said("text.tooLong"))
    .refine(isWebsite, said("website.invalid"))
    .optional(),
);

/** A reason an admin gives (a rejection, a suspension): required, one line or several. */
export const adminReason = requiredText("reason.required", REASON_MAX, "reason.tooLong");

/** POST /v1/operator-applications */
export const applyAsOperatorBody = z.object({
  businessName,
  slug: operatorSlugFormat,
  country: countryCode,
  currency: currencyCode,
  timezone: timeZone,
  contactEmail: emailAddress,
  contactPhone,
  description: applicationDescription,
  website,
});
export type ApplyAsOperatorBody = z.infer<typeof applyAsOperatorBody>;

/** GET /v1/operator-applications/slug-availability?slug=… (what is typed so far: any text, short). */
export const checkOperatorSlugQuery = z.object({
  slug: z
    .string({ required_error: said("operatorSlug.invalid"), invalid_type_error: said("param.single") })
    .max(100, said("text.tooLong")),
});

export const applicationParams = z.object({ applicationId: z.string().uuid(said("id.invalid")) });
export const operatorParams = z.object({
  accountId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, said("id.invalid")),
});

export const adminReasonBody = z.object({ reason: adminReason });

const ROW_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** A keyset cursor: the last row's sort key (a time, a name) and id, as base64url JSON. */
export interface KeyCursor {
  key: string;
  id: string;
}
export const encodeKeyCursor = (cursor: KeyCursor) => toBase64Url(JSON.stringify([cursor.key, cursor.id]));
export function decodeKeyCursor(text: string): KeyCursor | null {
  const value = fromBase64UrlJson(text);
  if (!Array.isArray(value) || value.length !== 2) return null;
  const [key, id] = value as unknown[];
  if (typeof key !== "string" || typeof id !== "string" || key.length > 200 || !ROW_ID.test(id)) return null;
  return { key, id };
}
/** A cursor whose key is a time (ISO 8601). */
const decodeTimeCursor = (text: string) => {
  const cursor = decodeKeyCursor(text);
  return cursor && !Number.isNaN(Date.parse(cursor.key)) ? cursor : null;
};
const timeCursor = cursorParam(400, decodeTimeCursor);

export const ADMIN_PAGE_MAX = 100;
export const ADMIN_PAGE_DEFAULT = 50;

/** GET /v1/admin/applications: by status (pending by default), oldest first, keyset paged. */
export const adminApplicationsQuery = z.object({
  status: oneOfParam(APPLICATION_STATUSES),
  cursor: timeCursor,
  limit: limitParam(ADMIN_PAGE_MAX),
});

/** GET /v1/admin/operators: `q` finds a part of the name or slug; by name, keyset paged. */
export const adminOperatorsQuery = z.object({
  q: searchParam,
  status: oneOfParam(OPERATOR_STATUSES),
  cursor: cursorParam(400, decodeKeyCursor),
  limit: limitParam(ADMIN_PAGE_MAX),
});

/** GET /v1/admin/audit-log: newest first, keyset paged. */
export const adminAuditLogQuery = z.object({
  cursor: timeCursor,
  limit: limitParam(ADMIN_PAGE_MAX),
});

/** GET /v1/admin/bookings?q=: a reference (WF-XXXX-XXXX), an email address or a ticket code. */
export const adminFindBookingQuery = z.object({
  q: z
    .string({ required_error: said("bookingLookup.invalid"), invalid_type_error: said("param.single") })
    .trim()
    .min(1, said("bookingLookup.invalid"))
    .max(254, said("text.tooLong")),
});

/**
 * What makes an operator (api/platform/create-operator.ts createOperator): an approved application
 * gives it, and so does `npm run admin -- create-operator` (which parses its arguments with this).
 * The slug's format only: reserved (400 `slug_reserved`) and taken (409 `slug_taken`) are createOperator's.
 */
export const createOperatorInput = z.object({
  slug: operatorSlugFormat,
  name: businessName,
  currency: currencyCode,
  timezone: timeZone,
  country: countryCode.optional(),
  ownerEmail: emailAddress,
  contactEmail: emailAddress.optional(),
  contactPhone: contactPhone.optional(),
});
export type CreateOperatorInput = z.input<typeof createOperatorInput>;
