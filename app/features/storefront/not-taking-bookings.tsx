import { Link } from "@remix-run/react";
import { useTranslation } from "~/platform/i18n-react";
import { LabelledSection } from "~/ui/labelled-section";

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
    <LabelledSection
      headingId="not-taking-bookings"
      heading={t("details.notTakingBookings", { name: operatorName })}
      headingClassName="text-lg font-semibold"
      headingLevel={headingLevel}
      className="rounded-xl border border-amber-300 bg-amber-50 p-5 text-slate-900"
      data-testid="not-taking-bookings"
    >
      <p className="mt-2 text-sm">{t("details.notTakingBookingsText")}</p>
      <p className="mt-2 text-sm">
        <Link to="/account/bookings" className="font-medium underline hover:text-slate-700">
          {t("details.notTakingBookingsLink")}
        </Link>
      </p>
    </LabelledSection>
  );
}
