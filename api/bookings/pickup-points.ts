/**
 * The pickup point of an order (issue 46, item 3): the one chosen, as the booking keeps it; those
 * offered for a departure; a booking's pickup as it is read (its time from its departure's start).
 */
import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { pickupPoints, type PickupPointRow } from "../db/schema";
import { ApiError, validationError } from "../http/errors";
import { FIELD_MESSAGES } from "../http/field-messages";
import { geoPointOf } from "~contract/catalog/geo";
import {
  localClockTime,
  pickupInstant,
  type BookingPickup,
  type BookingPickupPoint,
  type OfferedPickupPoint,
  type PickupPoint,
} from "~contract/bookings/pickup-points";

export const toPickupPoint = (row: PickupPointRow): PickupPoint => ({
  id: row.id,
  name: row.name,
  address: row.address,
  location: geoPointOf(row.latitude, row.longitude),
  minutesBefore: row.minutesBefore,
});

/** The experience's pickup points still offered, in the operator's order. */
export async function pickupPointRowsOf(db: Db, experienceId: string): Promise<PickupPointRow[]> {
  return db
    .select()
    .from(pickupPoints)
    .where(and(eq(pickupPoints.experienceId, experienceId), eq(pickupPoints.archived, false)))
    .orderBy(asc(pickupPoints.sortOrder), asc(pickupPoints.id));
}

/** 400 pickup_required: the experience requires a pickup point and none was chosen. */
const pickupRequired = () =>
  new ApiError(400, "pickup_required", "This experience picks its guests up: choose a pickup point.", {
    pickupPointId: ["Choose where you will be picked up."],
  });

/**
 * The pickup point asked for, as the booking will keep it (null: none). 400 on `pickupPointId`
 * for a point that is not one of the experience's offered (id.invalid); with `enforceRequired`
 * (placing a booking, not quoting), 400 pickup_required when the experience requires one, has
 * some, and none was chosen.
 */
export async function chosenPickupPoint(
  db: Db,
  experience: { id: string; pickupRequired: boolean },
  pickupPointId: string | undefined,
  enforceRequired: boolean,
): Promise<BookingPickupPoint | null> {
  if (pickupPointId === undefined && !(enforceRequired && experience.pickupRequired)) return null;
  const rows = await pickupPointRowsOf(db, experience.id);
  if (pickupPointId === undefined) {
    if (rows.length > 0) throw pickupRequired();
    return null;
  }
  const row = rows.find((each) => each.id === pickupPointId);
  if (!row) throw validationError({ pickupPointId: [FIELD_MESSAGES["id.invalid"]] });
  return {
    pickupPointId: row.id,
    name: row.name,
    address: row.address,
    latitude: row.latitude,
    longitude: row.longitude,
    minutesBefore: row.minutesBefore,
  };
}

/** The pickup's instant and its local time in the experience's zone, for a departure starting `startsAt`. */
export function pickupTimes(startsAt: Date, minutesBefore: number, timeZone: string) {
  const at = pickupInstant(startsAt, minutesBefore);
  return { pickupAt: at.toISOString(), localTime: localClockTime(at, timeZone) };
}

/** The experience's pickup points offered, each with its pickup time at this departure. */
export async function offeredPickupPoints(
  db: Db,
  experienceId: string,
  startsAt: Date,
  timeZone: string,
): Promise<OfferedPickupPoint[]> {
  const rows = await pickupPointRowsOf(db, experienceId);
  return rows.map((row) => ({ ...toPickupPoint(row), ...pickupTimes(startsAt, row.minutesBefore, timeZone) }));
}

/** A booking's pickup as it is read: the point as chosen, at its departure's time (null: none). */
export function bookingPickupOf(
  pickup: BookingPickupPoint | null,
  startsAt: Date,
  timeZone: string,
): BookingPickup | null {
  if (!pickup) return null;
  return {
    pickupPointId: pickup.pickupPointId,
    name: pickup.name,
    address: pickup.address,
    location: geoPointOf(pickup.latitude, pickup.longitude),
    minutesBefore: pickup.minutesBefore,
    ...pickupTimes(startsAt, pickup.minutesBefore, timeZone),
  };
}
