import { useTranslation } from "~/platform/i18n-react";
import { formatDateTime } from "~/ui/date-format";
import { PrintButton } from "~/ui/print-button";
import { useTravellerZone } from "~/ui/traveller-zone";

/** A receipt's head: its title, who sold it and when it was paid (in the traveller's zone), and Print. */
export function ReceiptHeader({ title, seller, paidAt }: { title: string; seller: string; paidAt: string }) {
  const { t, i18n } = useTranslation();
  const travellerZone = useTravellerZone();
  return (
    <div className="flex flex-wrap items-start justify-between gap-3">
      <div>
        <h1 className="text-2xl font-bold text-brand-ink">{title}</h1>
        <p className="text-sm text-slate-700">
          {seller} ·{" "}
          <time dateTime={paidAt}>
            {t("receipt.paidOn", {
              date: formatDateTime(paidAt, { timeZone: travellerZone, locale: i18n.language }),
            })}
          </time>
        </p>
      </div>
      <PrintButton />
    </div>
  );
}
