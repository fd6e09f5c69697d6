import { Link } from "@remix-run/react";

/** A row's heading cell naming a booking: its reference (a link to it), its experience and service. */
export function BookingCell({
  booking,
  className,
}: {
  booking: { bookingId: string; reference: string; experienceTitle: string; serviceName: string };
  className: string;
}) {
  return (
    <th scope="row" className={className}>
      <Link to={`/console/bookings/${booking.bookingId}`} className="font-medium text-brand-ink underline">
        {booking.reference}
      </Link>
      <span className="block text-xs text-slate-700">
        {booking.experienceTitle} · {booking.serviceName}
      </span>
    </th>
  );
}
