import { z } from "zod";
import { currentPassword, newPassword, type PasswordPolicy } from "~contract/fields";

const confirmed = <T extends { password: string; confirmPassword: string }>(value: T) =>
  value.password === value.confirmPassword;
const mismatch = { path: ["confirmPassword"], message: "validation.passwordsDiffer" };

/** Change the password: the current one (checked by the identity provider), the new one twice. */
export function changePasswordSchema(policy: PasswordPolicy) {
  return z
    .object({
      intent: z.literal("change-password"),
      currentPassword,
      password: newPassword(policy),
      confirmPassword: z.string({ required_error: "validation.confirmRequired" }),
    })
    .refine(confirmed, mismatch);
}

/** A first password, for accounts that only signed in with a link, Google or Apple. */
export function addPasswordSchema(policy: PasswordPolicy) {
  return z
    .object({
      intent: z.literal("add-password"),
      password: newPassword(policy),
      confirmPassword: z.string({ required_error: "validation.confirmRequired" }),
    })
    .refine(confirmed, mismatch);
}
