import type { PasswordPolicy } from "~contract/fields";

/** The password policy the API announces (GET /v1/auth/password-policy) and enforces: its one copy. */
export type { PasswordPolicy };

/**
 * The whole policy in words, for the hint beside every new-password field (sign-up,
 * /set-password, /reset-password, /account/security): "At least 8 characters, including a number".
 */
export function passwordHint(t: (key: string, values?: Record<string, unknown>) => string, policy: PasswordPolicy) {
  return [
    t("login.passwordRules", { min: policy.minLength }),
    policy.requireNumeric ? t("login.passwordRulesNumeric") : null,
    policy.requireLowercase ? t("login.passwordRulesLowercase") : null,
    policy.requireUppercase ? t("login.passwordRulesUppercase") : null,
    policy.requireNonAlphanumeric ? t("login.passwordRulesSymbol") : null,
  ]
    .filter(Boolean)
    .join(", ");
}
