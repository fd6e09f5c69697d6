import { Fragment } from "react";
import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/platform/i18n-react";
import { DurationText } from "~/ui/duration-text";
import { BookingWidget } from "~/features/booking/booking-widget";
import { datePickerLinks } from "~/features/booking/date-picker/styles";
import { loadAvailability, loadServiceDetail } from "~/features/catalog/service-detail.server";
import { todayIn } from "~/features/booking/availability";
import {
  isCompleteSelection,
  parseSelection,
  selectionQuery,
  selectionWithin,
} from "~/features/booking/booking-selection";
import { checkTicketChoice } from "~/features/booking/ticket-choice.server";
import { redirect } from "~/platform/redirect.server";
import { formatMoney } from "~/ui/format";
import { ExperienceFacts } from "~/features/catalog/experience-facts";
import { ExperienceLanguages } from "~/features/catalog/experience-languages";
import { MeetingPoint } from "~/features/catalog/meeting-point";
import { headlinePrice } from "~/features/catalog/headline-price";
import { pageMeta } from "~/ui/meta";
import { RatingStars } from "~/features/reviews/rating-stars";
import { ReviewList } from "~/features/reviews/review-list";
import { reviewPageParam } from "~/features/reviews/review-page";
import { apiFor } from "~/platform/api.server";
import { experienceJsonLd } from "~/features/catalog/structured-data";
import { idParam, requireParams } from "~/platform/http.server";
import { LabelledSection } from "~/ui/labelled-section";
import { ExperiencePicture } from "~/features/catalog/experience-picture";
import { shareImage } from "~/features/catalog/structured-data";

/** The gallery's cover spans the main column (about 46rem at its widest); the others half of it. */
const GALLERY_COVER_SIZES = "(min-width: 1152px) 736px, (min-width: 1024px) 62vw, 92vw";
const GALLERY_SIZES = "(min-width: 1152px) 362px, (min-width: 1024px) 31vw, (min-width: 640px) 46vw, 92vw";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { parentId, serviceId } = await requireParams(request, params, { parentId: idParam, serviceId: idParam });
  // The service and its availability are asked for at once (an unknown service is told by the first).
  const pending = loadAvailability(request, parentId, serviceId);
  pending.catch(() => undefined);
  const query = new URL(request.url).searchParams;
  const reviewsPage = reviewPageParam(query);
  const pendingReviews = apiFor(request).call("reviews", { params: { parentId }, query: { page: reviewsPage } });
  pendingReviews.catch(() => undefined);
  const detail = await loadServiceDetail(request, params);
  const [availability, reviews] = await Promise.all([pending, pendingReviews]);
  const ticketTypeIds = detail.service.ticketTypes.map((type) => type.id);
  // A day outside the bookable window (past, too far, closed; e.g. from a catalog search) selects nothing.
  const { selection, seatsLeft } = selectionWithin(parseSelection(query, ticketTypeIds), availability);
  const tickets = checkTicketChoice(query, ticketTypeIds, seatsLeft);
  let refusal = tickets.refusal;
  if (query.get("intent") === "continue") {
    // The widget's "Continue" (a GET form, with or without JavaScript): on to the confirm step,
    // or back to the widget saying why not.
    refusal ??= selection.slotId === null ? { key: "details.chooseTime" } : null;
    if (!refusal && isCompleteSelection(selection)) {
      throw redirect(`/experiences/${detail.experience.id}/${detail.service.id}/confirm?${selectionQuery(selection)}`);
    }
  }
  // "Today" comes from the server so the calendar shows the same month on both sides.
  const today = todayIn(availability.timezone);
  return data(
    { ...detail, availability, selection, quantities: tickets.quantities, refusal, today, reviews },
    { status: refusal && query.get("intent") === "continue" ? 400 : 200 },
  );
}

export const links: LinksFunction = () => [...datePickerLinks];

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(
    matches,
    data && { title: data.experience.title },
    data ? [{ "script:ld+json": experienceJsonLd(data, matches) }] : [],
    { description: data?.experience.summary, image: data && shareImage(data.experience), type: "product" },
  );

export default function ExperienceDetailsPage() {
  const { experience, service, services, availability, selection, quantities, refusal, today, reviews } =
    useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  const money = (amount: number) => formatMoney(amount, experience.currency, i18n.language);
  const headline = headlinePrice(service.ticketTypes);
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
      <aside className="space-y-6">
        <LabelledSection
          headingId="selected-option"
          headingClassName="text-sm font-semibold uppercase tracking-wide text-slate-600"
          heading={t("details.selectedOption")}
          id="book"
          tabIndex={-1}
          className="scroll-mt-4 rounded-xl border border-slate-200 p-5 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-ink"
        >
          <p className="mt-1 text-lg font-semibold">{service.name}</p>
          <p className="text-sm text-slate-700">{service.description}</p>
          <p className="mt-2 text-sm text-slate-700">
            {t("details.duration")}: <DurationText minutes={service.durationMinutes} />
          </p>
          <div className="mt-4">
            <BookingWidget
              key={`${service.id}:${selection.date ?? ""}`}
              availability={availability}
              ticketTypes={service.ticketTypes}
              selection={selection}
              quantities={quantities}
              refusal={refusal}
              waitlistPath={`/account/waitlist?service=${encodeURIComponent(service.id)}`}
              headline={
                // This option's own price (an adult's exactly); "From" is only ever the experience's one figure.
                headline && {
                  price:
                    headline.code === "adult"
                      ? money(headline.priceMinor)
                      : `${t("details.fromPrice")} ${money(headline.priceMinor)}`,
                  perWhom: t(headline.code === "adult" ? "details.perAdult" : "details.perPerson"),
                }
              }
              today={today}
            />
          </div>
        </LabelledSection>
        {services.length > 1 ? (
          <LabelledSection headingId="other-options" headingClassName="font-semibold" heading={t("details.services")}>
            <ul className="mt-2 space-y-2">
              {services.map((option) => (
                <li key={option.id}>
                  <Link
                    to={`/experiences/${experience.id}/${option.id}`}
                    aria-current={option.id === service.id ? "page" : undefined}
                    className={`block rounded-lg border p-3 text-sm ${option.id === service.id ? "border-brand bg-brand/5" : "border-slate-200 hover:border-brand"}`}
                  >
                    <span className="font-medium">{option.name}</span>
                    {option.priceFrom ? (
                      <span className="block text-slate-600">
                        {t("home.priceFrom", { price: money(option.priceFrom.amount) })}
                      </span>
                    ) : null}
                  </Link>
                </li>
              ))}
            </ul>
          </LabelledSection>
        ) : null}
      </aside>
    </article>
  );
}
