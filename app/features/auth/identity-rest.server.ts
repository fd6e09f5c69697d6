import { config } from "~/platform/config.server";

/**
 * The identity provider's REST API (Identity Toolkit; the Auth emulator locally), for the
 * sign-in forms posted without JavaScript. Errors come back as the client SDK's `auth/…` codes
 * so both paths share one set of messages.
 */
export class IdentityError extends Error {
  constructor(readonly code: string) {
    super(code);
    this.name = "IdentityError";
  }
}

const BASE = config.firebase.emulatorHost
  ? `http://${config.firebase.emulatorHost}/identitytoolkit.googleapis.com/v1`
  : "https://identitytoolkit.googleapis.com/v1";

const CODE_BY_MESSAGE: Record<string, string> = {
  EMAIL_NOT_FOUND: "auth/invalid-credential",
  INVALID_PASSWORD: "auth/invalid-credential",
  INVALID_LOGIN_CREDENTIALS: "auth/invalid-credential",
  USER_DISABLED: "auth/user-disabled",
  EMAIL_EXISTS: "auth/email-already-in-use",
  WEAK_PASSWORD: "auth/weak-password",
  PASSWORD_DOES_NOT_MEET_REQUIREMENTS: "auth/password-does-not-meet-requirements",
  INVALID_EMAIL: "auth/invalid-email",
  INVALID_OOB_CODE: "auth/invalid-action-code",
  EXPIRED_OOB_CODE: "auth/expired-action-code",
  TOO_MANY_ATTEMPTS_TRY_LATER: "auth/too-many-requests",
  MISSING_RECAPTCHA_TOKEN: "auth/missing-recaptcha-token",
  OPERATION_NOT_ALLOWED: "auth/operation-not-allowed",
};

async function call<T>(method: string, body: Record<string, unknown>): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`${BASE}/${method}?key=${encodeURIComponent(config.firebase.apiKey)}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
  } catch {
    throw new IdentityError("auth/network-request-failed");
  }
  const json = (await response.json().catch(() => ({}))) as { error?: { message?: string } } & T;
  if (!response.ok) {
    const message = String(json.error?.message ?? "");
    const key = message.split(/[ :]/)[0];
    throw new IdentityError(CODE_BY_MESSAGE[key] ?? "auth/internal-error");
  }
  return json;
}

type TokenAnswer = { idToken: string; localId: string; email?: string };

export const identityRest = {
  signUp: (email: string, password: string) =>
    call<TokenAnswer>("accounts:signUp", { email, password, returnSecureToken: true }),
  signInWithEmailLink: (email: string, oobCode: string) =>
    call<TokenAnswer>("accounts:signInWithEmailLink", { email, oobCode, returnSecureToken: true }),
  /** How an address can sign in (createAuthUri): its sign-in methods, when the provider tells. */
  signInMethods: async (email: string) =>
    (
      await call<{ signinMethods?: string[] }>("accounts:createAuthUri", {
        identifier: email,
        continueUri: "http://localhost/",
      })
    ).signinMethods ?? [],
};
