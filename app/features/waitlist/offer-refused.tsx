import { isRouteErrorResponse, Link } from "@remix-run/react";
import type { WaitlistOfferState } from "~contract/waitlist/requests";
import { useTranslation } from "~/platform/i18n-react";

/** Why a waitlist offer link cannot be used, as the confirm page's loader throws it (offer-refused.server.ts). */
export interface OfferRefusal {
  waitlistOfferRefused: Exclude<WaitlistOfferState, "open">;
  /** The booking the offer made (used). */
  bookingId: string | null;
  /** The experience's page of the offer's service: other times, and their waitlists. */
  detailsPath: string;
  /** The join form of the same time (an offer that lapsed, or a line the traveller left); else null. */
  joinAgainPath: string | null;
}

/** The refusal carried by a route error, if it is one. */
export function offerRefusalOf(error: unknown): OfferRefusal | null {
  if (!isRouteErrorResponse(error)) return null;
  const refusal = error.data as Partial<OfferRefusal> | null;
  return refusal && typeof refusal === "object" && typeof refusal.waitlistOfferRefused === "string"
    ? (refusal as OfferRefusal)
    : null;
}

const linkClass = "rounded-md border border-slate-300 px-4 py-2 font-medium hover:bg-slate-50";

/** Which way the offer cannot be used, and what the traveller can do instead (see the booking, choose another time, join a waitlist). */
export function OfferRefused({ refusal }: { refusal: OfferRefusal }) {
  const { t } = useTranslation();
  const state = refusal.waitlistOfferRefused;
  return (
    <section className="mx-auto max-w-xl py-12" data-testid="waitlist-offer-refused" data-state={state}>
      <h1 className="text-2xl font-semibold text-brand-ink">{t(`waitlist.offerRefused.${state}.title`)}</h1>
      <p className="mt-3 text-slate-700">{t(`waitlist.offerRefused.${state}.body`)}</p>
      <div className="mt-6 flex flex-wrap gap-3">
        {state === "used" && refusal.bookingId ? (
          <Link
            to={`/account/booking/${refusal.bookingId}`}
            className="rounded-md bg-brand px-4 py-2 font-medium text-white hover:brightness-90"
          >
            {t("waitlist.offerRefused.seeBooking")}
          </Link>
        ) : null}
        {refusal.joinAgainPath ? (
          <Link
            to={refusal.joinAgainPath}
            className="rounded-md bg-brand px-4 py-2 font-medium text-white hover:brightness-90"
          >
            {t("waitlist.offerRefused.joinAgain")}
          </Link>
        ) : null}
        <Link to={refusal.detailsPath} className={linkClass}>
          {t("waitlist.offerRefused.otherTimes")}
        </Link>
        <Link to="/account/waitlist" className={linkClass}>
          {t("waitlist.offerRefused.yourWaitlist")}
        </Link>
      </div>
    </section>
  );
}
