import { lt, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { rateLimits } from "../db/schema";
import { rateLimited } from "../http/errors";

export interface RateLimitRule {
  /** What is counted, e.g. "auth-email:email:ann@example.com". */
  key: string;
  /** Calls allowed per window. */
  limit: number;
  windowSeconds: number;
}

export interface RateLimitResult {
  allowed: boolean;
  /** Calls counted in the current window, this one included. */
  count: number;
  /** Seconds until the current window ends. */
  retryAfterSeconds: number;
}

/** Counters older than this are deleted (longer than any window in use). */
const KEEP_MS = 24 * 60 * 60 * 1000;
const CLEANUP_EVERY_MS = 60 * 60 * 1000;
let lastCleanup = 0;

/**
 * Counts one call against a fixed-window counter stored in the database, so the limit
 * holds across processes: one atomic upsert (`count = count + 1`) per call. Calls over
 * the limit are counted too.
 */
export async function consumeRateLimit(db: Db, rule: RateLimitRule, now = new Date()): Promise<RateLimitResult> {
  const windowMs = rule.windowSeconds * 1000;
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const [row] = await db
    .insert(rateLimits)
    .values({ key: rule.key, windowStart, count: 1 })
    .onConflictDoUpdate({
      target: [rateLimits.key, rateLimits.windowStart],
      set: { count: sql`${rateLimits.count} + 1` },
    })
    .returning({ count: rateLimits.count });
  await cleanUpOccasionally(db, now);
  const retryAfterSeconds = Math.max(1, Math.ceil((windowStart.getTime() + windowMs - now.getTime()) / 1000));
  return { allowed: row.count <= rule.limit, count: row.count, retryAfterSeconds };
}

/**
 * Applies the rules in order and throws 429 `rate_limited` (with Retry-After) at the first
 * one exceeded; later rules are then not counted.
 */
export async function enforceRateLimits(db: Db, rules: RateLimitRule[], now = new Date()): Promise<void> {
  for (const rule of rules) {
    const result = await consumeRateLimit(db, rule, now);
    if (!result.allowed) throw rateLimited(result.retryAfterSeconds);
  }
}

async function cleanUpOccasionally(db: Db, now: Date): Promise<void> {
  if (now.getTime() - lastCleanup < CLEANUP_EVERY_MS) return;
  lastCleanup = now.getTime();
  await db.delete(rateLimits).where(lt(rateLimits.windowStart, new Date(now.getTime() - KEEP_MS)));
}
