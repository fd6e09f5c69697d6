import { useLoaderData } from "@remix-run/react";
import type { OperatorService } from "~contract/operator/services";
import { toMajorUnits } from "~contract/money";
import { useTranslation } from "~/platform/i18n-react";
import { SubmitButton } from "~/ui/form-parts";
import { LabelledSelect } from "~/ui/labelled-select";
import { TextField } from "~/ui/text-field";
import { useIsPending } from "~/ui/use-is-pending";
import { IntentForm } from "~/ui/intent-form";
import type { PricesPageData } from "./prices-data";
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
  const pending = useIsPending({ intent: "deposit" });
  return (
    <IntentForm
      meta={form}
      intent="deposit"
      values={{ serviceId: service.id }}
      className="mt-6 space-y-3 border-t border-slate-200 pt-4"
      aria-label={t("prices.depositForm", { name: service.name })}
    >
      <h3 className="font-semibold text-brand-ink">{t("prices.depositHeading")}</h3>
      <p className="text-sm text-slate-700">{t("prices.depositIntro")}</p>
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
      <SubmitButton pending={pending} label={t("prices.saveDeposit")} pendingLabel={t("login.saving")} />
    </IntentForm>
  );
}
