import { Link } from "@remix-run/react";
import { useTranslation } from "~/platform/i18n-react";
import { RuledSection } from "~/ui/labelled-section";
import { AlertMessage } from "~/ui/status-message";
import { ReauthPrompt } from "~/features/auth/reauth-fields";
import { AuthenticatorApp } from "~/features/account/authenticator-app";
import { Passkeys } from "~/features/account/passkeys";
import { NewRecoveryCodes, RecoveryCodesPanel } from "~/features/account/recovery-codes";
import { useTwoStep } from "~/features/account/use-two-step";

/**
 * "Two-step sign-in" on /account/security: whether it is on, the teams that require it (and the way
 * back to where the user was sent from), the fresh check when an action asks for it, recovery codes
 * just made, the authenticator app, passkeys and recovery codes.
 */
export function TwoStepSection() {
  const { t } = useTranslation();
  const { factors, hasSecondFactor, backTo } = useTwoStep();
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
      <RuledSection level={3} id="totp" heading={t("security.appHeading")}>
        <AuthenticatorApp />
      </RuledSection>
      <RuledSection level={3} id="passkeys" heading={t("security.passkeysHeading")}>
        <Passkeys />
      </RuledSection>
      {hasSecondFactor ? (
        <RuledSection level={3} id="codes" heading={t("security.codesHeading")}>
          <RecoveryCodesPanel />
        </RuledSection>
      ) : null}
    </>
  );
}
