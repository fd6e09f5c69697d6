import { getFormProps, useForm } from "@conform-to/react";
import { Form, useLoaderData } from "@remix-run/react";
import { useEffect } from "react";
import { useFormResult } from "~/ui/use-form-result";
import { useTranslation } from "~/platform/i18n-react";
import { FormError, SubmitButton } from "~/ui/form-parts";
import { TextField } from "~/ui/text-field";
import { useIsPending } from "~/ui/use-is-pending";
import { EMAIL_FOR_SIGN_IN_KEY } from "~/features/auth/firebase-config";
import { useClientSignIn } from "~/features/auth/use-client-sign-in";
import { useLoginLayoutData } from "~/features/auth/use-login-layout-data";
import type { loadSetPassword } from "~/features/auth/set-password.server";
import { useAuthFormChecks } from "~/features/auth/use-auth-form-checks";

/**
 * Finish an emailed sign-in link: the address this browser asked it for (local storage, as the spec
 * says, or the cookie the request's action set, which a click before hydration also leaves; with
 * JavaScript the sign-in then runs at once), or the one the user confirms.
 */
export function ConfirmEmailForm() {
  const { t } = useTranslation();
  const data = useLoaderData<typeof loadSetPassword>();
  const { oobCode, redirectUrl } = data;
  const rememberedEmail = "rememberedEmail" in data ? data.rememberedEmail : null;
  const { firebase } = useLoginLayoutData();
  const posting = useIsPending({ intent: "email-link" });
  const client = useClientSignIn(redirectUrl);
  const { run } = client;

  const signIn = (email: string) =>
    run(async (fb) => {
      const idToken = await fb.emailLinkSignIn(firebase, email, window.location.href);
      window.localStorage.removeItem(EMAIL_FOR_SIGN_IN_KEY);
      return idToken;
    });

  useEffect(() => {
    let stored: string | null = null;
    try {
      stored = window.localStorage.getItem(EMAIL_FOR_SIGN_IN_KEY);
    } catch {
      stored = null;
    }
    const email = stored ?? rememberedEmail;
    if (email) void signIn(email);
    // Run once, when the link is opened.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const [form, fields] = useForm({
    id: "confirm-email",
    lastResult: useFormResult("email-link"),
    defaultValue: { email: rememberedEmail ?? "" },
    ...useAuthFormChecks("confirmEmail", (schemas) => schemas.ConfirmEmailSchema),
    onSubmit(event, { submission }) {
      if (submission?.status !== "success") return;
      event.preventDefault();
      void signIn(submission.value.email);
    },
  });
  return (
    <Form method="post" {...getFormProps(form)} className="mt-6 space-y-4">
      <p className="text-sm text-slate-700">
        {client.pending ? t("login.completingSignIn") : t("login.confirmEmailHint")}
      </p>
      <input type="hidden" name="intent" value="email-link" />
      <input type="hidden" name="oobCode" value={oobCode ?? ""} />
      <FormError errors={client.error ? [client.error] : form.errors} id={form.errorId} />
      <TextField field={fields.email} label={t("login.email")} type="email" autoComplete="email" />
      <SubmitButton
        pending={client.pending || posting}
        label={t("login.continue")}
        pendingLabel={t("login.completingSignIn")}
      />
    </Form>
  );
}
