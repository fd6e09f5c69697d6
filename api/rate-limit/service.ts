import { Redis } from "ioredis";
import { rateLimitRefusals } from "~runtime/metrics.mjs";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { onBeforeCloseDb } from "../db/client";
import { getApiEnv } from "../env";
import { rateLimited } from "../http/errors";
import { errorFields, logger } from "../logger";

export interface RateLimitRule {
  /** What is counted, e.g. "auth-email:email:ann@example.com". */
  key: string;
  /** Calls allowed per window. */
  limit: number;
  windowSeconds: number;
}

/**
 * Limits on rate-limiter-flexible: in this process's memory by default (one process, the local
 * quick start), in Redis when REDIS_URL is set, so a limit holds across every process of the
 * app. Should Redis fail, each process falls back to its own memory (the insurance limiter)
 * rather than letting everything through or refusing everything.
 */
let redis: Redis | null | undefined;
/** The process's Redis connection for commands (null without REDIS_URL): the limits, and readiness's PING. */
export function redisClient(): Redis | null {
  if (redis === undefined) {
    const url = getApiEnv().REDIS_URL;
    // Commands wait for the first connection; should Redis go away, they fail fast (insurance limiter).
    redis = url ? new Redis(url, { maxRetriesPerRequest: 1, connectTimeout: 2_000 }) : null;
    redis?.on("error", (error: unknown) => logger.warn({ err: errorFields(error) }, "redis unavailable"));
    // Closed with the database when the process stops: an open connection would keep it running.
    if (redis) onBeforeCloseDb(closeRateLimits);
  }
  return redis;
}

const limiters = new Map<string, RateLimiterAbstract>();
function limiterFor(rule: RateLimitRule): RateLimiterAbstract {
  const id = `${rule.limit}/${rule.windowSeconds}`;
  let limiter = limiters.get(id);
  if (!limiter) {
    const options = {
      points: rule.limit,
      duration: rule.windowSeconds,
      keyPrefix: `${getApiEnv().REDIS_KEY_PREFIX}limit:${id}`,
    };
    const client = redisClient();
    limiter = client
      ? new RateLimiterRedis({ ...options, storeClient: client, insuranceLimiter: new RateLimiterMemory(options) })
      : new RateLimiterMemory(options);
    limiters.set(id, limiter);
  }
  return limiter;
}

/**
 * Counts one call against each rule, in order, and throws 429 `rate_limited` (with Retry-After,
 * the seconds until that rule's window frees a call) at the first one exceeded; later rules are
 * then not counted.
 */
export async function enforceRateLimits(rules: RateLimitRule[]): Promise<void> {
  for (const rule of rules) {
    try {
      await limiterFor(rule).consume(rule.key);
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) {
        // Counted by the rule's kind ("auth-email:ip"), never by its key: a key names a person.
        rateLimitRefusals.inc({ limit: rule.key.split(":", 2).join(":") });
        throw rateLimited(Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)));
      }
      throw rejection;
    }
  }
}

/** Closes the Redis connection (process shutdown, tests). */
export async function closeRateLimits(): Promise<void> {
  limiters.clear();
  const client = redis;
  redis = undefined;
  await client?.quit().catch(() => undefined);
}
