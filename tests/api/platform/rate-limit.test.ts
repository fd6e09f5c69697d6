import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { enforceRateLimits } from "~api/rate-limit/service";
import { ApiError } from "~api/http/errors";
import { seedDbForThisFile } from "../../support/api";
import { withTwoAppProcesses } from "../../support/app-processes";
import { withEmulatorUsers } from "../../support/identity";
import { v1Path } from "../../support/client";
import { stretched } from "../../support/time-limits";

seedDbForThisFile();

const refusal = async (rules: Parameters<typeof enforceRateLimits>[0]) =>
  enforceRateLimits(rules).then(
    () => null,
    (error: unknown) => error as ApiError,
  );

describe("rate limits (rate-limiter-flexible)", () => {
  it("allows `limit` calls per window, then 429 rate_limited with the seconds to wait", async () => {
    const rule = { key: `t:${randomUUID()}`, limit: 3, windowSeconds: 600 };
    for (let i = 0; i < 3; i++) expect(await refusal([rule])).toBeNull();
    const refused = await refusal([rule]);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ status: 429, code: "rate_limited" });
    const wait = Number(refused!.headers?.["Retry-After"]);
    expect(wait).toBeGreaterThan(590);
    expect(wait).toBeLessThanOrEqual(600);
  });

  it("the first rule exceeded stops the count: later rules are not charged; keys are independent", async () => {
    const first = { key: `a:${randomUUID()}`, limit: 1, windowSeconds: 60 };
    const second = { key: `b:${randomUUID()}`, limit: 2, windowSeconds: 60 };
    expect(await refusal([first, second])).toBeNull();
    expect(await refusal([first, second])).toMatchObject({ status: 429 });
    // `second` was charged once: one more call still fits it.
    expect(await refusal([second])).toBeNull();
    expect(await refusal([second])).toMatchObject({ status: 429 });
    expect(await refusal([{ ...first, key: `a:${randomUUID()}` }])).toBeNull();
  });

  it("concurrent calls on one key never let more than the limit through", async () => {
    const rule = { key: `c:${randomUUID()}`, limit: 5, windowSeconds: 60 };
    const results = await Promise.all(Array.from({ length: 20 }, () => refusal([rule])));
    expect(results.filter((result) => result === null)).toHaveLength(5);
  });
});

/** With REDIS_URL, a limit holds across processes: two app processes count one account's attempts together. */
describe.skipIf(!process.env.REDIS_URL)("rate limits across two processes (Redis)", () => {
  withEmulatorUsers();
  const processes = withTwoAppProcesses();

  it(
    "the 6th password attempt on one account is refused, wherever the attempts landed",
    async () => {
      const email = `spread-${randomUUID()}@example.com`;
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        const { url } = processes()[i % 2];
        const res = await fetch(`${url}${v1Path("passwordSession")}`, {
          method: "POST",
          headers: { "Content-Type": "application/json", "X-Forwarded-For": `198.51.100.${i}` },
          body: JSON.stringify({ email, password: "wrong-guess-1" }),
        });
        statuses.push(res.status);
        if (res.status === 429) expect(Number(res.headers.get("Retry-After"))).toBeGreaterThan(0);
      }
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    },
    stretched(60_000),
  );
});
