import { Link, useLoaderData } from "@remix-run/react";
import { useEffect } from "react";
import { useTranslation } from "~/platform/i18n-react";
import { EmailLinkForm } from "~/features/auth/email-link-form";
import { ProviderButtons } from "~/features/auth/provider-buttons";
import { SignInForm } from "~/features/auth/sign-in-form";
import { SignUpForm } from "~/features/auth/sign-up-form";
import { FormError } from "~/ui/form-parts";
import { REDIRECT_PENDING_KEY } from "~/features/auth/firebase-config";
import { useClientSignIn } from "~/features/auth/use-client-sign-in";
import { useLoginLayoutData } from "~/features/auth/use-login-layout-data";
import { FunnelHeader } from "~/features/booking/funnel-steps";
import { ConsoleSignInHeading } from "~/features/console/console-sign-in";
import { AlertMessage, StatusMessage } from "~/ui/status-message";
import { LinkLine } from "~/ui/link-line";
import type { loadLogin } from "~/features/auth/login.server";

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

/** Sign in (password, Google/Apple, an email link) or sign up; each works as a native form post too. */
export function LoginPage() {
  const { view, redirectUrl, sessionLost, passwordReset, title, funnel, consoleLogin } =
    useLoaderData<typeof loadLogin>();
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
