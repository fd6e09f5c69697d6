import type { PayoutSummary } from "~contract/payouts/money-outputs";
import { useTranslation } from "~/platform/i18n-react";

const TONE: Record<PayoutSummary["status"], string> = {
  pending: "bg-slate-100 text-slate-800",
  in_transit: "bg-sky-100 text-sky-900",
  paid: "bg-emerald-100 text-emerald-900",
  failed: "bg-red-100 text-red-900",
};

/** A payout's status in words (a failed one with its reason, when the provider gave one). */
export function PayoutStatus({ payout }: { payout: Pick<PayoutSummary, "status" | "failureReason"> }) {
  const { t } = useTranslation();
  return (
    <>
      <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${TONE[payout.status]}`}>
        {t(`payouts.status_${payout.status}`)}
      </span>
      {payout.status === "failed" && payout.failureReason ? (
        <span className="mt-1 block text-xs text-slate-700">{payout.failureReason}</span>
      ) : null}
    </>
  );
}
