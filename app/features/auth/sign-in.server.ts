import { redirect } from "@remix-run/node";
import type { SubmissionResult } from "@conform-to/react";
import { DEFAULT_PASSWORD_POLICY, type PasswordPolicy } from "~/features/auth/auth-schemas";
import { apiFor, isApiError } from "~/platform/api.server";
import { authErrorKey } from "~/features/auth/auth-errors";
import { IdentityError } from "~/features/auth/identity-rest.server";
import { safeRedirectPath } from "~/platform/redirects";
import { openSession } from "~/features/auth/session.server";
import type { SyncBody } from "~contract/users";
import { nextStepAfterSignIn } from "~/features/auth/sign-in-next.server";

/** The password policy announced by the API. */
export async function loadPasswordPolicy(request: Request): Promise<PasswordPolicy> {
  return { ...DEFAULT_PASSWORD_POLICY, ...(await apiFor(request).call("passwordPolicy")) };
}

/** Open the session for an ID token obtained on the server and redirect to the next step. */
export async function finishServerSignIn(request: Request, idToken: string, redirectUrl: unknown, profile?: SyncBody) {
  const { user, missingData, setCookie } = await openSession(request, idToken, profile);
  const next = nextStepAfterSignIn(user, missingData, safeRedirectPath(redirectUrl));
  return redirect(next, { headers: { "Set-Cookie": setCookie } });
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
  throw error;
}
