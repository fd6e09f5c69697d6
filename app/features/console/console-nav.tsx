import type { OperatorMe } from "~contract/operators";
import { useTranslation } from "~/platform/i18n-react";
import { SectionNav } from "~/ui/section-nav";

/** The console's sections the member's role opens; the current one has aria-current="page". */
export function ConsoleNav({ can }: { can: OperatorMe["can"] }) {
  const { t } = useTranslation();
  const sections = [
    { to: "/console", label: t("console.home"), end: true },
    ...(can.manageTeam ? [{ to: "/console/team", label: t("console.team"), end: false }] : []),
    ...(can.readAuditLog ? [{ to: "/console/audit-log", label: t("console.auditLog"), end: false }] : []),
  ];
  return <SectionNav label={t("console.sectionsLabel")} sections={sections} />;
}
