import { getFormProps } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { useFormResult } from "~/ui/use-form-result";
import { useTranslation } from "~/platform/i18n-react";
import { FirebaseClientField } from "~/features/auth/firebase-client-field";
import { formatPhone } from "~/ui/format";
import { AlertMessage } from "~/ui/status-message";
import { FormError, SubmitButton } from "~/ui/form-parts";
import { TextField } from "~/ui/text-field";
import { usePersonalInfoForm } from "~/features/account/personal-info-forms";

const PAGE = "/account/personal-info";

/**
 * A code step that ended without a change (the 5th wrong code cancelled it, or it expired):
 * its message stays on the page, above the first step shown again.
 */
/**
 * A phone or email change: the code step while a new value waits for its code (unless the guest
 * asked to change it again), else how the last one ended and the form for a new value.
 */
export function ChangeStep({
  kind,
  pending,
  change,
  children,
}: {
  kind: "phone" | "email";
  pending: string | null;
  change: string | null;
  children: React.ReactNode;
}) {
  if (pending && change !== kind) return <CodeForm intent={`${kind}-confirm`} target={pending} kind={kind} />;
  return (
    <>
      <EndedChange kind={kind} />
      {children}
    </>
  );
}

function EndedChange({ kind }: { kind: "phone" | "email" }) {
  const { t } = useTranslation();
  const error = useFormResult(`${kind}-confirm`)?.error;
  const key = error?.code?.[0] ?? error?.[""]?.[0];
  return key ? <AlertMessage className="mb-3">{t(key)}</AlertMessage> : null;
}

/** Step two: the code sent to the new number or address, with "send again" and "use another". */
function CodeForm({
  intent,
  target,
  kind,
}: {
  intent: "phone-confirm" | "email-confirm";
  target: string;
  kind: "phone" | "email";
}) {
  const { t } = useTranslation();
  const { form, fields, pending } = usePersonalInfoForm(intent);
  const shown = kind === "phone" ? formatPhone(target) : target;
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-700">{t(`personalInfo.codeSentTo_${kind}`, { target: shown })}</p>
      <Form method="post" {...getFormProps(form)} className="space-y-3">
        <FormError errors={form.errors} id={form.errorId} />
        <input type="hidden" name="intent" value={intent} />
        {intent === "email-confirm" ? <FirebaseClientField /> : null}
        <TextField
          field={fields.code}
          label={t("personalInfo.code")}
          inputMode="numeric"
          autoComplete="one-time-code"
          autoFocus
        />
        <SubmitButton pending={pending} label={t("personalInfo.confirm")} pendingLabel={t("login.saving")} />
      </Form>
      <div className="flex flex-wrap items-center gap-4 text-sm">
        <Form method="post">
          <input type="hidden" name="intent" value={`${kind}-resend`} />
          <input type="hidden" name={kind} value={target} />
          <button type="submit" className="font-medium text-brand underline">
            {t("personalInfo.resend")}
          </button>
        </Form>
        <Link to={`${PAGE}?change=${kind}`} className="font-medium text-brand underline">
          {t(`personalInfo.useAnother_${kind}`)}
        </Link>
      </div>
    </div>
  );
}
