import { useTranslation } from "~/platform/i18n-react";
import type { RatingSummary } from "~contract/catalog/reviews";

/** "★ 4.7 (23)", read out as "Rated 4.7 out of 5 by 23 guests". */
export function RatingStars({ rating, className = "" }: { rating: RatingSummary; className?: string }) {
  const { t, i18n } = useTranslation();
  const average = new Intl.NumberFormat(i18n.language, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(
    rating.average,
  );
  return (
    <span className={`inline-flex items-center gap-1 ${className}`} data-testid="rating">
      <span aria-hidden="true" className="text-amber-700">
        ★
      </span>
      <span aria-hidden="true" className="font-medium text-slate-900">
        {average}
      </span>
      <span aria-hidden="true" className="text-slate-600">
        ({rating.count})
      </span>
      <span className="sr-only">{t("reviews.summary", { average, count: rating.count })}</span>
    </span>
  );
}
