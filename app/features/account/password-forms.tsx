import { getFormProps, useForm, type FieldMetadata } from "@conform-to/react";
import { Form, useLoaderData } from "@remix-run/react";
import { useSecurityValidation } from "~/features/account/use-security-validation";
import { useFormResult } from "~/ui/use-form-result";
import { useTranslation } from "~/platform/i18n-react";
import { NewPasswordFields } from "~/features/auth/new-password-fields";
import { FirebaseClientField } from "~/features/auth/firebase-client-field";
import { StatusMessage } from "~/ui/status-message";
import { FormError, SubmitButton } from "~/ui/form-parts";
import { TextField } from "~/ui/text-field";
import { useIsPending } from "~/ui/use-is-pending";
import type { loadSecurity } from "~/features/account/security.server";
import { IntentForm } from "~/ui/intent-form";

/** Change the password (the current one first), or add one to an account without. */
export function PasswordForm({ change }: { change: boolean }) {
  const { t } = useTranslation();
  const { passwordPolicy, constraints } = useLoaderData<typeof loadSecurity>();
  const intent = change ? "change-password" : "add-password";
  const saving = useIsPending({ intent });
  const [form, fields] = useForm({
    id: "password",
    lastResult: useFormResult(intent),
    constraint: change ? constraints.change : constraints.add,
    ...useSecurityValidation((schemas) =>
      change ? schemas.changePasswordSchema(passwordPolicy) : schemas.addPasswordSchema(passwordPolicy),
    ),
  });
  const f = fields as unknown as Record<string, FieldMetadata<string | undefined>>;
  return (
    <Form method="post" {...getFormProps(form)} className="mt-3 space-y-3">
      <FormError errors={form.errors} id={form.errorId} />
      <input type="hidden" name="intent" value={intent} />
      <FirebaseClientField />
      {change ? (
        <TextField
          field={f.currentPassword}
          label={t("security.currentPassword")}
          type="password"
          autoComplete="current-password"
        />
      ) : null}
      <NewPasswordFields
        password={f.password}
        confirm={f.confirmPassword}
        label={t("security.newPassword")}
        policy={passwordPolicy}
      />
      <SubmitButton
        pending={saving}
        label={change ? t("security.changePassword") : t("security.addPassword")}
        pendingLabel={t("login.saving")}
      />
    </Form>
  );
}

/** A signed-in user is not sent to /reset-password (a sign-in page): the link is emailed from here. */
export function ResetForm() {
  const { t } = useTranslation();
  const { email } = useLoaderData<typeof loadSecurity>();
  const result = useFormResult("send-reset");
  const sending = useIsPending({ intent: "send-reset" });
  return (
    <IntentForm intent="send-reset" className="mt-4 text-sm text-slate-700">
      {result?.status === "success" ? <StatusMessage>{t("security.resetSent", { email })}</StatusMessage> : null}
      <FormError errors={result?.error?.[""] ?? undefined} id="reset-error" />
      <p>
        {t("security.resetHint")}{" "}
        <button type="submit" disabled={sending} className="font-medium text-brand underline">
          {t("security.resetSend")}
        </button>
      </p>
    </IntentForm>
  );
}
