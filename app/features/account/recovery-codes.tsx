import { useActionData } from "@remix-run/react";
import { useTranslation } from "~/platform/i18n-react";
import { Button } from "~/ui/button";
import { IntentForm } from "~/ui/intent-form";
import { useFormErrors } from "~/ui/use-form-result";
import { useIsPending } from "~/ui/use-is-pending";
import { StatusMessage } from "~/ui/status-message";
import { codesOf } from "~/features/account/two-step-answers";
import { useTwoStep } from "~/features/account/use-two-step";

const MADE_STATUS = { app: "security.appAdded", passkey: "security.passkeyAdded", codes: "security.codesMade" };

/**
 * Recovery codes just made, shown this once: a list to copy or print, and a text file to download
 * (a data: link, without JavaScript too).
 */
export function NewRecoveryCodes() {
  const { t } = useTranslation();
  const answer = codesOf(useActionData());
  if (!answer) return null;
  const file = `data:text/plain;charset=utf-8,${encodeURIComponent(answer.recoveryCodes.join("\n") + "\n")}`;
  return (
    <div className="mt-4">
      <StatusMessage>{t(MADE_STATUS[answer.made])}</StatusMessage>
      <section
        aria-labelledby="new-codes-heading"
        className="mt-3 rounded-md border border-amber-300 bg-amber-50 p-4"
        data-testid="recovery-codes"
      >
        <h3 id="new-codes-heading" className="font-semibold text-slate-900">
          {t("security.codesNewHeading")}
        </h3>
        <p className="mt-1 text-sm text-slate-800">{t("security.codesShown")}</p>
        <ol className="mt-3 grid grid-cols-2 gap-x-6 gap-y-1 font-mono text-base text-slate-900 sm:w-max">
          {answer.recoveryCodes.map((code) => (
            <li key={code}>{code}</li>
          ))}
        </ol>
        <a
          href={file}
          download="wayfarer-recovery-codes.txt"
          className="mt-3 inline-block text-sm font-medium text-brand underline"
        >
          {t("security.codesDownload")}
        </a>
      </section>
    </div>
  );
}

/** How many recovery codes are left, and making new ones (the old ones stop working; a fresh check). */
export function RecoveryCodesPanel() {
  const { t } = useTranslation();
  const twoStep = useTwoStep();
  const pending = useIsPending({ intent: "codes-make" });
  const left = twoStep.factors.recoveryCodesLeft;
  return (
    <>
      <p className="mt-1 text-sm text-slate-700">{t("security.codesIntro")}</p>
      <p className="mt-1 text-sm text-slate-900" data-testid="recovery-codes-left">
        {left > 0 ? t("security.codesLeft", { count: left }) : t("security.codesNone")}
      </p>
      <IntentForm intent="codes-make" className="mt-3" errors={useFormErrors("codes-make")}>
        <Button disabled={pending} aria-describedby="codes-make-hint">
          {t("security.codesMake")}
        </Button>
        <p id="codes-make-hint" className="mt-1 text-xs text-slate-600">
          {t("security.codesMakeHint")}
        </p>
      </IntentForm>
    </>
  );
}
