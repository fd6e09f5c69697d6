import { z } from "zod";
import { currentPassword, newPassword, type PasswordPolicy } from "~contract/fields";
import { totpCode } from "~contract/identity/two-step";
import { PasskeyAddSchema } from "~/features/auth/two-step-schemas";

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

/*
 * Two-step sign-in (issue 43): the authenticator app, passkeys and recovery codes. The pending
 * secret of an authenticator app travels in the confirm form's hidden fields, so a wrong code shows
 * the QR code and key again (without JavaScript too); the API keeps the secret it checks against.
 */
export const TotpStartSchema = z.object({ intent: z.literal("totp-start") });
export const TotpConfirmSchema = z.object({
  intent: z.literal("totp-confirm"),
  code: totpCode,
  secret: z
    .string({ required_error: "apiErrors.no_pending_enrolment" })
    .regex(/^[A-Z2-7]{16,128}=*$/, "apiErrors.no_pending_enrolment"),
  otpauthUrl: z
    .string({ required_error: "apiErrors.no_pending_enrolment" })
    .max(1024, "apiErrors.no_pending_enrolment")
    .startsWith("otpauth://totp/", "apiErrors.no_pending_enrolment"),
});
export const TotpRemoveSchema = z.object({ intent: z.literal("totp-remove") });
export const PasskeyOptionsSchema = z.object({ intent: z.literal("passkey-options") });
export const PasskeyRemoveSchema = z.object({
  intent: z.literal("passkey-remove"),
  passkeyId: z.string().uuid("apiErrors.second_factor_not_found"),
});
/** The passkey form as the browser checks it before the ceremony: its name (the answer comes after). */
export const PasskeyNameSchema = PasskeyAddSchema.pick({ intent: true, name: true });
export const RecoveryCodesSchema = z.object({ intent: z.literal("codes-make") });

/** The two-step section's forms, by intent. */
export const TWO_STEP_FORMS = {
  "totp-start": TotpStartSchema,
  "totp-confirm": TotpConfirmSchema,
  "totp-remove": TotpRemoveSchema,
  "passkey-options": PasskeyOptionsSchema,
  "passkey-add": PasskeyAddSchema,
  "passkey-remove": PasskeyRemoveSchema,
  "codes-make": RecoveryCodesSchema,
};
