import { redirect } from "@remix-run/node";
import { stepUrl } from "~/lib/account-param";
import { ApiError, apiFor } from "~/lib/api.server";
import { isCompleteSelection, parseSelection, selectionQuery } from "~/lib/booking-selection";
import { readMarketing } from "~/lib/marketing.server";
import { requireUser } from "~/lib/session.server";
import { loadServiceDetail } from "~/lib/service-detail.server";
import { missingProfileData } from "~/lib/sign-in-next.server";

import type { Quote } from "~/lib/bookings";

/**
 * Everything the confirm step needs: the service, a complete selection, a signed-in user with
 * a complete profile and the operator's waiver (otherwise the matching redirect).
 */
export async function loadConfirmContext(request: Request, params: Record<string, string | undefined>) {
  const url = new URL(request.url);
  const detail = await loadServiceDetail(request, params);
  const detailsPath = `/experiences/${detail.experience.id}/${detail.service.id}`;
  const selection = parseSelection(
    url.searchParams,
    detail.service.ticketTypes.map((type) => type.id),
  );
  if (!isCompleteSelection(selection)) {
    const query = selectionQuery(selection);
    throw redirect(query ? `${detailsPath}?${query}` : detailsPath);
  }
  const { user, token } = await requireUser(request);
  const operator = detail.experience.operator.slug;
  const missing = await missingProfileData(request, token, operator);
  if (missing.length > 0) {
    const here = url.pathname + url.search;
    throw redirect(
      stepUrl(missing.some((entry) => entry !== "waiver") ? "/complete-profile" : "/waiver", here, operator),
    );
  }
  return { detail, detailsPath, selection, user, token, operator };
}

export async function quoteBooking(
  request: Request,
  input: {
    serviceId: string;
    slotId: string;
    tickets: Array<{ ticketTypeId: string; quantity: number }>;
    promoCode?: string;
  },
): Promise<Quote | null> {
  try {
    const { data } = await apiFor(request).post<{ data: Quote }>("/v1/bookings/quote", input);
    return data;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 400 || error.status === 404 || error.status === 409))
      return null;
    throw error;
  }
}

export async function promoFor(request: Request, query: URLSearchParams): Promise<string> {
  const fromQuery = query.get("promo");
  if (fromQuery !== null) return fromQuery.trim().toUpperCase().slice(0, 32);
  return (await readMarketing(request)).promoCode.toUpperCase();
}
