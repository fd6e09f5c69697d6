import { z } from "zod";
import { DEFAULT_COUNTRY, isCountryCode } from "./countries";
import type * as out from "./outputs";

const text = (label: string, max: number) =>
  z
    .string({ required_error: `Enter ${label}.`, invalid_type_error: `Enter ${label}.` })
    .trim()
    .min(1, `Enter ${label}.`)
    .max(max, `Use at most ${max} characters.`);

/** US phone numbers in E.164: +1 followed by 10 digits. */
export const phoneNumber = z
  .string({ invalid_type_error: "Use +1 followed by 10 digits." })
  .trim()
  .regex(/^\+1\d{10}$/, "Use +1 followed by 10 digits.");

/**
 * A postal address in any country's format: street and city required; region (state, province,
 * county…) and postal code free-form and optional, as many countries have neither; the country as
 * its ISO code (US when not given: addresses saved before countries were asked).
 */
export const locationInput = z.object({
  address: text("an address", 200),
  city: text("a city", 100),
  state: z
    .string({ invalid_type_error: "Enter a region." })
    .trim()
    .max(100, "Use at most 100 characters.")
    .optional()
    .default(""),
  zipcode: z
    .string({ invalid_type_error: "Enter a postal code." })
    .trim()
    .toUpperCase()
    .regex(/^([A-Z0-9][A-Z0-9 -]{0,14})?$/, "Use letters, digits, spaces and hyphens (at most 15).")
    .optional()
    .default(""),
  country: z
    .string({ invalid_type_error: "Choose a country." })
    .trim()
    .toUpperCase()
    .refine(isCountryCode, "Choose a country.")
    .optional()
    .default(DEFAULT_COUNTRY),
});

const profileFields = {
  firstName: text("a first name", 80).optional(),
  lastName: text("a last name", 80).optional(),
  phone: phoneNumber.optional(),
  location: locationInput.optional(),
};

/** PATCH /v1/user/sync: sign-up data, every field optional; unknown fields are ignored. */
export const syncBody = z.object(profileFields);
export type SyncBody = z.output<typeof syncBody>;

/** PATCH /v1/user/missing-data. */
export const missingDataBody = z.object({
  ...profileFields,
  passwordIsSet: z.boolean({ invalid_type_error: "Must be true or false." }).optional(),
});
export type MissingDataBody = z.output<typeof missingDataBody>;

/** What a user must give before booking. The phone is not among them: it is for text messages only. */
export const MISSING_DATA_FIELDS = ["firstName", "lastName", "location", "paymentMethod"] as const;
export type MissingDataField = (typeof MISSING_DATA_FIELDS)[number];
export const EXCLUDABLE_FIELDS = ["location", "paymentMethod"] as const;
/**
 * What booking does not need (the spec lets both be filtered out): the card comes at checkout,
 * and an experience meets at its meeting point, so a postal address is asked for nowhere in the
 * booking funnel (it stays in personal info, optional at sign-up).
 */
export const NOT_NEEDED_TO_BOOK = ["location", "paymentMethod"] as const satisfies readonly MissingDataField[];

/** GET /v1/user/missing-data?exclude=location,paymentMethod */
export const missingDataQuery = z.object({
  exclude: z
    .string({ invalid_type_error: "Give this parameter only once." })
    .optional()
    .transform((value) =>
      (value ?? "")
        .split(",")
        .map((part) => part.trim())
        .filter(Boolean),
    )
    .pipe(
      z.array(
        z.enum(EXCLUDABLE_FIELDS, {
          errorMap: () => ({ message: `Use a comma-separated list of: ${EXCLUDABLE_FIELDS.join(", ")}.` }),
        }),
      ),
    ),
});

/** Answer of GET /v1/user/info (the session user without token fields). */
export type UserInfo = z.infer<typeof out.userInfo>;
