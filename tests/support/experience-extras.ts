import { and, asc, eq } from "drizzle-orm";
import type { Db } from "~api/db/client";
import { experienceAddOns, pickupPoints } from "~api/db/schema";

/** An experience's add-ons on sale (those not archived), in their order, as stored. */
export const addOnsOnSale = (db: Db, experienceId: string) =>
  db
    .select()
    .from(experienceAddOns)
    .where(and(eq(experienceAddOns.experienceId, experienceId), eq(experienceAddOns.archived, false)))
    .orderBy(asc(experienceAddOns.position));

/** An experience's pickup points offered (those not archived), in their order, as stored. */
export const pickupPointsOffered = (db: Db, experienceId: string) =>
  db
    .select()
    .from(pickupPoints)
    .where(and(eq(pickupPoints.experienceId, experienceId), eq(pickupPoints.archived, false)))
    .orderBy(asc(pickupPoints.sortOrder));
