import { useTranslation } from "~/platform/i18n-react";

/** A booking's add-ons as one fact of a definition list ("Add-ons: 2 × Wetsuit, 1 × Bottle"); nothing without any. */
export function AddOnsFact({
  addOns,
  termClassName,
}: {
  addOns: ReadonlyArray<{ addOnId: string; name: string; quantity: number }>;
  termClassName: string;
}) {
  const { t } = useTranslation();
  if (addOns.length === 0) return null;
  return (
    <>
      <dt className={termClassName}>{t("addOns.yours")}</dt>
      <dd data-testid="booking-add-ons">{addOns.map((line) => `${line.quantity} × ${line.name}`).join(", ")}</dd>
    </>
  );
}
