import { and, eq, lt, sql } from "drizzle-orm";
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
  /** Weighted number of calls in the sliding window, this one included. */
  estimate: number;
  /** When not allowed: seconds until a call would be allowed again (at least 1). */
  retryAfterSeconds: number;
}

/** Counters older than this are deleted (two of the longest window the API env allows). */
const KEEP_MS = 2 * 24 * 60 * 60 * 1000;
const CLEANUP_EVERY_MS = 60 * 60 * 1000;
let lastCleanup = 0;

/**
 * Seconds until one more call fits, given the previous window's count `p`, the current
 * window's count `c` (this call included), the elapsed part `t` of the current window and
 * the window length `w` (ms).
 */
export function retryAfterSeconds(p: number, c: number, t: number, w: number, limit: number): number {
  let waitMs: number;
  if (c + 1 <= limit && p > 0) {
    // Still in this window, once enough of the previous window has slid out.
    waitMs = Math.max(0, w * (1 - (limit - 1 - c) / p) - t);
  } else {
    // In the next window, where this window becomes the previous one.
    waitMs = w - t + Math.max(0, w * (1 - (limit - 1) / c));
  }
  return Math.max(1, Math.ceil(waitMs / 1000));
}

/**
 * Counts one call against a sliding-window limit stored in the database, so it holds
 * across processes. Two fixed windows are kept per key; the estimate is the current
 * window's count plus the previous window's count weighted by how much of it still
 * overlaps the sliding window (no double burst at window edges). The increment is one
 * atomic upsert; calls over the limit are counted too.
 */
export async function consumeRateLimit(db: Db, rule: RateLimitRule, now = new Date()): Promise<RateLimitResult> {
  const w = rule.windowSeconds * 1000;
  const startMs = Math.floor(now.getTime() / w) * w;
  const [current] = await db
    .insert(rateLimits)
    .values({ key: rule.key, windowStart: new Date(startMs), count: 1 })
    .onConflictDoUpdate({
      target: [rateLimits.key, rateLimits.windowStart],
      set: { count: sql`${rateLimits.count} + 1` },
    })
    .returning({ count: rateLimits.count });
  const [previous] = await db
    .select({ count: rateLimits.count })
    .from(rateLimits)
    .where(and(eq(rateLimits.key, rule.key), eq(rateLimits.windowStart, new Date(startMs - w))))
    .limit(1);
  await cleanUpOccasionally(db, now);

  const t = now.getTime() - startMs;
  const p = previous?.count ?? 0;
  const c = current.count;
  const estimate = p * (1 - t / w) + c;
  const allowed = estimate <= rule.limit;
  return { allowed, estimate, retryAfterSeconds: allowed ? 0 : retryAfterSeconds(p, c, t, w, rule.limit) };
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
