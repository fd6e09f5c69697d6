import type { ReactNode } from "react";
import { useTranslation } from "~/platform/i18n-react";
import { NoticeSection } from "~/ui/labelled-section";

/**
 * Departures a schedule's change left with bookings (needsDecision), on the schedule's page and the
 * departures' page: what the operator is to do, then the departures (`children`).
 */
export function NeedsDecision({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <NoticeSection id="decide" heading={t("schedules.needsDecision")} className="mt-6">
      <p className="mt-1 text-sm text-slate-800">{t("schedules.needsDecisionHint")}</p>
      {children}
    </NoticeSection>
  );
}
