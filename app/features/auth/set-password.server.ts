import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "~/platform/redirect.server";
import { i18next } from "~/platform/i18next.server";
import { apiFor } from "~/platform/api.server";
import { formResult } from "~/platform/form-result.server";
import { isEmailSignInLink } from "~/platform/email-sign-in-link";
import { identityRest } from "~/features/auth/identity-rest.server";
import { forgetLinkEmail, rememberedLinkEmail } from "~/features/auth/link-email-cookie.server";
import { requireSameOrigin } from "~/platform/origin.server";
import { safeRedirectPath } from "~/platform/redirects";
import { getSessionUser, requireUser } from "~/features/auth/session.server";
import {
  continueWithSession,
  finishServerSignIn,
  loadPasswordPolicy,
  newPasswordRefused,
  signInFailed,
} from "~/features/auth/sign-in.server";
import { firebaseResyncCookie } from "~/features/auth/firebase-resync.server";
import { bookingFunnel } from "~/features/booking/funnel.server";
import { parseWithZod, readFormData } from "~/platform/form.server";
import { ConfirmEmailSchema, newPasswordSchema } from "~/features/auth/auth-forms.server";

/** A signed-in user who must set a password ("set"), or an emailed sign-in link being finished ("link"). */
export async function loadSetPassword({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const user = await getSessionUser(request);
  const redirectUrl = safeRedirectPath(url.searchParams.get("redirectUrl"));
  const [t, funnel] = await Promise.all([i18next.getFixedT(request), bookingFunnel(request, redirectUrl)]);
  const base = { redirectUrl, funnel };
  if (user) {
    if (!user.requiresPasswordSetup) throw redirect(redirectUrl);
    return { ...base, mode: "set" as const, oobCode: null, title: t("login.setPasswordTitle") };
  }
  if (isEmailSignInLink(url.searchParams)) {
    return {
      ...base,
      mode: "link" as const,
      oobCode: url.searchParams.get("oobCode"),
      rememberedEmail: await rememberedLinkEmail(request),
      title: t("login.confirmEmailTitle"),
    };
  }
  throw redirect(`/login?${new URLSearchParams({ redirectUrl })}`);
}

/** Finishes the emailed link's sign-in (its address confirmed), or sets the password. */
export async function setPasswordAction({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const formData = await readFormData(request);
  const redirectUrl = safeRedirectPath(new URL(request.url).searchParams.get("redirectUrl"));

  if (formData.get("intent") === "email-link") {
    const submission = parseWithZod(formData, { schema: ConfirmEmailSchema });
    if (submission.status !== "success") return formResult(submission.reply(), { intent: "email-link" });
    try {
      const { idToken } = await identityRest.signInWithEmailLink(submission.value.email, submission.value.oobCode);
      const response = await finishServerSignIn(request, idToken, redirectUrl);
      response.headers.append("Set-Cookie", await forgetLinkEmail());
      return response;
    } catch (error) {
      return signInFailed(error, submission, { intent: "email-link" });
    }
  }

  const { token } = await requireUser(request);
  const submission = parseWithZod(formData, { schema: newPasswordSchema(await loadPasswordPolicy(request)) });
  const hideFields = ["password", "confirmPassword"];
  if (submission.status !== "success") return formResult(submission.reply({ hideFields }), { intent: "set" });
  let renewed;
  try {
    renewed = await apiFor(request, { token }).call("setPassword", { body: { password: submission.value.password } });
  } catch (error) {
    return newPasswordRefused(error, submission, { intent: "set" });
  }
  // Setting a password ends existing sessions: the API answers a new one for this browser.
  const response = continueWithSession(renewed, redirectUrl);
  const resync = await firebaseResyncCookie(formData, renewed.customToken);
  if (resync) response.headers.append("Set-Cookie", resync);
  return response;
}
