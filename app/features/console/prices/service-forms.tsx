import { getTextareaProps, type FieldMetadata } from "@conform-to/react";
import { useLoaderData } from "@remix-run/react";
import type { OperatorService } from "~contract/operator/services";
import { useTranslation } from "~/platform/i18n-react";
import { SubmitButton } from "~/ui/form-parts";
import { formVersion } from "~/ui/form-version";
import { TextField } from "~/ui/text-field";
import { useIsPending } from "~/ui/use-is-pending";
import { Button } from "~/ui/button";
import type { PricesPageData } from "./prices-data";
import { usePriceForm, asText } from "./use-price-form";
import { IntentForm } from "~/ui/intent-form";
import { CheckboxField } from "~/ui/checkbox-field";
import { FieldFrame, fieldAria } from "~/ui/field-frame";

export function ServiceForm({ service }: { service: OperatorService }) {
  const { t } = useTranslation();
  const id = `service:${service.id}`;
  const [form, fields] = usePriceForm("service", id, {
    name: service.name,
    description: service.description,
    durationMinutes: String(service.durationMinutes),
    capacity: String(service.capacity),
    sortOrder: String(service.sortOrder),
  });
  const pending = useIsPending({ intent: "service" });
  return (
    <IntentForm
      meta={form}
      intent="service"
      values={{ serviceId: service.id }}
      className="space-y-3"
      aria-label={t("prices.serviceForm", { name: service.name })}
    >
      <TextField field={asText(fields.name)} label={t("prices.name")} />
      <DescriptionField field={asText(fields.description)} />
      <TextField field={asText(fields.durationMinutes)} label={t("prices.duration")} inputMode="numeric" />
      <TextField
        field={asText(fields.capacity)}
        label={t("prices.capacity")}
        inputMode="numeric"
        hint={t("prices.capacityHint", { count: service.departuresAtCapacity, taken: service.seatsTakenMax })}
        messageValues={{ count: service.seatsTakenMax }}
      />
      <TextField field={asText(fields.sortOrder)} label={t("prices.position")} inputMode="numeric" />
      <SubmitButton pending={pending} label={t("prices.saveService")} pendingLabel={t("login.saving")} />
    </IntentForm>
  );
}

export function DescriptionField({ field }: { field: FieldMetadata<string | undefined> }) {
  const { t } = useTranslation();
  return (
    <FieldFrame field={field} label={t("prices.description")}>
      <textarea
        {...getTextareaProps(field, { ariaAttributes: false })}
        key={field.key}
        rows={3}
        {...fieldAria(field, false)}
        className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-base"
      />
    </FieldFrame>
  );
}

export function DeleteServiceForm({ service }: { service: OperatorService }) {
  const { t } = useTranslation();
  const id = `delete:${service.id}`;
  const [form, fields] = usePriceForm<{ confirm?: string }>("delete", id, {});
  return (
    <IntentForm
      meta={form}
      errors={form.errors?.map((key) => t(key, { count: service.bookings }))}
      intent="delete"
      values={{ serviceId: service.id }}
      className="mt-6 border-t border-slate-200 pt-4"
    >
      <CheckboxField field={fields.confirm} label={t("prices.confirmDeleteLabel", { name: service.name })} />
      <Button variant="danger" className="mt-2">
        {t("prices.deleteService", { name: service.name })}
      </Button>
    </IntentForm>
  );
}

/**
 * A new service: its key is the page answer's, so sending it twice adds the service once; once the
 * service is on the page the form starts again, empty (formVersion), with JavaScript too.
 */
export function NewServiceForm() {
  const { t } = useTranslation();
  const { idempotencyKey, page } = useLoaderData<PricesPageData>();
  const version = formVersion(page.services.map((service) => service.id));
  const [form, fields] = usePriceForm<Record<string, string>>("create", "create", {}, `-${version}`);
  const pending = useIsPending({ intent: "create" });
  return (
    <IntentForm meta={form} intent="create" values={{ idempotencyKey }} className="mt-3 space-y-3">
      <TextField field={asText(fields.name)} label={t("prices.name")} />
      <DescriptionField field={asText(fields.description)} />
      <TextField field={asText(fields.durationMinutes)} label={t("prices.duration")} inputMode="numeric" />
      <TextField field={asText(fields.capacity)} label={t("prices.capacity")} inputMode="numeric" />
      <SubmitButton pending={pending} label={t("prices.createService")} pendingLabel={t("login.saving")} />
    </IntentForm>
  );
}
