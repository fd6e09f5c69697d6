import { useTranslation } from "~/platform/i18n-react";
import type { PriceBreakdown } from "~contract/bookings/pricing";
import { formatMoney } from "~/ui/format";

/** The tickets and add-ons, subtotal, promo discount, fees, taxes and total (money in minor units, the operator's currency). */
export function PriceSummary({ price, currency }: { price: PriceBreakdown; currency: string }) {
  const { t, i18n } = useTranslation();
  const money = (amount: number) => formatMoney(amount, currency, i18n.language);
  const row = (label: string, amount: number, testId: string, strong = false) => (
    <div className={`flex justify-between py-1 ${strong ? "border-t border-slate-200 pt-2 font-semibold" : ""}`}>
      <dt>{label}</dt>
      <dd data-testid={testId}>{money(amount)}</dd>
    </div>
  );
  // A private booking's group price, the tickets (in it, then), the add-ons chosen (issue 46).
  const whole = price.privateMinor ?? null;
  const lines = [
    ...(whole === null
      ? []
      : [{ key: "private", name: t("details.privateDeparture"), quantity: 1, totalMinor: whole }]),
    ...price.lines.map((line) => ({ key: line.ticketTypeId, ...line })),
    ...(price.addOns ?? []).map((line) => ({ key: line.addOnId, ...line })),
  ];
  return (
    <dl className="text-sm" aria-live="polite">
      {lines.map((line) => (
        <div key={line.key} className="flex justify-between py-1 text-slate-700">
          <dt>
            {line.quantity} × {line.name}
          </dt>
          <dd>{whole !== null && line.totalMinor === 0 ? t("details.privateIncluded") : money(line.totalMinor)}</dd>
        </div>
      ))}
      {row(t("details.subtotal"), price.subtotalMinor, "price-subtotal")}
      {price.discountMinor > 0 ? row(t("details.discount"), -price.discountMinor, "price-discount") : null}
      {row(t("details.fees"), price.feesMinor, "price-fees")}
      {price.taxMinor > 0 ? row(t("details.taxes"), price.taxMinor, "price-taxes") : null}
      {row(t("details.total"), price.totalMinor, "price-total", true)}
    </dl>
  );
}
