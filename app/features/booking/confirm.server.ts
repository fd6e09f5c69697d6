import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "~/platform/redirect.server";
import { apiFor } from "~/platform/api.server";
import { apiErrorResult, orNone } from "~/platform/api-errors.server";
import { formResult } from "~/platform/form-result.server";
import { idParam, requireParams } from "~/platform/http.server";
import { isCompleteSelection, parseSelection, selectionQuery } from "~/features/booking/booking-selection";
import {
  loadConfirmContext,
  promoFor,
  quoteBooking,
  redirectToMissingStep,
  redirectToRefusedStep,
} from "~/features/booking/booking.server";
import { marketingWithout, readMarketing } from "~/features/marketing/marketing.server";
import { referralCodeOf } from "~/features/referrals/referral-cookie.server";
import { requireSameOrigin } from "~/platform/origin.server";
import { requireToken } from "~/features/auth/session.server";
import { parseWithZod, readFormData, z } from "~/platform/form.server";
import { logger } from "~/platform/logger.server";
import { refuseUnusableOffer, reloadOnRefusedOffer } from "~/features/waitlist/offer-refused.server";
import type { CheckoutVisitBody } from "~contract/bookings/checkout-visits";
import {
  applyGiftCard,
  giftCardCurrencyRefusal,
  isGiftCardApply,
  walletCardFor,
} from "~/features/gift-cards/confirm-gift-card.server";
import { requireHostContext } from "~/platform/host.server";
import { answersFromForm } from "~/features/booking/answers-form";
import { refusedPayAnswers } from "~/features/booking/refused-answers.server";
import { addOnsFromParams, withAddOnParams } from "~/features/booking/add-on-params";

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

export async function loadConfirmPage({ request, params }: LoaderFunctionArgs) {
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
  const quoteWith = (addOns: ReturnType<typeof addOnsFromParams>) =>
    quoteBooking(
      request,
      {
        serviceId: detail.service.id,
        slotId: selection.slotId,
        tickets: selection.tickets,
        private: selection.private,
        promoCode: promoCode || undefined,
        referralCode,
        waitlistOffer: waitlistOfferOf(new URL(request.url)),
        addOns,
      },
      token,
    );
  const addOns = addOnsFromParams(new URL(request.url).searchParams);
  const [quote, cards, giftCards] = await Promise.all([
    // Add-ons the API refuses (more than a booking may have, or none of this experience's): priced without them.
    quoteWith(addOns).then((quote) => quote ?? (addOns.length > 0 ? quoteWith([]) : null)),
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
  const query = withAddOnParams(selectionQuery(selection), quote?.breakdown.addOns ?? []);
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

/** The pickup point the Pay form chose (its radio), when it names one: the API judges it. */
function pickupPointIdFromForm(formData: FormData): string | undefined {
  const value = formData.get("pickupPointId");
  return typeof value === "string" && /^[A-Za-z0-9_-]{1,64}$/.test(value) ? value : undefined;
}

/** A selection the API cannot book as sent (a changed or made-up one): choose again. */
const SELECTION_INVALID = { key: "confirm.selectionInvalid" };

/**
 * Places the booking: one API call, which checks everything itself (session and revocation,
 * profile, waiver, seats, price, promo, tenant) and answers the checkout to open, or a code.
 */
export async function placeBooking({ request, params }: ActionFunctionArgs) {
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
        private: selection.private,
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
        private: selection.private,
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
        answers: answersFromForm(formData),
        addOns: addOnsFromParams(url.searchParams),
        pickupPointId: pickupPointIdFromForm(formData),
      },
      headers: { "Idempotency-Key": form.idempotencyKey },
    });
    // The campaign values have done their job: the booking carries them; later ones start afresh.
    const cleared = utm && Object.keys(utm).length > 0 ? await marketingWithout(request, { utm: true }) : null;
    return redirect(placed.checkoutUrl, { headers: cleared ? { "Set-Cookie": cleared } : {} });
  } catch (error) {
    redirectToRefusedStep(request, error, form.operator ?? null);
    reloadOnRefusedOffer(error, here);
    // A missing or wrong answer: shown next to its field, naming the guest, in the page's words.
    const refusedAnswers = await refusedPayAnswers(
      request,
      error,
      {
        serviceId,
        slotId: selection.slotId,
        tickets: selection.tickets,
        private: selection.private,
        promoCode: form.promoCode || undefined,
      },
      token,
      answersFromForm(formData),
    );
    if (refusedAnswers) return formResult(submission.reply({ fieldErrors: refusedAnswers }));
    const currencyRefused = giftCardCurrencyRefusal(error, submission);
    if (currencyRefused) return currencyRefused;
    return apiErrorResult(error, submission, {
      codes: {
        not_found: SELECTION_INVALID,
        validation_error: SELECTION_INVALID,
        gift_card_invalid: { key: "confirm.giftCardInvalid", field: "giftCardCode" },
        already_booked: { key: "confirm.bookAgainRequired", field: "bookAgain" },
        pickup_required: { key: "apiErrors.pickup_required", field: "pickupPointId" },
      },
    });
  }
}
