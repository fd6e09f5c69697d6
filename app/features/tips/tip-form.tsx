import { getFormProps, useForm } from "@conform-to/react";
import { Form, useLoaderData } from "@remix-run/react";
import { useFormResult } from "~/ui/use-form-result";
import { useTranslation } from "~/platform/i18n-react";
import { FieldError, FormError, SubmitButton } from "~/ui/form-parts";
import { formatMoney, formatPercent } from "~/ui/format";
import { useFormValidation } from "~/ui/use-form-validation";
import { useIsPending } from "~/ui/use-is-pending";
import type { loadGratuity } from "~/features/tips/gratuity.server";

/** The tip's amount: a preset (a share of the booking or a fixed sum) or one typed, then Pay. */
export function TipForm({
  constraint,
}: {
  constraint: ReturnType<typeof useLoaderData<typeof loadGratuity>>["constraint"];
}) {
  const { page } = useLoaderData<typeof loadGratuity>();
  const lastResult = useFormResult();
  const paying = useIsPending();
  const { t, i18n } = useTranslation();
  const money = (amount: number) => formatMoney(amount, page.currency, i18n.language);
  const [form, fields] = useForm({
    id: "tip",
    lastResult,
    constraint,
    defaultValue: { choice: String(page.presets[1]?.amountMinor ?? page.presets[0]?.amountMinor) },
    ...useFormValidation(
      () => import("~/features/tips/tip-schema"),
      (schemas) => schemas.TipFormSchema,
    ),
  });
  const customId = `${fields.custom.id}-field`;
  return (
    <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4">
      <FormError errors={form.errors} id={form.errorId} />
      <fieldset>
        <legend className="font-semibold">{t("gratuity.amount")}</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {page.presets.map((preset) => (
            <label
              key={preset.amountMinor}
              className="flex cursor-pointer items-center gap-2 rounded-lg border border-slate-300 p-3 has-[:checked]:border-brand has-[:checked]:bg-brand/5"
            >
              <input
                type="radio"
                name={fields.choice.name}
                value={String(preset.amountMinor)}
                defaultChecked={fields.choice.initialValue === String(preset.amountMinor)}
                required
              />
              {preset.percent === null
                ? t("gratuity.fixed", { amount: money(preset.amountMinor) })
                : t("gratuity.percent", {
                    percent: formatPercent(preset.percent, i18n.language),
                    amount: money(preset.amountMinor),
                  })}
            </label>
          ))}
          <label className="flex cursor-pointer items-center gap-2 rounded-lg border border-slate-300 p-3 has-[:checked]:border-brand has-[:checked]:bg-brand/5">
            <input
              type="radio"
              name={fields.choice.name}
              value="custom"
              defaultChecked={fields.choice.initialValue === "custom"}
            />
            {t("gratuity.other")}
          </label>
        </div>
        <FieldError field={fields.choice} />
      </fieldset>
      <div>
        <label htmlFor={customId} className="block text-sm font-medium text-slate-800">
          {t("gratuity.customLabel", { currency: page.currency })}
        </label>
        <input
          id={customId}
          name={fields.custom.name}
          inputMode="decimal"
          autoComplete="off"
          defaultValue={fields.custom.initialValue as string | undefined}
          aria-describedby={`${customId}-hint${fields.custom.errors?.length ? ` ${fields.custom.errorId}` : ""}`}
          aria-invalid={fields.custom.errors?.length ? true : undefined}
          className="mt-1 block w-40 rounded-md border border-slate-300 px-3 py-2 text-base"
        />
        <p id={`${customId}-hint`} className="mt-1 text-xs text-slate-600">
          {t("gratuity.customHint", { min: money(page.minMinor), max: money(page.maxMinor) })}
        </p>
        <FieldError field={fields.custom} />
      </div>
      <SubmitButton pending={paying} label={t("gratuity.submit")} pendingLabel={t("gratuity.paying")} />
    </Form>
  );
}
