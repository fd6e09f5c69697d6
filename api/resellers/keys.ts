/**
 * Resellers' API keys (issue 47): a key is 32 random bytes (base64url) behind a prefix, answered
 * once; only its SHA-256 and last 4 characters are kept. A revoked key is refused.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import type { CreatedResellerKey } from "~contract/operator/resellers";
import type { Db } from "../db/client";
import { accounts, resellerKeys, resellers, type AccountRow, type ResellerRow } from "../db/schema";
import { clockNow } from "../clock";
import { notFound } from "../http/errors";
import { writeAudit, type Actor } from "../audit/log";
import { randomId } from "../ids";
import { ownReseller } from "./resellers";

/** What every key's text starts with (a secret scanner can recognise it). */
export const RESELLER_KEY_PREFIX = "wf_octo_";

const hashOf = (key: string) => createHash("sha256").update(key).digest("hex");

const keyOutput = (row: typeof resellerKeys.$inferSelect) => ({
  id: row.id,
  last4: row.last4,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt ? row.lastUsedAt.toISOString() : null,
  revokedAt: row.revokedAt ? row.revokedAt.toISOString() : null,
});

/** POST /v1/operator/resellers/{resellerId}/keys */
export async function createResellerKey(db: Db, actor: Actor, resellerId: string): Promise<CreatedResellerKey> {
  return db.transaction(async (tx) => {
    const reseller = await ownReseller(tx, actor.accountId, resellerId);
    const key = `${RESELLER_KEY_PREFIX}${randomBytes(32).toString("base64url")}`;
    const [row] = await tx
      .insert(resellerKeys)
      .values({ id: randomId("rk_"), resellerId: reseller.id, keyHash: hashOf(key), last4: key.slice(-4) })
      .returning();
    await writeAudit(tx, actor, "reseller_key.created", {
      resellerId: reseller.id,
      keyId: row.id,
      name: reseller.name,
      last4: row.last4,
    });
    return { ...keyOutput(row), resellerId: reseller.id, key };
  });
}

/** DELETE /v1/operator/resellers/{resellerId}/keys/{keyId}: revoking a revoked key again changes nothing. */
export async function revokeResellerKey(db: Db, actor: Actor, resellerId: string, keyId: string) {
  return db.transaction(async (tx) => {
    const reseller = await ownReseller(tx, actor.accountId, resellerId);
    const [row] = await tx
      .select()
      .from(resellerKeys)
      .where(and(eq(resellerKeys.id, keyId), eq(resellerKeys.resellerId, reseller.id)))
      .for("update")
      .limit(1);
    if (!row) throw notFound(`No key "${keyId}" of this reseller.`, "reseller_key_not_found");
    if (row.revokedAt) return keyOutput(row);
    const [revoked] = await tx
      .update(resellerKeys)
      .set({ revokedAt: clockNow() })
      .where(eq(resellerKeys.id, row.id))
      .returning();
    await writeAudit(tx, actor, "reseller_key.revoked", {
      resellerId: reseller.id,
      keyId: row.id,
      name: reseller.name,
      last4: row.last4,
    });
    return keyOutput(revoked);
  });
}

/** Whose key this is: the reseller and its operator (suspended or not), or null (unknown or revoked). */
export async function resellerByKey(
  db: Db,
  key: string,
): Promise<{ reseller: ResellerRow; account: AccountRow; keyId: string } | null> {
  const [row] = await db
    .select({ reseller: resellers, account: accounts, keyId: resellerKeys.id })
    .from(resellerKeys)
    .innerJoin(resellers, eq(resellers.id, resellerKeys.resellerId))
    .innerJoin(accounts, eq(accounts.id, resellers.accountId))
    .where(and(eq(resellerKeys.keyHash, hashOf(key)), isNull(resellerKeys.revokedAt)))
    .limit(1);
  if (!row) return null;
  // The console's "last used": one write per call, not awaited by the answer's content.
  await db.update(resellerKeys).set({ lastUsedAt: clockNow() }).where(eq(resellerKeys.id, row.keyId));
  return row;
}
