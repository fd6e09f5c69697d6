import { safeSitePath } from "./safe-path";
import { z } from "zod";
import { currentPassword, emailAddress, newPassword, type PasswordPolicy, said } from "../fields";
import { syncBody } from "./users";
import type * as out from "../outputs";

/** The password rules announced by GET /v1/auth/password-policy (the rules: contract/fields.ts). */
export type { PasswordPolicy };

/**
 * A path on this site to continue to after the link is opened: starts with one "/" (not
 * "//" or "/\", which browsers treat as another host), no backslashes, whitespace or
 * control characters, at most 2048 characters.
 */
export function isSafeContinuePath(value: string): boolean {
  return safeSitePath(value) !== null;
}

const continueUrl = z
  .string({ invalid_type_error: said("continueUrl.invalid") })
  .max(2048, said("text.tooLong"))
  .refine(isSafeContinuePath, said("continueUrl.invalid"))
  .optional()
  // The resolved path is used, never the raw input.
  .transform((value) => (value === undefined ? "/" : safeSitePath(value)!));

export const authEmailBody = z.object({ email: emailAddress, continueUrl });
export type AuthEmailBody = z.output<typeof authEmailBody>;

export const setPasswordBody = (policy: PasswordPolicy) => z.object({ password: newPassword(policy) });

/** PATCH /v1/user/set-password (the API checks it against its policy). */
export const setPasswordInput = z.object({ password: z.string() });

/** The code of an emailed password-reset link (Firebase's `oobCode`). */
const resetCode = z
  .string({
    required_error: said("resetCode.invalid"),
    invalid_type_error: said("resetCode.invalid"),
  })
  .min(1, said("resetCode.invalid"))
  .max(2048, said("resetCode.invalid"));

/** POST /v1/auth/password-reset, as the API checks it (against its policy). */
export const resetPasswordBody = (policy: PasswordPolicy) =>
  z.object({ oobCode: resetCode, password: newPassword(policy) });

/** POST /v1/auth/password-reset: the emailed link's code and the new password. */
export const resetPasswordInput = z.object({ oobCode: resetCode, password: z.string() });

/** POST /v1/auth/session: a fresh Firebase ID token (signed in within 5 minutes) and sign-up data. */
export const createSessionBody = z.object({
  idToken: z
    .string({ required_error: said("idToken.required"), invalid_type_error: said("idToken.required") })
    .min(20, said("idToken.invalid"))
    .max(8192, said("idToken.invalid")),
  profile: syncBody.optional(),
});

/** POST /v1/auth/password-session: the sign-in form posted without JavaScript. */
export const passwordSessionBody = z.object({ email: emailAddress, password: currentPassword });

/** Answer of POST /v1/auth/session. */
export type SessionCreated = z.infer<typeof out.sessionCreated>;

/**
 * A new session for the device that made a change ending every session (a new password or email
 * address): the cookie, and a custom token the browser's Firebase client signs in with (the
 * change revoked its refresh token).
 */
export type RenewedSession = z.infer<typeof out.renewedSession>;

/** Answer of PATCH /v1/user/set-password: a renewed session and what the user still owes. */
export type PasswordSet = RenewedSession & Pick<SessionCreated, "user" | "missingData">;
