import type { OperatorService } from "~contract/operator/services";
import { PRIVATE_SALES, type PrivateSale } from "~contract/statuses";
import { minorUnitDigits, toMajorUnits } from "~contract/money";
import { useTranslation } from "~/platform/i18n-react";
import { FieldsetFrame } from "~/ui/fieldset-frame";
import { SubmitButton } from "~/ui/form-parts";
import { HintedChoice } from "~/ui/hinted-choice";
import { IntentForm } from "~/ui/intent-form";
import { TextField } from "~/ui/text-field";
import { useIsPending } from "~/ui/use-is-pending";
import { formatMoney } from "~/ui/format";
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
  const pending = useIsPending({ intent: "private" });
  return (
    <IntentForm
      meta={form}
      intent="private"
      values={{ serviceId: service.id }}
      className="mt-6 max-w-xl space-y-3 border-t border-slate-200 pt-4"
      aria-label={t("prices.privateForm", { name: service.name })}
      data-testid="private-sale-form"
    >
      <h3 className="font-semibold">{t("prices.privateHeading")}</h3>
      <p className="text-sm text-slate-700">{t("prices.privateIntro")}</p>
      {sale ? (
        <p className="text-sm text-slate-800" data-testid="private-sale-state">
          {t("prices.privateState", {
            price: formatMoney(sale.priceMinor, service.currency, i18n.language),
            count: sale.maxGuests,
          })}
        </p>
      ) : null}
      <FieldsetFrame
        field={{ errors: fields.sale.errors, errorId: fields.sale.errorId }}
        legend={t("prices.privateHeading")}
        className="mt-2 space-y-2"
      >
        {PRIVATE_SALES.map((choice) => (
          <HintedChoice
            key={choice}
            id={`${id}-${choice}`}
            type="radio"
            name={fields.sale.name}
            value={choice}
            defaultChecked={saved === choice}
            label={t(WORDS[choice].label)}
            hint={t(WORDS[choice].hint)}
            hintClassName="text-sm text-slate-700"
          />
        ))}
      </FieldsetFrame>
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
      <SubmitButton pending={pending} label={t("prices.privateSave")} pendingLabel={t("login.saving")} />
    </IntentForm>
  );
}
