import type { AccountRow } from "../db/schema";
import type { Db } from "../db/types";
import { getApiEnv } from "../env";
import { UNKNOWN_IP } from "../http/client-info";
import { ApiError, rateLimited } from "../http/errors";
import { enforceRateLimits, type RateLimitRule } from "../rate-limit/service";
import type { SessionCreated } from "~contract/identity/auth";
import { IdentityToolkitError, identityToolkit } from "./identity-toolkit";
import { createSession } from "./session";

/**
 * Password attempts (the sign-in form posted without JavaScript): per account, a few a minute
 * and a handful an hour, after which the account is locked for the rest of the hour; per client
 * address, a steady trickle. Every 429 carries Retry-After.
 */
export function passwordAttemptRules(email: string, ip: string): RateLimitRule[] {
  const env = getApiEnv();
  return [
    ...(ip === UNKNOWN_IP
      ? []
      : [{ key: `password:ip:${ip}`, limit: env.PASSWORD_ATTEMPTS_PER_IP, windowSeconds: 600 }]),
    { key: `password:email:${email}`, limit: env.PASSWORD_ATTEMPTS_PER_MINUTE, windowSeconds: 60 },
    { key: `password:email-hour:${email}`, limit: env.PASSWORD_ATTEMPTS_PER_HOUR, windowSeconds: 3600 },
  ];
}

const invalidCredentials = () => new ApiError(401, "invalid_credentials", "That email and password do not match.");

/** POST /v1/auth/password-session: checks the password with the identity provider, then opens a session. */
export async function passwordSession(
  db: Db,
  input: { email: string; password: string; ip: string; account: AccountRow | null },
): Promise<SessionCreated> {
  await enforceRateLimits(passwordAttemptRules(input.email, input.ip));
  let idToken: string;
  try {
    ({ idToken } = await identityToolkit<{ idToken: string }>("accounts:signInWithPassword", {
      email: input.email,
      password: input.password,
      returnSecureToken: true,
    }));
  } catch (error) {
    if (!(error instanceof IdentityToolkitError)) throw error;
    if (error.reason === "USER_DISABLED") throw new ApiError(403, "user_disabled", "This account is disabled.");
    if (error.reason === "TOO_MANY_ATTEMPTS_TRY_LATER") {
      throw rateLimited(60, "Too many attempts.");
    }
    if (["EMAIL_NOT_FOUND", "INVALID_PASSWORD", "INVALID_LOGIN_CREDENTIALS", "INVALID_EMAIL"].includes(error.reason)) {
      throw invalidCredentials();
    }
    throw error;
  }
  return createSession(db, { idToken, account: input.account });
}
