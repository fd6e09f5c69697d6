import { Link } from "@remix-run/react";
import { useTranslation } from "~/platform/i18n-react";
import { formatDateTime, formatMoment } from "~/ui/date-format";
import { formatMoney } from "~/ui/format";

/** The cells every list of bookings shares: the reference (to the booking's page), the departure, the total. */

export function ReferenceCell({ id, reference }: { id: string; reference: string }) {
  return (
    <td className="whitespace-nowrap py-2 pr-4">
      <Link to={`/console/bookings/${id}`} className="font-medium text-brand-ink underline">
        {reference}
      </Link>
    </td>
  );
}

/**
 * When (in the experience's own zone, named; `soon`: the weekday, no year) and what: the
 * experience, and its service when known.
 */
export function DepartureCell({
  departure,
  soon = false,
}: {
  departure: { startsAt: string; timezone: string; experienceTitle: string; serviceName?: string };
  soon?: boolean;
}) {
  const { i18n } = useTranslation();
  const format = soon ? formatMoment : formatDateTime;
  return (
    <td className="py-2 pr-4">
      <p>
        <time dateTime={departure.startsAt}>
          {format(departure.startsAt, { timeZone: departure.timezone, locale: i18n.language })}
        </time>
      </p>
      <p className="text-slate-700">
        {departure.serviceName ? `${departure.experienceTitle} · ${departure.serviceName}` : departure.experienceTitle}
      </p>
    </td>
  );
}

/** The booking's total (none for a member who sees no money). */
export function TotalCell({ money }: { money: { totalMinor: number; currency: string } | null }) {
  const { i18n } = useTranslation();
  return (
    <td className="whitespace-nowrap py-2 pr-4 text-right">
      {money ? formatMoney(money.totalMinor, money.currency, i18n.language) : null}
    </td>
  );
}
