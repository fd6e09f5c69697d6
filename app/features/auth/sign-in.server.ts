import { redirect } from "~/platform/redirect.server";
import type { PasswordPolicy } from "~/features/auth/password-policy";
import { apiFor, isApiError } from "~/platform/api.server";
import { authErrorKey } from "~/features/auth/auth-errors";
import { apiErrorResult, type Replyable } from "~/platform/api-errors.server";
import { formResult } from "~/platform/form-result.server";
import { IdentityError, identityRest } from "~/features/auth/identity-rest.server";
import { otherMethodCode } from "~/features/auth/sign-in-methods";
import { safeRedirectPath } from "~/platform/redirects";
import { openPasswordSession, openSession, sessionOpened } from "~/features/auth/session.server";
import type { SyncBody } from "~contract/identity/users";
import { nextStepAfterSignIn } from "~/features/auth/sign-in-next.server";

/** The password policy announced by the API. */
export async function loadPasswordPolicy(request: Request): Promise<PasswordPolicy> {
  return apiFor(request).call("passwordPolicy");
}

/** Open the session for an ID token obtained on the server and redirect to the next step. */
export async function finishServerSignIn(request: Request, idToken: string, redirectUrl: unknown, profile?: SyncBody) {
  return goOn(await openSession(request, idToken, profile), redirectUrl);
}

/**
 * The password form without JavaScript: signed in by the API (which limits attempts), then on;
 * else the form's result. An address without a password is told how it signs in instead.
 */
export async function passwordSignIn(
  request: Request,
  submission: Replyable,
  { email, password }: { email: string; password: string },
  redirectUrl: unknown,
) {
  try {
    return goOn(await openPasswordSession(request, email, password), redirectUrl);
  } catch (error) {
    // The one refusal that needs more than words: which other way this address signs in.
    const other = isApiError(error, "invalid_credentials")
      ? otherMethodCode(await identityRest.signInMethods(email).catch(() => []))
      : null;
    return signInFailed(other ? new IdentityError(other) : error, submission, { intent: "password" });
  }
}

/** Go on with a session the API opened itself (a new password: PATCH /v1/user/set-password). */
export function continueWithSession(opened: Parameters<typeof sessionOpened>[0], redirectUrl: unknown) {
  return goOn(sessionOpened(opened), redirectUrl);
}

function goOn(opened: ReturnType<typeof sessionOpened>, redirectUrl: unknown) {
  const next = nextStepAfterSignIn(opened.user, opened.missingData, safeRedirectPath(redirectUrl));
  return redirect(next, { headers: { "Set-Cookie": opened.setCookie } });
}

/** Typed passwords are never sent back to the page. */
const PASSWORD_FIELDS = ["currentPassword", "password", "confirmPassword"];

/**
 * The API refusing a new password (set, changed or reset), as the form's result: one the policy
 * does not allow on its field; anything else (a used link, a 429) as the form's message.
 */
export function newPasswordRefused(error: unknown, submission: Replyable, { intent }: { intent: string }) {
  const fields = { password: authErrorKey("auth/password-does-not-meet-requirements") };
  return apiErrorResult(error, submission, { fields, hideFields: PASSWORD_FIELDS, intent });
}

/** The API's refusals of a sign-in, in the identity provider's words (the page has them). */
const SIGN_IN_REFUSALS = {
  invalid_token: { key: authErrorKey("session/invalid_token") },
  stale_sign_in: { key: authErrorKey("session/stale_sign_in") },
  invalid_credentials: { key: authErrorKey("auth/invalid-credential") },
  user_disabled: { key: authErrorKey("auth/user-disabled") },
};

/**
 * A sign-in that failed, as the form's result (the password is never sent back): the identity
 * provider's refusal, or the API's (apiErrorResult: a 429 says when to try again).
 */
export function signInFailed(error: unknown, submission: Replyable, { intent }: { intent: string }) {
  const hideFields = ["password"];
  if (error instanceof IdentityError) {
    return formResult(submission.reply({ hideFields, formErrors: [authErrorKey(error.code)] }), { intent });
  }
  return apiErrorResult(error, submission, { codes: SIGN_IN_REFUSALS, hideFields, intent });
}
