import { getFormProps, useForm } from "@conform-to/react";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { redirect } from "~/platform/redirect.server";
import { Form, useLoaderData } from "@remix-run/react";
import { useFormResult } from "~/ui/use-form-result";
import { useTranslation } from "~/platform/i18n-react";
import { FormError, SubmitButton } from "~/ui/form-parts";
import { TextField } from "~/ui/text-field";
import { i18next } from "~/platform/i18next.server";
import { apiFor } from "~/platform/api.server";
import { apiErrorResult } from "~/platform/api-errors.server";
import { formResult } from "~/platform/form-result.server";
import { NewPasswordForm } from "~/features/auth/new-password-form";
import { requireSameOrigin } from "~/platform/origin.server";
import { loadPasswordPolicy, newPasswordRefused } from "~/features/auth/sign-in.server";
import { pageMeta } from "~/ui/meta";
import { parseWithZod, readFormData } from "~/platform/form.server";
import { newPasswordSchema, ResetRequestSchema } from "~/features/auth/auth-forms.server";
import { passHeaders } from "~/platform/http.server";
import { useIsPending } from "~/ui/use-is-pending";
import { StatusMessage } from "~/ui/status-message";
import { LinkLine } from "~/ui/link-line";
import { useAuthFormChecks } from "~/features/auth/use-auth-form-checks";

function resetCode(url: URL): string | null {
  return url.searchParams.get("mode") === "resetPassword" ? url.searchParams.get("oobCode") : null;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await i18next.getFixedT(request);
  const oobCode = resetCode(new URL(request.url));
  return {
    mode: oobCode ? ("choose" as const) : ("request" as const),
    title: t("login.resetTitle"),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data);

// A 429 (apiErrorResult) keeps its Retry-After on the page.
export const headers = passHeaders;

export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const formData = await readFormData(request);
  const oobCode = resetCode(new URL(request.url));

  if (oobCode) {
    const submission = parseWithZod(formData, { schema: newPasswordSchema(await loadPasswordPolicy(request)) });
    const hideFields = ["password", "confirmPassword"];
    if (submission.status !== "success") return formResult(submission.reply({ hideFields }), { intent: "choose" });
    try {
      await apiFor(request).call("resetPassword", { body: { oobCode, password: submission.value.password } });
    } catch (error) {
      return newPasswordRefused(error, submission, { intent: "choose" });
    }
    throw redirect("/login?reset=done");
  }

  const submission = parseWithZod(formData, { schema: ResetRequestSchema });
  if (submission.status !== "success") return formResult(submission.reply(), { intent: "request" });
  try {
    await apiFor(request).call("sendPasswordReset", { body: { email: submission.value.email } });
  } catch (error) {
    return apiErrorResult(error, submission, { intent: "request" });
  }
  // A success: the page says where the link went (the address stays in the form).
  return formResult(submission.reply(), { intent: "request" });
}

export default function ResetPasswordPage() {
  const { mode, title } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <>
      <h1 className="text-2xl font-bold text-brand-ink">{title}</h1>
      {mode === "choose" ? (
        <NewPasswordForm intent="choose" hint="login.resetChoose" submitLabel="login.resetSave" />
      ) : (
        <RequestResetForm />
      )}
      <LinkLine to="/login" className="mt-6 text-sm">
        {t("login.backToSignIn")}
      </LinkLine>
    </>
  );
}

function RequestResetForm() {
  const { t } = useTranslation();
  const result = useFormResult("request");
  const sending = useIsPending();
  const [form, fields] = useForm({
    id: "reset-request",
    lastResult: result,
    ...useAuthFormChecks("resetRequest", (schemas) => schemas.ResetRequestSchema),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="mt-6 space-y-4">
      <p className="text-sm text-slate-700">{t("login.resetRequestHint")}</p>
      {result?.status === "success" ? (
        <StatusMessage className="">
          {t("login.resetSent", { email: String(result.initialValue?.email) })}
        </StatusMessage>
      ) : null}
      <FormError errors={form.errors} id={form.errorId} />
      <TextField field={fields.email} label={t("login.email")} type="email" autoComplete="email" />
      <SubmitButton pending={sending} label={t("login.resetSend")} pendingLabel={t("login.sending")} />
    </Form>
  );
}
