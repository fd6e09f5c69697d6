import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useFormResult } from "~/ui/use-form-result";
import { useTranslation } from "~/platform/i18n-react";
import { FieldError, FormError, SubmitButton } from "~/ui/form-parts";
import { TextField } from "~/ui/text-field";
import { useIsPending } from "~/ui/use-is-pending";
import { useAuthFormChecks } from "~/features/auth/use-auth-form-checks";

/** The signature: the traveller's own act, nothing typed or ticked for them. */
export function WaiverForm({ textVersion, fullName }: { textVersion: number; fullName: string }) {
  const lastResult = useFormResult();
  const signing = useIsPending();
  const { t } = useTranslation();
  const [form, fields] = useForm({
    id: `waiver-${textVersion}`,
    lastResult,
    ...useAuthFormChecks("waiver", (schemas) => schemas.WaiverSignSchema),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="mt-6 space-y-4">
      <FormError errors={form.errors} id={form.errorId} />
      <input type="hidden" name="textVersion" value={textVersion} />
      <TextField
        field={fields.signedName}
        label={t("waiver.signedName")}
        autoComplete="off"
        hint={fullName ? t("waiver.nameHint", { name: fullName }) : undefined}
        messageValues={{ name: fullName }}
      />
      <div>
        <label className="flex items-start gap-2 text-sm text-slate-800">
          <input
            {...getInputProps(fields.agree, { type: "checkbox", ariaAttributes: false })}
            aria-invalid={fields.agree.errors ? true : undefined}
            aria-describedby={fields.agree.errors ? fields.agree.errorId : undefined}
            className="mt-0.5 h-4 w-4 rounded border-slate-400"
          />
          {t("waiver.agree")}
        </label>
        <FieldError field={fields.agree} />
      </div>
      <SubmitButton pending={signing} label={t("waiver.sign")} pendingLabel={t("login.saving")} />
    </Form>
  );
}
