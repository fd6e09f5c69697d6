/**
 * Pickup points (issue 46, item 3): where an experience collects its guests, each so many minutes
 * before the departure, optionally required. Set by the operator as a whole list with the
 * "required" flag (operatorSetPickupPoints); one chosen with the tickets (quote and createBooking
 * `pickupPointId`). A booking keeps the point as chosen; its pickup time is the departure's start
 * minus the minutes, shown in the experience's zone.
 */
import { z } from "zod";
import { catalogId, said } from "../fields";
import { itemName, optionalText, refuseRepeatedIds, wholeNumber } from "../list-fields";
import { isoTime } from "../output-parts";
import { geoPoint } from "../catalog/outputs";
import { experienceRules } from "../operator/experience-fields";
import { MAX_MINUTES_BEFORE, MAX_PICKUP_POINTS } from "./pickup-rules";

export * from "./pickup-rules";

const rules = experienceRules();

/** One pickup point as the operator sets it; one with an `id` is that point kept, else a new one. */
export const pickupPointInput = z
  .object({
    id: catalogId.optional(),
    name: itemName(),
    address: optionalText(200, "line"),
    /** Where it is (WGS 84 degrees), for a map link: both coordinates, or null. */
    location: z
      .object({ lat: rules.latitude, lng: rules.longitude }, { invalid_type_error: said("experience.coordinatesBoth") })
      .strict()
      .nullable()
      .optional()
      .default(null),
    /** How long before the departure's start the guests are collected here (0..720). */
    minutesBefore: wholeNumber(0, MAX_MINUTES_BEFORE),
  })
  .strict();
export type PickupPointInput = z.input<typeof pickupPointInput>;

/** PUT /v1/operator/experiences/{experienceId}/pickup-points: the whole list, in the order shown, and whether one is required. */
export const setPickupPointsBody = z
  .object({
    required: z.boolean({ required_error: said("boolean.invalid"), invalid_type_error: said("boolean.invalid") }),
    points: z
      .array(pickupPointInput, { invalid_type_error: said("object.invalid") })
      .max(MAX_PICKUP_POINTS, said("pickupPoints.tooMany")),
  })
  .strict()
  .superRefine((body, ctx) => refuseRepeatedIds(ctx, "points", body.points, said("pickupPoints.duplicate")));
export type SetPickupPointsBody = z.output<typeof setPickupPointsBody>;

export const pickupPointOutput = z.object({
  id: z.string(),
  name: z.string(),
  address: z.string(),
  location: geoPoint.nullable(),
  minutesBefore: z.number().int().min(0).max(MAX_MINUTES_BEFORE),
});
export type PickupPoint = z.infer<typeof pickupPointOutput>;

/** A pickup at one departure: the point, its instant and its local time in the experience's zone ("08:30"). */
const pickupTimes = { pickupAt: isoTime, localTime: z.string().regex(/^\d{2}:\d{2}$/) };

/** A pickup point offered on a quote, with its pickup time for the departure priced. */
export const offeredPickupPoint = pickupPointOutput.extend(pickupTimes);
export type OfferedPickupPoint = z.infer<typeof offeredPickupPoint>;

/** The quote's pickup points: whether one must be chosen, and those on offer (none: no pickup). */
export const offeredPickupPoints = z.object({ required: z.boolean(), points: z.array(offeredPickupPoint) });

/** A booking's pickup, as chosen (name, address, minutes then), at its departure's time now. */
export const bookingPickup = z.object({
  pickupPointId: z.string(),
  name: z.string(),
  address: z.string(),
  location: geoPoint.nullable(),
  minutesBefore: z.number().int().min(0),
  ...pickupTimes,
});
export type BookingPickup = z.infer<typeof bookingPickup>;

/** The pickup point chosen with the tickets (quote and createBooking): one of the experience's (400 id.invalid). */
export const pickupPointRequest = catalogId.optional();
