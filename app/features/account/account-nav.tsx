import { NavLink } from "@remix-run/react";
import { useTranslation } from "~/platform/i18n-react";
import { UnreadBadge } from "~/ui/unread-badge";

const SECTIONS = [
  { to: "/account", key: "account.overview", end: true },
  { to: "/account/bookings", key: "account.bookings", end: false },
  { to: "/account/notifications", key: "account.notifications", end: false },
  { to: "/account/payments", key: "account.payments", end: false },
  { to: "/account/personal-info", key: "account.personalInfo", end: false },
  { to: "/account/security", key: "account.security", end: false },
] as const;

/** The account area's sections, on every account page; the current one has aria-current="page". */
export function AccountNav() {
  const { t } = useTranslation();
  return (
    <nav aria-label={t("account.sectionsLabel")} className="print:hidden">
      {/* Phones: the sections wrap onto as many rows as they need (all in sight, no sideways scroll). */}
      <ul className="flex flex-wrap gap-1 md:block md:space-y-1">
        {SECTIONS.map((section) => (
          <li key={section.to}>
            <NavLink
              to={section.to}
              end={section.end}
              className={({ isActive }) =>
                `block whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium ${isActive ? "bg-brand/10 text-brand" : "text-slate-700 hover:bg-slate-100"}`
              }
            >
              {t(section.key)}
              {section.to === "/account/notifications" ? <UnreadBadge /> : null}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
