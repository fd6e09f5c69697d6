import { Link } from "@remix-run/react";
import type { GlanceDeparture } from "~contract/operator/week";
import { useTranslation } from "~/platform/i18n-react";
import { DataTable } from "~/ui/data-table";
import { dateTimeFormat } from "~/ui/date-format";

/** A departure's time of day in its experience's zone, naming it: "10:00 AM MST". */
export function DepartureTime({ departure }: { departure: Pick<GlanceDeparture, "startsAt" | "timezone"> }) {
  const { i18n } = useTranslation();
  const text = dateTimeFormat(i18n.language, {
    hour: "numeric",
    minute: "2-digit",
    timeZoneName: "short",
    timeZone: departure.timezone,
  }).format(new Date(departure.startsAt));
  return <time dateTime={departure.startsAt}>{text}</time>;
}

/**
 * One day's departures (the home's today and tomorrow, a calendar day): time in the experience's
 * zone, experience, seats sold of capacity, check-ins so far, guide; a table in its own scroll
 * region (a phone scrolls it sideways, and says so).
 */
export function DeparturesTable({
  departures,
  caption,
  empty,
  manifestDate,
  testId,
}: {
  departures: GlanceDeparture[];
  caption: string;
  empty: string;
  /** The manifest of this local date opens from each row (null: no link). */
  manifestDate: string | null;
  testId: string;
}) {
  const { t } = useTranslation();
  const heads = [
    t("desk.glance.time"),
    t("desk.glance.experience"),
    t("desk.glance.sold"),
    t("desk.glance.checkedIn"),
    t("desk.glance.guide"),
  ];
  return (
    <DataTable
      rows={departures}
      row={(departure) => (
        <tr key={departure.id} data-testid="glance-departure" data-departure-id={departure.id} className="align-top">
          <td className="whitespace-nowrap py-2 pr-4">
            {manifestDate ? (
              <Link to={`/console/manifest?date=${manifestDate}`} className="font-medium text-brand-ink underline">
                <DepartureTime departure={departure} />
              </Link>
            ) : (
              <DepartureTime departure={departure} />
            )}
          </td>
          <td className="py-2 pr-4">
            <p>{departure.experienceTitle}</p>
            <p className="text-slate-700">
              {departure.serviceName}
              {departure.status !== "open" ? ` · ${t(`desk.glance.status_${departure.status}`)}` : ""}
            </p>
          </td>
          <td className="whitespace-nowrap py-2 pr-4 text-right">
            {t("desk.glance.soldOf", { sold: departure.seatsSold, capacity: departure.capacity })}
          </td>
          <td className="whitespace-nowrap py-2 pr-4 text-right">{departure.checkedIn}</td>
          <td className="py-2 pr-4">{departure.guide?.name ?? t("desk.glance.noGuide")}</td>
        </tr>
      )}
      empty={empty}
      className="mt-2"
      caption={caption}
      columns={heads}
      alignFrom={[2, 3]}
      data-testid={testId}
    />
  );
}
