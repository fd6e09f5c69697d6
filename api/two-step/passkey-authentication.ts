import type { AuthenticationResponseJSON, AuthenticatorTransport } from "@simplewebauthn/server";
import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { userPasskeys } from "../db/schema";
import { noSecondFactor } from "./answers";
import { keepChallenge, takeChallenge } from "./challenges";
import { expectedOriginOf, webAuthn, type RelyingParty } from "./relying-party";

export type { RelyingParty };

/** POST /v1/auth/second-step/passkey-options: options naming the user's passkeys; the challenge is kept 5 minutes. */
export async function startSecondStepPasskey(
  db: Db,
  userId: string,
  rp: RelyingParty,
): Promise<Record<string, unknown> & { challenge: string }> {
  const passkeys = await db
    .select({ id: userPasskeys.credentialId, transports: userPasskeys.transports })
    .from(userPasskeys)
    .where(eq(userPasskeys.userId, userId));
  if (passkeys.length === 0) throw noSecondFactor();
  const options = await (
    await webAuthn()
  ).generateAuthenticationOptions({
    rpID: rp.id,
    allowCredentials: passkeys.map((passkey) => ({
      id: passkey.id,
      transports: passkey.transports as AuthenticatorTransport[],
    })),
    userVerification: "preferred",
    timeout: 5 * 60_000,
  });
  await keepChallenge(db, userId, "authenticate", options.challenge);
  return options as unknown as Record<string, unknown> & { challenge: string };
}

/**
 * Whether the browser's assertion is right: signed by one of the user's passkeys over the open
 * challenge (taken: single use; 400 passkey_challenge_expired when none is open), from one of our
 * origins. The passkey's counter and last use are written.
 */
export async function verifyPasskeyAssertion(
  db: Db,
  userId: string,
  response: AuthenticationResponseJSON,
  rp: RelyingParty,
): Promise<boolean> {
  const challenge = await takeChallenge(db, userId, "authenticate");
  const [passkey] = await db
    .select()
    .from(userPasskeys)
    .where(and(eq(userPasskeys.userId, userId), eq(userPasskeys.credentialId, response.id)))
    .limit(1);
  if (!passkey) return false;
  let verification;
  try {
    verification = await (
      await webAuthn()
    ).verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: expectedOriginOf(response.response?.clientDataJSON, rp),
      expectedRPID: rp.id,
      credential: {
        id: passkey.credentialId,
        publicKey: new Uint8Array(Buffer.from(passkey.publicKey, "base64url")),
        counter: passkey.counter,
        transports: passkey.transports as AuthenticatorTransport[],
      },
      requireUserVerification: false,
    });
  } catch {
    return false;
  }
  if (!verification.verified) return false;
  await db
    .update(userPasskeys)
    .set({ counter: verification.authenticationInfo.newCounter, lastUsedAt: new Date() })
    .where(eq(userPasskeys.id, passkey.id));
  return true;
}
