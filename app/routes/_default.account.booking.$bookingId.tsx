import { ReviewForm } from "~/features/reviews/review-form";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { redirect } from "~/platform/redirect.server";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useFormResult } from "~/ui/use-form-result";
import { useEffect, useRef } from "react";
import { useTranslation } from "~/platform/i18n-react";
import { googleCalendarLink, minutesLeft, whenText } from "~/features/account/booking-details";
import { requireToken } from "~/features/auth/session.server";
import type { Booking } from "~/features/booking/bookings";
import { apiFor } from "~/platform/api.server";
import { apiErrorResult } from "~/platform/api-errors.server";
import { formResult } from "~/platform/form-result.server";
import { setFlash, withFlash } from "~/platform/flash.server";
import { idParam, passHeaders, requireParams } from "~/platform/http.server";
import { loadMyBooking } from "~/features/account/my-booking.server";
import { requireSameOrigin } from "~/platform/origin.server";
import { formatMoney } from "~/ui/format";
import { AmountRow } from "~/ui/amount-row";
import { formatMoment } from "~/ui/date-format";
import { useTravellerZone } from "~/ui/traveller-zone";
import { RefundRows } from "~/features/refunds/refund-rows";
import { MapLinks } from "~/features/catalog/meeting-point";
import { NOINDEX, pageMeta } from "~/ui/meta";
import { parseWithZod, readFormData, z } from "~/platform/form.server";
import { useIsPending } from "~/ui/use-is-pending";
import { AlertMessage, StatusMessage } from "~/ui/status-message";
import { TicketCard } from "~/features/tickets/ticket-card";
import { ticketQrMarkup } from "~/features/tickets/ticket-qr.server";

/** One booking of the signed-in user (ours: not in the spec's table), in the default layout. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const loaded = await loadMyBooking(request, params);
  const { t } = loaded;
  const query = new URL(request.url).searchParams;
  // Back from a dearer move's checkout before its payment's event: ask the provider now.
  const booking =
    query.get("moved") === "1" && loaded.booking.pendingChange
      ? await apiFor(request, { token: await requireToken(request) }).call("refreshPayment", {
          params: { id: loaded.booking.id },
        })
      : loaded.booking;
  const confirmCancel = query.get("cancel") === "1" && booking.canCancel;
  // Back from the checkout of a move to a dearer departure: moved, or its payment still on its way.
  const movedNotice =
    query.get("moved") === "1"
      ? booking.pendingChange
        ? "reschedule.paymentPending"
        : booking.changes?.length
          ? "reschedule.movedNotice"
          : null
      : null;
  return withFlash(request, {
    booking,
    confirmCancel,
    movedNotice,
    ticketQr: ticketQrMarkup(booking.ticketCode),
    title: t("booking.title", { reference: booking.reference }),
  });
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data, [NOINDEX]);

// A 429 (apiErrorResult) keeps its Retry-After on the page.
export const headers = passHeaders;

/**
 * Cancels after the confirmation step (the API checks the owner, the cutoff and refunds), or
 * posts the guest's review after the trip (the API checks that it may).
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const BookingActionSchema = z.discriminatedUnion("intent", [
    z.object({ intent: z.literal("cancel") }),
    z.object({
      intent: z.literal("review"),
      rating: z.coerce
        .number({ invalid_type_error: "reviews.ratingRequired" })
        .int()
        .min(1, "reviews.ratingRequired")
        .max(5, "reviews.ratingRequired"),
      body: z
        .string({ required_error: "reviews.bodyRequired" })
        .trim()
        .min(10, "reviews.bodyRequired")
        .max(2000, "validation.tooLong"),
    }),
  ]);
  requireSameOrigin(request);
  const { bookingId } = await requireParams(request, params, { bookingId: idParam });
  const token = await requireToken(request);
  const submission = parseWithZod(await readFormData(request), { schema: BookingActionSchema });
  if (submission.status !== "success") return formResult(submission.reply());
  const value = submission.value;
  const api = apiFor(request, { token });
  try {
    if (value.intent === "review") {
      await api.call("createReview", { params: { id: bookingId }, body: { rating: value.rating, body: value.body } });
    } else {
      await api.call("cancelBooking", { params: { id: bookingId } });
    }
  } catch (error) {
    return apiErrorResult(error, submission);
  }
  const page = new URL(request.url).pathname;
  const notice = value.intent === "review" ? "reviews.thanks" : "booking.cancelledNotice";
  return redirect(page, { headers: { "Set-Cookie": await setFlash(notice) } });
}

export default function BookingPage() {
  const travellerZone = useTravellerZone();
  const { booking, confirmCancel, flash, movedNotice, ticketQr } = useLoaderData<typeof loader>();
  const lastResult = useFormResult();
  const { t, i18n } = useTranslation();
  const money = (amount: number) => formatMoney(amount, booking.currency, i18n.language);
  const formError = lastResult?.error?.[""]?.[0];
  return (
    <article className="space-y-6">
      <header>
        <p className="text-sm font-medium text-slate-600">{t("booking.reference")}</p>
        <h1 className="text-2xl font-bold tracking-wide text-brand-ink" data-testid="booking-reference">
          {booking.reference}
        </h1>
        <p className="mt-1 text-sm text-slate-700">{t(`bookings.status_${booking.status}`)}</p>
      </header>
      {flash === "reviews.thanks" || flash === "reschedule.movedNotice" ? (
        <StatusMessage className="">{t(flash)}</StatusMessage>
      ) : flash ? (
        <CancelledNotice booking={booking} />
      ) : movedNotice ? (
        <StatusMessage className="">{t(movedNotice)}</StatusMessage>
      ) : null}
      {formError ? <AlertMessage className="">{t(formError)}</AlertMessage> : null}
      <section aria-labelledby="what-heading" className="rounded-xl border border-slate-200 p-4">
        <h2 id="what-heading" className="text-lg font-semibold">
          {booking.experienceTitle}
        </h2>
        <dl className="mt-2 grid gap-2 text-sm sm:grid-cols-[10rem_1fr]">
          <dt className="font-medium text-slate-600">{t("booking.with")}</dt>
          <dd>{booking.operatorName}</dd>
          <dt className="font-medium text-slate-600">{t("booking.option")}</dt>
          <dd>{booking.serviceName}</dd>
          <dt className="font-medium text-slate-600">{t("booking.when")}</dt>
          <dd data-testid="booking-when">
            <time dateTime={booking.startsAt}>{whenText(booking, i18n.language)}</time>
          </dd>
          <dt className="font-medium text-slate-600">{t("booking.meetingPoint")}</dt>
          <dd>
            {booking.meetingPoint}
            {booking.meetingPointLocation ? (
              <MapLinks location={booking.meetingPointLocation} className="mt-1" />
            ) : null}
          </dd>
          <dt className="font-medium text-slate-600">{t("booking.tickets")}</dt>
          <dd>{booking.tickets.map((ticket) => `${ticket.quantity} × ${ticket.name}`).join(", ")}</dd>
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
                    ? ` · ${t(
                        change.priceDifferenceMinor > 0 ? "reschedule.historyPaid" : "reschedule.historyRefunded",
                        {
                          amount: money(Math.abs(change.priceDifferenceMinor)),
                        },
                      )}`
                    : null}
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        {booking.status === "confirmed" && booking.freeCancellationUntil ? (
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
      </section>
      {booking.ticketCode && ticketQr ? <TicketCard code={booking.ticketCode} qrSvg={ticketQr} /> : null}
      <section aria-labelledby="price-heading" className="rounded-xl border border-slate-200 p-4">
        <h2 id="price-heading" className="text-lg font-semibold">
          {t("booking.payment")}
        </h2>
        <dl className="mt-2 text-sm">
          <AmountRow label={t("details.subtotal")} value={money(booking.subtotalMinor)} />
          {booking.discountMinor ? (
            <AmountRow label={t("details.discount")} value={money(-booking.discountMinor)} />
          ) : null}
          {booking.feesMinor ? <AmountRow label={t("details.fees")} value={money(booking.feesMinor)} /> : null}
          {booking.taxMinor ? <AmountRow label={t("details.taxes")} value={money(booking.taxMinor)} /> : null}
          <AmountRow label={t("details.total")} value={money(booking.totalMinor)} strong />
          {booking.giftCardMinor ? (
            <AmountRow label={t("receipt.paidByGiftCard")} value={money(booking.giftCardMinor)} />
          ) : null}
          <RefundRows booking={booking} timeZone={travellerZone} />
        </dl>
        <p className="mt-2 text-sm text-slate-700">{t(`paymentsPage.status_${booking.paymentStatus}`)}</p>
        {booking.paymentStatus === "paid" || booking.paymentStatus === "refunded" ? (
          <Link
            to={`/account/receipt/${booking.id}`}
            className="mt-2 inline-block text-sm font-medium text-brand underline"
          >
            {t("receipt.view")}
          </Link>
        ) : null}
        {booking.checkoutUrl ? <ResumePayment booking={booking} /> : null}
      </section>
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

function CancelledNotice({ booking }: { booking: Booking }) {
  const { t, i18n } = useTranslation();
  const refunded = booking.refundMinor ?? (booking.paymentStatus === "paid" ? booking.totalMinor : 0);
  return (
    <StatusMessage className="">
      {refunded > 0
        ? t("booking.cancelledRefunded", { amount: formatMoney(refunded, booking.currency, i18n.language) })
        : t("booking.cancelled")}
    </StatusMessage>
  );
}

/** A held booking: the same checkout, resumed, with the time the seats are still held. */
function ResumePayment({ booking }: { booking: Booking }) {
  const { t } = useTranslation();
  return (
    <div className="mt-3 rounded-md bg-amber-50 p-3 text-sm text-amber-900">
      <p>{t("booking.heldFor", { count: minutesLeft(booking.holdExpiresAt) })}</p>
      <a
        href={booking.checkoutUrl!}
        className="mt-2 inline-block rounded-md bg-brand px-3 py-2 font-semibold text-white"
      >
        {t("booking.completePayment")}
      </a>
    </div>
  );
}

/** The confirmation step's anchor: the address brings it into view without JavaScript. */
const CANCEL_STEP_ID = "cancel-step";

/**
 * The confirmation step's heading takes the focus when the step opens (a screen reader says it,
 * and the step comes into view on a phone, where it sits far down the page).
 */
function CancelStepHeading() {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  return (
    <h3 ref={heading} tabIndex={-1} className="font-semibold focus:outline-none" data-testid="cancel-step-heading">
      {t("booking.confirmCancelTitle")}
    </h3>
  );
}

/** Cancelling is two steps: the policy and the refund first, then the confirmation. */
function Cancellation({ booking, confirm }: { booking: Booking; confirm: boolean }) {
  const { t, i18n } = useTranslation();
  const cancelling = useIsPending({ intent: "cancel" });
  const refund = booking.refundIfCancelledMinor;
  return (
    <section aria-labelledby="cancel-heading" className="rounded-xl border border-slate-200 p-4">
      <h2 id="cancel-heading" className="text-lg font-semibold">
        {t("booking.cancelTitle")}
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        {t("bookings.cancelHint", { hours: booking.cancellationCutoffHours })}
      </p>
      {confirm ? (
        <Form method="post" id={CANCEL_STEP_ID} className="mt-3 scroll-mt-4 space-y-3">
          <CancelStepHeading />
          <p className="text-sm font-medium" data-testid="refund-preview">
            {refund > 0
              ? t("booking.refundPreview", { amount: formatMoney(refund, booking.currency, i18n.language) })
              : t("booking.noRefundDue")}
          </p>
          <input type="hidden" name="intent" value="cancel" />
          <div className="flex flex-wrap gap-3">
            <button
              type="submit"
              disabled={cancelling}
              className="rounded-md bg-red-700 px-3 py-2 text-sm font-semibold text-white disabled:opacity-60"
            >
              {t("booking.confirmCancel")}
            </button>
            <Link to="." className="rounded-md border border-slate-300 px-3 py-2 text-sm font-medium">
              {t("booking.keepBooking")}
            </Link>
          </div>
        </Form>
      ) : (
        <Link
          to={`?cancel=1#${CANCEL_STEP_ID}`}
          className="mt-3 inline-block rounded-md border border-slate-300 px-3 py-2 text-sm font-medium"
        >
          {t("bookings.cancel")}
        </Link>
      )}
    </section>
  );
}
