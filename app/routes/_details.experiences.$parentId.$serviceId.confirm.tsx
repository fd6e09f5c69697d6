import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { PriceSummary } from "~/components/booking/price-summary";
import { DurationText } from "~/components/duration-text";
import { stepUrl } from "~/lib/account-param";
import { ApiError, apiFor } from "~/lib/api.server";
import { dayLabel, slotTime, type Availability } from "~/lib/availability";
import { selectionQuery } from "~/lib/booking-selection";
import { loadConfirmContext, promoFor, quoteBooking } from "~/lib/booking.server";
import { formatMoney } from "~/lib/format";
import { readMarketing } from "~/lib/marketing.server";
import { requireSameOrigin } from "~/lib/origin.server";
import { lostSessionRedirect, requireFreshUser } from "~/lib/session.server";
import { loadAvailability } from "~/lib/service-detail.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = await loadConfirmContext(request, params);
  const { detail, selection } = context;
  const promoCode = await promoFor(request, new URL(request.url).searchParams);
  const [quote, availability] = await Promise.all([
    quoteBooking(request, {
      serviceId: detail.service.id,
      slotId: selection.slotId,
      tickets: selection.tickets,
      promoCode: promoCode || undefined,
    }),
    loadAvailability(request, detail.experience.id, detail.service.id, selection.date ?? undefined),
  ]);
  const slot = findSlot(availability, selection.slotId);
  return {
    ...detail,
    detailsPath: context.detailsPath,
    selectionQuery: selectionQuery(selection),
    slot,
    timezone: availability.timezone,
    quote,
    promoCode,
    // A fresh key per rendered page: submitting this page twice makes one booking.
    idempotencyKey: crypto.randomUUID(),
  };
}

function findSlot(availability: Availability, slotId: string) {
  for (const day of availability.days) {
    const slot = day.slots.find((candidate) => candidate.id === slotId);
    if (slot) return { ...slot, date: day.date };
  }
  return null;
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data ? [{ title: `${data.experience.title} · ${data.appName}` }, { name: "robots", content: "noindex" }] : [];

const PlaceSchema = z.object({
  idempotencyKey: z.string().uuid(),
  promoCode: z.string().trim().max(32).optional().default(""),
});

export async function action({ request, params }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const context = await loadConfirmContext(request, params);
  const { token } = await requireFreshUser(request);
  const parsed = PlaceSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ error: "selectionInvalid" as const }, { status: 400 });
  const { detail, selection, operator } = context;
  const marketing = await readMarketing(request);
  try {
    const { data: placed } = await apiFor(request, { token }).post<{
      data: { booking: { id: string }; checkoutUrl: string };
    }>(
      "/v1/bookings",
      {
        serviceId: detail.service.id,
        slotId: selection.slotId,
        tickets: selection.tickets,
        promoCode: parsed.data.promoCode || undefined,
        utm: marketing.utm,
        returnUrl: `${context.detailsPath}/return/{bookingId}`,
        cancelUrl: new URL(request.url).pathname + new URL(request.url).search,
      },
      { headers: { "Idempotency-Key": parsed.data.idempotencyKey } },
    );
    return redirect(placed.checkoutUrl);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const here = new URL(request.url).pathname + new URL(request.url).search;
    if (error.code === "profile_incomplete") throw redirect(stepUrl("/complete-profile", here, operator));
    if (error.code === "waiver_required") throw redirect(stepUrl("/waiver", here, operator));
    if (error.code === "user_not_found") throw lostSessionRedirect(request);
    if (error.code === "sold_out") return data({ error: "soldOut" as const }, { status: 409 });
    if (error.code === "promo_invalid") return data({ error: "promoChanged" as const }, { status: 409 });
    if (error.status === 503) return data({ error: "paymentUnavailable" as const }, { status: 503 });
    if (error.status === 400 || error.status === 404 || error.status === 409)
      return data({ error: "selectionInvalid" as const }, { status: error.status });
    throw error;
  }
}

const ERROR_TEXT = {
  soldOut: "confirm.soldOut",
  promoChanged: "confirm.promoChanged",
  paymentUnavailable: "confirm.paymentUnavailable",
  selectionInvalid: "confirm.selectionInvalid",
} as const;

export default function ConfirmPage() {
  const {
    experience,
    service,
    slot,
    timezone,
    quote,
    promoCode,
    idempotencyKey,
    detailsPath,
    selectionQuery: query,
  } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t, i18n } = useTranslation();
  const selectionParams = new URLSearchParams(query);
  const unavailable = !quote || !slot;
  const error = actionData?.error ?? (unavailable ? "selectionInvalid" : null);
  return (
    <section className="mx-auto max-w-2xl">
      <h1 className="text-3xl font-bold tracking-tight text-brand-ink">{t("confirm.title")}</h1>
      {error ? (
        <div role="alert" className="mt-4 rounded-md bg-amber-50 p-4 text-amber-900">
          <p>{t(ERROR_TEXT[error])}</p>
          <Link to={detailsPath} className="mt-2 inline-block font-medium underline">
            {t("confirm.chooseAgain")}
          </Link>
        </div>
      ) : null}
      <div className="mt-6 rounded-xl border border-slate-200 p-5">
        <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-600">{t("confirm.summary")}</h2>
        <p className="mt-2 text-lg font-semibold">{experience.title}</p>
        <p className="text-slate-700">
          {service.name} · <DurationText minutes={service.durationMinutes} />
        </p>
        {slot ? (
          <p className="mt-2 text-slate-800" data-testid="confirm-when">
            {t("confirm.when")}: {dayLabel(slot.date, i18n.language)},{" "}
            {slotTime(slot.startsAt, timezone, i18n.language)}
          </p>
        ) : null}
        {quote ? (
          <div className="mt-4">
            <PriceSummary price={quote.breakdown} currency={quote.currency} />
          </div>
        ) : null}
      </div>

      <Form method="get" className="mt-6 flex items-end gap-2" preventScrollReset>
        {[...selectionParams.entries()].map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <label className="flex-1 text-sm font-medium text-slate-700">
          {t("confirm.promoCode")}
          <input
            name="promo"
            defaultValue={promoCode}
            maxLength={32}
            autoCapitalize="characters"
            className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-base uppercase"
          />
        </label>
        <button
          type="submit"
          className="rounded-md border border-slate-300 px-3 py-2 text-sm font-medium hover:bg-slate-50"
        >
          {t("confirm.applyPromo")}
        </button>
      </Form>
      {quote?.promo ? (
        <p role="status" className={`mt-2 text-sm ${quote.promo.valid ? "text-emerald-800" : "text-red-700"}`}>
          {quote.promo.valid
            ? t("confirm.promoApplied", { code: quote.promo.code })
            : t("confirm.promoInvalid", { code: quote.promo.code })}
        </p>
      ) : null}

      {quote && slot && actionData?.error !== "soldOut" ? (
        <Form method="post" className="mt-6">
          <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
          <input type="hidden" name="promoCode" value={quote.promo?.valid ? quote.promo.code : ""} />
          <button
            type="submit"
            disabled={navigation.state !== "idle"}
            className="w-full rounded-md bg-brand px-4 py-3 text-lg font-semibold text-white hover:opacity-90 disabled:opacity-60"
          >
            {navigation.state === "submitting"
              ? t("confirm.paying")
              : t("confirm.pay", { total: formatMoney(quote.breakdown.totalMinor, quote.currency, i18n.language) })}
          </button>
          <p className="mt-2 text-center text-sm text-slate-600">{t("confirm.holdNote")}</p>
        </Form>
      ) : null}
    </section>
  );
}
