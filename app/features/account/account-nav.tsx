import { useReportTravellerZone } from "~/ui/traveller-zone";
import { useTranslation } from "~/platform/i18n-react";
import { SectionNav } from "~/ui/section-nav";
import { UnreadBadge } from "~/ui/unread-badge";

const SECTIONS = [
  { to: "/account", key: "account.overview", end: true },
  { to: "/account/bookings", key: "account.bookings", end: false },
  { to: "/account/notifications", key: "account.notifications", end: false },
  { to: "/account/payments", key: "account.payments", end: false },
  { to: "/account/waitlist", key: "account.waitlist", end: false },
  { to: "/account/personal-info", key: "account.personalInfo", end: false },
  { to: "/account/security", key: "account.security", end: false },
] as const;

/** The account area's sections, on every account page; the current one has aria-current="page". */
export function AccountNav() {
  const { t } = useTranslation();
  // The account pages show the traveller's own times: the browser tells its zone here (not in the
  // root, whose script every public page loads).
  useReportTravellerZone();
  return (
    <SectionNav
      label={t("account.sectionsLabel")}
      className="print:hidden"
      sections={SECTIONS.map((section) => ({
        to: section.to,
        label: t(section.key),
        end: section.end,
        after: section.to === "/account/notifications" ? <UnreadBadge /> : null,
      }))}
    />
  );
}
