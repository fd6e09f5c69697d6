import { useForm } from "@conform-to/react";
import { useLoaderData } from "@remix-run/react";
import type { BrandingView } from "~contract/operator/branding";
import { useTranslation } from "~/platform/i18n-react";
import { SubmitButton } from "~/ui/form-parts";
import { TextField } from "~/ui/text-field";
import { useFormResult } from "~/ui/use-form-result";
import { useFormValidation } from "~/ui/use-form-validation";
import { useIsPending } from "~/ui/use-is-pending";
import type { BrandingPageData } from "./branding-data";
import { ColorField } from "./color-field";
import { IntentForm } from "~/ui/intent-form";

export function DraftForm({ draft, onColor }: { draft: BrandingView; onColor: (color: string) => void }) {
  const { t } = useTranslation();
  const { constraints } = useLoaderData<BrandingPageData>();
  const [form, fields] = useForm({
    id: "branding-save",
    lastResult: useFormResult("save"),
    defaultValue: {
      name: draft.name,
      tagline: draft.tagline,
      primaryColor: draft.primaryColor,
      supportEmail: draft.supportEmail ?? "",
      supportPhone: draft.supportPhone ?? "",
    },
    constraint: constraints.save,
    shouldRevalidate: "onInput",
    ...useFormValidation(
      () => import("~/features/console/branding-schemas"),
      (schemas) => schemas.SaveSchema,
    ),
  });
  const pending = useIsPending({ intent: "save" });
  return (
    <IntentForm meta={form} intent="save" className="mt-3 space-y-4">
      <TextField field={fields.name} label={t("branding.name")} autoComplete="organization" />
      <TextField field={fields.tagline} label={t("branding.tagline")} hint={t("branding.taglineHint")} />
      <ColorField field={fields.primaryColor} previous={draft.primaryColor} onColor={onColor} />
      <TextField field={fields.supportEmail} type="email" label={t("branding.supportEmail")} autoComplete="off" />
      <TextField
        field={fields.supportPhone}
        type="tel"
        label={t("branding.supportPhone")}
        hint={t("branding.supportPhoneHint")}
        autoComplete="off"
      />
      <SubmitButton pending={pending} label={t("branding.save")} pendingLabel={t("branding.saving")} />
    </IntentForm>
  );
}
