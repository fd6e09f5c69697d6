import type { PasswordPolicy } from "~contract/identity/auth";
import { getApiEnv } from "../env";

/** The policy announced by GET /v1/auth/password-policy and enforced by PATCH /v1/user/set-password. */
export function passwordPolicy(env: { PASSWORD_MIN_LENGTH: number } = getApiEnv()): PasswordPolicy {
  return {
    minLength: env.PASSWORD_MIN_LENGTH,
    maxLength: 128,
    requireLowercase: false,
    requireUppercase: false,
    requireNumeric: true,
    requireNonAlphanumeric: false,
  };
}
