import { ApiError } from "../http/errors";
import { LOCK_MINUTES } from "~contract/identity/two-step";
import type { Db } from "../db/client";
import { recordSecurityEvent } from "./security-events";
import { countWrongAnswer, secondStepLocked } from "./wrong-answers";

/** The refusals of a second-step answer. */
export const invalidSecondFactor = () =>
  new ApiError(400, "invalid_second_factor", "That code is not right (or was already used). Check it and try again.");

export const noSecondFactor = () =>
  new ApiError(400, "no_second_factor", "Set up an authenticator app or a passkey first.");

/** The refusals of a passkey's ceremony: its challenge gone (5 minutes, or used), or an answer that does not verify. */
export const passkeyChallengeExpired = () =>
  new ApiError(400, "passkey_challenge_expired", "The passkey request has expired. Try again.");

export const invalidPasskey = () =>
  new ApiError(400, "invalid_passkey", "The passkey could not be verified. Try again.");

/**
 * A wrong answer: counted (every process shares the count); the one that locks the second step
 * writes the security event and its email and is answered 429, like every answer while locked.
 */
export async function refuseWrongAnswer(db: Db, userId: string, clientAddress: string): Promise<never> {
  const { lockedNow, waitSeconds } = await countWrongAnswer(db, userId);
  if (lockedNow) {
    await recordSecurityEvent(db, {
      userId,
      action: "second_step_locked",
      detail: { minutes: String(LOCK_MINUTES) },
      clientAddress,
    });
  }
  if (waitSeconds > 0) throw secondStepLocked(waitSeconds);
  throw invalidSecondFactor();
}
