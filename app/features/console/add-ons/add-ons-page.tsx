import { useLoaderData } from "@remix-run/react";
import type { AddOn } from "~contract/bookings/add-ons";
import { ADD_ON_SCOPES } from "~contract/bookings/add-on-rules";
import { ExperienceNav } from "~/features/console/experience-nav";
import { useIntentForm } from "~/features/console/use-intent-form";
import type { loadAddOnsPage } from "~/features/console/add-ons.server";
import { useTranslation } from "~/platform/i18n-react";
import { formatMoney } from "~/ui/format";
import { CardSection } from "~/ui/labelled-section";
import { SubmitButton } from "~/ui/form-parts";
import { IntentForm } from "~/ui/intent-form";
import { SelectField } from "~/ui/select-field";
import { StatusMessage } from "~/ui/status-message";
import { TextAreaField } from "~/ui/text-area-field";
import { TextField } from "~/ui/text-field";
import { useFormValidation } from "~/ui/use-form-validation";
import { useIsPending } from "~/ui/use-is-pending";
import { STOCK_KINDS } from "./stock-kinds";
import { asText } from "../prices/use-price-form";

/** One experience's add-ons: the list (each removable) and a form to add one. No JavaScript needed. */
export function AddOnsPage() {
  const { page, flash, title } = useLoaderData<typeof loadAddOnsPage>();
  const { t } = useTranslation();
  return (
    <>
      <h1 className="text-2xl font-bold text-brand-ink">{title}</h1>
      <ExperienceNav experienceId={page.experience.id} title={page.experience.title} />
      {flash ? <StatusMessage>{t(flash)}</StatusMessage> : null}
      <p className="mt-2 text-sm text-slate-700">{t("addOns.intro")}</p>
      <CardSection headingId="add-ons-heading" heading={t("addOns.listHeading")} className="mt-6">
        {page.addOns.length === 0 ? (
          <p className="mt-2">{t("addOns.none")}</p>
        ) : (
          <ol className="mt-2 space-y-3">
            {page.addOns.map((addOn) => (
              <AddOnRow key={addOn.id} addOn={addOn} currency={page.currency} />
            ))}
          </ol>
        )}
      </CardSection>
      <CardSection headingId="new-add-on-heading" heading={t("addOns.add")} className="mt-8 max-w-xl">
        <AddAddOnForm />
      </CardSection>
    </>
  );
}

function AddOnRow({ addOn, currency }: { addOn: AddOn; currency: string }) {
  const { t } = useTranslation();
  const pending = useIsPending({ intent: "remove" });
  const stock =
    addOn.stockPerDeparture !== null
      ? t("addOns.stockPerDepartureIs", { count: addOn.stockPerDeparture })
      : addOn.stockTotal !== null
        ? t("addOns.stockTotalIs", { count: addOn.stockTotal })
        : t("addOns.noStock");
  return (
    <li className="rounded-md border border-slate-200 p-3" data-testid="add-on">
      <p className="font-medium">{addOn.name}</p>
      {addOn.description ? <p className="text-sm">{addOn.description}</p> : null}
      <p className="text-sm text-slate-700">
        {[
          formatMoney(addOn.priceMinor, currency),
          t(`addOns.per_${addOn.per}`),
          stock,
          addOn.maxPerBooking !== null ? t("addOns.maxIs", { count: addOn.maxPerBooking }) : null,
        ]
          .filter(Boolean)
          .join(" · ")}
      </p>
      <IntentForm intent="remove" values={{ addOnId: addOn.id }} className="mt-2">
        <SubmitButton
          pending={pending}
          label={t("addOns.remove", { name: addOn.name })}
          pendingLabel={t("login.saving")}
        />
      </IntentForm>
    </li>
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
