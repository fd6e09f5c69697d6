import { z } from "zod";
import { firstNameField, lastNameField, locationFields, phoneField } from "~/features/auth/auth-schemas";

/** The profile entries the completion screen can collect (payment method comes with booking). */
export const PROFILE_FIELDS = ["firstName", "lastName", "phone", "location"] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];

export function isProfileField(value: string): value is ProfileField {
  return (PROFILE_FIELDS as readonly string[]).includes(value);
}

/** A schema asking exactly for what is missing. */
export function missingDataSchema(missing: readonly string[]) {
  return z.object({
    ...(missing.includes("firstName") ? { firstName: firstNameField } : {}),
    ...(missing.includes("lastName") ? { lastName: lastNameField } : {}),
    ...(missing.includes("phone") ? { phone: phoneField } : {}),
    ...(missing.includes("location") ? locationFields : {}),
  });
}

/** The PATCH /v1/user/missing-data body for a parsed form. */
export function missingDataBody(value: Record<string, string | undefined>) {
  const { address, city, state, zipcode, firstName, lastName, phone } = value;
  return {
    ...(firstName !== undefined ? { firstName } : {}),
    ...(lastName !== undefined ? { lastName } : {}),
    ...(phone !== undefined ? { phone } : {}),
    ...(address !== undefined
      ? { location: { address, city: city ?? "", state: state ?? "", zipcode: zipcode ?? "" } }
      : {}),
  };
}
