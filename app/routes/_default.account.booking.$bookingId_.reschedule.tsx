import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { redirect } from "~/platform/redirect.server";
import { useFormResult } from "~/ui/use-form-result";
import { useTranslation } from "~/platform/i18n-react";
import { whenText } from "~/features/account/booking-details";
import { requireToken } from "~/features/auth/session.server";
import { loadMyBooking } from "~/features/account/my-booking.server";
import { apiFor } from "~/platform/api.server";
import { apiErrorResult, orNone } from "~/platform/api-errors.server";
import { formResult } from "~/platform/form-result.server";
import { setFlash } from "~/platform/flash.server";
import { idParam, passHeaders, requireParams } from "~/platform/http.server";
import { requireSameOrigin } from "~/platform/origin.server";
import { parseWithZod, readFormData, z } from "~/platform/form.server";
import { formatMoney } from "~/ui/format";
import { formatMoment } from "~/ui/date-format";
import { NOINDEX, pageMeta } from "~/ui/meta";
import { useIsPending } from "~/ui/use-is-pending";
import { AlertMessage } from "~/ui/status-message";
import { SubmitButton } from "~/ui/form-parts";
import { useEffect, useRef } from "react";
import { dayLabel, slotTime, todayIn, type AvailabilityDay } from "~/features/booking/availability";
import { departuresFor } from "~/features/booking/departures-for";
import { DayChooser } from "~/features/booking/day-chooser";
import { takeTimesFocus } from "~/features/booking/times-focus";

/**
 * "Change date": the booking's other departures of its service with seats for its party, the
 * price difference (ticket prices are the service's: one difference for all), and the deadline
 * (the free-cancellation one) stated before choosing. Closed, with the reason, once it has passed
 * or a guest is checked in. A dearer departure sends the traveller to the checkout for the
 * difference (the move is made once it is paid); a move waiting for its payment is shown with
 * its checkout link.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { booking, t } = await loadMyBooking(request, params);
  const api = apiFor(request, { token: await requireToken(request) });
  const open =
    booking.status === "confirmed" && booking.freeCancellationUntil !== null && booking.checkedInGuests === 0;
  const closedReason =
    booking.status !== "confirmed"
      ? "reschedule.closedStatus"
      : booking.checkedInGuests > 0
        ? "reschedule.closedCheckedIn"
        : "reschedule.closedDeadline";
  const seats = booking.tickets.reduce((sum, ticket) => sum + ticket.quantity, 0);
  const availability = open
    ? await orNone(
        api.call("availability", {
          params: { parentId: booking.experienceId, serviceId: booking.serviceId },
          query: {},
        }),
      )
    : null;
  // The days to choose from: only departures other than the booked one with seats for the party.
  const choices = availability ? departuresFor(availability, { seats, except: booking.startsAt }) : null;
  const departures = (choices?.days ?? []).flatMap((day) => day.slots);
  const asked = new URL(request.url).searchParams.get("date");
  const day = choices?.days.find((candidate) => candidate.date === asked && candidate.slots.length > 0) ?? null;
  const quote = departures[0]
    ? await orNone(
        api.call("quote", {
          body: {
            serviceId: booking.serviceId,
            slotId: departures[0].id,
            tickets: booking.tickets.map((ticket) => ({
              ticketTypeId: ticket.ticketTypeId,
              quantity: ticket.quantity,
            })),
          },
        }),
      )
    : null;
  return {
    booking,
    open,
    closedReason,
    choices,
    day,
    hasDepartures: departures.length > 0,
    today: todayIn(booking.timezone),
    difference: quote ? quote.breakdown.totalMinor - booking.totalMinor : 0,
    // A fresh key per rendered page: submitting this page twice makes one move.
    idempotencyKey: crypto.randomUUID(),
    title: t("reschedule.title", { reference: booking.reference }),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data, [NOINDEX]);

// A 429 (apiErrorResult) keeps its Retry-After on the page.
export const headers = passHeaders;

/** Moves the booking (the API checks the owner, the deadline, check-in, seats and price). */
export async function action({ request, params }: ActionFunctionArgs) {
  const RescheduleSchema = z.object({
    idempotencyKey: z.string().uuid(),
    slotId: z.string({ required_error: "reschedule.choose" }).trim().min(1, "reschedule.choose").max(64),
    currentStartsAt: z.string().datetime({ offset: true }).optional(),
  });
  requireSameOrigin(request);
  const { bookingId } = await requireParams(request, params, { bookingId: idParam });
  const token = await requireToken(request);
  const submission = parseWithZod(await readFormData(request), { schema: RescheduleSchema });
  if (submission.status !== "success") return formResult(submission.reply());
  try {
    const moved = await apiFor(request, { token }).call("rescheduleBooking", {
      params: { id: bookingId },
      headers: { "Idempotency-Key": submission.value.idempotencyKey },
      body: { slotId: submission.value.slotId, currentStartsAt: submission.value.currentStartsAt },
    });
    // Dearer: the move is made once the difference is paid in the checkout.
    if (moved.pendingChange) return redirect(moved.pendingChange.checkoutUrl);
  } catch (error) {
    return apiErrorResult(error, submission);
  }
  return redirect(`/account/booking/${bookingId}`, {
    headers: { "Set-Cookie": await setFlash("reschedule.movedNotice") },
  });
}

export default function ReschedulePage() {
  const { booking, open, closedReason, choices, day, hasDepartures, today, difference, idempotencyKey } =
    useLoaderData<typeof loader>();
  const lastResult = useFormResult();
  const pending = useIsPending();
  const { t, i18n } = useTranslation();
  const money = (amount: number) => formatMoney(amount, booking.currency, i18n.language);
  const formError = lastResult?.error?.[""]?.[0];
  const fieldError = lastResult?.error?.slotId?.[0];
  const priceNote =
    difference === 0
      ? t("reschedule.sameprice")
      : difference > 0
        ? t("reschedule.dearer", { amount: money(difference) })
        : t("reschedule.cheaper", { amount: money(-difference) });
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
      {formError ? <AlertMessage className="">{t(formError)}</AlertMessage> : null}
      {!open || !booking.freeCancellationUntil ? (
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
          <p className="text-sm" data-testid="reschedule-deadline">
            {t("reschedule.deadline", {
              date: formatMoment(booking.freeCancellationUntil, { timeZone: booking.timezone, locale: i18n.language }),
            })}
          </p>
          {!hasDepartures || !choices ? (
            <p className="text-sm text-slate-700">{t("reschedule.noDepartures")}</p>
          ) : (
            <>
              <section aria-labelledby="reschedule-day-heading">
                <h2 id="reschedule-day-heading" className="text-lg font-semibold">
                  {t("reschedule.chooseDay")}
                </h2>
                <DayChooser availability={choices} selected={day?.date ?? null} today={today} />
              </section>
              {day ? (
                <Form method="post" className="space-y-4" aria-describedby={fieldError ? "slot-error" : undefined}>
                  <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
                  <input type="hidden" name="currentStartsAt" value={booking.startsAt} />
                  <DayTimes day={day} timezone={booking.timezone} error={fieldError} priceNote={priceNote} />
                  <SubmitButton
                    pending={pending}
                    label={t("reschedule.submit")}
                    pendingLabel={t("reschedule.moving")}
                  />
                </Form>
              ) : (
                <p className="text-sm text-slate-700" data-testid="reschedule-choose-day">
                  {t("reschedule.chooseDayFirst")}
                </p>
              )}
            </>
          )}
        </>
      )}
      <Link to={`/account/booking/${booking.id}`} className="text-sm font-medium text-brand underline">
        {t("reschedule.back")}
      </Link>
    </article>
  );
}

/** The chosen day's departures as radio buttons, in the experience's zone (named); focused when a day is picked. */
function DayTimes({
  day,
  timezone,
  error,
  priceNote,
}: {
  day: AvailabilityDay;
  timezone: string;
  error: string | undefined;
  priceNote: string;
}) {
  const { t, i18n } = useTranslation();
  const fieldset = useRef<HTMLFieldSetElement>(null);
  useEffect(() => {
    if (takeTimesFocus()) fieldset.current?.focus();
  }, []);
  return (
    <fieldset ref={fieldset} id="times" tabIndex={-1} className="scroll-mt-4 space-y-2 focus:outline-none">
      <legend className="text-lg font-semibold">
        {t("reschedule.departuresOn", { date: dayLabel(day.date, i18n.language) })}
      </legend>
      {error ? (
        <p id="slot-error" className="text-sm text-red-700">
          {t(error)}
        </p>
      ) : null}
      {day.slots.map((slot) => (
        <label key={slot.id} className="flex items-center gap-3 rounded-lg border border-slate-200 p-3 text-sm">
          <input type="radio" name="slotId" value={slot.id} required />
          <span>
            <time dateTime={slot.startsAt}>{slotTime(slot.startsAt, timezone, i18n.language, { zone: true })}</time> ·{" "}
            {t("reschedule.seatsLeft", { count: slot.seatsLeft })} · {priceNote}
          </span>
        </label>
      ))}
    </fieldset>
  );
}
