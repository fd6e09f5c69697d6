import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/platform/i18n-react";
import { Button } from "~/ui/button";
import { LogoutForm } from "~/features/auth/logout-form";
import { StatusMessage } from "~/ui/status-message";
import { CardSection } from "~/ui/labelled-section";
import { PasswordForm, ResetForm } from "~/features/account/password-forms";
import type { loadSecurity } from "~/features/account/security.server";
import { TwoStepSection } from "~/features/account/two-step-section";

/** One boxed section of the page, under its heading. */
function Panel({ id, heading, children }: { id: string; heading: string; children: React.ReactNode }) {
  return (
    <CardSection headingId={`${id}-heading`} heading={heading} className="mt-6">
      {children}
    </CardSection>
  );
}

/** How the user signs in, two-step sign-in, their password, and signing out on every device. */
export function SecurityPage() {
  const { signInMethods, hasPassword, flash, title } = useLoaderData<typeof loadSecurity>();
  const { t } = useTranslation();
  return (
    <>
      <h1 className="text-2xl font-bold text-brand-ink">{title}</h1>
      {flash ? <StatusMessage>{t(flash)}</StatusMessage> : null}
      <Panel id="methods" heading={t("security.signInMethods")}>
        <ul className="mt-2 list-disc pl-5 text-sm text-slate-900" data-testid="sign-in-method">
          {signInMethods.map((method) => (
            <li key={method}>{t(`security.method_${method.replace(/\W/g, "_")}`, { defaultValue: method })}</li>
          ))}
        </ul>
      </Panel>
      <Panel id="two-step" heading={t("security.twoStep")}>
        <TwoStepSection />
      </Panel>
      <Panel id="password" heading={hasPassword ? t("security.changePassword") : t("security.addPassword")}>
        <PasswordForm change={hasPassword} />
        <ResetForm />
      </Panel>
      <Panel id="devices" heading={t("security.devices")}>
        <p className="mt-1 text-sm text-slate-700">{t("security.devicesHint")}</p>
        <LogoutForm className="mt-3" everywhere>
          <Button variant="outline">{t("security.signOutEverywhere")}</Button>
        </LogoutForm>
      </Panel>
    </>
  );
}
