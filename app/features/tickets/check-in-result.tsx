import { forwardRef } from "react";
import type { CheckInAnswer, CheckInOutcome } from "~contract/operator/check-in";
import { displayTicketCode } from "~contract/bookings/ticket-code";
import { slotTime } from "~/features/booking/availability";
import { useTranslation } from "~/platform/i18n-react";
import { formatDate, formatDateTime, formatMoment } from "~/ui/date-format";

/** Green to admit, amber for "already in", red to stop: never by colour alone (an icon and words too). */
const LOOK: Record<CheckInOutcome, { box: string; icon: string }> = {
  ok: { box: "border-emerald-600 bg-emerald-50 text-emerald-950", icon: "✓" },
  already_checked_in: { box: "border-amber-600 bg-amber-50 text-amber-950", icon: "!" },
  cancelled: { box: "border-red-700 bg-red-50 text-red-950", icon: "✕" },
  unpaid: { box: "border-red-700 bg-red-50 text-red-950", icon: "✕" },
  wrong_date: { box: "border-red-700 bg-red-50 text-red-950", icon: "✕" },
  wrong_operator: { box: "border-red-700 bg-red-50 text-red-950", icon: "✕" },
  not_assigned: { box: "border-red-700 bg-red-50 text-red-950", icon: "✕" },
  invalid: { box: "border-red-700 bg-red-50 text-red-950", icon: "✕" },
};

/**
 * A scan's answer for the person at the door: the outcome in words with its icon and colour, its
 * reason, and the booking (lead guest, guests, experience, departure, checked in of seats).
 * Focusable (tabIndex -1): the page moves the focus here after a typed code.
 */
export const CheckInResult = forwardRef<HTMLElement, { answer: CheckInAnswer; code: string; timeZone: string }>(
  function CheckInResult({ answer, code, timeZone }, ref) {
    const { t, i18n } = useTranslation();
    const look = LOOK[answer.outcome];
    const booking = answer.booking;
    // The departure's times in its own experience's zone (named), the rest in the operator's.
    const zone = booking?.timezone ?? timeZone;
    const at = (instant: string) => formatDateTime(instant, { timeZone: zone, locale: i18n.language });
    const departure = booking ? formatMoment(booking.startsAt, { timeZone: zone, locale: i18n.language }) : "";
    const reasonKey =
      answer.outcome === "wrong_date" && booking ? "tickets.reason_wrong_date_for" : `tickets.reason_${answer.outcome}`;
    // A ticket of another day says which: the departure's date with its year, time and zone.
    const departureDay = booking
      ? {
          day: formatDate(booking.startsAt, { timeZone: zone, locale: i18n.language, style: "full" }),
          startTime: slotTime(booking.startsAt, zone, i18n.language, { zone: true }),
          zone,
        }
      : {};
    return (
      <section
        ref={ref}
        tabIndex={-1}
        aria-labelledby="check-in-result-heading"
        className={`rounded-xl border-2 p-4 focus:outline-none focus:ring-4 focus:ring-brand/40 ${look.box}`}
        data-testid="check-in-result"
        data-outcome={answer.outcome}
      >
        <h2 id="check-in-result-heading" className="flex items-center gap-3 text-xl font-bold">
          <span
            aria-hidden="true"
            className="flex h-9 w-9 items-center justify-center rounded-full border-2 border-current"
          >
            {look.icon}
          </span>
          {t(`tickets.outcome_${answer.outcome}`)}
        </h2>
        <p className="mt-2" data-testid="check-in-reason">
          {t(reasonKey, {
            ...departureDay,
            admitted: answer.admitted,
            seats: booking?.seats ?? 0,
            checkedIn: booking?.checkedIn ?? 0,
            time: answer.firstCheckedInAt ? at(answer.firstCheckedInAt) : "",
          })}
        </p>
        <p className="mt-1 font-mono text-xs" data-testid="check-in-code">
          {t("tickets.lastScanned", { code: displayTicketCode(code) })}
        </p>
        {booking ? (
          <dl className="mt-3 grid gap-1 text-sm sm:grid-cols-[9rem_1fr]">
            <dt className="font-medium">{t("tickets.leadGuest")}</dt>
            <dd data-testid="check-in-lead-guest">{booking.leadGuestName}</dd>
            <dt className="font-medium">{t("tickets.guests")}</dt>
            <dd data-testid="check-in-guests">{booking.guests}</dd>
            <dt className="font-medium">{t("tickets.experience")}</dt>
            <dd>
              {booking.experienceTitle} — {booking.serviceName}
            </dd>
            <dt className="font-medium">{t("tickets.departure")}</dt>
            <dd>
              <time dateTime={booking.startsAt} data-testid="check-in-departure">
                {departure}
              </time>
            </dd>
            <dt className="font-medium">{t("tickets.checkedInCount")}</dt>
            <dd data-testid="check-in-count">
              {t("tickets.checkedInOf", { checkedIn: booking.checkedIn, seats: booking.seats })}
            </dd>
          </dl>
        ) : null}
      </section>
    );
  },
);
