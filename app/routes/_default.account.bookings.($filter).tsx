import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { z } from "~/platform/form.server";
import { Link, NavLink, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/platform/i18n-react";
import { i18next } from "~/platform/i18next.server";
import { apiFor } from "~/platform/api.server";
import { slotDay, slotTime } from "~/features/booking/availability";
import { BOOKING_FILTERS } from "~/features/booking/bookings";
import { formatMoney } from "~/ui/format";
import { routeNotFound } from "~/platform/http.server";
import { requireUser } from "~/features/auth/session.server";
import { pageMeta } from "~/ui/meta";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { token } = await requireUser(request);
  const filter = params.filter ?? "upcoming";
  if (!(BOOKING_FILTERS as readonly string[]).includes(filter)) throw await routeNotFound(request);
  const page = z.coerce
    .number()
    .int()
    .min(1)
    .max(1000)
    .catch(1)
    .parse(new URL(request.url).searchParams.get("page") ?? 1);
  const [bookings, t] = await Promise.all([
    apiFor(request, { token }).call("bookings", { query: { filter, page } }),
    i18next.getFixedT(request),
  ]);
  return { bookings, filter, title: t("account.bookings") };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data);

export default function BookingsPage() {
  const { bookings, filter, title } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  return (
    <>
      <h1 className="text-2xl font-bold text-brand-ink">{title}</h1>
      <nav aria-label={t("bookings.filters")} className="mt-4 flex gap-2">
        {BOOKING_FILTERS.map((name) => (
          <NavLink
            key={name}
            to={`/account/bookings/${name}`}
            className={({ isActive }) =>
              `rounded-full px-3 py-1 text-sm font-medium ${isActive || (name === "upcoming" && filter === "upcoming") ? "bg-brand text-white" : "bg-slate-100 text-slate-800"}`
            }
          >
            {t(`bookings.${name}`)}
          </NavLink>
        ))}
      </nav>
      {bookings.items.length === 0 ? (
        <div className="mt-6 rounded-lg bg-slate-50 p-6 text-slate-700">
          <p>{t("bookings.empty")}</p>
          <Link to="/" className="mt-2 inline-block font-medium text-brand underline">
            {t("bookings.explore")}
          </Link>
        </div>
      ) : (
        <ul className="mt-6 space-y-4" data-testid="booking-list">
          {bookings.items.map((booking) => (
            <li key={booking.id} className="rounded-xl border border-slate-200 p-4">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div>
                  <p className="font-semibold">
                    <Link to={`/account/booking/${booking.id}`} className="underline">
                      {booking.experienceTitle}
                    </Link>
                  </p>
                  <p className="text-sm text-slate-700">
                    {booking.serviceName} ·{" "}
                    <time dateTime={booking.startsAt}>
                      {slotDay(booking.startsAt, booking.timezone, i18n.language)},{" "}
                      {slotTime(booking.startsAt, booking.timezone, i18n.language, { zone: true })}
                    </time>
                  </p>
                  <p className="text-sm text-slate-600">
                    {t("bookings.seats", { count: booking.seats })} ·{" "}
                    {formatMoney(booking.totalMinor, booking.currency, i18n.language)} ·{" "}
                    {t("bookings.reference", { id: booking.reference })}
                  </p>
                </div>
                <span className="rounded-full bg-slate-100 px-2 py-1 text-xs font-semibold text-slate-800">
                  {t(`bookings.status_${booking.status}`)}
                </span>
              </div>
              {booking.canCancel ? (
                <p className="mt-3">
                  <Link
                    to={`/account/booking/${booking.id}?cancel=1`}
                    className="inline-block rounded-md border border-red-300 px-3 py-1.5 text-sm font-medium text-red-800 hover:bg-red-50"
                  >
                    {t("bookings.cancel")}
                  </Link>
                  {booking.cancellationCutoffHours ? (
                    <span className="ml-3 text-xs text-slate-600">
                      {t("bookings.cancelHint", { hours: booking.cancellationCutoffHours })}
                    </span>
                  ) : null}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
