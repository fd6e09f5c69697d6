import { getZodConstraint } from "@conform-to/zod";
import * as schemas from "~/features/auth/auth-schemas";
import type { PasswordPolicy } from "~/features/auth/password-policy";
import type { LoginFormConstraints } from "~/features/auth/use-login-layout-data";

const byPolicy = new Map<string, LoginFormConstraints>();

function build(policy: PasswordPolicy): LoginFormConstraints {
  return {
    signIn: getZodConstraint(schemas.SignInSchema),
    signUp: getZodConstraint(schemas.signUpSchema(policy)),
    emailLink: getZodConstraint(schemas.EmailLinkSchema),
    newPassword: getZodConstraint(schemas.newPasswordSchema(policy)),
    resetRequest: getZodConstraint(schemas.ResetRequestSchema),
    confirmEmail: getZodConstraint(schemas.ConfirmEmailSchema),
    waiver: getZodConstraint(schemas.WaiverSignSchema),
  };
}

/**
 * The browser's own checks (required, lengths, patterns) for the sign-in pages' forms, from their
 * schemas: the login layout sends them, so the pages carry no zod (see useFormValidation).
 */
export function loginFormConstraints(policy: PasswordPolicy): LoginFormConstraints {
  const key = JSON.stringify(policy);
  let found = byPolicy.get(key);
  if (!found) {
    found = build(policy);
    if (byPolicy.size > 20) byPolicy.clear();
    byPolicy.set(key, found);
  }
  return found;
}
