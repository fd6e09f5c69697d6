import { generate } from "otplib/functional";
import { expect } from "vitest";
import { v1 } from "./client";
import { EMULATOR_HOST, PROJECT_ID, signInWithPassword, syncedUser, type TestUser } from "./identity";

/** Two-step sign-in's tests: authenticator codes computed from the secret, as the app would. */

/** The code of the step `offset` steps from now (30-second steps). */
export function totpCode(secret: string, offset = 0, nowMs = Date.now()): Promise<string> {
  return generate({ secret, epoch: Math.floor(nowMs / 1000) + offset * 30 });
}

/** Waits until at least `margin` seconds are left in the current step (and one has passed), so codes made now keep their step. */
export async function awayFromStepEdge(margin = 4): Promise<void> {
  const into = (Date.now() / 1000) % 30;
  if (into < 1) await new Promise((resolve) => setTimeout(resolve, (1 - into) * 1000 + 50));
  else if (30 - into < margin) await new Promise((resolve) => setTimeout(resolve, (30 - into + 1) * 1000));
}

const issued = new Set<string>();

/**
 * A fresh sign-in of the user: a new ID token, so a new session, pending when the user has a
 * second factor. Tokens count whole seconds: two sign-ins in one second get the same token (one
 * session), so a token already seen is signed in again the next second.
 */
export async function newSession(user: TestUser): Promise<string> {
  issued.add(user.idToken);
  for (;;) {
    const { idToken } = await signInWithPassword(user.email, user.password);
    if (!issued.has(idToken)) {
      issued.add(idToken);
      return idToken;
    }
    await new Promise((resolve) => setTimeout(resolve, 1000 - (Date.now() % 1000) + 20));
  }
}

export interface EnrolledUser extends TestUser {
  secret: string;
  recoveryCodes: string[];
}

/** A synced user with a confirmed authenticator app (their first code used: its step counts once). */
export async function enrolledUser(profile?: Record<string, unknown>): Promise<EnrolledUser> {
  return withAuthenticatorApp(await syncedUser(profile));
}

/** Confirms an authenticator app for the user (their first code used); its secret and recovery codes kept. */
export async function withAuthenticatorApp(user: TestUser): Promise<EnrolledUser> {
  await awayFromStepEdge();
  const started = await v1.startTotpEnrolment({ token: user.idToken });
  expect(started.status, JSON.stringify(started.body)).toBe(201);
  const secret: string = started.body.data.secret;
  const confirmed = await v1.confirmTotpEnrolment({ token: user.idToken, body: { code: await totpCode(secret) } });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  return { ...user, secret, recoveryCodes: confirmed.body.data.recoveryCodes };
}

/**
 * An ID token of the user as if they had signed in `minutes` ago: the Auth emulator accepts
 * unsigned tokens (firebase-admin does, with FIREBASE_AUTH_EMULATOR_HOST), once the user's
 * tokens are valid since before then.
 */
export async function signedInMinutesAgo(user: TestUser, minutes: number): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const authTime = now - minutes * 60;
  const response = await fetch(
    `http://${EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/projects/${PROJECT_ID}/accounts:update`,
    {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: "Bearer owner" },
      body: JSON.stringify({ localId: user.uid, validSince: String(authTime - 60) }),
    },
  );
  if (!response.ok) throw new Error(`emulator accounts:update: ${response.status}`);
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const claims = JSON.parse(Buffer.from(user.idToken.split(".")[1], "base64url").toString("utf8"));
  return `${part({ alg: "none", typ: "JWT" })}.${part({ ...claims, auth_time: authTime, iat: now, exp: now + 3600 })}.`;
}
