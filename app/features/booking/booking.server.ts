import { redirect } from "~/platform/redirect.server";
import { stepUrl } from "~/features/auth/account-param";
import { apiFor, isApiError } from "~/platform/api.server";
import { orNone } from "~/platform/api-errors.server";
import { loginUrl } from "~/platform/redirects";
import { lostSessionRedirect, sessionTokenOf } from "~/platform/session-cookie.server";
import { isCompleteSelection, parseSelection, selectionQuery } from "~/features/booking/booking-selection";
import { readMarketing } from "~/features/marketing/marketing.server";
import { loadServiceDetail } from "~/features/catalog/service-detail.server";
import type { BookingStep, Quote } from "~contract/bookings/requests";

/**
 * What the confirm step knows before it asks the API: the service, a complete selection (else
 * back to the details page, keeping what was chosen; there too while the operator is suspended,
 * where the page says it is not taking bookings) and the session's token, if any. Who may
 * book is the quote's to say (its `missing`: redirectToMissingStep).
 */
export async function loadConfirmContext(request: Request, params: Record<string, string | undefined>) {
  const url = new URL(request.url);
  const detail = await loadServiceDetail(request, params);
  const detailsPath = `/experiences/${detail.experience.id}/${detail.service.id}`;
  // A suspended operator takes no booking: its page says so (no form), whatever the address asks.
  if (!detail.experience.operator.takingBookings) throw redirect(detailsPath);
  const selection = parseSelection(
    url.searchParams,
    detail.service.ticketTypes.map((type) => type.id),
  );
  if (!isCompleteSelection(selection)) {
    const query = selectionQuery(selection);
    throw redirect(query ? `${detailsPath}?${query}` : detailsPath);
  }
  const operator = detail.experience.operator.slug;
  return { detail, detailsPath, selection, token: sessionTokenOf(request), operator };
}

const STEP_PAGES: Record<Exclude<BookingStep, "sign_in">, string> = {
  profile: "/complete-profile",
  waiver: "/waiver",
};

/**
 * The first step the API says is missing before this booking (the quote's `missing`), with the
 * way back to this page: /login, /complete-profile or /waiver (the operator's). Nothing missing:
 * nothing happens. (A password to set comes before all: the route rule and the API's 403.)
 */
export function redirectToMissingStep(request: Request, missing: readonly BookingStep[], operator: string | null) {
  const [step] = missing;
  if (!step) return;
  const url = new URL(request.url);
  const here = url.pathname + url.search;
  throw redirect(step === "sign_in" ? loginUrl(here) : stepUrl(STEP_PAGES[step], here, operator));
}

/** The API's refusals of a booking that a step of the funnel settles. */
const REFUSED_STEPS: Record<string, BookingStep> = { profile_incomplete: "profile", waiver_required: "waiver" };

/**
 * A booking the API refused for something the guest still has to do: to that step (a user the API
 * does not know any more signs in again). Any other error is left to the caller.
 */
export function redirectToRefusedStep(request: Request, error: unknown, operator: string | null) {
  if (!isApiError(error)) return;
  if (error.code === "user_not_found") throw lostSessionRedirect(request);
  const step = REFUSED_STEPS[error.code];
  if (step) redirectToMissingStep(request, [step], operator);
}

/** The quote of a selection, or null when it cannot be priced (gone, started, not this service's, sold out). */
export async function quoteBooking(
  request: Request,
  input: {
    serviceId: string;
    slotId: string;
    tickets: Array<{ ticketTypeId: string; quantity: number }>;
    promoCode?: string;
    referralCode?: string;
    waitlistOffer?: string;
    addOns?: Array<{ addOnId: string; quantity: number }>;
    private?: boolean;
  },
  token?: string | null,
): Promise<Quote | null> {
  return orNone(apiFor(request, { token }).call("quote", { body: input }), "sold_out");
}

export async function promoFor(request: Request, query: URLSearchParams): Promise<string> {
  const fromQuery = query.get("promo");
  if (fromQuery !== null) return fromQuery.trim().toUpperCase().slice(0, 32);
  return (await readMarketing(request)).promoCode.toUpperCase();
}
