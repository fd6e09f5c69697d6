import { Link } from "@remix-run/react";
import { useTranslation } from "~/platform/i18n-react";
import { DurationText } from "~/ui/duration-text";
import type { ExperienceCard as Card } from "~/features/catalog/catalog";
import { formatMoney, formatPercent } from "~/ui/format";
import { SERVICE_FEE_BPS } from "~contract/bookings/pricing";
import { RatingStars } from "~/features/reviews/rating-stars";
import { ExperiencePicture } from "~/features/catalog/experience-picture";

/** A card's width: the catalog's grid has 3 columns from lg, 2 from sm, else 1 (in a 72rem column). */
const CARD_SIZES = "(min-width: 1152px) 368px, (min-width: 1024px) 31vw, (min-width: 640px) 46vw, 92vw";

/**
 * A catalog card. `priority`: "high" for the first card, whose picture is the page's largest
 * paint (eager, fetched first), "eager" for the others of the first row, else "lazy". `date`:
 * the day searched for, carried to the details page, whose booking widget opens on it. The
 * operator's cover photo when there is one, else the seed's illustration.
 */
export function ExperienceCard({
  experience,
  showOperator,
  priority = "lazy",
  date,
}: {
  experience: Card;
  showOperator: boolean;
  priority?: "high" | "eager" | "lazy";
  date?: string;
}) {
  const { t, i18n } = useTranslation();
  const path = `/experiences/${experience.id}/${experience.firstServiceId}`;
  const href = date ? `${path}?${new URLSearchParams({ date })}` : path;
  return (
    <li className="group relative flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition hover:shadow-md">
      {experience.cover ? (
        <ExperiencePicture
          picture={experience.cover}
          sizes={CARD_SIZES}
          priority={priority}
          className="aspect-[16/10]"
        />
      ) : (
        <img
          src={experience.imageUrl ?? "/images/placeholder.svg"}
          alt=""
          width={640}
          height={400}
          loading={priority === "high" ? "eager" : "lazy"}
          fetchPriority={priority === "high" ? "high" : undefined}
          className="aspect-[16/10] w-full object-cover"
        />
      )}
      <div className="flex flex-1 flex-col p-4">
        <p className="text-xs font-medium uppercase tracking-wide text-slate-600">
          {experience.category.name} · {experience.city.name}
        </p>
        <h2 className="mt-1 text-lg font-semibold leading-snug">
          <Link
            to={href}
            className="after:absolute after:inset-0 focus:outline-none group-focus-within:underline"
            prefetch="intent"
          >
            {experience.title}
          </Link>
        </h2>
        {experience.rating ? <RatingStars rating={experience.rating} className="mt-1 text-sm" /> : null}
        <p className="mt-1 line-clamp-2 text-sm text-slate-700">{experience.summary}</p>
        <div className="mt-auto flex items-end justify-between pt-4 text-sm">
          <div className="text-slate-600">
            <DurationText minutes={experience.durationMinutes} />
            {showOperator ? <span className="block">{t("home.by", { name: experience.operator.name })}</span> : null}
          </div>
          <p className="text-right text-slate-700" data-testid="card-price">
            <span className="block font-semibold text-slate-900">
              {t("home.priceFrom", {
                price: formatMoney(experience.priceFrom.amount, experience.priceFrom.currency, i18n.language),
              })}
            </span>{" "}
            <span className="block text-xs">
              {t(experience.priceBasis === "adult" ? "home.perAdultFee" : "home.perPersonFee", {
                fee: formatPercent(SERVICE_FEE_BPS / 100, i18n.language),
              })}
            </span>{" "}
            {experience.priceApprox ? (
              <span className="block text-xs">
                {t("home.approx", {
                  price: formatMoney(experience.priceApprox.amount, "USD", i18n.language),
                })}
              </span>
            ) : null}
          </p>
        </div>
      </div>
    </li>
  );
}
