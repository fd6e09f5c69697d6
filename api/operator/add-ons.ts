/**
 * An experience's add-ons (issue 46, item 2), set as a whole list: one sent with its id is that
 * add-on changed (its stock counters stay: what bookings hold of it still counts), a new one is
 * added, one left out is archived (no longer sold; bookings keep theirs and give their stock back).
 */
import { and, asc, eq } from "drizzle-orm";
import type { AddOn, SetAddOnsBody } from "~contract/bookings/add-ons";
import type { OperatorAddOns } from "~contract/operator/add-ons";
import type { Db } from "../db/client";
import { experienceAddOns, experiences, type ExperienceAddOnRow } from "../db/schema";
import { refuseUnknownIds } from "./unknown-ids";
import { writeAudit, type Actor } from "../audit/log";
import { experienceNotFound } from "./departures";
import { newCatalogId } from "./services";

/** What the console's experience pages and the desk read of an experience: its id, title, zone and whether it needs a pickup. */
export const experienceOutline = {
  id: experiences.id,
  title: experiences.title,
  timezone: experiences.timezone,
  pickupRequired: experiences.pickupRequired,
};

/** The experience (this operator's, else 404), locked for a change when asked (its add-ons' and pickup points' pages). */
export async function ownExperienceRow(db: Db, accountId: string, experienceId: string, lock = false) {
  const query = db
    .select(experienceOutline)
    .from(experiences)
    .where(and(eq(experiences.id, experienceId), eq(experiences.accountId, accountId)));
  const [row] = lock ? await query.for("no key update") : await query;
  if (!row) throw experienceNotFound();
  return row;
}

const toAddOn = (row: ExperienceAddOnRow): AddOn => ({
  id: row.id,
  name: row.name,
  description: row.description,
  priceMinor: row.priceMinor,
  per: row.per,
  stockPerDeparture: row.stockPerDeparture,
  stockTotal: row.stockTotal,
  maxPerBooking: row.maxPerBooking,
});

/** The experience's add-ons on sale, in the operator's order (the desk's form reads them too). */
export async function addOnsOf(db: Db, experienceId: string): Promise<AddOn[]> {
  const rows = await db
    .select()
    .from(experienceAddOns)
    .where(and(eq(experienceAddOns.experienceId, experienceId), eq(experienceAddOns.archived, false)))
    .orderBy(asc(experienceAddOns.position), asc(experienceAddOns.id));
  return rows.map(toAddOn);
}

/** GET /v1/operator/experiences/{experienceId}/add-ons */
export async function getAddOns(
  db: Db,
  accountId: string,
  currency: string,
  experienceId: string,
): Promise<OperatorAddOns> {
  const { id, title } = await ownExperienceRow(db, accountId, experienceId);
  return { experience: { id, title }, currency, addOns: await addOnsOf(db, id) };
}

/**
 * PUT /v1/operator/experiences/{experienceId}/add-ons: an id that is not one of the experience's
 * add-ons is 400 on its field; the audit log keeps the list before and after.
 */
export async function setAddOns(
  db: Db,
  actor: Actor,
  currency: string,
  experienceId: string,
  body: SetAddOnsBody,
): Promise<OperatorAddOns> {
  await db.transaction(async (tx) => {
    const experience = await ownExperienceRow(tx, actor.accountId, experienceId, true);
    const existing = await tx.select().from(experienceAddOns).where(eq(experienceAddOns.experienceId, experience.id));
    const ids = new Set(existing.map((row) => row.id));
    refuseUnknownIds(body.addOns, ids, { list: "addOns", key: "id" }, (addOn) => addOn.id);
    const before = await addOnsOf(tx, experience.id);
    const kept = new Set<string>();
    for (const [position, { id, ...fields }] of body.addOns.entries()) {
      if (id) {
        kept.add(id);
        await tx
          .update(experienceAddOns)
          .set({ ...fields, position, archived: false })
          .where(eq(experienceAddOns.id, id));
      } else {
        await tx
          .insert(experienceAddOns)
          .values({ id: newCatalogId("ao"), experienceId: experience.id, ...fields, position });
      }
    }
    for (const row of existing) {
      if (!row.archived && !kept.has(row.id))
        await tx.update(experienceAddOns).set({ archived: true }).where(eq(experienceAddOns.id, row.id));
    }
    await writeAudit(tx, actor, "add_ons.set", {
      experienceId: experience.id,
      before: JSON.stringify(before),
      after: JSON.stringify(await addOnsOf(tx, experience.id)),
      currency,
    });
  });
  return getAddOns(db, actor.accountId, currency, experienceId);
}
