import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { webauthnChallenges, type WebAuthnPurpose } from "../db/schema";
import { passkeyChallengeExpired } from "./answers";

/** A WebAuthn ceremony's challenge lives this long (one open per user and purpose). */
export const CHALLENGE_MINUTES = 5;

export async function keepChallenge(
  db: Db,
  userId: string,
  purpose: WebAuthnPurpose,
  challenge: string,
): Promise<void> {
  const expiresAt = sql`now() + make_interval(mins => ${CHALLENGE_MINUTES})`;
  await db
    .insert(webauthnChallenges)
    .values({ userId, purpose, challenge, expiresAt })
    .onConflictDoUpdate({
      target: [webauthnChallenges.userId, webauthnChallenges.purpose],
      set: { challenge, expiresAt },
    });
}

/** Takes the open challenge (single use: deleted as it is read); 400 passkey_challenge_expired when none is open. */
export async function takeChallenge(db: Db, userId: string, purpose: WebAuthnPurpose): Promise<string> {
  const [row] = await db
    .delete(webauthnChallenges)
    .where(and(eq(webauthnChallenges.userId, userId), eq(webauthnChallenges.purpose, purpose)))
    .returning({
      challenge: webauthnChallenges.challenge,
      live: sql<boolean>`${webauthnChallenges.expiresAt} > now()`,
    });
  if (!row || !row.live) throw passkeyChallengeExpired();
  return row.challenge;
}
