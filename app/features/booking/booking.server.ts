import { redirect } from "@remix-run/node";
import { stepUrl } from "~/features/auth/account-param";
import { apiFor, isApiError } from "~/platform/api.server";
import { isCompleteSelection, parseSelection, selectionQuery } from "~/features/booking/booking-selection";
import { readMarketing } from "~/features/marketing/marketing.server";
import { requireUser } from "~/features/auth/session.server";
import { loadServiceDetail } from "~/features/catalog/service-detail.server";
import { missingProfileData } from "~/features/auth/sign-in-next.server";

import type { Quote } from "~/features/booking/bookings";

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
    return await apiFor(request).call("quote", { body: input });
  } catch (error) {
    if (isApiError(error) && (error.status === 400 || error.status === 404 || error.status === 409)) return null;
    throw error;
  }
}

export async function promoFor(request: Request, query: URLSearchParams): Promise<string> {
  const fromQuery = query.get("promo");
  if (fromQuery !== null) return fromQuery.trim().toUpperCase().slice(0, 32);
  return (await readMarketing(request)).promoCode.toUpperCase();
}
