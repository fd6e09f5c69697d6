import { data } from "@remix-run/node";
import { apiFor } from "~/platform/api.server";
import { redirect } from "~/platform/redirect.server";
import { isApiError } from "~contract/errors";
import type { OfferRefusal } from "./offer-refused";

/** The page's status for each way an offer link cannot be used: none of them is a server error. */
const STATUS = { used: 409, expired: 410, declined: 410, withdrawn: 410, not_yours: 403, unknown: 404 } as const;

/**
 * The confirm page opened with a waitlist offer's link by a signed-in traveller: when the offer
 * cannot be used (used, expired, left, withdrawn, another's, unknown), its own page (4xx, thrown
 * to the route's ErrorBoundary) saying which and what to do instead. Asked before the quote: a
 * departure closed or cancelled meanwhile cannot be quoted, but its offer still says what became of it.
 */
export async function refuseUnusableOffer(
  request: Request,
  input: { token: string | null; serviceId: string; slotId: string; offer: string | undefined; detailsPath: string },
): Promise<void> {
  if (!input.token || !input.offer) return;
  const offer = await apiFor(request, { token: input.token }).call("waitlistOfferStatus", {
    body: { slotId: input.slotId, token: input.offer },
  });
  if (offer.status === "open") return;
  const refusal: OfferRefusal = {
    waitlistOfferRefused: offer.status,
    bookingId: offer.bookingId,
    detailsPath: input.detailsPath,
    // Lapsed or left: the traveller may get back in line for the same time (at its end).
    joinAgainPath:
      offer.status === "expired" || offer.status === "declined"
        ? `/account/waitlist?${new URLSearchParams({ service: input.serviceId, slot: input.slotId })}`
        : null,
  };
  throw data(refusal, { status: STATUS[offer.status] });
}

/** Paying with an offer that stopped being usable meanwhile: the page again, which then says why. */
export function reloadOnRefusedOffer(error: unknown, here: string): void {
  if (isApiError(error) && error.code === "waitlist_offer_invalid") throw redirect(here);
}
