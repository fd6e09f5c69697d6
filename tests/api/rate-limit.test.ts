import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rateLimits } from "~api/db/schema";
import { consumeRateLimit, enforceRateLimits, retryAfterSeconds } from "~api/rate-limit/service";
import { ApiError } from "~api/http/errors";
import { seedDbForThisFile } from "./helpers/api";

const { db } = seedDbForThisFile();

const WINDOW = 600;
const key = () => `test:${crypto.randomUUID()}`;
/** A fixed instant at the start of a 10-minute window. */
const base = Math.ceil(Date.now() / 600_000) * 600_000 + 10 * 600_000;
const at = (seconds: number) => new Date(base + seconds * 1000);

describe("database rate limiter", () => {
  it("allows `limit` calls per window, then refuses with the wait until the window frees up", async () => {
    const rule = { key: key(), limit: 3, windowSeconds: WINDOW };
    for (let i = 0; i < 3; i++) expect((await consumeRateLimit(db(), rule, at(10 + i))).allowed).toBe(true);
    const refused = await consumeRateLimit(db(), rule, at(20));
    expect(refused.allowed).toBe(false);
    // 4 calls in this window: the next call fits once 4·(1−g)+1 ≤ 3 in the next window (g = ½).
    expect(refused.retryAfterSeconds).toBe(600 - 20 + 300);
    expect((await consumeRateLimit(db(), rule, at(600 + 299))).allowed).toBe(false);
    expect((await consumeRateLimit(db(), rule, at(1200 + 1))).allowed).toBe(true);
  });

  it("no double burst at a window edge (sliding window)", async () => {
    const rule = { key: key(), limit: 3, windowSeconds: WINDOW };
    expect((await consumeRateLimit(db(), rule, at(598))).allowed).toBe(true);
    expect((await consumeRateLimit(db(), rule, at(599))).allowed).toBe(true);
    expect((await consumeRateLimit(db(), rule, at(600))).allowed).toBe(true);
    const fourth = await consumeRateLimit(db(), rule, at(601));
    expect(fourth.allowed).toBe(false);
    expect(fourth.retryAfterSeconds).toBeGreaterThan(0);
  });

  it("counts are shared by every caller of the same key and kept per window", async () => {
    const rule = { key: key(), limit: 10, windowSeconds: WINDOW };
    await Promise.all(Array.from({ length: 5 }, () => consumeRateLimit(db(), rule, at(5))));
    const rows = await db().select().from(rateLimits).where(eq(rateLimits.key, rule.key));
    expect(rows).toEqual([{ key: rule.key, windowStart: at(0), count: 5 }]);
  });

  it("enforceRateLimits throws 429 rate_limited with Retry-After and skips later rules", async () => {
    const first = { key: key(), limit: 1, windowSeconds: WINDOW };
    const second = { key: key(), limit: 5, windowSeconds: WINDOW };
    await enforceRateLimits(db(), [first, second], at(1));
    const error = await enforceRateLimits(db(), [first, second], at(2)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(429);
    expect((error as ApiError).code).toBe("rate_limited");
    expect(Number((error as ApiError).headers?.["Retry-After"])).toBeGreaterThan(0);
    const secondRows = await db().select().from(rateLimits).where(eq(rateLimits.key, second.key));
    expect(secondRows[0].count).toBe(1);
  });

  it("retryAfterSeconds", () => {
    // Room in this window once enough of the previous one has slid out: 6·(1−f)+1+1 ≤ 3 → f ≥ ⅚.
    expect(retryAfterSeconds(6, 1, 0, 600_000, 3)).toBe(500);
    // Never less than a second.
    expect(retryAfterSeconds(1, 1, 599_999, 600_000, 3)).toBe(1);
    // limit 1: a whole extra window.
    expect(retryAfterSeconds(0, 2, 0, 600_000, 1)).toBe(1200);
  });
});
