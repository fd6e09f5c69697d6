import { getFormProps, useForm } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useTranslation } from "~/platform/i18n-react";
import { FieldError, SubmitButton } from "~/ui/form-parts";
import { useFormResult } from "~/ui/use-form-result";
import { useIsPending } from "~/ui/use-is-pending";

/**
 * The gift card code form (no JavaScript needed): by default it posts to /gift-cards, which leads
 * to the balance page; with an `intent`, it is one form of its page (the payments page's "Add a
 * gift card to your account") and says `submit` on its button.
 */
export function GiftCardCodeForm({
  action = "/gift-cards",
  intent,
  submit = "giftCards.check",
}: {
  action?: string;
  intent?: string;
  submit?: string;
}) {
  const { t } = useTranslation();
  const lastResult = useFormResult(intent);
  const checking = useIsPending({ formAction: intent ? action : undefined, intent });
  const [form, fields] = useForm({ id: intent ?? "gift-card-code", lastResult, shouldValidate: "onSubmit" });
  return (
    <Form method="post" action={action} {...getFormProps(form)} className="mt-4 space-y-4">
      {intent ? <input type="hidden" name="intent" value={intent} /> : null}
      <div>
        <label htmlFor={fields.code.id} className="block text-sm font-medium text-slate-800">
          {t("giftCards.codeLabel")}
        </label>
        <input
          id={fields.code.id}
          name={fields.code.name}
          required
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          aria-invalid={fields.code.errors?.length ? true : undefined}
          aria-describedby={fields.code.errors?.length ? fields.code.errorId : undefined}
          className="mt-1 block w-64 rounded-md border border-slate-300 px-3 py-2 font-mono text-base"
        />
        <FieldError field={{ errorId: fields.code.errorId, errors: fields.code.errors?.map((key) => t(key)) }} />
      </div>
      <SubmitButton pending={checking} label={t(submit)} pendingLabel={t(submit)} />
    </Form>
  );
}
