import { eq, sql } from "drizzle-orm";
import { users } from "../db/schema";
import type { Db } from "../db/types";
import { getApiEnv } from "../env";
import { UNKNOWN_IP } from "../http/client-info";
import { ApiError, rateLimited, validationError } from "../http/errors";
import { enforceRateLimits } from "../rate-limit/service";
import { adminAuth } from "./firebase-admin";
import { callIdentity, identityErrorCode } from "./identity-errors";
import { IdentityToolkitError, identityToolkit } from "./identity-toolkit";
import { cutOffSessions, waitPastCutoff } from "./session";

const invalidResetLink = () =>
  new ApiError(400, "invalid_reset_link", "This link is invalid, already used or expired. Request a new one.");

/**
 * POST /v1/auth/password-reset: the emailed link's code and a new password. The identity provider
 * checks the code and sets the password (it revokes the user's sessions, counting whole seconds);
 * our own cut-off then ends every session to the millisecond, as after a password change, and the
 * answer waits for the next second so that signing in right after it works. The code is a secret:
 * guesses are limited per client address.
 */
export async function resetPassword(db: Db, input: { oobCode: string; password: string; ip: string }): Promise<void> {
  if (input.ip !== UNKNOWN_IP) {
    await enforceRateLimits([
      { key: `password-reset:ip:${input.ip}`, limit: getApiEnv().PASSWORD_ATTEMPTS_PER_IP, windowSeconds: 600 },
    ]);
  }
  let email: string | undefined;
  try {
    ({ email } = await identityToolkit<{ email?: string }>("accounts:resetPassword", {
      oobCode: input.oobCode,
      newPassword: input.password,
    }));
  } catch (error) {
    if (!(error instanceof IdentityToolkitError)) throw error;
    if (["INVALID_OOB_CODE", "EXPIRED_OOB_CODE"].includes(error.reason)) throw invalidResetLink();
    if (error.reason === "USER_DISABLED") throw new ApiError(403, "user_disabled", "This account is disabled.");
    if (error.reason === "TOO_MANY_ATTEMPTS_TRY_LATER") throw rateLimited(60, "Too many attempts.");
    if (error.reason === "WEAK_PASSWORD" || error.reason === "PASSWORD_DOES_NOT_MEET_REQUIREMENTS") {
      throw validationError({ password: ["This password is not accepted. Choose another one."] });
    }
    throw error;
  }
  // The password is set; an account gone since (deleted in between) has no session left to end.
  const user = email
    ? await callIdentity(() =>
        adminAuth()
          .getUserByEmail(email)
          .catch((error: unknown) =>
            identityErrorCode(error) === "auth/user-not-found" ? null : Promise.reject(error),
          ),
      )
    : null;
  if (!user) return;
  await db
    .update(users)
    .set({ passwordIsSet: true, updatedAt: sql`app_now()` })
    .where(eq(users.id, user.uid));
  // Answered once the user can sign in with the new password and keep that session.
  await waitPastCutoff(await cutOffSessions(db, user.uid));
}
