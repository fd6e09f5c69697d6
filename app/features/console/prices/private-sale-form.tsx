import type { OperatorService } from "~contract/operator/services";
import { PRIVATE_SALES, type PrivateSale } from "~contract/statuses";
import { minorUnitDigits, toMajorUnits } from "~contract/money";
import { useTranslation } from "~/platform/i18n-react";
import { HintedRadios } from "~/ui/hinted-choice";
import { TextField } from "~/ui/text-field";
import { formatMoney } from "~/ui/format";
import { ServicePartForm } from "./service-part-form";
import { asText, usePriceForm } from "./use-price-form";

const WORDS: Record<PrivateSale, { label: string; hint: string }> = {
  none: { label: "prices.privateNone", hint: "prices.privateNoneHint" },
  both: { label: "prices.privateBoth", hint: "prices.privateBothHint" },
  only: { label: "prices.privateOnly", hint: "prices.privateOnlyHint" },
};

/**
 * The key a saved sale remounts the form with: it shows what is saved, not what was typed (named,
 * so that it is never a sibling's key: two forms keyed "null" would be one to React).
 */
export const privateSaleKey = (service: OperatorService) => `private:${JSON.stringify(service.privateSale)}`;

/**
 * How the service is sold private (issue 46): never, both ways or only so, and sold so, the group
 * price (typed in the operator's currency) and the most guests. A plain form: works without JavaScript.
 */
export function PrivateSaleForm({ service }: { service: OperatorService }) {
  const { t, i18n } = useTranslation();
  const id = `private:${service.id}`;
  const sale = service.privateSale;
  const saved: PrivateSale = sale ? (sale.only ? "only" : "both") : "none";
  const [form, fields] = usePriceForm("private", id, {
    sale: saved,
    price: sale ? toMajorUnits(sale.priceMinor, minorUnitDigits(service.currency)) : "",
    maxGuests: sale ? String(sale.maxGuests) : "",
  });
  return (
    <ServicePartForm
      meta={form}
      intent="private"
      service={service}
      label={t("prices.privateForm", { name: service.name })}
      heading={t("prices.privateHeading")}
      intro={t("prices.privateIntro")}
      save={t("prices.privateSave")}
      className="max-w-xl"
      data-testid="private-sale-form"
    >
      {sale ? (
        <p className="text-sm text-slate-800" data-testid="private-sale-state">
          {t("prices.privateState", {
            price: formatMoney(sale.priceMinor, service.currency, i18n.language),
            count: sale.maxGuests,
          })}
        </p>
      ) : null}
      <HintedRadios
        field={fields.sale}
        legend={t("prices.privateHeading")}
        idPrefix={id}
        checked={saved}
        choices={PRIVATE_SALES.map((choice) => ({
          value: choice,
          label: t(WORDS[choice].label),
          hint: t(WORDS[choice].hint),
        }))}
      />
      <TextField
        field={asText(fields.price)}
        label={t("prices.privatePrice", { currency: service.currency })}
        inputMode="decimal"
      />
      <TextField
        field={asText(fields.maxGuests)}
        label={t("prices.privateMaxGuests")}
        hint={t("prices.privateMaxGuestsHint", { count: service.capacity })}
        inputMode="numeric"
      />
    </ServicePartForm>
  );
}
