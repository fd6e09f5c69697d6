import { getFormProps, useForm } from "@conform-to/react";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { redirect } from "~/platform/redirect.server";
import { Form, useLoaderData } from "@remix-run/react";
import { useFormResult } from "~/ui/use-form-result";
import { useEffect } from "react";
import { useTranslation } from "~/platform/i18n-react";
import { NewPasswordForm } from "~/features/auth/new-password-form";
import { FormError, SubmitButton } from "~/ui/form-parts";
import { TextField } from "~/ui/text-field";
import { i18next } from "~/platform/i18next.server";
import { apiFor } from "~/platform/api.server";
import { formResult } from "~/platform/form-result.server";
import { passHeaders } from "~/platform/http.server";
import { useIsPending } from "~/ui/use-is-pending";
import { isEmailSignInLink } from "~/platform/email-sign-in-link";
import { useFormValidation } from "~/ui/use-form-validation";
import { EMAIL_FOR_SIGN_IN_KEY } from "~/features/auth/firebase-config";
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
import { useClientSignIn } from "~/features/auth/use-client-sign-in";
import { useLoginLayoutData } from "~/features/auth/use-login-layout-data";
import { pageMeta } from "~/ui/meta";
import { bookingFunnel } from "~/features/booking/funnel.server";
import { FunnelHeader } from "~/features/booking/funnel-steps";
import { parseWithZod, readFormData } from "~/platform/form.server";
import { ConfirmEmailSchema, newPasswordSchema } from "~/features/auth/auth-forms.server";

export async function loader({ request }: LoaderFunctionArgs) {
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

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data);

// A 429 (apiErrorResult) keeps its Retry-After on the page.
export const headers = passHeaders;

export async function action({ request }: ActionFunctionArgs) {
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

export default function SetPasswordPage() {
  const { mode, title, funnel } = useLoaderData<typeof loader>();
  return (
    <>
      <FunnelHeader funnel={funnel} current="signIn" />
      <h1 className="text-2xl font-bold text-brand-ink">{title}</h1>
      {mode === "set" ? (
        <NewPasswordForm intent="set" hint="login.setPasswordHint" submitLabel="login.savePassword" />
      ) : (
        <ConfirmEmailForm />
      )}
    </>
  );
}

/**
 * Finish an emailed sign-in link: the address this browser asked it for (local storage, as the spec
 * says, or the cookie the request's action set, which a click before hydration also leaves; with
 * JavaScript the sign-in then runs at once), or the one the user confirms.
 */
function ConfirmEmailForm() {
  const { t } = useTranslation();
  const data = useLoaderData<typeof loader>();
  const { oobCode, redirectUrl } = data;
  const rememberedEmail = "rememberedEmail" in data ? data.rememberedEmail : null;
  const { firebase } = useLoginLayoutData();
  const posting = useIsPending({ intent: "email-link" });
  const client = useClientSignIn(redirectUrl);
  const { run } = client;

  const signIn = (email: string) =>
    run(async (fb) => {
      const idToken = await fb.emailLinkSignIn(firebase, email, window.location.href);
      window.localStorage.removeItem(EMAIL_FOR_SIGN_IN_KEY);
      return idToken;
    });

  useEffect(() => {
    let stored: string | null = null;
    try {
      stored = window.localStorage.getItem(EMAIL_FOR_SIGN_IN_KEY);
    } catch {
      stored = null;
    }
    const email = stored ?? rememberedEmail;
    if (email) void signIn(email);
    // Run once, when the link is opened.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const [form, fields] = useForm({
    id: "confirm-email",
    lastResult: useFormResult("email-link"),
    defaultValue: { email: rememberedEmail ?? "" },
    constraint: useLoginLayoutData().constraints.confirmEmail,
    ...useFormValidation(
      () => import("~/features/auth/auth-schemas"),
      (schemas) => schemas.ConfirmEmailSchema,
    ),
    onSubmit(event, { submission }) {
      if (submission?.status !== "success") return;
      event.preventDefault();
      void signIn(submission.value.email);
    },
  });
  return (
    <Form method="post" {...getFormProps(form)} className="mt-6 space-y-4">
      <p className="text-sm text-slate-700">
        {client.pending ? t("login.completingSignIn") : t("login.confirmEmailHint")}
      </p>
      <input type="hidden" name="intent" value="email-link" />
      <input type="hidden" name="oobCode" value={oobCode ?? ""} />
      <FormError errors={client.error ? [client.error] : form.errors} id={form.errorId} />
      <TextField field={fields.email} label={t("login.email")} type="email" autoComplete="email" />
      <SubmitButton
        pending={client.pending || posting}
        label={t("login.continue")}
        pendingLabel={t("login.completingSignIn")}
      />
    </Form>
  );
}
