import type { ComponentProps } from "react";
import type { FieldMetadata } from "@conform-to/react";
import { useLoaderData } from "@remix-run/react";
import { useIntentForm } from "~/features/console/use-intent-form";
import type { loadResellersPage } from "~/features/console/resellers.server";
import { useTranslation } from "~/platform/i18n-react";
import { CheckboxList } from "~/ui/checkbox-list";
import { SubmitButton } from "~/ui/form-parts";
import { HintedRadios } from "~/ui/hinted-choice";
import { IntentForm } from "~/ui/intent-form";
import { TextField } from "~/ui/text-field";
import { useFormValidation } from "~/ui/use-form-validation";
import { useIsPending } from "~/ui/use-is-pending";
import { asText } from "../prices/use-price-form";
import { SELLS } from "./sells";

/**
 * Add a reseller: its name, contact email and commission (a percentage), and what it may sell:
 * every published experience, or the ones ticked (drafts are offered too, said so). Empty again
 * once a reseller is added (a new list, a new form).
 */
export function AddResellerForm() {
  const { t } = useTranslation();
  const { constraints, experiences, resellers } = useLoaderData<typeof loadResellersPage>();
  const validation = useFormValidation(
    () => import("~/features/console/reseller-schemas"),
    (schemas) => schemas.AddResellerSchema,
  );
  const [form, fields] = useIntentForm(
    "resellers",
    "add",
    constraints.add,
    validation,
    { sells: "all" },
    `-${resellers.length}`,
  );
  const pending = useIsPending({ intent: "add" });
  const text = (name: "name" | "contactEmail" | "commission", more: Partial<ComponentProps<typeof TextField>> = {}) => (
    <TextField field={asText(fields[name])} label={t(`resellers.${name}`)} autoComplete="off" {...more} />
  );
  return (
    <IntentForm meta={form} intent="add" className="mt-2 space-y-3" aria-labelledby="new-reseller-heading">
      {text("name")}
      {text("contactEmail", { type: "email" })}
      {text("commission", { hint: t("resellers.commissionHint"), inputMode: "decimal" })}
      <HintedRadios
        key={form.id}
        field={fields.sells}
        legend={t("resellers.sells")}
        idPrefix={`${form.id}-sells`}
        checked={typeof fields.sells.initialValue === "string" ? fields.sells.initialValue : "all"}
        choices={SELLS.map((choice) => ({
          value: choice,
          label: t(`resellers.sells_${choice}`),
          hint: t(`resellers.sells_${choice}Hint`),
        }))}
      />
      {experiences.length ? (
        <CheckboxList
          field={fields.experienceIds as FieldMetadata<string[] | undefined>}
          legend={t("resellers.experiences")}
          options={experiences.map((experience) => ({
            value: experience.id,
            label:
              experience.status === "published" ? experience.title : t("resellers.draft", { title: experience.title }),
          }))}
          className="mt-1 space-y-1"
        />
      ) : null}
      <SubmitButton pending={pending} label={t("resellers.addButton")} pendingLabel={t("login.saving")} />
    </IntentForm>
  );
}
