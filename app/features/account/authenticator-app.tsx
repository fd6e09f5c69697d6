import { getFormProps, useForm } from "@conform-to/react";
import { Form, Link, useActionData, useLocation } from "@remix-run/react";
import { useTranslation } from "~/platform/i18n-react";
import { Button } from "~/ui/button";
import { formatDate } from "~/ui/date-format";
import { FormError } from "~/ui/form-parts";
import { IntentButton } from "~/ui/intent-button";
import { TextField } from "~/ui/text-field";
import { useTravellerZone } from "~/ui/traveller-zone";
import { useFormResult } from "~/ui/use-form-result";
import { useSecurityValidation } from "~/features/account/use-security-validation";
import { useIsPending } from "~/ui/use-is-pending";
import { enrolmentOf, type Enrolment } from "~/features/account/two-step-answers";
import { useTwoStep } from "~/features/account/use-two-step";

/** The app being set up: its QR code and key (drawn on the server), and the first code to confirm it. */
function ConfirmApp({ enrolment }: { enrolment: Enrolment }) {
  const { t } = useTranslation();
  const twoStep = useTwoStep();
  const pending = useIsPending({ intent: "totp-confirm" });
  const { pathname, search } = useLocation();
  const [form, fields] = useForm({
    id: "totp-confirm",
    lastResult: useFormResult("totp-confirm"),
    constraint: twoStep.constraints.totpConfirm,
    ...useSecurityValidation((schemas) => schemas.TotpConfirmSchema),
  });
  // The key's own fields are hidden: a refusal of them is the form's.
  const errors = [...(form.errors ?? []), ...(fields.secret.errors ?? []), ...(fields.otpauthUrl.errors ?? [])];
  return (
    <Form method="post" {...getFormProps(form)} className="mt-3 space-y-3" data-testid="totp-enrolment">
      <FormError errors={errors} id={form.errorId} />
      <input type="hidden" name="intent" value="totp-confirm" />
      <input type="hidden" name="secret" value={enrolment.secret} />
      <input type="hidden" name="otpauthUrl" value={enrolment.otpauthUrl} />
      <p className="text-sm text-slate-800">{t("security.appScan")}</p>
      <img src={enrolment.qr} alt={t("security.appQr")} width={200} height={200} className="border border-slate-200" />
      <div>
        <p className="text-sm font-medium text-slate-800">{t("security.appSecret")}</p>
        <code className="mt-1 block break-all font-mono text-base text-slate-900" data-testid="totp-secret">
          {enrolment.secret}
        </code>
      </div>
      <TextField
        field={fields.code}
        label={t("security.appCode")}
        hint={t("security.appCodeHint")}
        autoComplete="one-time-code"
        inputMode="numeric"
        autoFocus
      />
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="primary" disabled={pending}>
          {t("security.appConfirm")}
        </Button>
        <Link to={pathname + search} className="text-sm font-medium text-brand underline">
          {t("security.appCancel")}
        </Link>
      </div>
    </Form>
  );
}

/** The authenticator app: set up (then confirmed by a code), or when it was and removing it. */
export function AuthenticatorApp() {
  const { t, i18n } = useTranslation();
  const zone = useTravellerZone();
  const twoStep = useTwoStep();
  const enrolment = enrolmentOf(useActionData());
  const app = twoStep.factors.totp;
  if (app) {
    return (
      <>
        <p className="mt-1 text-sm text-slate-800" data-testid="totp-on">
          {t("security.appOn", { date: formatDate(app.confirmedAt, { timeZone: zone, locale: i18n.language }) })}
        </p>
        <IntentButton intent="totp-remove" className="mt-3" variant="danger">
          {t("security.appRemove")}
        </IntentButton>
      </>
    );
  }
  if (enrolment) return <ConfirmApp enrolment={enrolment} />;
  return (
    <>
      <p className="mt-1 text-sm text-slate-700">{t("security.appOff")}</p>
      <IntentButton intent="totp-start" className="mt-3" variant="primary">
        {t("security.appStart")}
      </IntentButton>
    </>
  );
}
