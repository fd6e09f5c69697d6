import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { IDEMPOTENCY_KEY_HEADER } from "~contract/idempotency-key";
import type { Db } from "../db/client";
import { isUniqueViolation } from "../db/errors";
import { consoleWriteKeys } from "../db/schema";
import { conflict } from "../http/errors";
import type { Member } from "../members/guard";

/** Called by a write inside its transaction with its answer: kept under the request's key, committed with the change. */
export type KeepAnswer<T> = (tx: Db, answer: T) => Promise<void>;

/** A write sent with an Idempotency-Key: whose, the key, and what it asks (the endpoint and its target). */
interface KeyedWrite {
  accountId: string;
  idempotencyKey: string;
  request: string;
}

/**
 * What a write asks, as its kept key remembers it: `name` (the endpoint and its target) and a
 * digest of what it sends, so a key sent again with other fields or another file (a form of a
 * page gone back to and changed) is refused rather than answered with the first answer.
 */
export async function requestOf(name: string, ...sent: Array<string | Blob>): Promise<string> {
  const digest = createHash("sha256");
  for (const part of sent) {
    digest.update(typeof part === "string" ? part : new Uint8Array(await part.arrayBuffer()));
    digest.update("\0");
  }
  return `${name}:${digest.digest("base64url")}`;
}

async function keptAnswer(db: Db, write: KeyedWrite): Promise<{ answer: unknown } | null> {
  const [row] = await db
    .select({ request: consoleWriteKeys.request, answer: consoleWriteKeys.answer })
    .from(consoleWriteKeys)
    .where(
      and(eq(consoleWriteKeys.accountId, write.accountId), eq(consoleWriteKeys.idempotencyKey, write.idempotencyKey)),
    );
  if (!row) return null;
  if (row.request !== write.request)
    throw conflict("This Idempotency-Key was used for another request.", "idempotency_key_reused");
  return { answer: row.answer };
}

/**
 * A console write that creates something (a photo, a service, a logo, an invitation), done once
 * per Idempotency-Key (optional: without one, every call is a new write). The same key again
 * answers the first answer and creates nothing (a form sent twice, a retried request); the key
 * sent for another request (`request`: requestOf, the endpoint, its target and what it sends) is
 * 409 `idempotency_key_reused`. `run` calls `keep` in its transaction with its answer; two requests
 * with one key that race both run, and the second's transaction meets the first's key (the
 * primary key waits for the first to commit), rolls back, and answers the first's answer.
 */
export async function once<T>(
  db: Db,
  member: Member,
  headers: { [IDEMPOTENCY_KEY_HEADER]?: string },
  request: string,
  run: (keep: KeepAnswer<unknown>) => Promise<T>,
): Promise<T> {
  const idempotencyKey = headers[IDEMPOTENCY_KEY_HEADER];
  if (!idempotencyKey) return run(async () => {});
  const write: KeyedWrite = { accountId: member.account.id, idempotencyKey, request };
  const kept = await keptAnswer(db, write);
  if (kept) return kept.answer as T;
  try {
    return await run(async (tx, answer) => {
      await tx.insert(consoleWriteKeys).values({ ...write, answer });
    });
  } catch (error) {
    const winner = isUniqueViolation(error, "console_write_keys_pk") ? await keptAnswer(db, write) : null;
    if (!winner) throw error;
    return winner.answer as T;
  }
}
