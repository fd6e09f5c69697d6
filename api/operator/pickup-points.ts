/**
 * An experience's pickup points (issue 46, item 3), set as a whole list with whether a booking must
 * choose one: one sent with its id is that point changed, a new one is added, one left out is
 * archived (no longer offered; bookings keep the point as they chose it).
 */
import { eq } from "drizzle-orm";
import type { SetPickupPointsBody } from "~contract/bookings/pickup-points";
import type { OperatorPickupPoints } from "~contract/operator/pickup-points";
import type { Db } from "../db/client";
import { experiences, pickupPoints } from "../db/schema";
import { refuseUnknownIds } from "./unknown-ids";
import { writeAudit, type Actor } from "../audit/log";
import { pickupPointRowsOf, toPickupPoint } from "../bookings/pickup-points";
import { ownExperienceRow } from "./add-ons";
import { newCatalogId } from "./services";

/** GET /v1/operator/experiences/{experienceId}/pickup-points */
export async function getPickupPoints(db: Db, accountId: string, experienceId: string): Promise<OperatorPickupPoints> {
  const { id, title, timezone, pickupRequired } = await ownExperienceRow(db, accountId, experienceId);
  const rows = await pickupPointRowsOf(db, id);
  return { experience: { id, title, timezone }, required: pickupRequired, points: rows.map(toPickupPoint) };
}

/**
 * PUT /v1/operator/experiences/{experienceId}/pickup-points: an id that is not one of the
 * experience's points is 400 on its field; the audit log keeps the list before and after.
 */
export async function setPickupPoints(
  db: Db,
  actor: Actor,
  experienceId: string,
  body: SetPickupPointsBody,
): Promise<OperatorPickupPoints> {
  await db.transaction(async (tx) => {
    const experience = await ownExperienceRow(tx, actor.accountId, experienceId, true);
    const existing = await tx.select().from(pickupPoints).where(eq(pickupPoints.experienceId, experience.id));
    const ids = new Set(existing.map((row) => row.id));
    refuseUnknownIds(body.points, ids, { list: "points", key: "id" }, (point) => point.id);
    const listed = async (required: boolean) => ({
      required,
      points: (await pickupPointRowsOf(tx, experience.id)).map(toPickupPoint),
    });
    const before = await listed(experience.pickupRequired);
    const kept = new Set<string>();
    for (const [sortOrder, { id, location, ...fields }] of body.points.entries()) {
      const values = { ...fields, latitude: location?.lat ?? null, longitude: location?.lng ?? null, sortOrder };
      if (id) {
        kept.add(id);
        await tx
          .update(pickupPoints)
          .set({ ...values, archived: false })
          .where(eq(pickupPoints.id, id));
      } else {
        await tx.insert(pickupPoints).values({ id: newCatalogId("pp"), experienceId: experience.id, ...values });
      }
    }
    for (const row of existing) {
      if (!row.archived && !kept.has(row.id))
        await tx.update(pickupPoints).set({ archived: true }).where(eq(pickupPoints.id, row.id));
    }
    await tx.update(experiences).set({ pickupRequired: body.required }).where(eq(experiences.id, experience.id));
    await writeAudit(tx, actor, "pickup_points.set", {
      experienceId: experience.id,
      before: JSON.stringify(before),
      after: JSON.stringify(await listed(body.required)),
    });
  });
  return getPickupPoints(db, actor.accountId, experienceId);
}
