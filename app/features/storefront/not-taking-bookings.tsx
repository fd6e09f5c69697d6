import { Link } from "@remix-run/react";
import { useTranslation } from "~/platform/i18n-react";
import { NoticeSection } from "~/ui/labelled-section";

/**
 * What a suspended operator's storefront and experience pages show instead of a booking form
 * (issue 44): it is not taking bookings, and what was already booked stays valid.
 */
export function NotTakingBookings({
  operatorName,
  headingLevel = null,
}: {
  operatorName: string;
  /** Its title's heading level; none (a paragraph) above the page's own heading. */
  headingLevel?: 2 | 3 | null;
}) {
  const { t } = useTranslation();
  return (
    <NoticeSection
      id="not-taking-bookings"
      heading={t("details.notTakingBookings", { name: operatorName })}
      headingLevel={headingLevel}
    >
      <p className="mt-2 text-sm">{t("details.notTakingBookingsText")}</p>
      <p className="mt-2 text-sm">
        <Link to="/account/bookings" className="font-medium underline hover:text-slate-700">
          {t("details.notTakingBookingsLink")}
        </Link>
      </p>
    </NoticeSection>
  );
}
