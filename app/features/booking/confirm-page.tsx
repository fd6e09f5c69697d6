import { Link, useLoaderData } from "@remix-run/react";
import { useFormResult } from "~/ui/use-form-result";
import { useTranslation } from "~/platform/i18n-react";
import { formatDate, TRAVELLER_TIME_ZONE } from "~/ui/date-format";
import { FunnelSteps, funnelSteps } from "~/features/booking/funnel-steps";
import { ConfirmSummary } from "~/features/booking/confirm-summary";
import { PromoCodeForms } from "~/features/booking/promo-code-forms";
import { PayForm } from "~/features/booking/pay-form";
import { AddOnsChoice } from "~/features/booking/add-ons-choice";
import type { loadConfirmPage } from "~/features/booking/confirm.server";

/** The booking's last step: what is booked, promo and gift codes, and Pay. */
export function ConfirmPage() {
  const { experience, slot, quote, detailsPath } = useLoaderData<typeof loadConfirmPage>();
  const lastResult = useFormResult();
  const formError = lastResult?.error?.[""]?.[0];
  const { t, i18n } = useTranslation();
  const bookedOn = (at: string) => formatDate(at, { timeZone: TRAVELLER_TIME_ZONE, locale: i18n.language });
  const unavailable = !quote || !slot;
  // Asked for private, of a departure that has guests already (issue 46): not to be paid for.
  const privateTaken = quote?.breakdown.privateMinor != null && quote.privateSale?.available === false;
  const error =
    formError ?? (unavailable ? "confirm.selectionInvalid" : privateTaken ? "apiErrors.private_unavailable" : null);
  // The traveller's own standing booking of this departure, said before anything else.
  const booked = quote?.yourBookings.find((booking) => booking.status === "confirmed");
  const held = booked ? undefined : quote?.yourBookings.find((booking) => booking.status === "held");
  return (
    <section className="mx-auto max-w-2xl">
      <FunnelSteps steps={funnelSteps(experience.operator)} current="pay" />
      <h1 className="text-3xl font-bold tracking-tight text-brand-ink">{t("confirm.title")}</h1>
      {(booked ?? held) ? (
        <p
          role={booked ? "alert" : "status"}
          className="mt-4 rounded-md bg-amber-50 p-4 text-amber-900"
          data-testid={booked ? "already-booked" : "already-held"}
        >
          {booked
            ? t("confirm.alreadyBooked", { count: booked.seats, date: bookedOn(booked.createdAt) })
            : t("confirm.alreadyHeld", { date: bookedOn(held!.createdAt) })}{" "}
          <Link to={`/account/booking/${(booked ?? held)!.id}`} className="font-medium underline">
            {t("confirm.seeBooking")}
          </Link>
        </p>
      ) : null}
      {error ? (
        <div role="alert" className="mt-4 rounded-md bg-amber-50 p-4 text-amber-900">
          <p>{t(error)}</p>
          <Link to={detailsPath} className="mt-2 inline-block font-medium underline">
            {t("confirm.chooseAgain")}
          </Link>
        </div>
      ) : null}
      <ConfirmSummary />
      <PromoCodeForms />
      <AddOnsChoice />
      {quote && slot && !privateTaken && formError !== "apiErrors.sold_out" ? (
        <PayForm quote={quote} booked={booked} />
      ) : null}
    </section>
  );
}
