import type { RegistrationResponseJSON } from "@simplewebauthn/server";
import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { userPasskeys, users } from "../db/schema";
import type { AuthIdentity } from "../http/types";
import { invalidPasskey } from "./answers";
import { keepChallenge, takeChallenge } from "./challenges";
import { refreshSecondFactorFlag } from "./factors";
import { expectedOriginOf, webAuthn, type RelyingParty } from "./relying-party";
import { recordSecurityEvent } from "./security-events";
import { recordSecondStep } from "./session-step";

/** POST /v1/user/second-factors/passkeys/options: registration options; the challenge is kept 5 minutes. */
export async function startPasskeyRegistration(
  db: Db,
  identity: AuthIdentity,
  rp: RelyingParty,
): Promise<Record<string, unknown> & { challenge: string }> {
  const [[user], existing] = await Promise.all([
    db.select({ email: users.email }).from(users).where(eq(users.id, identity.uid)).limit(1),
    db
      .select({ id: userPasskeys.credentialId, transports: userPasskeys.transports })
      .from(userPasskeys)
      .where(eq(userPasskeys.userId, identity.uid)),
  ]);
  const options = await (
    await webAuthn()
  ).generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user?.email ?? identity.email ?? identity.uid,
    userID: new TextEncoder().encode(identity.uid),
    attestationType: "none",
    excludeCredentials: existing.map((passkey) => ({ id: passkey.id, transports: passkey.transports })),
    authenticatorSelection: { residentKey: "preferred", userVerification: "preferred" },
    timeout: 5 * 60_000,
  });
  await keepChallenge(db, identity.uid, "register", options.challenge);
  return options as unknown as Record<string, unknown> & { challenge: string };
}

/**
 * POST /v1/user/second-factors/passkeys: verifies the browser's answer against the open challenge
 * and keeps the passkey (its public key, counter and transports) under its name. The user has just
 * used it, so this session's second step is recorded.
 */
export async function finishPasskeyRegistration(
  db: Db,
  input: {
    identity: AuthIdentity;
    token: string;
    name: string;
    response: RegistrationResponseJSON;
    rp: RelyingParty;
    clientAddress: string;
  },
): Promise<{ id: string; name: string }> {
  const { identity, rp } = input;
  const challenge = await takeChallenge(db, identity.uid, "register");
  let verification;
  try {
    verification = await (
      await webAuthn()
    ).verifyRegistrationResponse({
      response: input.response,
      expectedChallenge: challenge,
      expectedOrigin: expectedOriginOf(input.response.response?.clientDataJSON, rp),
      expectedRPID: rp.id,
      requireUserVerification: false,
    });
  } catch {
    throw invalidPasskey();
  }
  if (!verification.verified) throw invalidPasskey();
  const { credential } = verification.registrationInfo;
  const added = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(userPasskeys)
      .values({
        userId: identity.uid,
        credentialId: credential.id,
        publicKey: Buffer.from(credential.publicKey).toString("base64url"),
        counter: credential.counter,
        transports: credential.transports ?? [],
        name: input.name,
      })
      .onConflictDoNothing({ target: userPasskeys.credentialId })
      .returning({ id: userPasskeys.id, name: userPasskeys.name });
    if (!row) throw invalidPasskey();
    await refreshSecondFactorFlag(tx, identity.uid);
    await recordSecurityEvent(tx, {
      userId: identity.uid,
      action: "passkey_added",
      detail: { name: input.name },
      clientAddress: input.clientAddress,
    });
    return row;
  });
  await recordSecondStep(db, identity, input.token);
  return added;
}
