import { eq, sql } from "drizzle-orm";
import { LOCK_MINUTES, LOCK_WINDOW_MINUTES, MAX_WRONG_ANSWERS } from "~contract/identity/two-step";
import type { Db } from "../db/client";
import { secondStepAttempts } from "../db/schema";
import { ApiError, waitInWords } from "../http/errors";

/**
 * The wrong-answer lock of the second step, per user and in the database, so every process counts
 * the same answers: MAX_WRONG_ANSWERS wrong in LOCK_WINDOW_MINUTES lock it for LOCK_MINUTES, during
 * which every answer, right or wrong, is 429 `second_step_locked` with Retry-After. Real time
 * (now()), like the rate limits: the product's test clock does not move it.
 */
export const secondStepLocked = (retryAfterSeconds: number) => {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return new ApiError(
    429,
    "second_step_locked",
    `Too many wrong answers: two-step sign-in is locked. Try again ${waitInWords(seconds)}.`,
    undefined,
    { "Retry-After": String(seconds) },
  );
};

/** 429 second_step_locked while the user's lock lasts. */
export async function refuseWhileLocked(db: Db, userId: string): Promise<void> {
  const [row] = await db
    .select({ wait: sql<number>`extract(epoch from (${secondStepAttempts.lockedUntil} - now()))::float8` })
    .from(secondStepAttempts)
    .where(eq(secondStepAttempts.userId, userId))
    .limit(1);
  if (row && row.wait !== null && Number(row.wait) > 0) throw secondStepLocked(Number(row.wait));
}

/**
 * Counts one wrong answer in one atomic statement (an UPSERT whose row lock orders concurrent
 * answers): a window older than LOCK_WINDOW_MINUTES, or a lock that has ended, starts again at 1;
 * the MAX_WRONG_ANSWERS-th locks. Answers whether this answer locked it, and the seconds left.
 */
export async function countWrongAnswer(db: Db, userId: string): Promise<{ lockedNow: boolean; waitSeconds: number }> {
  const t = secondStepAttempts;
  const restart = sql`((${t.lockedUntil} IS NOT NULL AND ${t.lockedUntil} <= now()) OR (${t.lockedUntil} IS NULL AND ${t.windowStartedAt} <= now() - make_interval(mins => ${LOCK_WINDOW_MINUTES})))`;
  const [row] = await db
    .insert(t)
    .values({ userId, failures: 1, windowStartedAt: sql`now()`, lockedUntil: null })
    .onConflictDoUpdate({
      target: t.userId,
      set: {
        failures: sql`CASE WHEN ${restart} THEN 1 ELSE ${t.failures} + 1 END`,
        windowStartedAt: sql`CASE WHEN ${restart} THEN now() ELSE ${t.windowStartedAt} END`,
        lockedUntil: sql`CASE WHEN ${restart} THEN NULL WHEN ${t.lockedUntil} IS NOT NULL THEN ${t.lockedUntil} WHEN ${t.failures} + 1 >= ${MAX_WRONG_ANSWERS} THEN now() + make_interval(mins => ${LOCK_MINUTES}) ELSE NULL END`,
      },
    })
    .returning({
      failures: t.failures,
      wait: sql<number | null>`extract(epoch from (${t.lockedUntil} - now()))::float8`,
    });
  const waitSeconds = row?.wait === null || row?.wait === undefined ? 0 : Number(row.wait);
  return { lockedNow: row?.failures === MAX_WRONG_ANSWERS && waitSeconds > 0, waitSeconds };
}

/** A right answer clears the count. */
export async function clearWrongAnswers(db: Db, userId: string): Promise<void> {
  await db.delete(secondStepAttempts).where(eq(secondStepAttempts.userId, userId));
}
