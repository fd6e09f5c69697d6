import { z } from "zod";

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

export const locationInput = z.object({
  address: text("an address", 200),
  city: text("a city", 100),
  state: z
    .string({ required_error: "Enter a state.", invalid_type_error: "Enter a state." })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, "Use the two-letter state code."),
  zipcode: z
    .string({ invalid_type_error: "Use 5 digits, or 5 digits, a hyphen and 4 digits." })
    .trim()
    .regex(/^(\d{5}(-\d{4})?)?$/, "Use 5 digits, or 5 digits, a hyphen and 4 digits.")
    .optional()
    .default(""),
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

export const MISSING_DATA_FIELDS = ["firstName", "lastName", "phone", "location", "paymentMethod"] as const;
export type MissingDataField = (typeof MISSING_DATA_FIELDS)[number];
export const EXCLUDABLE_FIELDS = ["location", "paymentMethod"] as const;

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
export interface UserInfo {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  phoneNumber: string;
  signInMethod: string;
  requiresPasswordSetup: boolean;
  /** Unread notifications (for the badge in the header and the account navigation). */
  unreadNotifications: number;
}
