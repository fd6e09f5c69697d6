import { optionalLocationOf } from "~/features/auth/location";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useEffect } from "react";
import { useTranslation } from "~/platform/i18n-react";
import { EmailLinkForm } from "~/features/auth/email-link-form";
import { rememberLinkEmail } from "~/features/auth/link-email-cookie.server";
import { ProviderButtons } from "~/features/auth/provider-buttons";
import { SignInForm } from "~/features/auth/sign-in-form";
import { SignUpForm } from "~/features/auth/sign-up-form";
import { FormError } from "~/ui/form-parts";
import { i18next } from "~/platform/i18next.server";
import { apiFor } from "~/platform/api.server";
import { apiErrorResult } from "~/platform/api-errors.server";
import { formResult } from "~/platform/form-result.server";
import { REDIRECT_PENDING_KEY } from "~/features/auth/firebase-config";
import { identityRest } from "~/features/auth/identity-rest.server";
import { requireSameOrigin } from "~/platform/origin.server";
import { safeRedirectPath } from "~/platform/redirects";
import { finishServerSignIn, loadPasswordPolicy, passwordSignIn, signInFailed } from "~/features/auth/sign-in.server";
import { useClientSignIn } from "~/features/auth/use-client-sign-in";
import { useLoginLayoutData } from "~/features/auth/use-login-layout-data";
import { pageMeta } from "~/ui/meta";
import { bookingFunnel } from "~/features/booking/funnel.server";
import { FunnelHeader } from "~/features/booking/funnel-steps";
import { consoleSignIn } from "~/features/console/console-sign-in.server";
import { ConsoleSignInHeading } from "~/features/console/console-sign-in";
import { parseWithZod, readFormData } from "~/platform/form.server";
import { EmailLinkSchema, SignInSchema, signUpSchema } from "~/features/auth/auth-forms.server";
import { passHeaders } from "~/platform/http.server";
import { AlertMessage, StatusMessage } from "~/ui/status-message";
import { LinkLine } from "~/ui/link-line";

export async function loader({ request }: LoaderFunctionArgs) {
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

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(matches, data, [], { description: data?.description });

// A 429 (apiErrorResult) keeps its Retry-After on the page.
export const headers = passHeaders;

/** The same sign-in methods as native form posts, for browsers without JavaScript. */
export async function action({ request }: ActionFunctionArgs) {
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

/** A Google/Apple sign-in that fell back to a full-page redirect finishes here. */
function useFinishRedirectSignIn(redirectUrl: string) {
  const { firebase } = useLoginLayoutData();
  const client = useClientSignIn(redirectUrl);
  const { run } = client;
  useEffect(() => {
    if (window.sessionStorage.getItem(REDIRECT_PENDING_KEY)) {
      void run(
        async (fb) =>
          (await fb.finishRedirectSignIn(firebase)) ?? Promise.reject({ code: "auth/popup-closed-by-user" }),
      );
    }
    // Run once, when the page opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return client.error;
}

export default function LoginPage() {
  const { view, redirectUrl, sessionLost, passwordReset, title, funnel, consoleLogin } = useLoaderData<typeof loader>();
  const { firebase, passwordPolicy } = useLoginLayoutData();
  const { t } = useTranslation();
  const redirectError = useFinishRedirectSignIn(redirectUrl);
  const keep = (extra: Record<string, string>) => `/login?${new URLSearchParams({ redirectUrl, ...extra })}`;
  // From an invitation link: the invited email, filled in.
  const email = consoleLogin?.invitation?.email;

  return (
    <>
      <FunnelHeader funnel={funnel} current="signIn" />
      {consoleLogin ? (
        <ConsoleSignInHeading signIn={consoleLogin} signUp={view === "signup"} />
      ) : (
        <h1 className="text-2xl font-bold text-brand-ink">{title}</h1>
      )}
      {sessionLost ? <AlertMessage>{t("login.sessionLost")}</AlertMessage> : null}
      {passwordReset ? <StatusMessage>{t("login.resetDone")}</StatusMessage> : null}
      <div className="mt-4">
        <FormError errors={redirectError ? [redirectError] : undefined} />
      </div>
      {view === "signup" ? (
        <div className="mt-6 space-y-6">
          <SignUpForm firebase={firebase} policy={passwordPolicy} redirectUrl={redirectUrl} email={email} />
          <p className="text-sm text-slate-700">
            {t("login.haveAccount")}{" "}
            <Link to={keep({})} className="font-medium text-brand underline">
              {t("login.signIn")}
            </Link>
          </p>
        </div>
      ) : (
        <div className="mt-6 space-y-6">
          <SignInForm firebase={firebase} redirectUrl={redirectUrl} email={email} />
          <LinkLine to="/reset-password" className="text-sm">
            {t("login.forgotPassword")}
          </LinkLine>
          <Divider label={t("login.or")} />
          <ProviderButtons firebase={firebase} redirectUrl={redirectUrl} />
          <Divider label={t("login.or")} />
          <EmailLinkForm redirectUrl={redirectUrl} email={email} />
          <p className="text-sm text-slate-700">
            {t("login.noAccount")}{" "}
            <Link to={keep({ view: "signup" })} className="font-medium text-brand underline">
              {t("login.createAccount")}
            </Link>
          </p>
        </div>
      )}
    </>
  );
}

function Divider({ label }: { label: string }) {
  return (
    <div className="flex items-center gap-3 text-xs uppercase tracking-wide text-slate-500" aria-hidden="true">
      <span className="h-px flex-1 bg-slate-200" />
      {label}
      <span className="h-px flex-1 bg-slate-200" />
    </div>
  );
}
