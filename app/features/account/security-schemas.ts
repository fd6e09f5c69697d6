import { z } from "zod";
import { passwordField } from "~/features/auth/auth-schemas";
import type { PasswordPolicy } from "~/features/auth/password-policy";

const confirmed = <T extends { password: string; confirmPassword: string }>(value: T) =>
  value.password === value.confirmPassword;
const mismatch = { path: ["confirmPassword"], message: "validation.passwordsDiffer" };

/** Change the password: the current one (checked by the identity provider), the new one twice. */
export function changePasswordSchema(policy: PasswordPolicy) {
  return z
    .object({
      intent: z.literal("change-password"),
      currentPassword: z.string({ required_error: "validation.passwordRequired" }).min(1).max(4096),
      password: passwordField(policy),
      confirmPassword: z.string({ required_error: "validation.confirmRequired" }),
    })
    .refine(confirmed, mismatch);
}

/** A first password, for accounts that only signed in with a link, Google or Apple. */
export function addPasswordSchema(policy: PasswordPolicy) {
  return z
    .object({
      intent: z.literal("add-password"),
      password: passwordField(policy),
      confirmPassword: z.string({ required_error: "validation.confirmRequired" }),
    })
    .refine(confirmed, mismatch);
}
