import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/features/auth/session.server";
import { apiFor, isApiError } from "~/platform/api.server";
import { idParam, requireParams, routeNotFound } from "~/platform/http.server";

/** The booking as an .ics download (the API builds it; only the booker gets it). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { bookingId } = await requireParams(request, params, { bookingId: idParam });
  const { token } = await requireUser(request);
  try {
    const file = await apiFor(request, { token }).call("bookingCalendar", { params: { id: bookingId } });
    return new Response(file.content, {
      headers: {
        "Content-Type": "text/calendar; charset=utf-8",
        "Content-Disposition": `attachment; filename="${file.filename}"`,
        "Cache-Control": "private, no-store",
      },
    });
  } catch (error) {
    // Not theirs, malformed, or not confirmed (a cancelled booking is no event): no file to give.
    if (
      isApiError(error, "booking_not_confirmed") ||
      (isApiError(error) && (error.status === 404 || error.status === 400))
    )
      throw await routeNotFound(request);
    throw error;
  }
}
