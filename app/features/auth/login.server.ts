import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { optionalLocationOf } from "~/features/auth/location";
import { rememberLinkEmail } from "~/features/auth/link-email-cookie.server";
import { i18next } from "~/platform/i18next.server";
import { apiFor } from "~/platform/api.server";
import { apiErrorResult } from "~/platform/api-errors.server";
import { formResult } from "~/platform/form-result.server";
import { identityRest } from "~/features/auth/identity-rest.server";
import { requireSameOrigin } from "~/platform/origin.server";
import { safeRedirectPath } from "~/platform/redirects";
import { finishServerSignIn, loadPasswordPolicy, passwordSignIn, signInFailed } from "~/features/auth/sign-in.server";
import { bookingFunnel } from "~/features/booking/funnel.server";
import { consoleSignIn } from "~/features/console/console-sign-in.server";
import { parseWithZod, readFormData } from "~/platform/form.server";
import { EmailLinkSchema, SignInSchema, signUpSchema } from "~/features/auth/auth-forms.server";

/** The sign-in page's view (sign in or sign up), where to go after, and the funnel or console it serves. */
export async function loadLogin({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const redirectUrl = safeRedirectPath(url.searchParams.get("redirectUrl"));
  const [t, funnel, consoleLogin] = await Promise.all([
    i18next.getFixedT(request),
    bookingFunnel(request, redirectUrl),
    consoleSignIn(request, redirectUrl),
  ]);
  const view = url.searchParams.get("view") === "signup" ? "signup" : "signin";
  return {
    view,
    redirectUrl,
    funnel,
    consoleLogin,
    sessionLost: url.searchParams.get("errorCode") === "440",
    passwordReset: url.searchParams.get("reset") === "done",
    title: consoleLogin ? t("console.signInTitle") : view === "signup" ? t("login.signUpTitle") : t("login.title"),
    description: t(view === "signup" ? "login.signUpDescription" : "login.description"),
  };
}

/** The same sign-in methods as native form posts, for browsers without JavaScript. */
export async function signInAction({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const formData = await readFormData(request);
  const intent = formData.get("intent");
  const redirectUrl = formData.get("redirectUrl");

  if (intent === "password") {
    const submission = parseWithZod(formData, { schema: SignInSchema });
    if (submission.status !== "success") return formResult(submission.reply({ hideFields: ["password"] }), { intent });
    return passwordSignIn(request, submission, submission.value, redirectUrl);
  }

  if (intent === "signup") {
    const submission = parseWithZod(formData, { schema: signUpSchema(await loadPasswordPolicy(request)) });
    if (submission.status !== "success") return formResult(submission.reply({ hideFields: ["password"] }), { intent });
    const { email, password, firstName, lastName, phone } = submission.value;
    try {
      const { idToken } = await identityRest.signUp(email, password);
      return await finishServerSignIn(request, idToken, redirectUrl, {
        firstName,
        lastName,
        ...(phone ? { phone } : {}),
        ...optionalLocationOf(submission.value),
      });
    } catch (error) {
      return signInFailed(error, submission, { intent });
    }
  }

  if (intent === "link") {
    const submission = parseWithZod(formData, { schema: EmailLinkSchema });
    if (submission.status !== "success") return formResult(submission.reply(), { intent });
    try {
      await apiFor(request).call("sendAuthLink", {
        body: { email: submission.value.email, continueUrl: safeRedirectPath(redirectUrl) },
      });
    } catch (error) {
      return apiErrorResult(error, submission, { intent });
    }
    // A success: the page says where the link went (the address stays in the form), and this
    // browser remembers it for the link's page.
    return formResult(submission.reply(), {
      intent,
      headers: { "Set-Cookie": await rememberLinkEmail(submission.value.email) },
    });
  }

  throw data("Choose a way to sign in.", { status: 400 });
}
