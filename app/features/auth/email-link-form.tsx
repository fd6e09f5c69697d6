import { getFormProps, useForm } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useFormResult } from "~/ui/use-form-result";
import { useIsPending } from "~/ui/use-is-pending";
import { useTranslation } from "~/platform/i18n-react";
import { FormError, SubmitButton } from "~/ui/form-parts";
import { TextField } from "~/ui/text-field";
import { EMAIL_FOR_SIGN_IN_KEY } from "~/features/auth/firebase-config";
import { StatusMessage } from "~/ui/status-message";
import { useAuthFormChecks } from "~/features/auth/use-auth-form-checks";

/** `email`: filled in (the invited one, on an invitation's sign-in). */
type Props = { redirectUrl: string; email?: string };

/** Request a magic link. The address is remembered in this browser to finish the sign-in. */
export function EmailLinkForm({ redirectUrl, email }: Props) {
  const lastResult = useFormResult("link");
  // Sent: the page says where the link went (the address stays in the form).
  const sentTo = lastResult?.status === "success" ? String(lastResult.initialValue?.email) : null;
  const { t } = useTranslation();
  const [form, fields] = useForm({
    id: "email-link",
    defaultValue: email ? { email } : undefined,
    lastResult,
    ...useAuthFormChecks("emailLink", (schemas) => schemas.EmailLinkSchema),
    onSubmit(_event, { submission }) {
      if (submission?.status === "success") {
        try {
          window.localStorage.setItem(EMAIL_FOR_SIGN_IN_KEY, submission.value.email);
        } catch {
          // Storage blocked: the link page will ask for the email instead.
        }
      }
    },
  });
  const pending = useIsPending({ intent: "link" });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-3" aria-labelledby="email-link-heading">
      <h2 id="email-link-heading" className="font-semibold">
        {t("login.emailLinkTitle")}
      </h2>
      <p className="text-sm text-slate-600">{t("login.emailLinkHint")}</p>
      <input type="hidden" name="intent" value="link" />
      <input type="hidden" name="redirectUrl" value={redirectUrl} />
      {sentTo ? <StatusMessage className="">{t("login.linkSent", { email: sentTo })}</StatusMessage> : null}
      <FormError errors={form.errors} id={form.errorId} />
      <TextField field={fields.email} label={t("login.email")} type="email" autoComplete="email" />
      <SubmitButton pending={pending} label={t("login.sendLink")} pendingLabel={t("login.sending")} />
    </Form>
  );
}
