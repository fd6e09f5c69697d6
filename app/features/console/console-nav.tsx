import type { OperatorMe } from "~contract/operator/team";
import { useTranslation } from "~/platform/i18n-react";
import { SectionNav } from "~/ui/section-nav";

/** The console's sections the member's role opens, home first. */
export function useConsoleSections(can: OperatorMe["can"]) {
  const { t } = useTranslation();
  return [
    { to: "/console", label: t("console.home"), end: true },
    ...(can.runDay ? [{ to: "/console/manifest", label: t("console.manifest"), end: false }] : []),
    ...(can.runDay ? [{ to: "/console/check-in", label: t("console.checkIn"), end: false }] : []),
    ...(can.runDay ? [{ to: "/console/bookings", label: t("console.bookings"), end: false }] : []),
    { to: "/console/calendar", label: t("console.calendar"), end: false },
    ...(can.readCustomers ? [{ to: "/console/customers", label: t("console.customers"), end: false }] : []),
    ...(can.manageCatalog ? [{ to: "/console/experiences", label: t("console.experiences"), end: false }] : []),
    ...(can.manageResellers ? [{ to: "/console/resellers", label: t("console.resellers"), end: false }] : []),
    ...(can.manageWebhooks ? [{ to: "/console/webhooks", label: t("console.webhooks"), end: false }] : []),
    ...(can.readReports ? [{ to: "/console/reports", label: t("console.reports"), end: false }] : []),
    ...(can.readReports ? [{ to: "/console/gift-cards", label: t("console.giftCards"), end: false }] : []),
    ...(can.readPayouts ? [{ to: "/console/payouts", label: t("console.payouts"), end: false }] : []),
    ...(can.manageBranding ? [{ to: "/console/branding", label: t("console.branding"), end: false }] : []),
    ...(can.manageTeam ? [{ to: "/console/team", label: t("console.team"), end: false }] : []),
    ...(can.readAuditLog ? [{ to: "/console/audit-log", label: t("console.auditLog"), end: false }] : []),
  ];
}

/** The console's sections; the current one has aria-current="page". */
export function ConsoleNav({ can }: { can: OperatorMe["can"] }) {
  const { t } = useTranslation();
  const sections = useConsoleSections(can);
  return <SectionNav label={t("console.sectionsLabel")} sections={sections} />;
}
