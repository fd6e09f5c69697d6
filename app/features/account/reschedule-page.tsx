import { Link, useLoaderData } from "@remix-run/react";
import { PickupLine } from "~/features/booking/pickup-line";
import { useFormResult } from "~/ui/use-form-result";
import { useTranslation } from "~/platform/i18n-react";
import { whenText } from "~/features/account/booking-details";
import { formatMoney } from "~/ui/format";
import { formatMoment } from "~/ui/date-format";
import { AlertMessage } from "~/ui/status-message";
import { RescheduleChoice } from "~/features/account/reschedule-choice";
import type { loadReschedule } from "~/features/account/reschedule.server";

/** "Change date": the deadline, a move waiting for its payment, and the departures to move to. */
export function ReschedulePage() {
  const { booking, open, closedReason } = useLoaderData<typeof loadReschedule>();
  const lastResult = useFormResult();
  const { t, i18n } = useTranslation();
  const money = (amount: number) => formatMoney(amount, booking.currency, i18n.language);
  const formError = lastResult?.error?.[""]?.[0];
  return (
    <article className="space-y-6">
      <header>
        <h1 className="text-2xl font-bold text-brand-ink">{t("reschedule.heading")}</h1>
        <p className="mt-1 text-sm text-slate-700">
          {booking.reference} · {booking.experienceTitle}, {booking.serviceName}
        </p>
      </header>
      <p className="text-sm">
        {t("reschedule.current")} <time dateTime={booking.startsAt}>{whenText(booking, i18n.language)}</time>
      </p>
      <PickupLine pickup={booking.pickup} timezone={booking.timezone} className="text-sm text-slate-700" />
      {formError ? <AlertMessage className="">{t(formError)}</AlertMessage> : null}
      {!open ? (
        <p className="text-sm text-slate-700" data-testid="reschedule-closed">
          {t("reschedule.closed")} {t(closedReason)}
        </p>
      ) : (
        <>
          {booking.pendingChange ? (
            <p className="text-sm" data-testid="reschedule-pending">
              {t("reschedule.pending", {
                date: formatMoment(booking.pendingChange.toStartsAt, {
                  timeZone: booking.timezone,
                  locale: i18n.language,
                }),
                amount: money(booking.pendingChange.amountMinor),
                until: formatMoment(booking.pendingChange.expiresAt, {
                  timeZone: booking.timezone,
                  locale: i18n.language,
                }),
              })}{" "}
              <a href={booking.pendingChange.checkoutUrl} className="font-medium text-brand underline">
                {t("reschedule.payNow")}
              </a>
            </p>
          ) : null}
          {booking.freeCancellationUntil ? (
            <p className="text-sm" data-testid="reschedule-deadline">
              {t("reschedule.deadline", {
                date: formatMoment(booking.freeCancellationUntil, {
                  timeZone: booking.timezone,
                  locale: i18n.language,
                }),
              })}
            </p>
          ) : (
            <p className="text-sm" data-testid="reschedule-offered">
              {t("reschedule.offered")}
            </p>
          )}
          <RescheduleChoice />
        </>
      )}
      <Link to={`/account/booking/${booking.id}`} className="text-sm font-medium text-brand underline">
        {t("reschedule.back")}
      </Link>
    </article>
  );
}
