import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "~/platform/redirect.server";
import { requireToken } from "~/features/auth/session.server";
import { apiFor } from "~/platform/api.server";
import { apiErrorResult } from "~/platform/api-errors.server";
import { formResult } from "~/platform/form-result.server";
import { setFlash, withFlash } from "~/platform/flash.server";
import { idParam, requireParams } from "~/platform/http.server";
import { loadMyBooking } from "~/features/account/my-booking.server";
import { requireSameOrigin } from "~/platform/origin.server";
import { parseWithZod, readFormData, z } from "~/platform/form.server";
import { ticketQrMarkup } from "~/features/tickets/ticket-qr.server";
import { changeAnswers } from "~/features/account/booking-answers.server";

/** One booking of the signed-in user (ours: not in the spec's table), in the default layout. */
export async function loadBookingPage({ request, params }: LoaderFunctionArgs) {
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

/**
 * Cancels after the confirmation step (the API checks the owner, the cutoff and refunds), posts
 * the guest's review after the trip (the API checks that it may), or changes the answers to the
 * booking's questions until the cutoff (changeAnswers).
 */
export async function bookingAction({ request, params }: ActionFunctionArgs) {
  const BookingActionSchema = z.discriminatedUnion("intent", [
    z.object({ intent: z.literal("cancel") }),
    // A deposit booking's balance, paid now on the provider's page (its off-session charge was declined, or early).
    z.object({ intent: z.literal("balance") }),
    // The answers' fields are the booking's own questions: read from the form (changeAnswers).
    z.object({ intent: z.literal("answers") }),
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
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: BookingActionSchema });
  if (submission.status !== "success") return formResult(submission.reply());
  const value = submission.value;
  const api = apiFor(request, { token });
  if (value.intent === "answers")
    return changeAnswers(api, bookingId, formData, submission, new URL(request.url).pathname);
  try {
    if (value.intent === "balance") {
      const page = new URL(request.url).pathname;
      const { checkoutUrl } = await api.call("payBookingBalance", {
        params: { id: bookingId },
        body: { returnUrl: page },
      });
      return redirect(checkoutUrl);
    }
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
