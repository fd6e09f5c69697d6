import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { outbox, securityEvents, sessionSecondSteps, userRecoveryCodes, userTotp, users } from "~api/db/schema";
import { tokenHash } from "~api/auth/verify";
import { parseTwoStepKey } from "~api/env";
import { keyedHash, seal, unseal } from "~api/two-step/sealing";
import { MAX_WRONG_ANSWERS } from "~contract/identity/two-step";
import { expectEnvelope } from "../../support/api";
import { v1 } from "../../support/client";
import { call, identityWorld, outboxOfKind, syncedUser, type TestUser } from "../../support/identity";
import { awayFromStepEdge, enrolledUser, newSession, signedInMinutesAgo, totpCode } from "../../support/two-step";

/**
 * Two-step sign-in (issue 43) with an authenticator app: enrolment, the pending session and its
 * second step, a code counted once, clock drift, the wrong-answer lock, recovery codes, and
 * secrets at rest.
 */
const { db } = identityWorld();

/** A new sign-in answering with a code already used is refused (400), and its session stays pending. */
async function expectSpentCodeRefused(user: TestUser, answer: { method: "totp" | "recovery"; code: string }) {
  const token = await newSession(user);
  expectEnvelope(await v1.verifySecondFactor({ token, body: answer }), 400, "invalid_second_factor");
  expectEnvelope(await call("/v1/bookings", { token }), 403, "second_step_required");
}

describe("enrolling an authenticator app", () => {
  it("answers the secret and otpauth URL; the first code confirms it and makes ten recovery codes", async () => {
    const user = await syncedUser();
    const started = await v1.startTotpEnrolment({ token: user.idToken });
    expect(started.status).toBe(201);
    const { secret, otpauthUrl } = started.body.data;
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\//);
    expect(new URL(otpauthUrl).searchParams.get("secret")).toBe(secret);
    // Not a factor until confirmed.
    const before = await v1.userInfo({ token: user.idToken });
    expect(before.body.data).toMatchObject({ hasSecondFactor: false, secondStepPending: false });

    await awayFromStepEdge();
    const wrong = await v1.confirmTotpEnrolment({ token: user.idToken, body: { code: "000000" } });
    expectEnvelope(wrong, 400, "invalid_second_factor");
    const confirmed = await v1.confirmTotpEnrolment({ token: user.idToken, body: { code: await totpCode(secret) } });
    expect(confirmed.status).toBe(200);
    const codes: string[] = confirmed.body.data.recoveryCodes;
    expect(codes).toHaveLength(10);
    for (const code of codes) expect(code).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);
    expect(new Set(codes).size).toBe(10);

    // This session just proved the factor: it is not pending.
    const info = await v1.userInfo({ token: user.idToken });
    expect(info.body.data).toMatchObject({ hasSecondFactor: true, secondStepPending: false });
    const factors = await v1.secondFactors({ token: user.idToken });
    expect(factors.body.data).toMatchObject({ totp: { confirmedAt: expect.any(String) }, recoveryCodesLeft: 10 });
    expect(factors.body.data.secondStepAt).not.toBeNull();

    const [row] = await db().select().from(users).where(eq(users.id, user.uid));
    expect(row.secondFactorEnabled).toBe(true);
    expect(await outboxOfKind(user.email, "security_totp_enrolled")).toHaveLength(1);

    // A second app while one is set up: 409.
    expectEnvelope(await v1.startTotpEnrolment({ token: user.idToken }), 409, "totp_already_enrolled");
    // Nothing waits for a code any more.
    expectEnvelope(
      await v1.confirmTotpEnrolment({ token: user.idToken, body: { code: await totpCode(secret, 1) } }),
      400,
      "no_pending_enrolment",
    );
  });

  it("the database holds no TOTP secret and no recovery code in clear", async () => {
    const user = await enrolledUser();
    const rows = await Promise.all([
      db().select().from(userTotp).where(eq(userTotp.userId, user.uid)),
      db().select().from(userRecoveryCodes).where(eq(userRecoveryCodes.userId, user.uid)),
      db().select().from(securityEvents).where(eq(securityEvents.userId, user.uid)),
      db().select().from(sessionSecondSteps).where(eq(sessionSecondSteps.userId, user.uid)),
      db().select().from(users).where(eq(users.id, user.uid)),
      db().select().from(outbox).where(eq(outbox.recipient, user.email.toLowerCase())),
    ]);
    expect(rows[0]).toHaveLength(1);
    expect(rows[1]).toHaveLength(10);
    const stored = JSON.stringify(rows).toLowerCase();
    expect(stored).not.toContain(user.secret.toLowerCase());
    for (const code of user.recoveryCodes) {
      expect(stored).not.toContain(code);
      expect(stored).not.toContain(code.replace("-", ""));
    }
    expect(rows[0][0].secretSealed).toMatch(/^v1:[A-Za-z0-9_-]+:[A-Za-z0-9_-]+:[A-Za-z0-9_-]+$/);
  });
});

describe("a pending session", () => {
  it("reaches only who the user is, the second step and sign-out until a code is given; then everything", async () => {
    const user = await enrolledUser();
    const token = await newSession(user);

    const info = await v1.userInfo({ token });
    expect(info.status).toBe(200);
    expect(info.body.data).toMatchObject({ hasSecondFactor: true, secondStepPending: true });
    expectEnvelope(await call("/v1/bookings", { token }), 403, "second_step_required");
    expectEnvelope(await v1.personalInfo({ token }), 403, "second_step_required");
    expectEnvelope(await v1.startTotpEnrolment({ token }), 403, "second_step_required");
    expect((await v1.secondFactors({ token })).status).toBe(200);

    await awayFromStepEdge();
    const done = await v1.verifySecondFactor({
      token,
      body: { method: "totp", code: await totpCode(user.secret, 1) },
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.data.recoveryCodesLeft).toBe(10);
    expect((await call("/v1/bookings", { token })).status).toBe(200);
    expect((await v1.userInfo({ token })).body.data.secondStepPending).toBe(false);
    // Another session of the same user is still pending: the step is this token's.
    const other = await newSession(user);
    expectEnvelope(await call("/v1/bookings", { token: other }), 403, "second_step_required");
    expect((await v1.signOut({ token: other })).status).toBe(200);
  });

  it("is anonymous on a public read that personalises (optional auth), never refused", async () => {
    const user = await syncedUser();
    const mine = await v1.myReferral({ token: user.idToken });
    expect(mine.status).toBe(200);
    const code: string = mine.body.data.code;
    expect((await v1.referralInvite({ params: { code }, token: user.idToken })).body.data.own).toBe(true);

    await awayFromStepEdge();
    const started = await v1.startTotpEnrolment({ token: user.idToken });
    const secret = started.body.data.secret;
    await v1.confirmTotpEnrolment({ token: user.idToken, body: { code: await totpCode(secret) } });
    const pending = await newSession(user);
    const asPending = await v1.referralInvite({ params: { code }, token: pending });
    expect(asPending.status).toBe(200);
    expect(asPending.body.data.own).toBe(false);
    await v1.verifySecondFactor({ token: pending, body: { method: "totp", code: await totpCode(secret, 1) } });
    expect((await v1.referralInvite({ params: { code }, token: pending })).body.data.own).toBe(true);
  });

  it("a new session opened from a password answers secondStepPending", async () => {
    const user = await enrolledUser();
    const opened = await call("/v1/auth/password-session", { body: { email: user.email, password: user.password } });
    expect(opened.status).toBe(200);
    expect(opened.body.data.user).toMatchObject({ hasSecondFactor: true, secondStepPending: true });
    const cookie = opened.body.data.sessionCookie;
    expectEnvelope(await call("/v1/bookings", { cookie }), 403, "second_step_required");
  });
});

describe("authenticator codes", () => {
  it("count once: the same code twice, the second is refused", async () => {
    const user = await enrolledUser();
    await awayFromStepEdge();
    const code = await totpCode(user.secret, 1);
    const first = await newSession(user);
    expect((await v1.verifySecondFactor({ token: first, body: { method: "totp", code } })).status).toBe(200);
    await expectSpentCodeRefused(user, { method: "totp", code });
  });

  it("are accepted one step early or late, not two", async () => {
    const user = await syncedUser();
    await awayFromStepEdge(6);
    const started = await v1.startTotpEnrolment({ token: user.idToken });
    const secret = started.body.data.secret;
    // One step late (the phone's clock behind).
    expect(
      (await v1.confirmTotpEnrolment({ token: user.idToken, body: { code: await totpCode(secret, -1) } })).status,
    ).toBe(200);
    const session = await newSession(user);
    for (const offset of [-2, 2]) {
      expectEnvelope(
        await v1.verifySecondFactor({ token: session, body: { method: "totp", code: await totpCode(secret, offset) } }),
        400,
        "invalid_second_factor",
      );
    }
    expect(
      (await v1.verifySecondFactor({ token: session, body: { method: "totp", code: await totpCode(secret, 0) } }))
        .status,
    ).toBe(200);
    const later = await newSession(user);
    // One step early (the phone's clock ahead).
    expect(
      (await v1.verifySecondFactor({ token: later, body: { method: "totp", code: await totpCode(secret, 1) } })).status,
    ).toBe(200);
  });
});

describe("the wrong-answer lock", () => {
  it(`${MAX_WRONG_ANSWERS} wrong answers lock the second step: 429 with Retry-After, even for the right code`, async () => {
    const user = await enrolledUser();
    const token = await newSession(user);
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < MAX_WRONG_ANSWERS; i++) {
      last = await v1.verifySecondFactor({ token, body: { method: "totp", code: "000000" } });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 429]);
    expectEnvelope(last!, 429, "second_step_locked");
    const wait = Number(last!.headers.get("Retry-After"));
    expect(wait).toBeGreaterThan(14 * 60);
    expect(wait).toBeLessThanOrEqual(15 * 60);

    await awayFromStepEdge();
    const right = await v1.verifySecondFactor({
      token,
      body: { method: "totp", code: await totpCode(user.secret, 1) },
    });
    expectEnvelope(right, 429, "second_step_locked");
    expect(Number(right.headers.get("Retry-After"))).toBeGreaterThan(0);
    // A recovery code too.
    expectEnvelope(
      await v1.verifySecondFactor({ token, body: { method: "recovery", code: user.recoveryCodes[0] } }),
      429,
      "second_step_locked",
    );
    const events = await db().select().from(securityEvents).where(eq(securityEvents.userId, user.uid));
    expect(events.filter((event) => event.action === "second_step_locked")).toHaveLength(1);
    const emails = await outboxOfKind(user.email, "security_second_step_locked");
    expect(emails).toHaveLength(1);
    expect(emails[0].subject).toBe("Two-step sign-in locked");

    // Once the lock has passed (moved back in the database), the right code works and clears the count.
    await db().execute(
      sql`UPDATE second_step_attempts SET locked_until = now() - interval '1 second', window_started_at = now() - interval '20 minutes' WHERE user_id = ${user.uid}`,
    );
    const after = await v1.verifySecondFactor({
      token,
      body: { method: "totp", code: await totpCode(user.secret, 1) },
    });
    expect(after.status, JSON.stringify(after.body)).toBe(200);
  });

  it("a right answer clears the count", async () => {
    const user = await enrolledUser();
    const token = await newSession(user);
    for (let i = 0; i < MAX_WRONG_ANSWERS - 1; i++)
      expectEnvelope(
        await v1.verifySecondFactor({ token, body: { method: "totp", code: "000000" } }),
        400,
        "invalid_second_factor",
      );
    await awayFromStepEdge();
    expect(
      (await v1.verifySecondFactor({ token, body: { method: "totp", code: await totpCode(user.secret, 1) } })).status,
    ).toBe(200);
    const other = await newSession(user);
    for (let i = 0; i < MAX_WRONG_ANSWERS - 1; i++)
      expectEnvelope(
        await v1.verifySecondFactor({ token: other, body: { method: "totp", code: "000000" } }),
        400,
        "invalid_second_factor",
      );
  });
});

describe("recovery codes", () => {
  it("a code works once and never again; the user is emailed; the codes left are answered", async () => {
    const user = await enrolledUser();
    const [code] = user.recoveryCodes;
    const first = await newSession(user);
    // As typed: upper case, spaces.
    const used = await v1.verifySecondFactor({
      token: first,
      body: { method: "recovery", code: ` ${code.toUpperCase().replace("-", " - ")} ` },
    });
    expect(used.status, JSON.stringify(used.body)).toBe(200);
    expect(used.body.data.recoveryCodesLeft).toBe(9);
    expect((await call("/v1/bookings", { token: first })).status).toBe(200);

    await expectSpentCodeRefused(user, { method: "recovery", code });
    const emails = await outboxOfKind(user.email, "security_recovery_code_used");
    expect(emails).toHaveLength(1);
    expect(emails[0].subject).toBe("A recovery code was used");
    expect((await v1.secondFactors({ token: first })).body.data.recoveryCodesLeft).toBe(9);
  });

  it("new codes void the old ones", async () => {
    const user = await enrolledUser();
    const made = await v1.regenerateRecoveryCodes({ token: user.idToken });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const fresh: string[] = made.body.data.recoveryCodes;
    expect(fresh).toHaveLength(10);
    const session = await newSession(user);
    expectEnvelope(
      await v1.verifySecondFactor({ token: session, body: { method: "recovery", code: user.recoveryCodes[1] } }),
      400,
      "invalid_second_factor",
    );
    expect((await v1.verifySecondFactor({ token: session, body: { method: "recovery", code: fresh[1] } })).status).toBe(
      200,
    );
    expect(await outboxOfKind(user.email, "security_recovery_codes_made")).toHaveLength(1);
  });
});

describe("a fresh second step before money and power (reauth)", () => {
  it("11 minutes after the step: 403 reauthentication_required (second_step); fine after a fresh code", async () => {
    const user = await enrolledUser();
    expect((await v1.regenerateRecoveryCodes({ token: user.idToken })).status).toBe(200);
    await db()
      .update(sessionSecondSteps)
      .set({ verifiedAt: sql`now() - interval '11 minutes'` })
      .where(eq(sessionSecondSteps.tokenHash, tokenHash(user.idToken)));
    const refused = await v1.regenerateRecoveryCodes({ token: user.idToken });
    const error = expectEnvelope(refused, 403, "reauthentication_required");
    expect(refused.body.error.details).toEqual({ method: "second_step" });
    expect(error.message).toMatch(/Confirm it's you/);
    expectEnvelope(
      await v1.removeSecondFactor({ params: { factorId: "totp" }, token: user.idToken }),
      403,
      "reauthentication_required",
    );
    // Other endpoints are unaffected: the session is not pending.
    expect((await call("/v1/bookings", { token: user.idToken })).status).toBe(200);

    await awayFromStepEdge();
    expect(
      (
        await v1.verifySecondFactor({
          token: user.idToken,
          body: { method: "totp", code: await totpCode(user.secret, 1) },
        })
      ).status,
    ).toBe(200);
    expect((await v1.regenerateRecoveryCodes({ token: user.idToken })).status).toBe(200);
    expect((await v1.removeSecondFactor({ params: { factorId: "totp" }, token: user.idToken })).status).toBe(200);
    const [row] = await db().select().from(users).where(eq(users.id, user.uid));
    expect(row.secondFactorEnabled).toBe(false);
    expect(await db().select().from(userRecoveryCodes).where(eq(userRecoveryCodes.userId, user.uid))).toEqual([]);
    expect(await outboxOfKind(user.email, "security_factor_removed")).toHaveLength(1);
    // Without a second factor a new session is not pending.
    const session = await newSession(user);
    expect((await call("/v1/bookings", { token: session })).status).toBe(200);
    expectEnvelope(
      await v1.verifySecondFactor({ token: session, body: { method: "totp", code: "123456" } }),
      400,
      "no_second_factor",
    );
  });

  it("a user without a second factor needs a sign-in within the window (details.method sign_in)", async () => {
    const user = await syncedUser();
    // Signed in just now: the rule passes, the handler answers.
    expectEnvelope(await v1.regenerateRecoveryCodes({ token: user.idToken }), 400, "no_second_factor");
    const old = await signedInMinutesAgo(user, 11);
    expect((await call("/v1/bookings", { token: old })).status).toBe(200);
    const refused = await v1.regenerateRecoveryCodes({ token: old });
    expectEnvelope(refused, 403, "reauthentication_required");
    expect(refused.body.error.details).toEqual({ method: "sign_in" });
    const recent = await signedInMinutesAgo(user, 9);
    expectEnvelope(await v1.regenerateRecoveryCodes({ token: recent }), 400, "no_second_factor");
  });
});

describe("a renewed session (a new password)", () => {
  it("carries the second step to the new cookie; a pending session cannot set a password", async () => {
    const user = await enrolledUser();
    const pending = await newSession(user);
    expectEnvelope(
      await call("/v1/user/set-password", { method: "PATCH", token: pending, body: { password: "second-password-2" } }),
      403,
      "second_step_required",
    );
    const set = await call("/v1/user/set-password", {
      method: "PATCH",
      token: user.idToken,
      body: { password: "second-password-2" },
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.data.user).toMatchObject({ hasSecondFactor: true, secondStepPending: false });
    const cookie = set.body.data.sessionCookie;
    expect((await call("/v1/bookings", { cookie })).status).toBe(200);
    expect((await v1.userInfo({ cookie })).body.data.secondStepPending).toBe(false);
  });
});

describe("hostile bodies", () => {
  it.each([
    ["no method", { code: "123456" }],
    ["an unknown method", { method: "sms", code: "123456" }],
    ["a short code", { method: "totp", code: "123" }],
    ["letters", { method: "totp", code: "abcdef" }],
    ["an object for a code", { method: "totp", code: { $gt: "" } }],
    ["a long recovery code", { method: "recovery", code: "a".repeat(5000) }],
    ["a recovery code of nine", { method: "recovery", code: "abcde-abcd" }],
    [
      "a passkey answer of the wrong type",
      { method: "passkey", response: { id: "x", rawId: "x", type: "password", response: {} } },
    ],
    [
      "a passkey answer with a script",
      { method: "passkey", response: { id: "<script>", rawId: "x", type: "public-key", response: {} } },
    ],
    ["null", null],
    ["an array", [1, 2]],
  ])("verifySecondFactor: %s → 400", async (_label, body) => {
    const user = await enrolledUser();
    const res = await call("/v1/auth/second-step", { token: await newSession(user), method: "POST", body });
    expect(res.status).toBe(400);
  });

  it("other endpoints refuse malformed input with 400, not 500", async () => {
    const user = await syncedUser();
    expect(
      (await call("/v1/user/second-factors/totp/confirm", { token: user.idToken, body: { code: 123456 } })).status,
    ).toBe(400);
    expect((await call("/v1/user/second-factors/not-a-uuid", { token: user.idToken, method: "DELETE" })).status).toBe(
      400,
    );
    expect(
      (await call("/v1/user/second-factors/passkeys", { token: user.idToken, body: { name: "", response: {} } }))
        .status,
    ).toBe(400);
    expect(
      (
        await call("/v1/user/second-factors/passkeys", {
          token: user.idToken,
          body: { name: "x".repeat(61), response: { id: "a", rawId: "a", type: "public-key", response: {} } },
        })
      ).status,
    ).toBe(400);
    const raw = await call("/v1/auth/second-step", {
      token: user.idToken,
      method: "POST",
      headers: { "Content-Type": "application/json" },
    });
    expect(raw.status).toBe(400);
  });
});

describe("TWO_STEP_KEY and secrets at rest", () => {
  it("production refuses to start without a key; a key is 32 bytes in hex or base64", () => {
    expect(() => parseTwoStepKey({}, true)).toThrow(/TWO_STEP_KEY is required in production/);
    expect(parseTwoStepKey({}, false)).toHaveLength(32);
    const hex = "ab".repeat(32);
    expect(parseTwoStepKey({ TWO_STEP_KEY: hex }, true).toString("hex")).toBe(hex);
    const base64 = Buffer.alloc(32, 7).toString("base64");
    expect(parseTwoStepKey({ TWO_STEP_KEY: base64 }, true)).toEqual(Buffer.alloc(32, 7));
    for (const bad of ["short", "ab".repeat(31), Buffer.alloc(24).toString("base64"), "z".repeat(64)])
      expect(() => parseTwoStepKey({ TWO_STEP_KEY: bad }, true), bad).toThrow(/32 bytes/);
  });

  it("a sealed secret opens only with its key and unaltered; a code's hash depends on the key", () => {
    const key = Buffer.alloc(32, 1);
    const other = Buffer.alloc(32, 2);
    const sealed = seal("JBSWY3DPEHPK3PXP", key);
    expect(sealed).not.toContain("JBSWY3DPEHPK3PXP");
    expect(seal("JBSWY3DPEHPK3PXP", key)).not.toBe(sealed);
    expect(unseal(sealed, key)).toBe("JBSWY3DPEHPK3PXP");
    expect(() => unseal(sealed, other)).toThrow();
    const [version, iv, tag, body] = sealed.split(":");
    const flipped = Buffer.from(body, "base64url");
    flipped[0] ^= 1;
    expect(() => unseal([version, iv, tag, flipped.toString("base64url")].join(":"), key)).toThrow();
    expect(keyedHash("abcde12345", key)).not.toBe(keyedHash("abcde12345", other));
  });
});
