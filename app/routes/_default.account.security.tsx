import { getFormProps, useForm, type FieldMetadata } from "@conform-to/react";
import { useFormValidation } from "~/ui/use-form-validation";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { useFormResult } from "~/ui/use-form-result";
import { useTranslation } from "~/platform/i18n-react";
import { apiErrorResult } from "~/platform/api-errors.server";
import { formResult } from "~/platform/form-result.server";
import { LogoutForm } from "~/features/auth/logout-form";
import { requireUser } from "~/features/auth/session.server";
import { loadPasswordPolicy, newPasswordRefused } from "~/features/auth/sign-in.server";
import { NewPasswordFields } from "~/features/auth/new-password-fields";
import { FirebaseClientField } from "~/features/auth/firebase-client-field";
import { firebaseResyncCookie } from "~/features/auth/firebase-resync.server";
import { redirect } from "~/platform/redirect.server";
import { sessionCookie } from "~/platform/session-cookie.server";
import { apiFor } from "~/platform/api.server";
import { setFlash, withFlash } from "~/platform/flash.server";
import { i18next } from "~/platform/i18next.server";
import { requireSameOrigin } from "~/platform/origin.server";
import { pageMeta } from "~/ui/meta";
import { StatusMessage } from "~/ui/status-message";
import { FormError, SubmitButton } from "~/ui/form-parts";
import { TextField } from "~/ui/text-field";
import { getZodConstraint, parseWithZod, readFormData, z } from "~/platform/form.server";
import { addPasswordSchema, changePasswordSchema } from "~/features/account/account-forms.server";
import { passHeaders } from "~/platform/http.server";
import { useIsPending } from "~/ui/use-is-pending";
import { LabelledSection } from "~/ui/labelled-section";

const PAGE = "/account/security";

export async function loader({ request }: LoaderFunctionArgs) {
  const { token } = await requireUser(request);
  const [info, passwordPolicy, t] = await Promise.all([
    apiFor(request, { token }).call("personalInfo"),
    loadPasswordPolicy(request),
    i18next.getFixedT(request),
  ]);
  return withFlash(request, {
    email: info.email,
    signInMethods: info.signInMethods,
    hasPassword: info.signInMethods.includes("password"),
    passwordPolicy,
    constraints: {
      change: getZodConstraint(changePasswordSchema(passwordPolicy)),
      add: getZodConstraint(addPasswordSchema(passwordPolicy)),
    },
    title: t("account.security"),
  });
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data);

// A 429 (apiErrorResult) keeps its Retry-After on the page.
export const headers = passHeaders;

/**
 * Change or add a password. The current password is always checked with the identity provider
 * first (with or without JavaScript); the API sets the new one (ending every session) and answers
 * a new session for this browser, and a custom token for its Firebase client.
 */
export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const { user, token } = await requireUser(request);
  const formData = await readFormData(request);
  if (formData.get("intent") === "send-reset") return sendReset(request, formData, user.email);
  const policy = await loadPasswordPolicy(request);
  const intent = formData.get("intent") === "add-password" ? "add-password" : "change-password";
  const schema = intent === "add-password" ? addPasswordSchema(policy) : changePasswordSchema(policy);
  const submission = parseWithZod(formData, { schema });
  const hideFields = ["currentPassword", "password", "confirmPassword"];
  if (submission.status !== "success") return formResult(submission.reply({ hideFields }), { intent });
  const value = submission.value;
  if (value.intent === "change-password") {
    try {
      // The API checks it (attempts are limited per account), whether JavaScript runs or not.
      await apiFor(request).call("passwordSession", { body: { email: user.email, password: value.currentPassword } });
    } catch (error) {
      const wrong = { field: "currentPassword", key: "security.currentWrong" };
      return apiErrorResult(error, submission, { codes: { invalid_credentials: wrong }, hideFields, intent });
    }
  }
  let renewed;
  try {
    renewed = await apiFor(request, { token }).call("setPassword", { body: { password: value.password } });
  } catch (error) {
    return newPasswordRefused(error, submission, { intent });
  }
  // Every session ended with the new password: this browser gets the new one the API answered.
  const headers = new Headers({ "Set-Cookie": sessionCookie(renewed.sessionCookie, renewed.maxAgeSeconds) });
  headers.append("Set-Cookie", await setFlash("security.passwordChanged"));
  const resync = await firebaseResyncCookie(formData, renewed.customToken);
  if (resync) headers.append("Set-Cookie", resync);
  return redirect(PAGE, { headers });
}

/** "Forgot your password?": the reset link goes to the user's own address (limited like /reset-password). */
async function sendReset(request: Request, formData: FormData, email: string) {
  const submission = parseWithZod(formData, { schema: z.object({ intent: z.literal("send-reset") }) });
  try {
    await apiFor(request).call("sendPasswordReset", { body: { email, continueUrl: PAGE } });
  } catch (error) {
    return apiErrorResult(error, submission, { intent: "send-reset" });
  }
  return formResult(submission.reply(), { intent: "send-reset" });
}

export default function SecurityPage() {
  const { signInMethods, hasPassword, flash, title } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <>
      <h1 className="text-2xl font-bold text-brand-ink">{title}</h1>
      {flash ? <StatusMessage>{t(flash)}</StatusMessage> : null}
      <LabelledSection
        headingId="methods-heading"
        headingClassName="text-lg font-semibold text-brand-ink"
        heading={t("security.signInMethods")}
        className="mt-6 rounded-xl border border-slate-200 p-4"
      >
        <ul className="mt-2 list-disc pl-5 text-sm text-slate-900" data-testid="sign-in-method">
          {signInMethods.map((method) => (
            <li key={method}>{t(`security.method_${method.replace(/\W/g, "_")}`, { defaultValue: method })}</li>
          ))}
        </ul>
      </LabelledSection>
      <LabelledSection
        headingId="password-heading"
        headingClassName="text-lg font-semibold text-brand-ink"
        heading={hasPassword ? t("security.changePassword") : t("security.addPassword")}
        className="mt-6 rounded-xl border border-slate-200 p-4"
      >
        <PasswordForm change={hasPassword} />
        <ResetForm />
      </LabelledSection>
      <LabelledSection
        headingId="devices-heading"
        headingClassName="text-lg font-semibold text-brand-ink"
        heading={t("security.devices")}
        className="mt-6 rounded-xl border border-slate-200 p-4"
      >
        <p className="mt-1 text-sm text-slate-700">{t("security.devicesHint")}</p>
        <LogoutForm className="mt-3" everywhere>
          <button
            type="submit"
            className="rounded-md border border-slate-300 px-3 py-2 text-sm font-medium hover:bg-slate-50"
          >
            {t("security.signOutEverywhere")}
          </button>
        </LogoutForm>
      </LabelledSection>
    </>
  );
}

function PasswordForm({ change }: { change: boolean }) {
  const { t } = useTranslation();
  const { passwordPolicy, constraints } = useLoaderData<typeof loader>();
  const intent = change ? "change-password" : "add-password";
  const saving = useIsPending({ intent });
  const [form, fields] = useForm({
    id: "password",
    lastResult: useFormResult(intent),
    constraint: change ? constraints.change : constraints.add,
    ...useFormValidation(
      () => import("~/features/account/security-schemas"),
      (schemas) => (change ? schemas.changePasswordSchema(passwordPolicy) : schemas.addPasswordSchema(passwordPolicy)),
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
function ResetForm() {
  const { t } = useTranslation();
  const { email } = useLoaderData<typeof loader>();
  const result = useFormResult("send-reset");
  const sending = useIsPending({ intent: "send-reset" });
  return (
    <Form method="post" className="mt-4 text-sm text-slate-700">
      <input type="hidden" name="intent" value="send-reset" />
      {result?.status === "success" ? <StatusMessage>{t("security.resetSent", { email })}</StatusMessage> : null}
      <FormError errors={result?.error?.[""] ?? undefined} id="reset-error" />
      <p>
        {t("security.resetHint")}{" "}
        <button type="submit" disabled={sending} className="font-medium text-brand underline">
          {t("security.resetSend")}
        </button>
      </p>
    </Form>
  );
}
