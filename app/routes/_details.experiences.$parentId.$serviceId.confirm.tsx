import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { redirect } from "~/platform/redirect.server";
import { Form, Link, useActionData, useLoaderData, useRouteError } from "@remix-run/react";
import { useFormResult } from "~/ui/use-form-result";
import { useTranslation } from "~/platform/i18n-react";
import { PriceSummary } from "~/features/booking/price-summary";
import { DurationText } from "~/ui/duration-text";
import { apiFor } from "~/platform/api.server";
import { apiErrorResult, orNone } from "~/platform/api-errors.server";
import { formResult } from "~/platform/form-result.server";
import { idParam, passHeaders, requireParams } from "~/platform/http.server";
import { formatDate, formatMoment, TRAVELLER_TIME_ZONE } from "~/ui/date-format";
import { FunnelSteps, funnelSteps } from "~/features/booking/funnel-steps";
import { isCompleteSelection, parseSelection, selectionQuery } from "~/features/booking/booking-selection";
import {
  loadConfirmContext,
  promoFor,
  quoteBooking,
  redirectToMissingStep,
  redirectToRefusedStep,
} from "~/features/booking/booking.server";
import { formatMoney } from "~/ui/format";
import { readMarketing } from "~/features/marketing/marketing.server";
import { referralCodeOf } from "~/features/referrals/referral-cookie.server";
import { requireSameOrigin } from "~/platform/origin.server";
import { requireToken } from "~/features/auth/session.server";
import { NOINDEX, pageMeta } from "~/ui/meta";
import { cardLabel } from "~/features/account/card-label";
import { parseWithZod, readFormData, z } from "~/platform/form.server";
import { logger } from "~/platform/logger.server";
import { marketingWithout } from "~/features/marketing/marketing.server";
import { clearStoredPromoCode } from "~/features/marketing/marketing.client";
import { useIsPending } from "~/ui/use-is-pending";
import { RouteErrorContent } from "~/ui/error-page";
import { OfferRefused, offerRefusalOf } from "~/features/waitlist/offer-refused";
import { refuseUnusableOffer, reloadOnRefusedOffer } from "~/features/waitlist/offer-refused.server";
import type { CheckoutVisitBody } from "~contract/checkout-visits";
import {
  applyGiftCard,
  giftCardCurrencyRefusal,
  isGiftCardApply,
  walletCardFor,
} from "~/features/gift-cards/confirm-gift-card.server";
import { requireHostContext } from "~/platform/host.server";
import { GiftCardField, useConfirmGiftCard, type GiftCardAnswer } from "~/features/gift-cards/confirm-gift-card";

/** Remembers the visit for the unfinished-booking reminder; the page never fails because of it. */
async function recordVisit(request: Request, token: string, body: CheckoutVisitBody): Promise<void> {
  try {
    // With the departure and tickets chosen: the reminder's link opens them again.
    await apiFor(request, { token }).call("recordCheckoutVisit", { body });
  } catch (error) {
    logger.warn(
      { err: error instanceof Error ? error.message : String(error), serviceId: body.serviceId },
      "checkout visit not recorded",
    );
  }
}

/** A waitlist offer's token from the offer link (`offer=`): its held seats are the caller's. */
function waitlistOfferOf(url: URL): string | undefined {
  const offer = url.searchParams.get("offer");
  return offer && /^[A-Za-z0-9_-]{16,64}$/.test(offer) ? offer : undefined;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = await loadConfirmContext(request, params);
  const { detail, selection, token } = context;
  // An offer link that cannot be used (used, expired, left, withdrawn, another's): its own page.
  await refuseUnusableOffer(request, {
    token,
    serviceId: detail.service.id,
    slotId: selection.slotId,
    offer: waitlistOfferOf(new URL(request.url)),
    detailsPath: context.detailsPath,
  });
  const [promoCode, referralCode] = await Promise.all([
    promoFor(request, new URL(request.url).searchParams),
    referralCodeOf(request),
  ]);
  const [quote, cards, giftCards] = await Promise.all([
    quoteBooking(
      request,
      {
        serviceId: detail.service.id,
        slotId: selection.slotId,
        tickets: selection.tickets,
        promoCode: promoCode || undefined,
        referralCode,
        waitlistOffer: waitlistOfferOf(new URL(request.url)),
      },
      token,
    ),
    // A user the API does not know yet has none (the quote sends them to sign in).
    token ? orNone(apiFor(request, { token }).call("savedCards")) : null,
    // Their gift cards: one they kept or were sent pays by itself (unless they untick it).
    token ? orNone(apiFor(request, { token }).call("myGiftCards")) : null,
  ]);
  // What the API says is still to do before this booking (sign in, profile, waiver) comes first.
  if (quote) redirectToMissingStep(request, quote.missing, context.operator);
  // A signed-in traveller reached this page: if they leave without booking, one reminder may follow.
  if (token && quote) {
    await recordVisit(request, token, {
      serviceId: detail.service.id,
      slotId: selection.slotId,
      tickets: selection.tickets,
    });
  }
  const query = selectionQuery(selection);
  return {
    ...detail,
    detailsPath: context.detailsPath,
    selectionQuery: query,
    // A waitlist offer's token stays in the address when a promo code is applied (the GET form).
    waitlistOffer: waitlistOfferOf(new URL(request.url)) ?? null,
    // Back to the details page with the same day, time and tickets chosen.
    changeUrl: `${context.detailsPath}?${query}#book`,
    // The departure as the quote priced it (null: gone, started or not this service's).
    slot: quote ? { id: selection.slotId, startsAt: quote.startsAt, timezone: quote.timezone } : null,
    quote,
    promoCode,
    operator: context.operator,
    // Expired cards cannot pay: not offered.
    cards: (cards ?? []).filter((card) => !card.expired),
    walletCard: quote
      ? walletCardFor(giftCards ?? [], {
          currency: quote.currency,
          storefrontOperator:
            requireHostContext(request).mode === "account_direct" ? detail.experience.operator.name : null,
        })
      : null,
    // A fresh key per rendered page: submitting this page twice makes one booking.
    idempotencyKey: crypto.randomUUID(),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(matches, data && { title: data.experience.title }, [NOINDEX]);

// A 429 (apiErrorResult) keeps its Retry-After on the page.
export const headers = passHeaders;

/** A selection the API cannot book as sent (a changed or made-up one): choose again. */
const SELECTION_INVALID = { key: "confirm.selectionInvalid" };

/**
 * Places the booking: one API call, which checks everything itself (session and revocation,
 * profile, waiver, seats, price, promo, tenant) and answers the checkout to open, or a code.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const PlaceSchema = z.object({
    idempotencyKey: z.string().uuid(),
    promoCode: z.string().trim().max(32).optional().default(""),
    /** A saved card's id, or "new" (or nothing) to pay on the checkout page. */
    paymentMethod: z.string().max(80).optional(),
    /** A gift card pays what its balance allows (the API judges the code; every failure reads the same). */
    giftCardCode: z.string().trim().max(64, "confirm.giftCardInvalid").optional(),
    /** The traveller's own gift card, ticked (a code typed wins over it). */
    savedGiftCardId: z
      .string()
      .regex(/^gc_[A-Za-z0-9_-]{1,40}$/, "confirm.giftCardInvalid")
      .optional(),
    /** Ticked to book a departure the caller already booked: a second booking is never made by accident. */
    bookAgain: z.literal("yes").optional(),
    /** The operator whose profile and waiver steps apply (only used to route those steps). */
    operator: z
      .string()
      .regex(/^[a-z0-9-]{1,63}$/)
      .optional(),
  });
  requireSameOrigin(request);
  const { parentId, serviceId } = await requireParams(request, params, { parentId: idParam, serviceId: idParam });
  const token = await requireToken(request);
  const url = new URL(request.url);
  const here = url.pathname + url.search;
  const detailsPath = `/experiences/${parentId}/${serviceId}`;
  const selection = parseSelection(url.searchParams);
  const formData = await readFormData(request);
  if (formData.get("intent") === "remove-promo") {
    // The code leaves the address and the kept campaign values: it stops applying here and later.
    url.searchParams.delete("promo");
    const cleared = await marketingWithout(request, { promoCode: true });
    throw redirect(url.pathname + url.search, { headers: cleared ? { "Set-Cookie": cleared } : {} });
  }
  // The gift card's Apply button (or, with JavaScript, a whole code typed): its balance, nothing booked.
  if (isGiftCardApply(formData) && isCompleteSelection(selection)) {
    // Sent by the page's script, it carries only the code (no idempotency key: nothing is booked).
    const submission = parseWithZod(formData, { schema: PlaceSchema.partial({ idempotencyKey: true }) });
    if (submission.status !== "success") return formResult(submission.reply());
    const quote = await quoteBooking(
      request,
      {
        serviceId,
        slotId: selection.slotId,
        tickets: selection.tickets,
        promoCode: submission.value.promoCode || undefined,
      },
      token,
    );
    if (!quote) return formResult(submission.reply({ formErrors: [SELECTION_INVALID.key] }));
    return applyGiftCard(request, submission, submission.value.giftCardCode ?? "", quote.currency);
  }
  const submission = parseWithZod(formData, { schema: PlaceSchema });
  if (submission.status !== "success" || !isCompleteSelection(selection)) {
    return formResult(submission.reply({ formErrors: [SELECTION_INVALID.key] }));
  }
  const form = submission.value;
  const [{ utm }, referralCode] = await Promise.all([readMarketing(request), referralCodeOf(request)]);

  try {
    const placed = await apiFor(request, { token }).call("createBooking", {
      body: {
        serviceId,
        slotId: selection.slotId,
        tickets: selection.tickets,
        promoCode: form.promoCode || undefined,
        referralCode,
        utm,
        waitlistOffer: waitlistOfferOf(url),
        returnUrl: `${detailsPath}/return/{bookingId}`,
        cancelUrl: here,
        paymentMethodId: form.paymentMethod && form.paymentMethod !== "new" ? form.paymentMethod : undefined,
        giftCardCode: form.giftCardCode || undefined,
        savedGiftCardId: form.giftCardCode ? undefined : form.savedGiftCardId,
        // Back to this page after paying (the back button) and Pay again: no second booking unless asked for.
        bookAgain: form.bookAgain === "yes",
      },
      headers: { "Idempotency-Key": form.idempotencyKey },
    });
    // The campaign values have done their job: the booking carries them; later ones start afresh.
    const cleared = utm && Object.keys(utm).length > 0 ? await marketingWithout(request, { utm: true }) : null;
    return redirect(placed.checkoutUrl, { headers: cleared ? { "Set-Cookie": cleared } : {} });
  } catch (error) {
    redirectToRefusedStep(request, error, form.operator ?? null);
    reloadOnRefusedOffer(error, here);
    const currencyRefused = giftCardCurrencyRefusal(error, submission);
    if (currencyRefused) return currencyRefused;
    return apiErrorResult(error, submission, {
      codes: {
        not_found: SELECTION_INVALID,
        validation_error: SELECTION_INVALID,
        gift_card_invalid: { key: "confirm.giftCardInvalid", field: "giftCardCode" },
        already_booked: { key: "confirm.bookAgainRequired", field: "bookAgain" },
      },
    });
  }
}

/** A waitlist offer that cannot be used says which way and what to do; any other error, the layout's page. */
export function ErrorBoundary() {
  const refusal = offerRefusalOf(useRouteError());
  return refusal ? <OfferRefused refusal={refusal} /> : <RouteErrorContent />;
}

export default function ConfirmPage() {
  const {
    experience,
    service,
    slot,
    changeUrl,
    quote,
    promoCode,
    idempotencyKey,
    detailsPath,
    operator,
    cards,
    walletCard,
    selectionQuery: query,
    waitlistOffer,
  } = useLoaderData<typeof loader>();
  const lastResult = useFormResult();
  const formError = lastResult?.error?.[""]?.[0];
  const bookAgainError = lastResult?.error?.bookAgain?.[0];
  const paying = useIsPending({ intent: "pay" });
  const { t, i18n } = useTranslation();
  const selectionParams = new URLSearchParams(query);
  const bookedOn = (at: string) => formatDate(at, { timeZone: TRAVELLER_TIME_ZONE, locale: i18n.language });
  const unavailable = !quote || !slot;
  const error = formError ?? (unavailable ? "confirm.selectionInvalid" : null);
  // The traveller's own standing booking of this departure, said before anything else.
  const booked = quote?.yourBookings.find((booking) => booking.status === "confirmed");
  const held = booked ? undefined : quote?.yourBookings.find((booking) => booking.status === "held");
  // What the checkout charges once the gift card (typed or applied) has paid its part.
  const gift = useConfirmGiftCard({
    answer: useActionData<GiftCardAnswer>(),
    totalMinor: quote?.breakdown.totalMinor ?? 0,
    currency: quote?.currency ?? "",
    walletCard,
  });
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

      <Form method="get" className="mt-6 flex items-end gap-2" preventScrollReset>
        {[...selectionParams.entries()].map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        {waitlistOffer ? <input type="hidden" name="offer" value={waitlistOffer} /> : null}
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
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <p role="status" className={`text-sm ${quote.promo.valid ? "text-emerald-800" : "text-red-700"}`}>
            {quote.promo.valid
              ? t("confirm.promoApplied", { code: quote.promo.code })
              : t("confirm.promoInvalid", { code: quote.promo.code })}
          </p>
          <Form method="post" preventScrollReset onSubmit={() => clearStoredPromoCode()}>
            <input type="hidden" name="intent" value="remove-promo" />
            <button type="submit" className="text-sm font-medium text-brand-ink underline" data-testid="remove-promo">
              {t("confirm.removePromo", { code: quote.promo.code })}
            </button>
          </Form>
        </div>
      ) : null}
      {quote?.referral && !quote.promo && (quote.referral.applied || quote.referral.reason) ? (
        <p role="status" data-testid="referral-note" className="mt-2 text-sm text-slate-800">
          {quote.referral.applied
            ? t("referrals.applied", {
                name: quote.referral.firstName ?? t("referrals.aFriend"),
                amount: formatMoney(quote.referral.discountMinor, quote.currency, i18n.language),
              })
            : t(`referrals.${quote.referral.reason ?? "referral_not_found"}`)}
        </p>
      ) : null}

      {quote && slot && formError !== "apiErrors.sold_out" ? (
        <Form method="post" className="mt-6">
          <input type="hidden" name="intent" value="pay" />
          <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
          <input type="hidden" name="operator" value={operator} />
          <input type="hidden" name="promoCode" value={quote.promo?.valid ? quote.promo.code : ""} />
          {cards.length > 0 ? (
            <fieldset className="mb-4 rounded-xl border border-slate-200 p-4">
              <legend className="px-1 text-sm font-semibold">{t("cards.payWith")}</legend>
              {cards.map((card) => (
                <label key={card.id} className="flex items-center gap-2 py-1">
                  <input
                    type="radio"
                    name="paymentMethod"
                    value={card.id}
                    defaultChecked={card.isDefault}
                    className="h-4 w-4"
                  />
                  {cardLabel(card, t)}
                </label>
              ))}
              <label className="flex items-center gap-2 py-1">
                <input
                  type="radio"
                  name="paymentMethod"
                  value="new"
                  defaultChecked={!cards.some((card) => card.isDefault)}
                  className="h-4 w-4"
                />
                {t("cards.newCard")}
              </label>
            </fieldset>
          ) : null}
          <GiftCardField
            gift={gift}
            currency={quote.currency}
            defaultValue={lastResult?.initialValue?.giftCardCode as string | undefined}
          />
          {booked ? (
            <div className="mb-4">
              <label className="flex items-start gap-2 text-sm font-medium text-slate-800">
                <input
                  type="checkbox"
                  name="bookAgain"
                  value="yes"
                  required
                  aria-invalid={bookAgainError ? true : undefined}
                  aria-describedby={bookAgainError ? "book-again-error" : undefined}
                  className="mt-0.5 h-4 w-4"
                />
                {t("confirm.bookAgain")}
              </label>
              {bookAgainError ? (
                <p id="book-again-error" className="mt-1 text-sm text-red-700">
                  {t(bookAgainError)}
                </p>
              ) : null}
            </div>
          ) : bookAgainError ? (
            <p className="mb-4 text-sm text-red-700">{t(bookAgainError)}</p>
          ) : null}
          <button
            type="submit"
            disabled={paying}
            className="w-full rounded-md bg-brand px-4 py-3 text-lg font-semibold text-white hover:brightness-90 disabled:opacity-60"
          >
            {paying
              ? t("confirm.paying")
              : t("confirm.pay", { total: formatMoney(gift.chargeMinor, quote.currency, i18n.language) })}
          </button>
          <p className="mt-2 text-center text-sm text-slate-600">{t("confirm.holdNote")}</p>
        </Form>
      ) : null}
    </section>
  );
}
