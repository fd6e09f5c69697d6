import { NavLink, Outlet } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { SessionSync } from "~/features/auth/session-sync";
import { RouteErrorContent } from "~/ui/error-page";
import { SiteFooter, SiteHeader, SkipLink } from "~/ui/site-chrome";

export const ACCOUNT_SECTIONS = [
  { to: "/account/bookings", key: "account.bookings" },
  { to: "/account/notifications", key: "account.notifications" },
  { to: "/account/payments", key: "account.payments" },
  { to: "/account/personal-info", key: "account.personalInfo" },
  { to: "/account/security", key: "account.security" },
] as const;

/** The account layout: the account area's sections beside its content. */
function AccountShell({ children }: { children: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <>
      <SkipLink />
      <SessionSync />
      <SiteHeader />
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-8 md:grid-cols-[14rem_1fr]">
        <nav aria-label={t("account.sectionsLabel")}>
          <ul className="space-y-1">
            {ACCOUNT_SECTIONS.map((section) => (
              <li key={section.to}>
                <NavLink
                  to={section.to}
                  className={({ isActive }) =>
                    `block rounded-md px-3 py-2 text-sm font-medium ${isActive ? "bg-brand/10 text-brand" : "text-slate-700 hover:bg-slate-100"}`
                  }
                >
                  {t(section.key)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <main id="main">{children}</main>
      </div>
      <SiteFooter />
    </>
  );
}

export default function AccountLayout() {
  return (
    <AccountShell>
      <Outlet />
    </AccountShell>
  );
}

export function ErrorBoundary() {
  return (
    <AccountShell>
      <RouteErrorContent />
    </AccountShell>
  );
}
