import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/platform/i18n-react";
import { slotDay, slotTime } from "~/features/booking/availability";
import { paidWith } from "~/features/account/card-label";
import { formatMoney } from "~/ui/format";
import { formatDate, TRAVELLER_TIME_ZONE } from "~/ui/date-format";
import { TipForm } from "~/features/tips/tip-form";
import type { loadGratuity } from "~/features/tips/gratuity.server";

/** The trip the tip is for, then its thanks, its confirming, or the form. */
export function GratuityPage() {
  const { page, returned, gaveUp, constraint, title } = useLoaderData<typeof loadGratuity>();
  const { t, i18n } = useTranslation();
  const money = (amount: number) => formatMoney(amount, page.currency, i18n.language);
  const { booking, tip } = page;
  return (
    <>
      <h1 className="text-2xl font-bold text-brand-ink">{title}</h1>
      <section aria-label={booking.experienceTitle} className="mt-4 rounded-lg bg-slate-50 p-4 text-sm text-slate-800">
        <p className="font-semibold text-slate-900">{booking.experienceTitle}</p>
        <p>{booking.serviceName}</p>
        <p>
          {t("gratuity.when", {
            day: slotDay(booking.startsAt, booking.timezone, i18n.language),
            time: slotTime(booking.startsAt, booking.timezone, i18n.language),
            timezone: booking.timezone.split("/").pop()!.replace(/_/g, " "),
          })}
        </p>
        <p>{booking.guide ?? booking.operatorName}</p>
        <p className="text-slate-600">{t("gratuity.booking", { reference: booking.reference })}</p>
      </section>
      {tip?.status === "paid" ? (
        <div role="status" data-testid="tip-thanks" className="mt-6 rounded-lg bg-emerald-50 p-4 text-emerald-900">
          <p className="font-semibold">{t("gratuity.thanks", { amount: money(tip.amountMinor) })}</p>
          {tip.paidAt ? (
            <p className="mt-1 text-sm">
              <time dateTime={tip.paidAt}>
                {t("gratuity.paidOn", {
                  date: formatDate(tip.paidAt, { timeZone: TRAVELLER_TIME_ZONE, locale: i18n.language }),
                })}
              </time>
            </p>
          ) : null}
          {tip.card ? <p className="text-sm">{t("gratuity.paidWith", { card: paidWith(tip.card, t) })}</p> : null}
        </div>
      ) : (
        <>
          {returned ? (
            <p
              role="status"
              className="mt-6 rounded-md bg-amber-50 p-3 text-sm text-amber-900"
              data-testid="tip-confirming"
            >
              {t(gaveUp ? "gratuity.stillConfirming" : "gratuity.confirming")}
            </p>
          ) : tip ? (
            <p className="mt-6 rounded-md bg-amber-50 p-3 text-sm text-amber-900">
              {t("gratuity.unfinished", { amount: money(tip.amountMinor) })}
            </p>
          ) : null}
          <p className="mt-6 text-slate-700">{t("gratuity.intro", { operator: booking.operatorName })}</p>
          <TipForm constraint={constraint} />
        </>
      )}
    </>
  );
}
