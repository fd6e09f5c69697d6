import { useForm } from "@conform-to/react";
import { useLoaderData, useSubmit } from "@remix-run/react";
import { useTranslation } from "~/platform/i18n-react";
import { FormError, SubmitButton } from "~/ui/form-parts";
import { IntentForm } from "~/ui/intent-form";
import { RuledSection } from "~/ui/labelled-section";
import { TextField } from "~/ui/text-field";
import { useFormErrors, useFormResult } from "~/ui/use-form-result";
import { useFormValidation } from "~/ui/use-form-validation";
import { useHydrated } from "~/ui/use-hydrated";
import { useIsPending } from "~/ui/use-is-pending";
import { loginUrl } from "~/platform/redirects";
import { LogoutForm } from "~/features/auth/logout-form";
import { usePasskeyCeremony } from "~/features/auth/use-passkey-ceremony";
import type { loadTwoStep } from "~/features/auth/two-step.server";

type StepIntent = "totp" | "recovery";

/** One way to give the step by typing a code: the authenticator app's, or a recovery code. */
function CodeForm({ intent, autoFocus }: { intent: StepIntent; autoFocus: boolean }) {
  const { t } = useTranslation();
  const { constraints } = useLoaderData<typeof loadTwoStep>();
  const pending = useIsPending({ intent });
  const [form, fields] = useForm({
    id: `two-step-${intent}`,
    lastResult: useFormResult(intent),
    constraint: constraints[intent],
    ...useFormValidation(
      () => import("~/features/auth/two-step-schemas"),
      (schemas) => (intent === "totp" ? schemas.TotpStepSchema : schemas.RecoveryStepSchema),
    ),
  });
  const totp = intent === "totp";
  return (
    <IntentForm meta={form} intent={intent} className="mt-3 space-y-3">
      <TextField
        field={fields.code}
        label={t(totp ? "twoStep.codeLabel" : "twoStep.recoveryLabel")}
        hint={t(totp ? "twoStep.codeHint" : "twoStep.recoveryHint")}
        autoComplete="one-time-code"
        inputMode={totp ? "numeric" : "text"}
        autoFocus={autoFocus}
      />
      <SubmitButton
        pending={pending}
        label={t(totp ? "twoStep.verify" : "twoStep.recoverySubmit")}
        pendingLabel={t("twoStep.verifying")}
      />
    </IntentForm>
  );
}

/** "Use a passkey": the browser's dialog (JavaScript), its answer posted as the step. */
function PasskeyStep() {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const submit = useSubmit();
  const ceremony = usePasskeyCeremony("authenticate", "passkey-options", (response) =>
    submit({ intent: "passkey", response }, { method: "post" }),
  );
  const posting = useIsPending({ intent: "passkey" });
  const refused = useFormErrors("passkey");
  const busy = ceremony.state === "working" || posting;
  const errors =
    ceremony.errors ?? (ceremony.state === "failed" ? ["twoStep.passkeyFailed"] : busy ? undefined : refused);
  return (
    <div className="mt-3 space-y-3">
      <FormError errors={errors} id="passkey-error" />
      <noscript>
        <p className="rounded-md bg-slate-100 p-3 text-sm text-slate-700">{t("twoStep.passkeyNeedsScript")}</p>
      </noscript>
      <button
        type="button"
        onClick={() => ceremony.start()}
        disabled={!hydrated || busy}
        aria-describedby={errors ? "passkey-error" : undefined}
        className="w-full rounded-md bg-brand px-4 py-2.5 font-semibold text-white hover:brightness-90 disabled:opacity-60"
      >
        {busy ? t("twoStep.passkeyWorking") : t("twoStep.passkeyButton")}
      </button>
    </div>
  );
}

/**
 * /two-step, "Confirm it's you": the ways this user has (authenticator app, passkey) and a recovery
 * code, each its own form; sign out for someone else or later.
 */
export function TwoStepPage() {
  const { t } = useTranslation();
  const { title, email, hasTotp, hasPasskeys, redirectUrl } = useLoaderData<typeof loadTwoStep>();
  return (
    <>
      <h1 className="text-2xl font-bold text-brand-ink">{title}</h1>
      <p className="mt-2 text-sm text-slate-700">{t("twoStep.intro")}</p>
      <p className="mt-1 text-sm text-slate-700">{t("twoStep.signedInAs", { email })}</p>
      {hasTotp ? (
        <RuledSection id="totp" heading={t("twoStep.codeHeading")}>
          <CodeForm intent="totp" autoFocus />
        </RuledSection>
      ) : null}
      {hasPasskeys ? (
        <RuledSection id="passkey" heading={t("twoStep.passkeyHeading")}>
          <PasskeyStep />
        </RuledSection>
      ) : null}
      <RuledSection id="recovery" heading={t("twoStep.recoveryHeading")}>
        <CodeForm intent="recovery" autoFocus={!hasTotp && !hasPasskeys} />
      </RuledSection>
      <div className="mt-6 border-t border-slate-200 pt-5 text-sm text-slate-700">
        <LogoutForm redirectUrl={loginUrl(redirectUrl)}>
          {t("twoStep.notYou")}{" "}
          <button type="submit" className="font-medium text-brand underline">
            {t("twoStep.signOut")}
          </button>
        </LogoutForm>
      </div>
    </>
  );
}
