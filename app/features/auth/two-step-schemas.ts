import { z } from "zod";
import { passkeyName, recoveryCode, totpCode, webAuthnResponse } from "~contract/identity/two-step";

/**
 * The second step's forms (/two-step) and the passkey's answer the security page posts too: the
 * rules are the contract's; the browser validates with them once this module has loaded.
 */

/** The browser's WebAuthn answer, posted as JSON text in one field. */
export const passkeyResponseField = z
  .string({ required_error: "passkey.invalid" })
  .max(64 * 1024, "passkey.invalid")
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: "custom", message: "passkey.invalid" });
      return z.NEVER;
    }
  })
  .pipe(webAuthnResponse);

export const TotpStepSchema = z.object({ intent: z.literal("totp"), code: totpCode });
export const RecoveryStepSchema = z.object({ intent: z.literal("recovery"), code: recoveryCode });
export const PasskeyStepSchema = z.object({ intent: z.literal("passkey"), response: passkeyResponseField });

/** A new passkey: its name and what the browser made (the security page). */
export const PasskeyAddSchema = z.object({
  intent: z.literal("passkey-add"),
  name: passkeyName,
  response: passkeyResponseField,
});
