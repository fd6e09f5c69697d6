import { useTranslation } from "~/platform/i18n-react";
import type { ExperienceSummary, GeoPoint } from "~contract/catalog/requests";
import { geoUri, openStreetMapUrl } from "~contract/catalog/geo";

/**
 * The details page's meeting point: where to be, and — when the operator placed it — links to it
 * on OpenStreetMap and in the phone's maps app (plain links: no map script, no tiles on our page).
 */
export function MeetingPoint({
  experience,
}: {
  experience: Pick<ExperienceSummary, "meetingPoint" | "meetingPointLocation">;
}) {
  const { t } = useTranslation();
  const location = experience.meetingPointLocation;
  return (
    <section className="mt-8" aria-labelledby="meeting-point">
      <h2 id="meeting-point" className="text-xl font-semibold">
        {t("details.meetingPoint")}
      </h2>
      <p className="mt-2 text-slate-800">{experience.meetingPoint}</p>
      {location ? <MapLinks location={location} className="mt-2" /> : null}
    </section>
  );
}

/** Links to a place on OpenStreetMap and in the phone's maps app (plain links: no map script, no tiles on our page). */
export function MapLinks({ location, className = "" }: { location: GeoPoint; className?: string }) {
  const { t } = useTranslation();
  return (
    <ul className={`flex flex-wrap gap-x-6 gap-y-2 text-sm ${className}`}>
      <li>
        <a
          href={openStreetMapUrl(location)}
          className="font-medium text-brand-ink underline"
          rel="noopener noreferrer"
          data-testid="map-link"
        >
          {t("details.mapLink")}
        </a>
      </li>
      <li>
        <a href={geoUri(location)} className="font-medium text-brand-ink underline" data-testid="map-app-link">
          {t("details.mapApp")}
        </a>
      </li>
    </ul>
  );
}
