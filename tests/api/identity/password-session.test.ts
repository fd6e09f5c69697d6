import { describe, expect, it } from "vitest";
import { expectEnvelope, seedDbForThisFile } from "../../support/api";
import { createUser, randomIp, withEmulatorUsers } from "../../support/identity";
import { v1 } from "../../support/client";

seedDbForThisFile();
withEmulatorUsers();

const attempt = (email: string, password: string, ip?: string) => v1.passwordSession({ body: { email, password }, ip });

describe("POST /v1/auth/password-session (the sign-in form without JavaScript)", () => {
  it("the right password opens a session; a wrong one is 401 invalid_credentials, like an unknown address", async () => {
    const user = await createUser();
    const ok = await attempt(user.email, user.password);
    expect(ok.status).toBe(200);
    expect(ok.body.data.sessionCookie).toEqual(expect.any(String));
    expect(ok.body.data.user.email).toBe(user.email);
    expectEnvelope(await attempt(user.email, "not-the-password-1"), 401, "invalid_credentials");
    expectEnvelope(await attempt(`nobody-${Date.now()}@example.com`, "whatever-1"), 401, "invalid_credentials");
    expectEnvelope(await attempt("not-an-email", "x"), 400, "validation_error");
  });

  it("the 6th attempt in a minute on one account is refused with Retry-After, whatever X-Forwarded-For says", async () => {
    const user = await createUser();
    for (let i = 0; i < 5; i++) {
      // A new forged address each time: the account's own limit still counts.
      expectEnvelope(await attempt(user.email, `wrong-${i}-pass`, `10.9.${i}.1`), 401, "invalid_credentials");
    }
    const sixth = await attempt(user.email, user.password, "10.9.99.1");
    expectEnvelope(sixth, 429, "rate_limited");
    expect(Number(sixth.headers.get("Retry-After"))).toBeGreaterThan(0);
  });

  it("per address: the address the trusted proxy saw counts, entries the client forged do not", async () => {
    const proxySaw = randomIp();
    const results: number[] = [];
    // 51 attempts on different accounts from one client that forges a new first entry each time.
    for (let i = 0; i < 51; i++) {
      const res = await v1.passwordSession({
        body: { email: `spray-${i}-${Date.now()}@example.com`, password: "guess-123" },
        headers: { "X-Forwarded-For": `203.0.113.${i}, ${proxySaw}` },
      });
      results.push(res.status);
    }
    expect(results.slice(0, 50).every((status) => status === 401)).toBe(true);
    expect(results[50]).toBe(429);
  });

  it("one user may open 20 sessions a minute (POST /v1/auth/session); then 429 with Retry-After", async () => {
    const user = await createUser();
    for (let i = 0; i < 20; i++) {
      expect((await v1.createSession({ body: { idToken: user.idToken } })).status).toBe(200);
    }
    const refused = await v1.createSession({ body: { idToken: user.idToken } });
    expectEnvelope(refused, 429, "rate_limited");
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
  });
});
