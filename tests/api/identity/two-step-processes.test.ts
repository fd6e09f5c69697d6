import { describe, expect, it } from "vitest";
import { MAX_WRONG_ANSWERS } from "~contract/identity/two-step";
import { withTwoAppProcesses } from "../../support/app-processes";
import { v1Path } from "../../support/client";
import { identityWorld, randomIp } from "../../support/identity";
import { awayFromStepEdge, enrolledUser, newSession, totpCode } from "../../support/two-step";
import { stretched } from "../../support/time-limits";

/**
 * Two-step sign-in on two app processes over one PostgreSQL database: the wrong answers count
 * together wherever they land, and a session's step given on one process opens it on the other
 * at once (its cached pending identity reads the step again).
 */
describe.skipIf(!process.env.DATABASE_URL)("two-step sign-in across two processes (PostgreSQL)", () => {
  identityWorld();
  const processes = withTwoAppProcesses();

  const send = (url: string, token: string, path: string, body?: unknown) =>
    fetch(`${url}${path}`, {
      method: body === undefined ? "GET" : "POST",
      headers: {
        Authorization: `Bearer ${token}`,
        "X-Forwarded-For": randomIp(),
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  it(
    `${MAX_WRONG_ANSWERS} wrong codes spread over two processes lock the second step: 429 with Retry-After on both`,
    async () => {
      const [a, b] = processes();
      const user = await enrolledUser();
      const token = await newSession(user);
      const statuses: number[] = [];
      let last: Response | undefined;
      for (let i = 0; i < MAX_WRONG_ANSWERS; i++) {
        last = await send((i % 2 ? b : a).url, token, v1Path("verifySecondFactor"), { method: "totp", code: "000000" });
        statuses.push(last.status);
      }
      expect(statuses).toEqual([400, 400, 400, 400, 429]);
      expect(Number(last!.headers.get("Retry-After"))).toBeGreaterThan(14 * 60);
      await awayFromStepEdge();
      const code = await totpCode(user.secret, 1);
      for (const { url } of [a, b]) {
        const right = await send(url, token, v1Path("verifySecondFactor"), { method: "totp", code });
        expect(right.status).toBe(429);
        expect(((await right.json()) as { error: { code: string } }).error.code).toBe("second_step_locked");
        expect(Number(right.headers.get("Retry-After"))).toBeGreaterThan(0);
      }
    },
    stretched(120_000),
  );

  it(
    "a step given on one process opens the session on the other at once",
    async () => {
      const [a, b] = processes();
      const user = await enrolledUser();
      const token = await newSession(user);
      // Process A verifies the token and keeps it (pending) in its cache.
      expect((await send(a.url, token, "/v1/bookings")).status).toBe(403);
      await awayFromStepEdge();
      const given = await send(b.url, token, v1Path("verifySecondFactor"), {
        method: "totp",
        code: await totpCode(user.secret, 1),
      });
      expect(given.status).toBe(200);
      expect((await send(a.url, token, "/v1/bookings")).status).toBe(200);
    },
    stretched(120_000),
  );
});
