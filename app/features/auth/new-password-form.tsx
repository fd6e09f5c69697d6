import { getFormProps, useForm } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useFormResult } from "~/ui/use-form-result";
import { useIsPending } from "~/ui/use-is-pending";
import { useTranslation } from "~/platform/i18n-react";
import { FormError, SubmitButton } from "~/ui/form-parts";
import { useLoginLayoutData } from "~/features/auth/use-login-layout-data";
import { FirebaseClientField } from "~/features/auth/firebase-client-field";
import { NewPasswordFields } from "~/features/auth/new-password-fields";
import { useAuthFormChecks } from "~/features/auth/use-auth-form-checks";

type Props = {
  /** The form's intent on its page (its result and pending state are its own). */
  intent: string;
  /** Locale keys of the words above the form and on its button. */
  hint: string;
  submitLabel: string;
};

/** A new password, typed twice, checked against the server's policy (set-password and reset). */
export function NewPasswordForm({ intent, hint, submitLabel }: Props) {
  const { t } = useTranslation();
  const { passwordPolicy } = useLoginLayoutData();
  const saving = useIsPending({ intent });
  const [form, fields] = useForm({
    id: `${intent}-password`,
    lastResult: useFormResult(intent),
    ...useAuthFormChecks("newPassword", (schemas) => schemas.newPasswordSchema(passwordPolicy)),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="mt-6 space-y-4">
      <p className="text-sm text-slate-700">{t(hint)}</p>
      <FormError errors={form.errors} id={form.errorId} />
      <input type="hidden" name="intent" value={intent} />
      <FirebaseClientField />
      <NewPasswordFields
        password={fields.password}
        confirm={fields.confirmPassword}
        label={t("login.password")}
        policy={passwordPolicy}
        autoFocus
      />
      <SubmitButton pending={saving} label={t(submitLabel)} pendingLabel={t("login.saving")} />
    </Form>
  );
}
