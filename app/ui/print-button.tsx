import { useTranslation } from "~/platform/i18n-react";
import { useHydrated } from "~/ui/use-hydrated";

/** "Print" needs the browser's print dialog: shown once JavaScript runs (without it, the browser's own menu prints). */
export function PrintButton() {
  const { t } = useTranslation();
  if (!useHydrated()) return null;
  return (
    <button
      type="button"
      onClick={() => window.print()}
      className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium hover:bg-slate-50 print:hidden"
    >
      {t("receipt.print")}
    </button>
  );
}
