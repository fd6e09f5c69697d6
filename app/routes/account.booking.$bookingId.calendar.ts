import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/features/auth/session.server";
import { apiFor } from "~/platform/api.server";
import { orNotFound } from "~/platform/api-errors.server";
import { idParam, requireParams } from "~/platform/http.server";

/** The booking as an .ics download (the API builds it; only the booker gets it). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { bookingId } = await requireParams(request, params, { bookingId: idParam });
  const { token } = await requireUser(request);
  // Not theirs, malformed, or not confirmed (a cancelled booking is no event): no file to give.
  const file = await orNotFound(
    request,
    apiFor(request, { token }).call("bookingCalendar", { params: { id: bookingId } }),
    "booking_not_confirmed",
  );
  return new Response(file.content, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="${file.filename}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
