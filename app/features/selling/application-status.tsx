import { useTranslation } from "~/platform/i18n-react";
import { formatDate, TRAVELLER_TIME_ZONE } from "~/ui/date-format";
import { CardSection } from "~/ui/labelled-section";
import type { ApplicationStatusView } from "./application-status.server";

/**
 * The applicant's application to sell (on /sell and /account): pending; approved, with the link to
 * the new operator's console on its storefront; or rejected, with the reason.
 */
export function ApplicationStatusCard({ application }: { application: ApplicationStatusView }) {
  const { t, i18n } = useTranslation();
  const sent = formatDate(application.createdAt, { timeZone: TRAVELLER_TIME_ZONE, locale: i18n.language });
  return (
    <CardSection
      headingId="application-heading"
      heading={t("sell.statusHeading")}
      className="mt-6 max-w-2xl"
      data-testid="application-status"
      data-status={application.status}
    >
      <p className="mt-2 text-sm text-slate-800">
        {t("sell.statusSent", { name: application.businessName, slug: application.slug, date: sent })}
      </p>
      <p className="mt-2 font-medium" data-testid="application-status-text">
        {t(`sell.status_${application.status}`)}
      </p>
      {application.rejectionReason ? (
        <div className="mt-2 text-sm">
          <p className="font-medium">{t("sell.rejectionReason")}</p>
          <p className="mt-1 whitespace-pre-line text-slate-800" data-testid="rejection-reason">
            {application.rejectionReason}
          </p>
        </div>
      ) : null}
      {application.consoleUrl ? (
        <p className="mt-3">
          <a href={application.consoleUrl} className="font-medium text-brand-ink underline" data-testid="console-link">
            {t("sell.openConsole", { name: application.businessName })}
          </a>
        </p>
      ) : null}
    </CardSection>
  );
}
