import { Link } from "@remix-run/react";
import { useTranslation } from "~/platform/i18n-react";
import { googleCalendarLink, whenText } from "~/features/account/booking-details";
import type { Booking } from "~/features/booking/bookings";
import { formatMoney } from "~/ui/format";
import { formatMoment } from "~/ui/date-format";
import { MapLinks } from "~/features/catalog/meeting-point";
import { CardSection } from "~/ui/labelled-section";
import { AddOnsFact } from "~/features/booking/add-ons-fact";
import { PickupFact } from "~/features/booking/pickup-fact";

/** What was booked: with whom, when, where, the tickets, its changes and the calendar links. */
export function BookingWhat({ booking }: { booking: Booking }) {
  const { t, i18n } = useTranslation();
  const money = (amount: number) => formatMoney(amount, booking.currency, i18n.language);
  return (
    <CardSection headingId="what-heading" plainHeading heading={booking.experienceTitle}>
      <dl className="mt-2 grid gap-2 text-sm sm:grid-cols-[10rem_1fr]">
        <dt className="font-medium text-slate-600">{t("booking.with")}</dt>
        <dd>{booking.operatorName}</dd>
        <dt className="font-medium text-slate-600">{t("booking.option")}</dt>
        <dd>{booking.serviceName}</dd>
        <dt className="font-medium text-slate-600">{t("booking.when")}</dt>
        <dd data-testid="booking-when">
          <time dateTime={booking.startsAt}>{whenText(booking, i18n.language)}</time>
        </dd>
        <PickupFact pickup={booking.pickup} timezone={booking.timezone} termClassName="font-medium text-slate-600" />
        <dt className="font-medium text-slate-600">{t("booking.meetingPoint")}</dt>
        <dd>
          {booking.meetingPoint}
          {booking.meetingPointLocation ? <MapLinks location={booking.meetingPointLocation} className="mt-1" /> : null}
        </dd>
        <dt className="font-medium text-slate-600">{t("booking.tickets")}</dt>
        <dd>{booking.tickets.map((ticket) => `${ticket.quantity} × ${ticket.name}`).join(", ")}</dd>
        <AddOnsFact addOns={booking.addOns} termClassName="font-medium text-slate-600" />
        {booking.freeCancellationUntil ? (
          <>
            <dt className="font-medium text-slate-600">{t("booking.cancellation")}</dt>
            <dd data-testid="booking-free-cancellation">
              {t("confirm.freeCancellationUntil", {
                date: formatMoment(booking.freeCancellationUntil, {
                  timeZone: booking.timezone,
                  locale: i18n.language,
                }),
              })}
            </dd>
          </>
        ) : null}
      </dl>
      {booking.changes?.length ? (
        <section aria-labelledby="changes-heading" className="mt-3 text-sm" data-testid="booking-changes">
          <h3 id="changes-heading" className="font-medium text-slate-600">
            {t("reschedule.history")}
          </h3>
          <ul className="mt-1 list-disc pl-5">
            {booking.changes.map((change) => (
              <li key={change.changedAt}>
                {t("reschedule.historyLine", {
                  from: formatMoment(change.fromStartsAt, { timeZone: booking.timezone, locale: i18n.language }),
                  to: formatMoment(change.toStartsAt, { timeZone: booking.timezone, locale: i18n.language }),
                })}
                {change.priceDifferenceMinor !== 0
                  ? ` · ${t(change.priceDifferenceMinor > 0 ? "reschedule.historyPaid" : "reschedule.historyRefunded", {
                      amount: money(Math.abs(change.priceDifferenceMinor)),
                    })}`
                  : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {booking.status === "confirmed" && (booking.freeCancellationUntil || booking.moveOffered) ? (
        <p className="mt-3 text-sm">
          <Link
            to={`/account/booking/${booking.id}/reschedule`}
            className="font-medium text-brand underline"
            data-testid="change-date"
          >
            {t("reschedule.link")}
          </Link>
        </p>
      ) : null}
      {booking.status === "confirmed" ? (
        // Only a confirmed booking is an event to keep (the API gives no file for the others).
        <div className="mt-3 flex flex-wrap gap-4 text-sm" data-testid="add-to-calendar">
          <a href={`/account/booking/${booking.id}/calendar`} className="font-medium text-brand underline" download>
            {t("booking.downloadIcs")}
          </a>
          <a
            href={googleCalendarLink(booking)}
            className="font-medium text-brand underline"
            rel="noopener noreferrer"
            target="_blank"
          >
            {t("booking.googleCalendar")}
          </a>
        </div>
      ) : null}
    </CardSection>
  );
}
