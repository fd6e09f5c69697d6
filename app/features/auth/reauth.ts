import type { FormResult } from "~/platform/form-result";

/**
 * The fresh check before money and power (issue 43): an action whose API call answered 403
 * `reauthentication_required` answers its form again with a "Confirm it's you" prompt. The prompt
 * is a form of its own that posts the original values (hidden) and one of these fields back to the
 * same action, which gives the check first and then makes the original call.
 */
export const REAUTH_CODE = "reauthCode";
export const REAUTH_PASSWORD = "reauthPassword";
/** With JavaScript, a passkey: its WebAuthn answer (JSON), after the options asked with REAUTH_PASSKEY_OPTIONS. */
export const REAUTH_PASSKEY = "reauthPasskey";
export const REAUTH_PASSKEY_OPTIONS = "reauthPasskeyOptions";
/** The fields of the check itself (never kept among the form's values). */
export const REAUTH_FIELDS: readonly string[] = [REAUTH_CODE, REAUTH_PASSWORD, REAUTH_PASSKEY, REAUTH_PASSKEY_OPTIONS];

/**
 * How the user confirms: `second_step`, a code of their authenticator app or a recovery code; or
 * `sign_in` (a user without a second factor), their password.
 */
export type ReauthMethod = "second_step" | "sign_in";

/** What the action answers when it needs the check (read by ReauthPrompt, reauth-fields.tsx). */
export interface ReauthAnswer extends FormResult {
  reauth: {
    method: ReauthMethod;
    /** The form as it was posted (name, value), to post again unchanged; never a password. */
    values: Array<[string, string]>;
    /** Why the last answer was refused (a locale key), when it was. */
    error: string | null;
    /** The user has a passkey (offered with JavaScript, beside the code). */
    passkey: boolean;
  };
}

/** The prompt in an action's answer (to the form `intent`, on a page with several), or null. */
export function reauthOf(answer: unknown, intent?: string): ReauthAnswer["reauth"] | null {
  if (!answer || typeof answer !== "object" || !("reauth" in answer)) return null;
  const found = answer as ReauthAnswer;
  if (intent !== undefined && found.intent !== intent) return null;
  return found.reauth;
}
