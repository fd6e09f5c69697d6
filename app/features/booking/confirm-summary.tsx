import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/platform/i18n-react";
import { PriceSummary } from "~/features/booking/price-summary";
import { DurationText } from "~/ui/duration-text";
import { formatMoment } from "~/ui/date-format";
import type { loadConfirmPage } from "~/features/booking/confirm.server";

/** What is being booked (the experience, the departure, where and with whom) and its price. */
export function ConfirmSummary() {
  const { experience, service, slot, changeUrl, quote } = useLoaderData<typeof loadConfirmPage>();
  const { t, i18n } = useTranslation();
  return (
    <div className="mt-6 rounded-xl border border-slate-200 p-5">
      <div className="flex items-baseline justify-between gap-3">
        <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-600">{t("confirm.summary")}</h2>
        <Link to={changeUrl} className="text-sm font-medium text-brand-ink underline" data-testid="confirm-change">
          {t("confirm.change")}
          <span className="sr-only">{t("funnel.changeWhat")}</span>
        </Link>
      </div>
      <p className="mt-2 text-lg font-semibold">{experience.title}</p>
      <p className="text-slate-700">
        {service.name} · <DurationText minutes={service.durationMinutes} />
      </p>
      <dl className="mt-3 space-y-2 text-slate-800">
        {slot ? (
          <div>
            <dt className="inline font-medium">{t("confirm.when")}: </dt>
            <dd className="inline" data-testid="confirm-when">
              <time dateTime={slot.startsAt}>
                {formatMoment(slot.startsAt, { timeZone: slot.timezone, locale: i18n.language })}
              </time>
            </dd>
          </div>
        ) : null}
        <div>
          <dt className="inline font-medium">{t("confirm.meetingPoint")}: </dt>
          <dd className="inline" data-testid="confirm-meeting-point">
            {experience.meetingPoint}
          </dd>
        </div>
        <div>
          <dt className="inline font-medium">{t("confirm.operator")}: </dt>
          <dd className="inline" data-testid="confirm-operator">
            {experience.operator.name}
          </dd>
        </div>
        {quote && slot ? (
          <div>
            <dt className="inline font-medium">{t("confirm.cancellation")}: </dt>
            <dd className="inline" data-testid="confirm-cancellation">
              {quote.freeCancellationUntil
                ? t("confirm.freeCancellationUntil", {
                    date: formatMoment(quote.freeCancellationUntil, {
                      timeZone: slot.timezone,
                      locale: i18n.language,
                    }),
                  })
                : t("confirm.noFreeCancellation")}
            </dd>
          </div>
        ) : null}
      </dl>
      {quote ? (
        <div className="mt-4">
          <PriceSummary price={quote.breakdown} currency={quote.currency} />
        </div>
      ) : null}
    </div>
  );
}
