import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/platform/i18n-react";
import { AlertMessage } from "~/ui/status-message";
import { ReauthPrompt } from "~/features/auth/reauth-fields";
import { AuthenticatorApp } from "~/features/account/authenticator-app";
import { Passkeys } from "~/features/account/passkeys";
import { NewRecoveryCodes, RecoveryCodesPanel } from "~/features/account/recovery-codes";
import type { loadSecurity } from "~/features/account/security.server";

function Part({ id, heading, children }: { id: string; heading: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={`${id}-heading`} className="mt-5 border-t border-slate-200 pt-4">
      <h3 id={`${id}-heading`} className="font-semibold text-slate-900">
        {heading}
      </h3>
      {children}
    </section>
  );
}

/**
 * "Two-step sign-in" on /account/security: whether it is on, the teams that require it (and the way
 * back to where the user was sent from), the fresh check when an action asks for it, recovery codes
 * just made, the authenticator app, passkeys and recovery codes.
 */
export function TwoStepSection() {
  const { t } = useTranslation();
  const { twoStep } = useLoaderData<typeof loadSecurity>();
  const { factors, hasSecondFactor, backTo } = twoStep;
  return (
    <>
      {factors.requiredBy.length > 0 && !hasSecondFactor ? (
        <AlertMessage className="mt-2">
          {t("security.twoStepRequired", { teams: factors.requiredBy.join(", ") })}
        </AlertMessage>
      ) : null}
      <p className="mt-2 text-sm text-slate-700">{t("security.twoStepIntro")}</p>
      <p className="mt-2 text-sm font-medium text-slate-900" data-testid="two-step-status">
        {hasSecondFactor ? t("security.twoStepOn") : t("security.twoStepOff")}
      </p>
      {backTo && hasSecondFactor ? (
        <p className="mt-2">
          <Link to={backTo} className="text-sm font-medium text-brand underline">
            {t("security.twoStepBack")}
          </Link>
        </p>
      ) : null}
      <ReauthPrompt heading="h3" />
      <NewRecoveryCodes />
      <Part id="totp" heading={t("security.appHeading")}>
        <AuthenticatorApp />
      </Part>
      <Part id="passkeys" heading={t("security.passkeysHeading")}>
        <Passkeys />
      </Part>
      {hasSecondFactor ? (
        <Part id="codes" heading={t("security.codesHeading")}>
          <RecoveryCodesPanel />
        </Part>
      ) : null}
    </>
  );
}
