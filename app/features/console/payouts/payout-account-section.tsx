import type { PayoutAccountView } from "~contract/payouts/payout-account";
import { useTranslation } from "~/platform/i18n-react";
import { IntentButton } from "~/ui/intent-button";
import { CardSection } from "~/ui/labelled-section";
import { AlertMessage } from "~/ui/status-message";
import { disabledReasonKey, requirementKeys } from "./requirement-words";

/** The form's intent: the action answers it with a redirect to the provider's onboarding. */
export const START_ONBOARDING_INTENT = "startPayoutOnboarding";

/**
 * The operator's payout account on the console's payouts page (issue 45): where it stands, what
 * the provider still needs (in words), whether the storefront can sell, and, for the owner, the
 * button to the provider's onboarding ("Set up payouts", or "Continue setup"). A manager sees it
 * all but the button.
 */
export function PayoutAccountSection({
  account,
  canStart,
  className = "mt-6",
}: {
  account: PayoutAccountView;
  /** The caller may start onboarding (the owner: operatorMe's `can.managePayouts`). */
  canStart: boolean;
  className?: string;
}) {
  const { t } = useTranslation();
  const provider = t(`payoutAccount.provider_${account.provider}`);
  const needs = requirementKeys(account.requirements);
  const disabled = disabledReasonKey(account.disabledReason);
  const setUp = account.state === "not_started";
  return (
    <CardSection
      headingId="payout-account-heading"
      heading={t("payoutAccount.heading")}
      className={className}
      data-testid="payout-account"
    >
      <p className="mt-2 text-sm" data-testid="payout-account-state">
        <span className="font-semibold">{t(`payoutAccount.state_${account.state}`)}</span>{" "}
        {t(`payoutAccount.stateText_${account.state}`, { provider })}
      </p>
      {account.provider === "sandbox" ? (
        <p className="mt-2 text-sm text-slate-600">{t("payoutAccount.sandboxNote")}</p>
      ) : null}
      {account.canSell ? null : (
        <AlertMessage className="mt-3">{t("payoutAccount.cannotSell", { provider })}</AlertMessage>
      )}
      {disabled ? <p className="mt-3 text-sm text-amber-900">{t(disabled, { provider })}</p> : null}
      {needs.length > 0 && account.state !== "not_started" ? (
        <div className="mt-3">
          <p className="text-sm font-medium" id="payout-account-needs">
            {t("payoutAccount.needsHeading", { provider })}
          </p>
          <ul className="mt-1 list-disc pl-5 text-sm" aria-labelledby="payout-account-needs" data-testid="payout-needs">
            {needs.map((key) => (
              <li key={key}>{t(key, { provider })}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {account.state === "enabled" ? null : canStart ? (
        <IntentButton intent={START_ONBOARDING_INTENT} className="mt-4" variant="primary">
          {t(setUp ? "payoutAccount.setUp" : "payoutAccount.continueSetup")}
        </IntentButton>
      ) : (
        <p className="mt-4 text-sm text-slate-600">{t("payoutAccount.ownerOnly")}</p>
      )}
    </CardSection>
  );
}
