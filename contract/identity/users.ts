import { z } from "zod";
import { firstName, lastName, locationFields, phoneNumber, said } from "../fields";
import type * as out from "../outputs";

/** A postal address in any country's format (the rules: contract/fields.ts). */
export const locationInput = z.object(locationFields);

const profileFields = {
  firstName: firstName.optional(),
  lastName: lastName.optional(),
  phone: phoneNumber.optional(),
  location: locationInput.optional(),
};

/** PATCH /v1/user/sync: sign-up data, every field optional; unknown fields are ignored. */
export const syncBody = z.object(profileFields);
export type SyncBody = z.output<typeof syncBody>;

/** PATCH /v1/user/missing-data. */
export const missingDataBody = z.object({
  ...profileFields,
  passwordIsSet: z.boolean({ invalid_type_error: said("boolean.invalid") }).optional(),
});
export type MissingDataBody = z.output<typeof missingDataBody>;

/** What a user must give before booking. The phone is not among them: it is for text messages only. */
import { MISSING_DATA_FIELDS, type MissingDataField } from "../statuses";

export { MISSING_DATA_FIELDS, type MissingDataField };
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
    .string({ invalid_type_error: said("param.single") })
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
          errorMap: () => ({ message: said("excludeFields.invalid") }),
        }),
      ),
    ),
});

/** Answer of GET /v1/user/info (the session user without token fields). */
export type UserInfo = z.infer<typeof out.userInfo>;
