import { Fragment } from "react";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/platform/i18n-react";
import { formatMoney } from "~/ui/format";
import { ExperienceFacts } from "~/features/catalog/experience-facts";
import { ExperienceLanguages } from "~/features/catalog/experience-languages";
import { MeetingPoint } from "~/features/catalog/meeting-point";
import { RatingStars } from "~/features/reviews/rating-stars";
import { ReviewList } from "~/features/reviews/review-list";
import { ExperiencePicture } from "~/features/catalog/experience-picture";
import { ExperienceBookingAside } from "~/features/catalog/experience-booking-aside";
import type { loadExperienceDetails } from "~/features/catalog/experience-details.server";

/** The gallery's cover spans the main column (about 46rem at its widest); the others half of it. */
const GALLERY_COVER_SIZES = "(min-width: 1152px) 736px, (min-width: 1024px) 62vw, 92vw";
const GALLERY_SIZES = "(min-width: 1152px) 362px, (min-width: 1024px) 31vw, (min-width: 640px) 46vw, 92vw";

/** An experience's page: where it sits, its facts, photos, description, reviews, and booking on the side. */
export function ExperienceDetailsPage() {
  const { experience, service, reviews } = useLoaderData<typeof loadExperienceDetails>();
  const { t, i18n } = useTranslation();
  const money = (amount: number) => formatMoney(amount, experience.currency, i18n.language);
  return (
    <article className="grid grid-cols-[minmax(0,1fr)] gap-8 pb-24 lg:grid-cols-[minmax(0,1fr)_22rem] lg:pb-0">
      <div>
        <nav aria-label={t("details.breadcrumb")} className="text-sm text-slate-600">
          <ol className="flex flex-wrap items-center gap-1">
            {[
              { to: "/", label: t("details.home") },
              { to: `/${experience.city.slug}`, label: experience.city.name },
              { to: `/${experience.category.slug}`, label: experience.category.name },
            ].map((crumb, index) => (
              <Fragment key={crumb.to}>
                {index > 0 ? <li aria-hidden="true">›</li> : null}
                <li>
                  <Link to={crumb.to} className="underline hover:text-slate-900">
                    {crumb.label}
                  </Link>
                </li>
              </Fragment>
            ))}
          </ol>
        </nav>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-brand-ink">{experience.title}</h1>
        <ExperienceFacts
          price={
            experience.priceFrom && {
              amount: money(experience.priceFrom.amount),
              perAdult: experience.priceBasis === "adult",
            }
          }
          cutoffHours={experience.cancellationCutoffHours}
          durationMinutes={service.durationMinutes}
        />
        {experience.rating ? (
          <a href="#reviews" className="mt-1 inline-block text-sm hover:underline">
            <RatingStars rating={experience.rating} />
          </a>
        ) : null}
        <p className="mt-2 text-slate-700">
          {t("details.operatedBy")}{" "}
          <Link to={`/${experience.operator.slug}`} className="font-medium underline hover:text-slate-900">
            {experience.operator.name}
          </Link>
        </p>
        <ExperienceLanguages codes={experience.languages} />
        <ul className="mt-6 grid gap-3 sm:grid-cols-2" aria-label={t("details.photos", { title: experience.title })}>
          {experience.photos.map((picture, index) => (
            <li key={picture.src} className={index === 0 ? "sm:col-span-2" : undefined}>
              <ExperiencePicture
                picture={picture}
                sizes={index === 0 ? GALLERY_COVER_SIZES : GALLERY_SIZES}
                priority={index === 0 ? "high" : "lazy"}
                className="rounded-xl"
              />
            </li>
          ))}
          {/* The seed's illustrations, for an experience without photos. */}
          {(experience.photos.length ? [] : experience.images).map((src, index) => (
            <li key={src} className={index === 0 ? "sm:col-span-2" : undefined}>
              <img
                src={src}
                alt=""
                width={960}
                height={600}
                className="w-full rounded-xl object-cover"
                loading={index === 0 ? "eager" : "lazy"}
              />
            </li>
          ))}
        </ul>
        <p className="mt-6 whitespace-pre-line text-slate-800">{experience.description}</p>
        {experience.included.length > 0 ? (
          <section className="mt-8">
            <h2 className="text-xl font-semibold">{t("details.included")}</h2>
            <ul className="mt-2 list-inside list-disc text-slate-800">
              {experience.included.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </section>
        ) : null}
        <MeetingPoint experience={experience} />
        <section className="mt-8">
          <h2 className="text-xl font-semibold">{t("details.cancellation")}</h2>
          <p className="mt-2 text-slate-800">{experience.cancellationPolicy}</p>
        </section>
        <ReviewList reviews={reviews} />
      </div>
      <ExperienceBookingAside />
    </article>
  );
}
