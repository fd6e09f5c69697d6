import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { userPasskeys, users, webauthnChallenges } from "~api/db/schema";
import { expectEnvelope, NO_SUCH_ID } from "../../support/api";
import { v1 } from "../../support/client";
import { call, identityWorld, outboxOfKind, syncedUser, type TestUser } from "../../support/identity";
import { newSession } from "../../support/two-step";
import { SoftAuthenticator } from "../../support/webauthn";

/**
 * Passkeys (issue 43): registration and the second step with a software authenticator (an ECDSA
 * P-256 key; the browser's answers built by hand), verified by @simplewebauthn/server.
 */
const { db } = identityWorld();

/** The tests call the app at http://localhost: the relying party is "localhost". */
const ORIGIN = "http://localhost";

async function registeredPasskey(user: TestUser, token = user.idToken) {
  const authenticator = new SoftAuthenticator();
  const options = await v1.startPasskeyRegistration({ token });
  expect(options.status, JSON.stringify(options.body)).toBe(200);
  expect(options.body.data.rp.id).toBe("localhost");
  const finished = await v1.finishPasskeyRegistration({
    token,
    body: { name: "Work laptop", response: authenticator.register(options.body.data, ORIGIN) },
  });
  expect(finished.status, JSON.stringify(finished.body)).toBe(201);
  return { authenticator, id: finished.body.data.id as string };
}

/** Sends the authenticator's answer to a registration, under the name "Key". */
const finishRegistration = (token: string, response: ReturnType<SoftAuthenticator["register"]>) =>
  v1.finishPasskeyRegistration({ token, body: { name: "Key", response } });

async function assertion(token: string, authenticator: SoftAuthenticator, origin = ORIGIN) {
  const options = await v1.startSecondStepPasskey({ token });
  expect(options.status, JSON.stringify(options.body)).toBe(200);
  return authenticator.authenticate(options.body.data, origin);
}

describe("registering a passkey", () => {
  it("keeps it under its name; the user has a second factor and this session its step", async () => {
    const user = await syncedUser();
    const { authenticator, id } = await registeredPasskey(user);
    const factors = await v1.secondFactors({ token: user.idToken });
    expect(factors.body.data.passkeys).toEqual([
      { id, name: "Work laptop", createdAt: expect.any(String), lastUsedAt: null },
    ]);
    expect(factors.body.data.secondStepAt).not.toBeNull();
    expect((await v1.userInfo({ token: user.idToken })).body.data).toMatchObject({
      hasSecondFactor: true,
      secondStepPending: false,
    });
    const [row] = await db().select().from(userPasskeys).where(eq(userPasskeys.id, id));
    expect(row.credentialId).toBe(authenticator.id);
    const emails = await outboxOfKind(user.email, "security_passkey_added");
    expect(emails).toHaveLength(1);
    expect(emails[0].subject).toBe("A new passkey was added");
    // The options leave out passkeys the user has already.
    const again = await v1.startPasskeyRegistration({ token: user.idToken });
    expect(again.body.data.excludeCredentials).toEqual([expect.objectContaining({ id: authenticator.id })]);
    // No recovery codes yet: the page makes them (reauth passes: the step was just given).
    expect(factors.body.data.recoveryCodesLeft).toBe(0);
    const codes = await v1.regenerateRecoveryCodes({ token: user.idToken });
    expect(codes.status).toBe(200);
    expect(codes.body.data.recoveryCodes).toHaveLength(10);
  });

  it("refuses an answer without an open challenge, a tampered one, another origin's, and the same credential twice", async () => {
    const user = await syncedUser();
    const authenticator = new SoftAuthenticator();
    const fake = authenticator.register({ challenge: "bm90LWlzc3VlZA", rp: { id: "localhost" } }, ORIGIN);
    expectEnvelope(await finishRegistration(user.idToken, fake), 400, "passkey_challenge_expired");
    let options = await v1.startPasskeyRegistration({ token: user.idToken });
    const foreign = authenticator.register(options.body.data, "https://evil.example");
    expectEnvelope(await finishRegistration(user.idToken, foreign), 400, "invalid_passkey");
    options = await v1.startPasskeyRegistration({ token: user.idToken });
    const wrongChallenge = authenticator.register({ ...options.body.data, challenge: "b3RoZXI" }, ORIGIN);
    expectEnvelope(await finishRegistration(user.idToken, wrongChallenge), 400, "invalid_passkey");
    // A challenge lives 5 minutes.
    options = await v1.startPasskeyRegistration({ token: user.idToken });
    await db()
      .update(webauthnChallenges)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(webauthnChallenges.userId, user.uid));
    expectEnvelope(
      await finishRegistration(user.idToken, authenticator.register(options.body.data, ORIGIN)),
      400,
      "passkey_challenge_expired",
    );
    const [row] = await db().select().from(users).where(eq(users.id, user.uid));
    expect(row.secondFactorEnabled).toBe(false);
    // The same credential cannot be registered twice (by anyone).
    options = await v1.startPasskeyRegistration({ token: user.idToken });
    expect((await finishRegistration(user.idToken, authenticator.register(options.body.data, ORIGIN))).status).toBe(
      201,
    );
    const other = await syncedUser();
    options = await v1.startPasskeyRegistration({ token: other.idToken });
    expectEnvelope(
      await finishRegistration(other.idToken, authenticator.register(options.body.data, ORIGIN)),
      400,
      "invalid_passkey",
    );
  });
});

describe("a passkey as the second step", () => {
  it("opens the pending session; the counter and last use are kept; an assertion counts once", async () => {
    const user = await syncedUser();
    const { authenticator, id } = await registeredPasskey(user);
    const token = await newSession(user);
    expectEnvelope(await call("/v1/bookings", { token }), 403, "second_step_required");

    const options = await v1.startSecondStepPasskey({ token });
    expect(options.body.data.allowCredentials).toEqual([expect.objectContaining({ id: authenticator.id })]);
    const response = authenticator.authenticate(options.body.data, ORIGIN);
    const done = await v1.verifySecondFactor({ token, body: { method: "passkey", response } });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect((await call("/v1/bookings", { token })).status).toBe(200);
    const [row] = await db().select().from(userPasskeys).where(eq(userPasskeys.id, id));
    expect(row.counter).toBe(1);
    expect(row.lastUsedAt).not.toBeNull();

    // The same answer again: its challenge is spent.
    const replay = await newSession(user);
    expectEnvelope(
      await v1.verifySecondFactor({ token: replay, body: { method: "passkey", response } }),
      400,
      "passkey_challenge_expired",
    );
  });

  it("refuses another key, another origin, and a counter that went back; each a wrong answer", async () => {
    const user = await syncedUser();
    const { authenticator } = await registeredPasskey(user);
    const token = await newSession(user);

    // Signed by another key under the same credential id.
    const impostor = Object.assign(new SoftAuthenticator(), { credentialId: authenticator.credentialId });
    expectEnvelope(
      await v1.verifySecondFactor({ token, body: { method: "passkey", response: await assertion(token, impostor) } }),
      400,
      "invalid_second_factor",
    );
    expectEnvelope(
      await v1.verifySecondFactor({
        token,
        body: { method: "passkey", response: await assertion(token, authenticator, "https://evil.example") },
      }),
      400,
      "invalid_second_factor",
    );
    expect(
      (
        await v1.verifySecondFactor({
          token,
          body: { method: "passkey", response: await assertion(token, authenticator) },
        })
      ).status,
    ).toBe(200);
    const later = await newSession(user);
    const options = await v1.startSecondStepPasskey({ token: later });
    expectEnvelope(
      await v1.verifySecondFactor({
        token: later,
        body: { method: "passkey", response: authenticator.authenticate(options.body.data, ORIGIN, { counter: 1 }) },
      }),
      400,
      "invalid_second_factor",
    );
  });

  it("a user without passkeys gets no options", async () => {
    const user = await syncedUser();
    expectEnvelope(await v1.startSecondStepPasskey({ token: user.idToken }), 400, "no_second_factor");
  });

  it("removing the last passkey (a fresh step) ends the second factor and its recovery codes", async () => {
    const user = await syncedUser();
    const { id } = await registeredPasskey(user);
    expect((await v1.regenerateRecoveryCodes({ token: user.idToken })).status).toBe(200);
    expectEnvelope(
      await v1.removeSecondFactor({ params: { factorId: NO_SUCH_ID }, token: user.idToken }),
      404,
      "second_factor_not_found",
    );
    const other = await syncedUser();
    expectEnvelope(
      await v1.removeSecondFactor({ params: { factorId: id }, token: other.idToken }),
      404,
      "second_factor_not_found",
    );
    expect((await v1.removeSecondFactor({ params: { factorId: id }, token: user.idToken })).status).toBe(200);
    const factors = await v1.secondFactors({ token: user.idToken });
    expect(factors.body.data).toMatchObject({ passkeys: [], recoveryCodesLeft: 0, totp: null });
    expect((await v1.userInfo({ token: user.idToken })).body.data.hasSecondFactor).toBe(false);
  });
});
