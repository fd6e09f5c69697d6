import { redirect } from "~/platform/redirect.server";
import type { SubmissionResult } from "@conform-to/react";
import type { PasswordPolicy } from "~/features/auth/password-policy";
import { apiFor, isApiError } from "~/platform/api.server";
import { authErrorKey } from "~/features/auth/auth-errors";
import { apiErrorKey } from "~/platform/api-errors.server";
import { IdentityError } from "~/features/auth/identity-rest.server";
import { safeRedirectPath } from "~/platform/redirects";
import { openPasswordSession, openSession, sessionOpened } from "~/features/auth/session.server";
import type { SyncBody } from "~contract/users";
import { nextStepAfterSignIn } from "~/features/auth/sign-in-next.server";

/** The password policy announced by the API. */
export async function loadPasswordPolicy(request: Request): Promise<PasswordPolicy> {
  return apiFor(request).call("passwordPolicy");
}

/** Open the session for an ID token obtained on the server and redirect to the next step. */
export async function finishServerSignIn(request: Request, idToken: string, redirectUrl: unknown, profile?: SyncBody) {
  return goOn(await openSession(request, idToken, profile), redirectUrl);
}

/** The password form without JavaScript: signed in by the API (which limits attempts), then on. */
export async function passwordServerSignIn(request: Request, email: string, password: string, redirectUrl: unknown) {
  return goOn(await openPasswordSession(request, email, password), redirectUrl);
}

/** Go on with a session the API opened itself (a new password: PATCH /v1/user/set-password). */
export function continueWithSession(opened: Parameters<typeof sessionOpened>[0], redirectUrl: unknown) {
  return goOn(sessionOpened(opened), redirectUrl);
}

function goOn(opened: ReturnType<typeof sessionOpened>, redirectUrl: unknown) {
  const next = nextStepAfterSignIn(opened.user, opened.missingData, safeRedirectPath(redirectUrl));
  return redirect(next, { headers: { "Set-Cookie": opened.setCookie } });
}

/** Turn an identity-provider or session failure into a form error; anything else is a bug. */
export function signInFailure(
  error: unknown,
  reply: (options: { formErrors: string[] }) => SubmissionResult<string[]>,
) {
  if (error instanceof IdentityError) return reply({ formErrors: [authErrorKey(error.code)] });
  if (isApiError(error, "invalid_token", "stale_sign_in")) {
    return reply({ formErrors: [authErrorKey(`session/${error.code}`)] });
  }
  if (isApiError(error, "invalid_credentials")) return reply({ formErrors: [authErrorKey("auth/invalid-credential")] });
  if (isApiError(error, "user_disabled")) return reply({ formErrors: [authErrorKey("auth/user-disabled")] });
  if (isApiError(error, "rate_limited")) return reply({ formErrors: [apiErrorKey(error)] });
  throw error;
}
