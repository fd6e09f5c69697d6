import { NavLink } from "@remix-run/react";
import type { OperatorMe } from "~contract/operators";
import { useTranslation } from "~/platform/i18n-react";

/** The console's sections the member's role opens; the current one has aria-current="page". */
export function ConsoleNav({ can }: { can: OperatorMe["can"] }) {
  const { t } = useTranslation();
  const sections = [
    { to: "/console", key: "console.home", end: true },
    ...(can.manageTeam ? [{ to: "/console/team", key: "console.team", end: false }] : []),
    ...(can.readAuditLog ? [{ to: "/console/audit-log", key: "console.auditLog", end: false }] : []),
  ];
  return (
    <nav aria-label={t("console.sectionsLabel")}>
      <ul className="flex flex-wrap gap-1 md:block md:space-y-1">
        {sections.map((section) => (
          <li key={section.to}>
            <NavLink
              to={section.to}
              end={section.end}
              className={({ isActive }) =>
                `block whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium ${isActive ? "bg-brand/10 text-brand" : "text-slate-700 hover:bg-slate-100"}`
              }
            >
              {t(section.key)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
