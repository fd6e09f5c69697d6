import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/features/auth/session.server";
import { apiFor } from "~/platform/api.server";
import { orNotFound } from "~/platform/api-errors.server";
import { idParam, requireParams } from "~/platform/http.server";
import { i18next } from "~/platform/i18next.server";

/** The signed-in user's booking the URL names (not found unless it is theirs), and the request's translator. */
export async function loadMyBooking(request: Request, params: LoaderFunctionArgs["params"]) {
  const { bookingId } = await requireParams(request, params, { bookingId: idParam });
  const { token } = await requireUser(request);
  const [booking, t] = await Promise.all([
    orNotFound(request, apiFor(request, { token }).call("booking", { params: { id: bookingId } })),
    i18next.getFixedT(request),
  ]);
  return { booking, t };
}
