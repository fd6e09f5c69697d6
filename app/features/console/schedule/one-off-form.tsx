import { getInputProps, useForm, type FieldMetadata } from "@conform-to/react";
import { useFormValidation } from "~/ui/use-form-validation";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/platform/i18n-react";
import { SubmitButton } from "~/ui/form-parts";
import { FieldFrame, fieldAria } from "~/ui/field-frame";
import { TextField } from "~/ui/text-field";
import { useFormResult } from "~/ui/use-form-result";
import { useIsPending } from "~/ui/use-is-pending";
import type { SchedulePageData } from "./schedule-data";
import { CardSection } from "~/ui/labelled-section";
import { IntentForm } from "~/ui/intent-form";

export function OneOffForm() {
  const { schedule, constraints } = useLoaderData<SchedulePageData>();
  const { t } = useTranslation();
  const service = schedule.service!;
  const [form, fields] = useForm({
    id: "one-off",
    lastResult: useFormResult("oneOff"),
    constraint: constraints.oneOff,
    ...useFormValidation(
      () => import("~/features/console/schedule-schemas"),
      (schemas) => schemas.OneOffSchema,
    ),
  });
  const pending = useIsPending({ intent: "oneOff" });
  return (
    <CardSection headingId="one-off-heading" heading={t("schedules.oneOffHeading")} className="mt-8 max-w-xl">
      <p className="mt-1 text-sm text-slate-700">
        {t("schedules.oneOffHint", { zone: schedule.experience.timezone, capacity: service.capacity })}
      </p>
      <IntentForm meta={form} intent="oneOff" values={{ serviceId: service.id }} className="mt-3 space-y-3">
        <div className="grid gap-3 sm:grid-cols-3">
          <TextField type="date" field={fields.date as FieldMetadata<string | undefined>} label={t("schedules.date")} />
          <PlainInput field={fields.time} type="time" label={t("schedules.time")} />
          <PlainInput field={fields.capacity} type="number" label={t("schedules.capacityOptional")} />
        </div>
        <div className="max-w-xs">
          <SubmitButton pending={pending} label={t("schedules.addDeparture")} pendingLabel={t("login.saving")} />
        </div>
      </IntentForm>
    </CardSection>
  );
}

/** A plain input (no focus ring) in its field frame. */
function PlainInput({
  field,
  type,
  label,
}: {
  field: FieldMetadata<string | number | undefined>;
  type: "time" | "number";
  label: string;
}) {
  return (
    <FieldFrame field={field} label={label}>
      <input
        {...getInputProps(field, { type, ariaAttributes: false })}
        key={field.key}
        {...fieldAria(field, false)}
        className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-base"
      />
    </FieldFrame>
  );
}
