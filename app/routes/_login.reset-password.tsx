import { getFormProps, useForm } from "@conform-to/react";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { redirect } from "~/platform/redirect.server";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "~/platform/i18n-react";
import { FormError, SubmitButton } from "~/ui/form-parts";
import { TextField } from "~/ui/text-field";
import { i18next } from "~/platform/i18next.server";
import { apiFor, isApiError } from "~/platform/api.server";
import { apiErrorKey } from "~/platform/api-errors.server";
import { useLoginLayoutData } from "~/features/auth/use-login-layout-data";
import { useFormValidation } from "~/ui/use-form-validation";
import { NewPasswordForm } from "~/features/auth/new-password-form";
import { requireSameOrigin } from "~/platform/origin.server";
import { loadPasswordPolicy } from "~/features/auth/sign-in.server";
import { pageMeta } from "~/ui/meta";
import { parseWithZod, readFormData } from "~/platform/form.server";
import { newPasswordSchema, ResetRequestSchema } from "~/features/auth/auth-forms.server";
import { errorInit, passHeaders } from "~/platform/http.server";

function resetCode(url: URL): string | null {
  return url.searchParams.get("mode") === "resetPassword" ? url.searchParams.get("oobCode") : null;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await i18next.getFixedT(request);
  const oobCode = resetCode(new URL(request.url));
  return {
    mode: oobCode ? ("choose" as const) : ("request" as const),
    title: t("login.resetTitle"),
    appName: t("app.name"),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data);

// A 429 (errorInit) keeps its Retry-After on the page.
export const headers = passHeaders;

export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const formData = await readFormData(request);
  const oobCode = resetCode(new URL(request.url));

  if (oobCode) {
    const submission = parseWithZod(formData, { schema: newPasswordSchema(await loadPasswordPolicy(request)) });
    if (submission.status !== "success")
      return {
        mode: "choose",
        result: submission.reply({ hideFields: ["password", "confirmPassword"] }),
        sentTo: null,
      };
    try {
      await apiFor(request).call("resetPassword", { body: { oobCode, password: submission.value.password } });
    } catch (error) {
      if (!isApiError(error, "invalid_reset_link", "user_disabled", "validation_error", "rate_limited")) throw error;
      const reply = submission.reply({
        hideFields: ["password", "confirmPassword"],
        ...(error.code === "validation_error"
          ? { fieldErrors: { password: ["authErrors.password-does-not-meet-requirements"] } }
          : { formErrors: [apiErrorKey(error)] }),
      });
      return data({ mode: "choose" as const, result: reply, sentTo: null }, errorInit(error));
    }
    throw redirect("/login?reset=done");
  }

  const submission = parseWithZod(formData, { schema: ResetRequestSchema });
  if (submission.status !== "success") return { mode: "request", result: submission.reply(), sentTo: null };
  try {
    await apiFor(request).call("sendPasswordReset", { body: { email: submission.value.email } });
  } catch (error) {
    if (isApiError(error, "rate_limited")) {
      return data(
        {
          mode: "request",
          result: submission.reply({ formErrors: [apiErrorKey(error)] }),
          sentTo: null,
        },
        errorInit(error),
      );
    }
    throw error;
  }
  return { mode: "request", result: submission.reply({ resetForm: true }), sentTo: submission.value.email };
}

export default function ResetPasswordPage() {
  const { mode, title } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <>
      <h1 className="text-2xl font-bold text-brand-ink">{title}</h1>
      {mode === "choose" ? <ChoosePasswordForm /> : <RequestResetForm />}
      <p className="mt-6 text-sm">
        <Link to="/login" className="font-medium text-brand underline">
          {t("login.backToSignIn")}
        </Link>
      </p>
    </>
  );
}

function RequestResetForm() {
  const { t } = useTranslation();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "reset-request",
    lastResult: actionData?.mode === "request" ? actionData.result : undefined,
    constraint: useLoginLayoutData().constraints.resetRequest,
    ...useFormValidation(
      () => import("~/features/auth/auth-schemas"),
      (schemas) => schemas.ResetRequestSchema,
    ),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="mt-6 space-y-4">
      <p className="text-sm text-slate-700">{t("login.resetRequestHint")}</p>
      {actionData?.sentTo ? (
        <p role="status" className="rounded-md bg-emerald-50 p-3 text-sm text-emerald-900">
          {t("login.resetSent", { email: actionData.sentTo })}
        </p>
      ) : null}
      <FormError errors={form.errors} id={form.errorId} />
      <TextField field={fields.email} label={t("login.email")} type="email" autoComplete="email" />
      <SubmitButton
        pending={navigation.state === "submitting"}
        label={t("login.resetSend")}
        pendingLabel={t("login.sending")}
      />
    </Form>
  );
}

function ChoosePasswordForm() {
  const { t } = useTranslation();
  const actionData = useActionData<typeof action>();
  return (
    <NewPasswordForm
      id="reset-choose"
      hint={t("login.resetChoose")}
      submitLabel={t("login.resetSave")}
      lastResult={actionData?.mode === "choose" ? actionData.result : undefined}
    />
  );
}
