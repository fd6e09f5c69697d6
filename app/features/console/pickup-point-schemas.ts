import { z } from "zod";
import type { PickupPointInput } from "~contract/bookings/pickup-points";
import { MAX_MINUTES_BEFORE } from "~contract/bookings/pickup-rules";

/**
 * The pickup points page's forms (issue 46, item 3): whether one is required, add a point, change
 * one, remove one. The point's own rules are the contract's (setPickupPointsBody): the action
 * judges the whole new list by them and shows a refusal on the form's field.
 */
const degrees = (most: number, message: string) =>
  z.number({ invalid_type_error: message }).min(-most, message).max(most, message).optional();

const pointFields = {
  name: z
    .string({ required_error: "pickupPoints.nameRequired" })
    .trim()
    .min(1, "pickupPoints.nameRequired")
    .max(80, "pickupPoints.tooLong"),
  address: z.string().trim().max(200, "pickupPoints.tooLong").optional(),
  latitude: degrees(90, "pickupPoints.latitude_invalid"),
  longitude: degrees(180, "pickupPoints.longitude_invalid"),
  minutesBefore: z
    .number({ required_error: "pickupPoints.minutesRequired", invalid_type_error: "pickupPoints.wholeNumber" })
    .int("pickupPoints.wholeNumber")
    .min(0, "pickupPoints.tooSmall")
    .max(MAX_MINUTES_BEFORE, "pickupPoints.tooBig"),
};

const pointId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, "pickupPoints.invalid");

export const AddPickupPointSchema = z.object({ intent: z.literal("add"), ...pointFields });
export const EditPickupPointSchema = z.object({ intent: z.literal("edit"), pickupPointId: pointId, ...pointFields });
export const RemovePickupPointSchema = z.object({ intent: z.literal("remove"), pickupPointId: pointId });
export const PickupRequiredSchema = z.object({ intent: z.literal("required"), required: z.literal("on").optional() });

export type PickupPointValue = Omit<z.infer<typeof AddPickupPointSchema>, "intent">;

/** The point a form describes, as the API takes it; a form with one coordinate only names the missing one. */
export function pointOf(
  value: PickupPointValue,
): { point: PickupPointInput; missing?: undefined } | { missing: "latitude" | "longitude" } {
  const { latitude, longitude } = value;
  if ((latitude === undefined) !== (longitude === undefined))
    return { missing: latitude === undefined ? "latitude" : "longitude" };
  return {
    point: {
      name: value.name,
      address: value.address ?? "",
      location: latitude !== undefined && longitude !== undefined ? { lat: latitude, lng: longitude } : null,
      minutesBefore: value.minutesBefore,
    },
  };
}

/** The form's field a refused point's path names (`location.lat` → latitude). */
export function pointFieldOf(path: ReadonlyArray<string | number>): string {
  const [field, part] = path;
  if (field === "location") return part === "lng" ? "longitude" : "latitude";
  return typeof field === "string" && field in pointFields ? field : "name";
}
