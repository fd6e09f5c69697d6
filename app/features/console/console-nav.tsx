import type { OperatorMe } from "~contract/operators";
import { useTranslation } from "~/platform/i18n-react";
import { SectionNav } from "~/ui/section-nav";

/** The console's sections the member's role opens, home first. */
export function useConsoleSections(can: OperatorMe["can"]) {
  const { t } = useTranslation();
  return [
    { to: "/console", label: t("console.home"), end: true },
    ...(can.manageCatalog ? [{ to: "/console/experiences", label: t("console.experiences"), end: false }] : []),
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
