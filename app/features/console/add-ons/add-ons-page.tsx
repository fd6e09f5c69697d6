import { useLoaderData } from "@remix-run/react";
import type { AddOn } from "~contract/bookings/add-ons";
import { ADD_ON_SCOPES } from "~contract/bookings/add-on-rules";
import { ExperienceListItem, ExperienceListPage } from "~/features/console/experience-list-page";
import { useIntentForm } from "~/features/console/use-intent-form";
import type { loadAddOnsPage } from "~/features/console/add-ons.server";
import { useTranslation } from "~/platform/i18n-react";
import { formatMoney } from "~/ui/format";
import { SubmitButton } from "~/ui/form-parts";
import { IntentForm } from "~/ui/intent-form";
import { SelectField } from "~/ui/select-field";
import { TextAreaField } from "~/ui/text-area-field";
import { TextField } from "~/ui/text-field";
import { useFormValidation } from "~/ui/use-form-validation";
import { useIsPending } from "~/ui/use-is-pending";
import { STOCK_KINDS } from "./stock-kinds";
import { asText } from "../prices/use-price-form";

/** One experience's add-ons: the list (each removable) and a form to add one. No JavaScript needed. */
export function AddOnsPage() {
  const { page } = useLoaderData<typeof loadAddOnsPage>();
  const { t } = useTranslation();
  return (
    <ExperienceListPage
      intro={t("addOns.intro")}
      list={{
        headingId: "add-ons-heading",
        heading: t("addOns.listHeading"),
        none: t("addOns.none"),
        items: page.addOns,
        row: (addOn) => <AddOnRow key={addOn.id} addOn={addOn} currency={page.currency} />,
      }}
      add={{ headingId: "new-add-on-heading", heading: t("addOns.add"), form: <AddAddOnForm /> }}
    />
  );
}

function AddOnRow({ addOn, currency }: { addOn: AddOn; currency: string }) {
  const { t } = useTranslation();
  const stock =
    addOn.stockPerDeparture !== null
      ? t("addOns.stockPerDepartureIs", { count: addOn.stockPerDeparture })
      : addOn.stockTotal !== null
        ? t("addOns.stockTotalIs", { count: addOn.stockTotal })
        : t("addOns.noStock");
  return (
    <ExperienceListItem
      testId="add-on"
      name={addOn.name}
      description={addOn.description}
      facts={[
        formatMoney(addOn.priceMinor, currency),
        t(`addOns.per_${addOn.per}`),
        stock,
        addOn.maxPerBooking !== null ? t("addOns.maxIs", { count: addOn.maxPerBooking }) : null,
      ]}
      remove={{ values: { addOnId: addOn.id }, label: t("addOns.remove", { name: addOn.name }) }}
    />
  );
}

function AddAddOnForm() {
  const { t } = useTranslation();
  const { page, constraints } = useLoaderData<typeof loadAddOnsPage>();
  const validation = useFormValidation(
    () => import("~/features/console/add-on-schemas"),
    (schemas) => schemas.AddAddOnSchema,
  );
  const [form, fields] = useIntentForm("add-ons", "add", constraints.add, validation, {
    per: "booking",
    stockKind: "none",
  });
  const pending = useIsPending({ intent: "add" });
  const option = (value: string, label: string) => ({ value, label });
  return (
    <IntentForm meta={form} intent="add" className="space-y-3" aria-labelledby="new-add-on-heading">
      <TextField field={asText(fields.name)} label={t("addOns.name")} />
      <TextAreaField field={asText(fields.description)} label={t("addOns.description")} />
      <TextField
        field={asText(fields.price)}
        label={t("addOns.price", { currency: page.currency })}
        inputMode="decimal"
      />
      <SelectField
        field={asText(fields.per)}
        label={t("addOns.per")}
        options={ADD_ON_SCOPES.map((per) => option(per, t(`addOns.per_${per}`)))}
      />
      <SelectField
        field={asText(fields.stockKind)}
        label={t("addOns.stockKind")}
        options={STOCK_KINDS.map((kind) => option(kind, t(`addOns.stockKind_${kind}`)))}
      />
      <TextField field={asText(fields.stock)} label={t("addOns.stock")} inputMode="numeric" />
      <TextField
        field={asText(fields.maxPerBooking)}
        label={t("addOns.maxPerBooking")}
        hint={t("addOns.maxPerBookingHint")}
        inputMode="numeric"
      />
      <SubmitButton pending={pending} label={t("addOns.addButton")} pendingLabel={t("login.saving")} />
    </IntentForm>
  );
}
