import { useLoaderData } from "@remix-run/react";
import type { OperatorService } from "~contract/operator/services";
import { toMajorUnits } from "~contract/money";
import { useTranslation } from "~/platform/i18n-react";
import { LabelledSelect } from "~/ui/labelled-select";
import { TextField } from "~/ui/text-field";
import type { PricesPageData } from "./prices-data";
import { ServicePartForm } from "./service-part-form";
import { usePriceForm, asText } from "./use-price-form";

/** The deposit a service asks (issue 46, item 5): a native form, the API's operatorUpdateService. */
export function DepositForm({ service }: { service: OperatorService }) {
  const { t } = useTranslation();
  const { digits, page } = useLoaderData<PricesPageData>();
  const deposit = service.deposit;
  const [form, fields] = usePriceForm("deposit", `deposit:${service.id}`, {
    kind: deposit?.kind ?? "none",
    amount: deposit
      ? deposit.kind === "percent"
        ? String(deposit.value / 100)
        : toMajorUnits(deposit.value, digits)
      : "",
    minDaysBefore: deposit ? String(deposit.minDaysBefore) : "",
    balanceDueDaysBefore: deposit ? String(deposit.balanceDueDaysBefore) : "",
  });
  return (
    <ServicePartForm
      meta={form}
      intent="deposit"
      service={service}
      label={t("prices.depositForm", { name: service.name })}
      heading={t("prices.depositHeading")}
      intro={t("prices.depositIntro")}
      save={t("prices.saveDeposit")}
    >
      <LabelledSelect
        id={`${form.id}-kind`}
        name="kind"
        label={t("prices.depositKind")}
        value={deposit?.kind ?? "none"}
        choices={[
          { value: "none", label: t("prices.depositNone") },
          { value: "percent", label: t("prices.depositPercent") },
          { value: "fixed", label: t("prices.depositFixed") },
        ]}
      />
      <TextField
        field={asText(fields.amount)}
        label={t("prices.depositAmount")}
        inputMode="decimal"
        hint={t("prices.depositAmountHint", { currency: page.currency })}
      />
      <TextField field={asText(fields.minDaysBefore)} label={t("prices.depositMinDays")} inputMode="numeric" />
      <TextField field={asText(fields.balanceDueDaysBefore)} label={t("prices.balanceDueDays")} inputMode="numeric" />
    </ServicePartForm>
  );
}
