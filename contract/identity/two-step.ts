import { z } from "zod";
import { requiredLine, said, verificationCode } from "../fields";
import type * as out from "../outputs";

/**
 * Two-step sign-in (issue 43): Firebase is the first factor; the second lives in our own session.
 * A user with a second factor (a confirmed authenticator app or a passkey) opens a pending session
 * that reaches only the endpoints declared `duringSecondStep` until a code, a passkey or a
 * recovery code is given; actions declared `reauth` need a second step within REAUTH_WINDOW_MINUTES.
 */

/** How long a second step counts as fresh for money and power (refunds, roles, keys…). */
export const REAUTH_WINDOW_MINUTES = 10;
/** Wrong answers allowed in LOCK_WINDOW_MINUTES before the second step locks for LOCK_MINUTES. */
export const MAX_WRONG_ANSWERS = 5;
export const LOCK_WINDOW_MINUTES = 15;
export const LOCK_MINUTES = 15;
/** Recovery codes made at a time (each single-use). */
export const RECOVERY_CODE_COUNT = 10;

/** An authenticator app's code: 6 digits (RFC 6238, 30-second steps). */
export const totpCode = verificationCode;

/**
 * A recovery code as typed: ten letters and digits, in two groups of five ("k7m2p-x9q4r"); case,
 * spaces and the dash do not matter. The resolved value is the ten characters, lower case.
 */
export const recoveryCode = z
  .string({ required_error: said("recoveryCode.invalid"), invalid_type_error: said("recoveryCode.invalid") })
  .max(40, said("recoveryCode.invalid"))
  .transform((value) => value.replace(/[\s-]/g, "").toLowerCase())
  .refine((value) => /^[a-z0-9]{10}$/.test(value), said("recoveryCode.invalid"));

/** A passkey's name, as its owner gives it ("Work laptop"). */
export const passkeyName = requiredLine("passkeyName.required", 60);

const base64urlText = (max: number) =>
  z
    .string({ invalid_type_error: said("passkey.invalid") })
    .max(max, said("passkey.invalid"))
    .regex(/^[A-Za-z0-9_-]*$/, said("passkey.invalid"));

/**
 * What the browser's WebAuthn call answered (@simplewebauthn/browser's RegistrationResponseJSON or
 * AuthenticationResponseJSON), bounded: the API's verifier reads the rest.
 */
export const webAuthnResponse = z.object(
  {
    id: base64urlText(1024),
    rawId: base64urlText(1024),
    type: z.literal("public-key", { errorMap: () => ({ message: said("passkey.invalid") }) }),
    response: z.record(z.union([base64urlText(32_768), z.array(z.string().max(32)).max(16), z.number().int()])),
    authenticatorAttachment: z.string().max(32).optional(),
    clientExtensionResults: z.record(z.unknown()).optional(),
  },
  { required_error: said("passkey.invalid"), invalid_type_error: said("passkey.invalid") },
);

/** POST /v1/user/second-factors/totp/confirm: the first code the app shows. */
export const confirmTotpBody = z.object({ code: totpCode });

/** POST /v1/user/second-factors/passkeys: the new passkey's name and the browser's answer. */
export const finishPasskeyBody = z.object({ name: passkeyName, response: webAuthnResponse });

/** DELETE /v1/user/second-factors/:factorId: "totp" (the authenticator app) or a passkey's id. */
export const secondFactorParams = z.object({
  factorId: z.union([z.literal("totp"), z.string().uuid(said("id.invalid"))]),
});

/** POST /v1/auth/second-step: one of the three ways. */
export const verifySecondFactorBody = z.discriminatedUnion("method", [
  z.object({ method: z.literal("totp"), code: totpCode }),
  z.object({ method: z.literal("recovery"), code: recoveryCode }),
  z.object({ method: z.literal("passkey"), response: webAuthnResponse }),
]);
export type VerifySecondFactorBody = z.input<typeof verifySecondFactorBody>;

/** PUT /v1/operator/two-step: whether the whole team must sign in in two steps. */
export const operatorTwoStepBody = z.object({ required: z.boolean() });

/** Answer of GET /v1/user/second-factors. */
export type SecondFactors = z.infer<typeof out.secondFactors>;
