import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useRevalidator } from "@remix-run/react";
import { useEffect } from "react";
import { useTranslation } from "~/platform/i18n-react";
import { i18next } from "~/platform/i18next.server";
import { apiFor } from "~/platform/api.server";
import { orNotFound } from "~/platform/api-errors.server";
import { formatMoment } from "~/ui/date-format";
import type { Booking } from "~/features/booking/bookings";
import { formatMoney } from "~/ui/format";
import { idParam, requireParams, routeNotFound } from "~/platform/http.server";
import { requireUser } from "~/features/auth/session.server";
import { NOINDEX, pageMeta } from "~/ui/meta";
import { clearStoredUtm } from "~/features/marketing/marketing.client";
import { MeetingPoint } from "~/features/catalog/meeting-point";
import { TicketCard } from "~/features/tickets/ticket-card";
import { ticketQrMarkup } from "~/features/tickets/ticket-qr.server";

const PENDING_REFRESH_SECONDS = 3;

/** Back from payment: the booking's state, told truthfully by the server. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { parentId, serviceId, bookingId } = await requireParams(request, params, {
    parentId: idParam,
    serviceId: idParam,
    bookingId: idParam,
  });
  const { token } = await requireUser(request);
  const api = apiFor(request, { token });
  let booking = await orNotFound(request, api.call("booking", { params: { id: bookingId } }));
  // Ask the payment provider now rather than wait for its webhook.
  if (booking.status === "held") booking = await api.call("refreshPayment", { params: { id: bookingId } });
  if (booking.experienceId !== parentId || booking.serviceId !== serviceId) throw await routeNotFound(request);
  const t = await i18next.getFixedT(request);
  // The ticket to show at the meeting point, as the booking page shows it (once confirmed).
  return { booking, ticketQr: ticketQrMarkup(booking.ticketCode), title: t("return.title") };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  if (!data) return [];
  const tags = pageMeta(matches, data, [NOINDEX]);
  // Pending payments refresh themselves, with or without JavaScript.
  return data.booking.status === "held"
    ? [...tags, { httpEquiv: "refresh", content: String(PENDING_REFRESH_SECONDS) }]
    : tags;
};

const TONE: Record<Booking["status"], string> = {
  confirmed: "bg-emerald-50 text-emerald-900",
  held: "bg-sky-50 text-sky-900",
  failed: "bg-red-50 text-red-900",
  expired: "bg-amber-50 text-amber-900",
  refunded: "bg-amber-50 text-amber-900",
  cancelled: "bg-slate-100 text-slate-800",
};

const MESSAGE: Record<Booking["status"], string> = {
  confirmed: "return.confirmed",
  held: "return.pending",
  failed: "return.failed",
  expired: "return.expired",
  refunded: "return.refunded",
  cancelled: "return.cancelled",
};

export default function ReturnPage() {
  const { booking, ticketQr, title } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  const revalidator = useRevalidator();
  const pending = booking.status === "held";
  const { revalidate } = revalidator;
  useEffect(() => {
    if (!pending) return;
    const timer = window.setInterval(() => revalidate(), PENDING_REFRESH_SECONDS * 1000);
    return () => window.clearInterval(timer);
  }, [pending, revalidate]);
  // The booking carried the campaign values: the browser's copy is cleared like the cookie was.
  const confirmed = booking.status === "confirmed";
  useEffect(() => {
    if (confirmed) clearStoredUtm();
  }, [confirmed]);
  return (
    <section className="mx-auto max-w-2xl">
      <h1 className="text-3xl font-bold tracking-tight text-brand-ink">{title}</h1>
      <p
        role={pending ? "status" : "alert"}
        data-testid="booking-status"
        data-status={booking.status}
        className={`mt-4 rounded-lg p-4 ${TONE[booking.status]}`}
      >
        {t(MESSAGE[booking.status])}
      </p>
      <div className="mt-6 rounded-xl border border-slate-200 p-5">
        <p className="text-lg font-semibold">{booking.experienceTitle}</p>
        <p className="text-slate-700">{booking.serviceName}</p>
        <p className="mt-2 text-slate-800">
          {/* The departure in its experience's zone, named (issue 39, item 7). */}
          <time dateTime={booking.startsAt} data-testid="return-when">
            {formatMoment(booking.startsAt, { timeZone: booking.timezone, locale: i18n.language })}
          </time>{" "}
          · {t("bookings.seats", { count: booking.seats })}
        </p>
        <p className="mt-1 font-semibold">{formatMoney(booking.totalMinor, booking.currency, i18n.language)}</p>
        <p className="mt-2 text-sm text-slate-600">
          {t("return.reference")}: <span data-testid="booking-reference">{booking.reference}</span>
        </p>
      </div>
      {confirmed ? (
        <>
          <div data-testid="return-meeting-point">
            <MeetingPoint experience={booking} />
          </div>
          {booking.ticketCode && ticketQr ? (
            <div className="mt-6">
              <TicketCard code={booking.ticketCode} qrSvg={ticketQr} />
            </div>
          ) : null}
        </>
      ) : null}
      <div className="mt-6 flex gap-4">
        {pending ? (
          <Link to="." className="font-medium text-brand underline" reloadDocument>
            {t("return.refresh")}
          </Link>
        ) : null}
        {booking.status === "confirmed" ? (
          <Link to={`/account/booking/${booking.id}`} className="font-medium text-brand underline">
            {t("return.viewBooking")}
          </Link>
        ) : (
          <Link
            to={`/experiences/${booking.experienceId}/${booking.serviceId}`}
            className="font-medium text-brand underline"
          >
            {t("return.tryAgain")}
          </Link>
        )}
      </div>
    </section>
  );
}
