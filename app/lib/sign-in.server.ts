import { redirect } from "@remix-run/node";
import type { SubmissionResult } from "@conform-to/react";
import { DEFAULT_PASSWORD_POLICY, type PasswordPolicy } from "~/lib/auth-schemas";
import { apiFor } from "~/lib/api.server";
import { authErrorKey } from "~/lib/auth-errors";
import { IdentityError } from "~/lib/identity-rest.server";
import { safeRedirectPath } from "~/lib/redirects";
import { createSession, SessionError, type SignUpProfile } from "~/lib/session.server";
import { nextStepAfterSignIn } from "~/lib/sign-in-next.server";

/** The password policy announced by the API. */
export async function loadPasswordPolicy(request: Request): Promise<PasswordPolicy> {
  const { data } = await apiFor(request).get<{ data: PasswordPolicy }>("/v1/auth/password-policy");
  return { ...DEFAULT_PASSWORD_POLICY, ...data };
}

/** Open the session for an ID token obtained on the server and redirect to the next step. */
export async function finishServerSignIn(
  request: Request,
  idToken: string,
  redirectUrl: unknown,
  profile?: SignUpProfile,
) {
  const { user, setCookie } = await createSession(request, idToken, profile);
  const next = await nextStepAfterSignIn(request, user, safeRedirectPath(redirectUrl), idToken);
  return redirect(next, { headers: { "Set-Cookie": setCookie } });
}

/** Turn an identity-provider or session failure into a form error; anything else is a bug. */
export function signInFailure(
  error: unknown,
  reply: (options: { formErrors: string[] }) => SubmissionResult<string[]>,
) {
  if (error instanceof IdentityError) return reply({ formErrors: [authErrorKey(error.code)] });
  if (error instanceof SessionError) return reply({ formErrors: [authErrorKey(`session/${error.code}`)] });
  throw error;
}
