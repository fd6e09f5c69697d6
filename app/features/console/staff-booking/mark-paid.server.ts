import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { isApiError } from "~contract/errors";
import { operatorBookingParams } from "~contract/operator/refunds";
import { setFlash } from "~/platform/flash.server";
import { routeNotFound } from "~/platform/http.server";
import { redirect } from "~/platform/redirect.server";
import { intentAction } from "../intent-action.server";

const bookingPage = (bookingId: string) => `/console/bookings/${bookingId}`;

/**
 * POST /console/bookings/:bookingId/paid (the booking page's "mark as paid" form): the money a
 * pay-on-arrival booking owed was taken. Back to the booking's page with a flash either way.
 */
export const markPaidAction = (args: ActionFunctionArgs) =>
  intentAction(args, {
    ability: "takeBookings",
    params: operatorBookingParams.shape,
    single: true,
    forms: { paid: z.object({}) },
    async refusal(error, _submission, { request, params: { bookingId } }) {
      if (isApiError(error) && error.status === 404) throw await routeNotFound(request);
      if (!isApiError(error, "booking_not_owed")) return null;
      return redirect(bookingPage(bookingId), { headers: { "Set-Cookie": await setFlash("desk.markPaid.notOwed") } });
    },
    async run(_value, { api, params: { bookingId } }) {
      await api.call("operatorMarkBookingPaid", { params: { bookingId } });
      return { to: bookingPage(bookingId), flash: "desk.markPaid.done" };
    },
  });

/** Nothing to show: the form lives on the booking's page. */
export const markPaidLoader = ({ params }: { params: { bookingId?: string } }) => {
  const parsed = operatorBookingParams.safeParse(params);
  return redirect(parsed.success ? bookingPage(parsed.data.bookingId) : "/console/bookings");
};
