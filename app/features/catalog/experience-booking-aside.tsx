import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/platform/i18n-react";
import { DurationText } from "~/ui/duration-text";
import { BookingWidget } from "~/features/booking/booking-widget";
import { formatMoney } from "~/ui/format";
import { headlinePrice } from "~/features/catalog/headline-price";
import { LabelledSection } from "~/ui/labelled-section";
import type { loadExperienceDetails } from "~/features/catalog/experience-details.server";
import { NotTakingBookings } from "~/features/storefront/not-taking-bookings";

/**
 * The chosen option with its booking widget, and the experience's other options; while the
 * operator is suspended, the notice that it is not taking bookings instead of the widget.
 */
export function ExperienceBookingAside() {
  const { experience, service, services, availability, selection, quantities, refusal, today } =
    useLoaderData<typeof loadExperienceDetails>();
  const { t, i18n } = useTranslation();
  const money = (amount: number) => formatMoney(amount, experience.currency, i18n.language);
  const headline = headlinePrice(service.ticketTypes);
  return (
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
          {experience.operator.takingBookings ? (
            <BookingWidget
              key={`${service.id}:${selection.date ?? ""}`}
              availability={availability}
              ticketTypes={service.ticketTypes}
              selection={selection}
              quantities={quantities}
              refusal={refusal}
              waitlistPath={`/account/waitlist?service=${encodeURIComponent(service.id)}`}
              privateSale={service.privateSale}
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
          ) : (
            <NotTakingBookings operatorName={experience.operator.name} headingLevel={3} />
          )}
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
  );
}
