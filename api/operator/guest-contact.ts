import { eq } from "drizzle-orm";
import type { PgSelect } from "drizzle-orm/pg-core";
import { bookings, experiences, resellers, slots, users } from "../db/schema";

/**
 * Who to call about a booking: the guest's own contact when the team took the booking for them
 * (migration 0044), else the account holder's. Selected with a booking joined to its user.
 */
export const guestContactColumns = {
  guestName: bookings.guestName,
  guestEmail: bookings.guestEmail,
  guestPhone: bookings.guestPhone,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  phone: users.phone,
};

type ContactRow = {
  guestName: string | null;
  guestEmail: string | null;
  guestPhone: string | null;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  phone: string | null;
};

/** An account holder's contact fields when the booking has none (a guest without an account). */
export const NO_HOLDER = { firstName: null, lastName: null, email: null, phone: null } as const;

/** The contact a console page shows: a name (the email when the holder gave none), email and phone. */
export function guestContactOf(row: ContactRow): { name: string; email: string | null; phone: string | null } {
  if (row.guestName) return { name: row.guestName, email: row.guestEmail, phone: row.guestPhone };
  return {
    name: [row.firstName, row.lastName].filter(Boolean).join(" ") || (row.email ?? ""),
    email: row.email,
    phone: row.phone,
  };
}

/** The reseller that sold a booking (issue 47), selected with a booking left-joined to `resellers`. */
export const resellerColumns = { resellerName: resellers.name, resellerReference: bookings.resellerReference };

/** The reseller and its reference, or null for a booking no reseller sold. */
export const resellerOf = (row: { resellerName: string | null; resellerReference: string | null }) =>
  row.resellerName === null ? null : { name: row.resellerName, reference: row.resellerReference };

/**
 * A select from bookings (made `$dynamic()`) joined to their departure, their experience and their
 * holder (none for a guest without an account, whose contact is on the booking).
 */
export const withDepartureAndHolder = <Query extends PgSelect>(query: Query) =>
  query
    .innerJoin(slots, eq(slots.id, bookings.slotId))
    .innerJoin(experiences, eq(experiences.id, bookings.experienceId))
    .leftJoin(users, eq(users.id, bookings.userId));
