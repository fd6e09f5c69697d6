import { randomInt } from "node:crypto";
import { and, count, eq, isNull } from "drizzle-orm";
import { RECOVERY_CODE_COUNT } from "~contract/identity/two-step";
import type { Db } from "../db/client";
import { userRecoveryCodes } from "../db/schema";
import { keyedHash } from "./sealing";

/**
 * Ten single-use recovery codes: ten letters and digits each (crypto.randomInt), shown once as
 * "xxxxx-xxxxx", kept only as HMAC-SHA-256 with TWO_STEP_KEY. Making new ones voids the old.
 */
const ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";

function newCode(): string {
  let code = "";
  for (let i = 0; i < 10; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

const shown = (code: string) => `${code.slice(0, 5)}-${code.slice(5)}`;

/** Replaces the user's recovery codes with ten new ones (in the caller's transaction); answers them as shown. */
export async function makeRecoveryCodes(tx: Db, userId: string): Promise<string[]> {
  const codes = new Set<string>();
  while (codes.size < RECOVERY_CODE_COUNT) codes.add(newCode());
  await tx.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, userId));
  await tx.insert(userRecoveryCodes).values([...codes].map((code) => ({ userId, codeHash: keyedHash(code) })));
  return [...codes].map(shown);
}

/**
 * Uses one of the user's unused codes (given as the contract's ten lower-case characters): marks
 * it used in one statement, so two requests with the same code cannot both pass. Answers whether
 * it was one.
 */
export async function spendRecoveryCode(db: Db, userId: string, code: string): Promise<boolean> {
  const used = await db
    .update(userRecoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(userRecoveryCodes.userId, userId),
        eq(userRecoveryCodes.codeHash, keyedHash(code)),
        isNull(userRecoveryCodes.usedAt),
      ),
    )
    .returning({ codeHash: userRecoveryCodes.codeHash });
  return used.length > 0;
}

export async function recoveryCodesLeft(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ left: count() })
    .from(userRecoveryCodes)
    .where(and(eq(userRecoveryCodes.userId, userId), isNull(userRecoveryCodes.usedAt)));
  return row?.left ?? 0;
}

export async function hasRecoveryCodes(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ any: count() }).from(userRecoveryCodes).where(eq(userRecoveryCodes.userId, userId));
  return (row?.any ?? 0) > 0;
}
