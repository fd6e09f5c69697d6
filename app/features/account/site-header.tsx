import { NavLink, useLocation } from "@remix-run/react";
import { SignOutButton } from "~/features/auth/logout-form";
import { useTranslation } from "~/platform/i18n-react";
import { useRootData } from "~/platform/root-data";
import { BrandMark } from "~/ui/site-chrome";
import { UnreadBadge } from "~/ui/unread-badge";

/** The site's header: the brand, Explore, and the account (with its unread badge and Sign out) or Sign in. */
export function SiteHeader() {
  const { t } = useTranslation();
  const user = useRootData()?.user;
  const location = useLocation();
  // Labels never wrap; on a narrow phone the navigation takes a second row under the brand.
  const itemClass = "whitespace-nowrap rounded px-2 py-2 text-sm font-medium sm:px-3";
  const navClass = ({ isActive }: { isActive: boolean }) =>
    `${itemClass} ${isActive ? "text-brand" : "text-slate-700 hover:text-brand"}`;
  return (
    <header className="border-b border-slate-200 bg-white print:hidden">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-3">
        <BrandMark />
        <nav aria-label={t("nav.label")} className="-mx-2 flex items-center gap-1 sm:mx-0">
          <NavLink to="/" end className={navClass}>
            {t("nav.explore")}
          </NavLink>
          {user ? (
            <>
              <NavLink to="/account" className={navClass}>
                {t("nav.account")}
                <UnreadBadge />
              </NavLink>
              <SignOutButton className={`${itemClass} text-slate-700 hover:text-brand`} />
            </>
          ) : (
            <NavLink
              to={`/login?${new URLSearchParams({ redirectUrl: location.pathname + location.search })}`}
              className={navClass}
            >
              {t("nav.signIn")}
            </NavLink>
          )}
        </nav>
      </div>
    </header>
  );
}
