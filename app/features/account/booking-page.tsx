import { Link, useLoaderData } from "@remix-run/react";
import { useFormResult } from "~/ui/use-form-result";
import { useTranslation } from "~/platform/i18n-react";
import { ReviewForm } from "~/features/reviews/review-form";
import { AlertMessage, StatusMessage } from "~/ui/status-message";
import { TicketCard } from "~/features/tickets/ticket-card";
import { BookingWhat } from "~/features/account/booking-what";
import { BookingPayment, CancelledNotice } from "~/features/account/booking-payment";
import { Cancellation } from "~/features/account/booking-cancellation";
import type { loadBookingPage } from "~/features/account/booking-page.server";
import { ANSWERS_INTENT, BookingAnswers } from "~/features/account/booking-answers";

/** One booking of the signed-in user: what, its ticket, its payment, cancelling and reviewing. */
export function BookingPage() {
  const { booking, confirmCancel, flash, movedNotice, ticketQr } = useLoaderData<typeof loadBookingPage>();
  const lastResult = useFormResult();
  const { t } = useTranslation();
  // The answers form says its own refusals (BookingAnswers).
  const formError = useFormResult(ANSWERS_INTENT) ? undefined : lastResult?.error?.[""]?.[0];
  return (
    <article className="space-y-6">
      <header>
        <p className="text-sm font-medium text-slate-600">{t("booking.reference")}</p>
        <h1 className="text-2xl font-bold tracking-wide text-brand-ink" data-testid="booking-reference">
          {booking.reference}
        </h1>
        <p className="mt-1 text-sm text-slate-700">{t(`bookings.status_${booking.status}`)}</p>
      </header>
      {flash === "reviews.thanks" || flash === "reschedule.movedNotice" || flash === "questions.changed" ? (
        <StatusMessage className="">{t(flash)}</StatusMessage>
      ) : flash ? (
        <CancelledNotice booking={booking} />
      ) : movedNotice ? (
        <StatusMessage className="">{t(movedNotice)}</StatusMessage>
      ) : null}
      {formError ? <AlertMessage className="">{t(formError)}</AlertMessage> : null}
      <BookingWhat booking={booking} />
      <BookingAnswers booking={booking} />
      {booking.ticketCode && ticketQr ? <TicketCard code={booking.ticketCode} qrSvg={ticketQr} /> : null}
      <BookingPayment booking={booking} />
      {booking.canCancel ? (
        <Cancellation booking={booking} confirm={confirmCancel} />
      ) : booking.status === "confirmed" && booking.checkedInGuests > 0 ? (
        <p className="text-sm text-slate-700" data-testid="checked-in-no-cancel">
          {t("tickets.checkedIn", { count: booking.checkedInGuests })}
        </p>
      ) : null}
      {booking.canReview ? (
        <ReviewForm errors={lastResult?.error as Record<string, string[] | undefined> | undefined} />
      ) : booking.reviewed && flash !== "reviews.thanks" ? (
        <p className="text-sm text-slate-700">{t("reviews.alreadyReviewed")}</p>
      ) : null}
      <p>
        <Link to="/account/bookings" className="text-sm font-medium text-brand underline">
          {t("booking.allBookings")}
        </Link>
      </p>
    </article>
  );
}
