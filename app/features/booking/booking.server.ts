import { redirect } from "~/platform/redirect.server";
import { stepUrl } from "~/features/auth/account-param";
import { apiFor, isApiError } from "~/platform/api.server";
import { isCompleteSelection, parseSelection, selectionQuery } from "~/features/booking/booking-selection";
import { readMarketing } from "~/features/marketing/marketing.server";
import { requireUser } from "~/features/auth/session.server";
import { loadServiceDetail } from "~/features/catalog/service-detail.server";

import type { Quote } from "~/features/booking/bookings";

/**
 * Everything the confirm step needs: the service, a complete selection, a signed-in user with
 * a complete profile and the operator's waiver (otherwise the matching redirect).
 */
export async function loadConfirmContext(request: Request, params: Record<string, string | undefined>) {
  const url = new URL(request.url);
  // The service and the user are independent: asked for at once (a bad selection is told first).
  const signedIn = requireUser(request);
  signedIn.catch(() => undefined);
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
  const { user, token } = await signedIn;
  const operator = detail.experience.operator.slug;
  return { detail, detailsPath, selection, user, token, operator };
}

/** What the user still owes this operator sends them to that step first (profile, then waiver). */
export function redirectToMissingStep(request: Request, missing: string[], operator: string) {
  if (missing.length === 0) return;
  const url = new URL(request.url);
  const step = missing.some((entry) => entry !== "waiver") ? "/complete-profile" : "/waiver";
  throw redirect(stepUrl(step, url.pathname + url.search, operator));
}

export async function quoteBooking(
  request: Request,
  input: {
    serviceId: string;
    slotId: string;
    tickets: Array<{ ticketTypeId: string; quantity: number }>;
    promoCode?: string;
    referralCode?: string;
  },
  token?: string,
): Promise<Quote | null> {
  try {
    return await apiFor(request, { token }).call("quote", { body: input });
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
