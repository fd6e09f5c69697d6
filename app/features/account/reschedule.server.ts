import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "~/platform/redirect.server";
import { requireToken } from "~/features/auth/session.server";
import { loadMyBooking } from "~/features/account/my-booking.server";
import { apiFor } from "~/platform/api.server";
import { apiErrorResult, orNone } from "~/platform/api-errors.server";
import { formResult } from "~/platform/form-result.server";
import { setFlash } from "~/platform/flash.server";
import { idParam, requireParams } from "~/platform/http.server";
import { requireSameOrigin } from "~/platform/origin.server";
import { parseWithZod, readFormData, z } from "~/platform/form.server";
import { todayIn } from "~/features/booking/availability";
import { departuresFor } from "~/features/booking/departures-for";

/**
 * "Change date": the booking's other departures of its service with seats for its party, the
 * price difference (ticket prices are the service's: one difference for all), and the deadline
 * (the free-cancellation one) stated before choosing. Closed, with the reason, once it has passed
 * or a guest is checked in. A dearer departure sends the traveller to the checkout for the
 * difference (the move is made once it is paid); a move waiting for its payment is shown with
 * its checkout link.
 */
export async function loadReschedule({ request, params }: LoaderFunctionArgs) {
  const { booking, t } = await loadMyBooking(request, params);
  const api = apiFor(request, { token: await requireToken(request) });
  // Open until the deadline, or past it while an offer of the operator's stands (until the departure).
  const open =
    booking.status === "confirmed" &&
    (booking.freeCancellationUntil !== null || booking.moveOffered === true) &&
    booking.checkedInGuests === 0;
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

/** Moves the booking (the API checks the owner, the deadline, check-in, seats and price). */
export async function rescheduleAction({ request, params }: ActionFunctionArgs) {
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
