import type { ReactNode } from "react";
import { Link } from "@remix-run/react";
import { LogoutForm } from "~/features/auth/logout-form";
import { useTranslation } from "~/platform/i18n-react";
import { APPLICATIONS_PATH, OPERATORS_PATH, SUPPORT_PATH, AUDIT_LOG_PATH, EARNINGS_PATH } from "./admin-paths";
import { SectionNav } from "~/ui/section-nav";
import { SkipLink } from "~/ui/site-chrome";

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
    <>
      <SkipLink />
      <header className="bg-slate-900 text-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-3">
          <p className="font-semibold">
            {t("app.name")} <span className="font-normal text-slate-300">· {t("admin.badge")}</span>
          </p>
          <div className="flex items-center gap-4 text-sm">
            <Link to="/" className="underline hover:text-slate-200">
              {t("admin.toMarketplace")}
            </Link>
            <LogoutForm>
              <button type="submit" className="font-medium underline hover:text-slate-200">
                {t("nav.signOut")}
              </button>
            </LogoutForm>
          </div>
        </div>
      </header>
      <div className="mx-auto grid max-w-6xl grid-cols-[minmax(0,1fr)] gap-6 px-4 py-6 md:grid-cols-[13rem_minmax(0,1fr)]">
        <AdminNav applicationsWaiting={applicationsWaiting} />
        <main id="main" className="min-w-0">
          {children}
        </main>
      </div>
    </>
  );
}
