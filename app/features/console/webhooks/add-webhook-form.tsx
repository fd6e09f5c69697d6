import type { FieldMetadata } from "@conform-to/react";
import { useLoaderData } from "@remix-run/react";
import { WEBHOOK_EVENT_TYPES } from "~contract/operator/webhook-rules";
import { useIntentForm } from "~/features/console/use-intent-form";
import type { loadWebhooksPage } from "~/features/console/webhooks.server";
import { useTranslation } from "~/platform/i18n-react";
import { CheckboxList } from "~/ui/checkbox-list";
import { SubmitButton } from "~/ui/form-parts";
import { IntentForm } from "~/ui/intent-form";
import { TextField } from "~/ui/text-field";
import { useFormValidation } from "~/ui/use-form-validation";
import { useIsPending } from "~/ui/use-is-pending";
import { asText } from "../prices/use-price-form";

/**
 * Add a webhook: the receiver's address and the events it wants (every one ticked at first).
 * Empty again once one is added (a new list, a new form).
 */
export function AddWebhookForm() {
  const { t } = useTranslation();
  const { constraints, webhooks } = useLoaderData<typeof loadWebhooksPage>();
  const validation = useFormValidation(
    () => import("~/features/console/webhook-schemas"),
    (schemas) => schemas.AddWebhookSchema,
  );
  const [form, fields] = useIntentForm("webhooks", "add", constraints.add, validation, {}, `-${webhooks.length}`);
  const pending = useIsPending({ intent: "add" });
  const events = fields.events as FieldMetadata<string[] | undefined>;
  return (
    <IntentForm meta={form} intent="add" className="mt-2 space-y-3" aria-labelledby="new-webhook-heading">
      <TextField
        field={asText(fields.url)}
        label={t("webhooks.url")}
        hint={t("webhooks.urlHint")}
        inputMode="url"
        autoComplete="off"
      />
      <CheckboxList
        field={events}
        legend={t("webhooks.events")}
        options={WEBHOOK_EVENT_TYPES.map((type) => ({
          value: type,
          label: t(`webhooks.event_${type.replace(".", "_")}`),
        }))}
        className="mt-1 space-y-1"
      />
      <SubmitButton pending={pending} label={t("webhooks.addButton")} pendingLabel={t("login.saving")} />
    </IntentForm>
  );
}
