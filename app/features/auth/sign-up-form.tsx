import { getFormProps, useForm } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useFormResult } from "~/ui/use-form-result";
import { useIsPending } from "~/ui/use-is-pending";
import { useTranslation } from "~/platform/i18n-react";
import { FormError, SubmitButton } from "~/ui/form-parts";
import { PhoneField, TextField } from "~/ui/text-field";
import { NewPasswordFields } from "~/features/auth/new-password-fields";
import { AddressFields } from "~/features/auth/address-fields";
import { optionalLocationOf } from "~/features/auth/location";
import { type PasswordPolicy } from "~/features/auth/password-policy";
import { useLoginLayoutData } from "~/features/auth/use-login-layout-data";
import type { FirebaseClientConfig } from "~/platform/firebase-client-config";
import { useClientSignIn } from "~/features/auth/use-client-sign-in";
import { useAuthFormChecks } from "~/features/auth/use-auth-form-checks";

type Props = {
  firebase: FirebaseClientConfig;
  policy: PasswordPolicy;
  redirectUrl: string;
  /** Filled in (the invited one, on an invitation's sign-in). */
  email?: string;
};

/** Sign-up: email, names, an optional US phone, an optional address anywhere and a password that follows the server's policy. */
export function SignUpForm({ firebase, policy, redirectUrl, email }: Props) {
  const { t } = useTranslation();
  const client = useClientSignIn(redirectUrl);
  const posting = useIsPending({ intent: "signup" });
  const { countries } = useLoginLayoutData();
  const [form, fields] = useForm({
    id: "sign-up",
    defaultValue: email ? { email } : undefined,
    lastResult: useFormResult("signup"),
    ...useAuthFormChecks("signUp", (schemas) => schemas.signUpSchema(policy)),
    onSubmit(event, { submission }) {
      if (submission?.status !== "success") return;
      event.preventDefault();
      const { email, password, firstName, lastName, phone } = submission.value;
      void client.run((fb) => fb.passwordSignUp(firebase, email, password), {
        firstName,
        lastName,
        ...(phone ? { phone } : {}),
        ...optionalLocationOf(submission.value),
      });
    },
  });
  const pending = client.pending || posting;
  const hasAddressError = Boolean(fields.address.errors?.length || fields.city.errors?.length);
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value="signup" />
      <input type="hidden" name="redirectUrl" value={redirectUrl} />
      <FormError errors={client.error ? [client.error] : form.errors} id={form.errorId} />
      <TextField field={fields.email} label={t("login.email")} type="email" autoComplete="email" />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField field={fields.firstName} label={t("login.firstName")} autoComplete="given-name" />
        <TextField field={fields.lastName} label={t("login.lastName")} autoComplete="family-name" />
      </div>
      <PhoneField field={fields.phone} label={t("login.phoneOptional")} hint={t("login.phoneOptionalHint")} />
      {/* Optional: no booking needs a postal address (the experience has its meeting point). */}
      <details className="rounded-md border border-slate-200 p-3" open={hasAddressError || undefined}>
        <summary className="cursor-pointer text-sm font-medium text-slate-800">{t("login.addressOptional")}</summary>
        <p className="mt-1 text-sm text-slate-600">{t("login.addressOptionalHint")}</p>
        <div className="mt-3 space-y-4">
          <AddressFields fields={fields} countries={countries} />
        </div>
      </details>
      <NewPasswordFields password={fields.password} label={t("login.password")} policy={policy} />
      <SubmitButton pending={pending} label={t("login.signUp")} pendingLabel={t("login.signingUp")} />
    </Form>
  );
}
