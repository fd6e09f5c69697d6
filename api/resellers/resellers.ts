/**
 * An operator's resellers (issue 47): added and listed by the console (owner, manager), each
 * change audited in its transaction. What a reseller may sell is every published experience of
 * its operator, or the experiences listed for it.
 */
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { CreateResellerBody, ResellerList, ResellerOutput } from "~contract/operator/resellers";
import type { Db } from "../db/client";
import { experiences, resellerExperiences, resellerKeys, resellers, type ResellerRow } from "../db/schema";
import { notFound, validationError } from "../http/errors";
import { FIELD_MESSAGES } from "../http/field-messages";
import { writeAudit, type Actor } from "../audit/log";
import { randomId } from "../ids";

/** The reseller `resellerId` of this operator; another operator's or an unknown one: 404 reseller_not_found. */
export async function ownReseller(db: Db, accountId: string, resellerId: string): Promise<ResellerRow> {
  const [row] = await db
    .select()
    .from(resellers)
    .where(and(eq(resellers.id, resellerId), eq(resellers.accountId, accountId)))
    .limit(1);
  if (!row) throw notFound(`No reseller "${resellerId}".`, "reseller_not_found");
  return row;
}

const iso = (at: Date | null) => (at ? at.toISOString() : null);

/** GET /v1/operator/resellers: newest first, each with what it may sell and its keys (never their text). */
export async function listResellers(db: Db, accountId: string): Promise<ResellerList> {
  const rows = await db
    .select()
    .from(resellers)
    .where(eq(resellers.accountId, accountId))
    .orderBy(desc(resellers.createdAt), asc(resellers.id));
  const ids = rows.map((row) => row.id);
  if (ids.length === 0) return { resellers: [] };
  const [sold, keys] = await Promise.all([
    db
      .select({ resellerId: resellerExperiences.resellerId, id: experiences.id, title: experiences.title })
      .from(resellerExperiences)
      .innerJoin(experiences, eq(experiences.id, resellerExperiences.experienceId))
      .where(inArray(resellerExperiences.resellerId, ids))
      .orderBy(asc(experiences.title), asc(experiences.id)),
    db
      .select()
      .from(resellerKeys)
      .where(inArray(resellerKeys.resellerId, ids))
      .orderBy(desc(resellerKeys.createdAt), asc(resellerKeys.id)),
  ]);
  return {
    resellers: rows.map((row): ResellerOutput => ({
      id: row.id,
      name: row.name,
      contactEmail: row.contactEmail,
      commissionBps: row.commissionBps,
      experiences: row.allExperiences
        ? null
        : sold.filter((line) => line.resellerId === row.id).map(({ id, title }) => ({ id, title })),
      keys: keys
        .filter((key) => key.resellerId === row.id)
        .map((key) => ({
          id: key.id,
          last4: key.last4,
          createdAt: key.createdAt.toISOString(),
          lastUsedAt: iso(key.lastUsedAt),
          revokedAt: iso(key.revokedAt),
        })),
      createdAt: row.createdAt.toISOString(),
    })),
  };
}

/** POST /v1/operator/resellers: an experience id that is not this operator's is 400 on its field. */
export async function createReseller(db: Db, actor: Actor, body: CreateResellerBody): Promise<ResellerOutput> {
  const id = randomId("rs_");
  await db.transaction(async (tx) => {
    const listed = [...new Set(body.experienceIds ?? [])];
    if (listed.length > 0) {
      const own = await tx
        .select({ id: experiences.id })
        .from(experiences)
        .where(and(eq(experiences.accountId, actor.accountId), inArray(experiences.id, listed)));
      const known = new Set(own.map((row) => row.id));
      const refused = (body.experienceIds ?? []).flatMap((experienceId, index) =>
        known.has(experienceId) ? [] : [[`experienceIds.${index}`, [FIELD_MESSAGES["id.invalid"]]]],
      );
      if (refused.length > 0) throw validationError(Object.fromEntries(refused));
    }
    await tx.insert(resellers).values({
      id,
      accountId: actor.accountId,
      name: body.name,
      contactEmail: body.contactEmail,
      commissionBps: body.commissionBps,
      allExperiences: body.experienceIds === null,
    });
    if (listed.length > 0)
      await tx.insert(resellerExperiences).values(listed.map((experienceId) => ({ resellerId: id, experienceId })));
    await writeAudit(tx, actor, "reseller.created", {
      resellerId: id,
      name: body.name,
      contactEmail: body.contactEmail,
      commissionBps: String(body.commissionBps),
      experiences: body.experienceIds === null ? "all" : listed.join(","),
    });
  });
  const { resellers: all } = await listResellers(db, actor.accountId);
  return all.find((reseller) => reseller.id === id)!;
}
