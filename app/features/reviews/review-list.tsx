import { Link, useLocation } from "@remix-run/react";
import { useTranslation } from "~/platform/i18n-react";
import type { ReviewPage } from "~contract/catalog/reviews";
import { RatingStars } from "./rating-stars";
import { formatDate, TRAVELLER_TIME_ZONE } from "~/ui/date-format";

/** An experience's reviews, newest first, a page at a time (links: works without JavaScript). */
export function ReviewList({ reviews }: { reviews: ReviewPage }) {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const pageLink = (page: number) => {
    const query = new URLSearchParams(location.search);
    query.set("reviews", String(page));
    // Paging reviews is not a choice to go on with: a refused "Continue" is not sent again.
    query.delete("intent");
    return `${location.pathname}?${query}#reviews`;
  };
  return (
    <section id="reviews" className="mt-8 scroll-mt-4" aria-labelledby="reviews-heading">
      <h2 id="reviews-heading" className="flex flex-wrap items-center gap-3 text-xl font-semibold">
        {t("reviews.title")}
        {reviews.rating ? <RatingStars rating={reviews.rating} className="text-base font-normal" /> : null}
      </h2>
      {reviews.items.length === 0 ? <p className="mt-2 text-slate-700">{t("reviews.none")}</p> : null}
      <ul className="mt-3 space-y-4" data-testid="review-list">
        {reviews.items.map((review) => (
          <li key={review.id} className="rounded-lg border border-slate-200 p-4">
            <p className="flex flex-wrap items-center gap-2 text-sm">
              <span aria-hidden="true" className="text-amber-700">
                {"★".repeat(review.rating)}
                <span className="text-slate-300">{"★".repeat(5 - review.rating)}</span>
              </span>
              <span className="sr-only">{t("reviews.stars", { count: review.rating })}</span>
              <span className="font-medium text-slate-900">{review.authorName}</span>
              <time className="text-slate-600" dateTime={review.createdAt}>
                {formatDate(review.createdAt, { timeZone: TRAVELLER_TIME_ZONE, locale: i18n.language })}
              </time>
              {review.verified ? (
                <span className="rounded bg-emerald-50 px-1.5 py-0.5 text-xs text-emerald-900">
                  {t("reviews.verified")}
                </span>
              ) : null}
            </p>
            <p className="mt-2 whitespace-pre-line text-slate-800">{review.body}</p>
          </li>
        ))}
      </ul>
      {reviews.totalPages > 1 ? (
        <nav className="mt-3 flex gap-4 text-sm" aria-label={t("reviews.title")}>
          {reviews.page > 1 ? (
            <Link to={pageLink(reviews.page - 1)} preventScrollReset className="font-medium text-brand-ink underline">
              {t("reviews.newer")}
            </Link>
          ) : null}
          {reviews.page < reviews.totalPages ? (
            <Link to={pageLink(reviews.page + 1)} preventScrollReset className="font-medium text-brand-ink underline">
              {t("reviews.more")}
            </Link>
          ) : null}
        </nav>
      ) : null}
    </section>
  );
}
