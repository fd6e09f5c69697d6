import { z } from "zod";
import { firstName, lastName, locationFields } from "~contract/fields";
import { locationOf } from "~/features/auth/location";

/** The profile entries the completion screen can collect (payment method comes with booking; the phone is optional). */
export const PROFILE_FIELDS = ["firstName", "lastName", "location"] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];

export function isProfileField(value: string): value is ProfileField {
  return (PROFILE_FIELDS as readonly string[]).includes(value);
}

/** A schema asking exactly for what is missing. */
export function missingDataSchema(missing: readonly string[]) {
  return z.object({
    ...(missing.includes("firstName") ? { firstName } : {}),
    ...(missing.includes("lastName") ? { lastName } : {}),
    ...(missing.includes("location") ? locationFields : {}),
  });
}

/** The PATCH /v1/user/missing-data body for a parsed form. */
export function missingDataBody(value: Record<string, string | undefined>) {
  const { address, city, state, zipcode, country, firstName, lastName } = value;
  return {
    ...(firstName !== undefined ? { firstName } : {}),
    ...(lastName !== undefined ? { lastName } : {}),
    ...(address !== undefined
      ? { location: locationOf({ address, city: city ?? "", state, zipcode, country: country ?? "US" }) }
      : {}),
  };
}
