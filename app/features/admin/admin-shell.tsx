import type { ReactNode } from "react";
import { SignOutButton } from "~/features/auth/logout-form";
import { useTranslation } from "~/platform/i18n-react";
import { APPLICATIONS_PATH, OPERATORS_PATH, SUPPORT_PATH, AUDIT_LOG_PATH, EARNINGS_PATH } from "./admin-paths";
import { SectionNav } from "~/ui/section-nav";
import { SectionsShell } from "~/ui/layouts/sections-shell";

/** The admin console's sections; "Applications" marked while one waits for a decision. */
function AdminNav({ applicationsWaiting }: { applicationsWaiting: boolean }) {
  const { t } = useTranslation();
  const waiting = applicationsWaiting ? (
    <span className="ml-2 rounded-full bg-amber-200 px-2 text-xs font-semibold text-amber-900">
      {t("admin.nav.waiting")}
    </span>
  ) : null;
  return (
    <SectionNav
      label={t("admin.nav.label")}
      sections={[
        { to: APPLICATIONS_PATH, label: t("admin.nav.applications"), end: false, after: waiting },
        { to: OPERATORS_PATH, label: t("admin.nav.operators"), end: false },
        { to: EARNINGS_PATH, label: t("admin.nav.earnings"), end: false },
        { to: SUPPORT_PATH, label: t("admin.nav.support"), end: false },
        { to: AUDIT_LOG_PATH, label: t("admin.nav.auditLog"), end: false },
      ]}
    />
  );
}

/**
 * The platform admins' frame (issue 44): a plain bar naming the console, the way back to the
 * marketplace and sign out; the sections beside the page (above it on a phone).
 */
export function AdminShell({ applicationsWaiting, children }: { applicationsWaiting: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <SectionsShell
      dark
      title={
        <p className="font-semibold">
          {t("app.name")} <span className="font-normal text-slate-300">· {t("admin.badge")}</span>
        </p>
      }
      backLabel={t("admin.toMarketplace")}
      signOut={<SignOutButton className="font-medium underline hover:text-slate-200" />}
      nav={<AdminNav applicationsWaiting={applicationsWaiting} />}
    >
      {children}
    </SectionsShell>
  );
}
