import { getFormProps, useForm } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useFormResult } from "~/ui/use-form-result";
import { useIsPending } from "~/ui/use-is-pending";
import { useTranslation } from "~/platform/i18n-react";
import { FormError, SubmitButton } from "~/ui/form-parts";
import { TextField } from "~/ui/text-field";
import type { FirebaseClientConfig } from "~/platform/firebase-client-config";
import { useClientSignIn } from "~/features/auth/use-client-sign-in";
import { useAuthFormChecks } from "~/features/auth/use-auth-form-checks";

/** `email`: filled in (the invited one, on an invitation's sign-in). */
type Props = { firebase: FirebaseClientConfig; redirectUrl: string; email?: string };

/**
 * Email and password. With JavaScript the browser signs in with Firebase and hands the ID token
 * to the session endpoint; without it the form posts and the server signs in.
 */
export function SignInForm({ firebase, redirectUrl, email }: Props) {
  const { t } = useTranslation();
  const client = useClientSignIn(redirectUrl);
  const posting = useIsPending({ intent: "password" });
  const [form, fields] = useForm({
    id: "sign-in",
    defaultValue: email ? { email } : undefined,
    lastResult: useFormResult("password"),
    ...useAuthFormChecks("signIn", (schemas) => schemas.SignInSchema),
    onSubmit(event, { submission }) {
      if (submission?.status !== "success") return;
      event.preventDefault();
      const { email, password } = submission.value;
      void client.run((fb) => fb.passwordSignIn(firebase, email, password));
    },
  });
  const pending = client.pending || posting;
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4" aria-labelledby="sign-in-heading">
      <h2 id="sign-in-heading" className="sr-only">
        {t("login.title")}
      </h2>
      <input type="hidden" name="intent" value="password" />
      <input type="hidden" name="redirectUrl" value={redirectUrl} />
      <FormError errors={client.error ? [client.error] : form.errors} id={form.errorId} />
      <TextField field={fields.email} label={t("login.email")} type="email" autoComplete="email" />
      <TextField field={fields.password} label={t("login.password")} type="password" autoComplete="current-password" />
      <SubmitButton pending={pending} label={t("login.signIn")} pendingLabel={t("login.signingIn")} />
    </Form>
  );
}
