import { useTranslation } from "~/platform/i18n-react";
import { formatDate } from "~/ui/date-format";
import { NoticeSection } from "~/ui/labelled-section";

/**
 * The console of an operator the platform suspended (issue 44; operatorMe's `suspension`): since
 * when, why, and that the console is read-only but for check-in, refunds and cancellations.
 */
export function SuspendedBanner({
  operatorName,
  suspension,
  timeZone,
}: {
  operatorName: string;
  suspension: { since: string; reason: string } | null;
  timeZone: string;
}) {
  const { t, i18n } = useTranslation();
  if (!suspension) return null;
  return (
    <NoticeSection
      id="operator-suspended"
      heading={t("console.suspendedTitle", { name: operatorName })}
      headingLevel={null}
      className="mb-6"
    >
      <p className="mt-1 text-sm">
        {t("console.suspendedText", {
          date: formatDate(suspension.since, { timeZone, locale: i18n.language, style: "long" }),
        })}
      </p>
      {suspension.reason ? (
        <p className="mt-1 text-sm">
          <span className="font-medium">{t("console.suspendedReason")}:</span> {suspension.reason}
        </p>
      ) : null}
    </NoticeSection>
  );
}
