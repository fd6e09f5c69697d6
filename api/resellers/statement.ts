/**
 * GET /v1/operator/resellers/{resellerId}/statement?month=YYYY-MM (issue 47): what a reseller
 * owes the operator for a month. A booking is in the month its departure starts in, in the
 * experience's own zone (the date both sides reconcile against), whenever it was booked; only
 * bookings that were confirmed (a hold that expired never was); a cancelled or refunded one is
 * listed owing 0. What a booking owes is the net fixed when it was confirmed (the reseller's terms
 * then: bookings.reseller_net_minor); one confirmed before those were kept, by the terms now.
 */
import { and, asc, eq, isNotNull, sql } from "drizzle-orm";
import type { ResellerStatement, ResellerStatementLine } from "~contract/operator/reseller-statement";
import type { Db } from "../db/client";
import { bookings, experiences, slots, type AccountRow } from "../db/schema";
import { bookingReference } from "../ids";
import { orderNetMinor } from "./commission";
import { resellerTerms } from "./net-rates";
import { ownReseller } from "./resellers";

type Operator = Pick<AccountRow, "id" | "currency">;

export async function readResellerStatement(
  db: Db,
  operator: Operator,
  resellerId: string,
  month: string,
): Promise<ResellerStatement> {
  const reseller = await ownReseller(db, operator.id, resellerId);
  // One query for every line: the booking, its departure and its experience.
  const rows = await db
    .select({
      id: bookings.id,
      resellerReference: bookings.resellerReference,
      status: bookings.status,
      seats: bookings.seats,
      totalMinor: bookings.totalMinor,
      tickets: bookings.tickets,
      netMinor: bookings.resellerNetMinor,
      title: experiences.title,
      timezone: experiences.timezone,
      startsAt: slots.startsAt,
    })
    .from(bookings)
    .innerJoin(slots, eq(slots.id, bookings.slotId))
    .innerJoin(experiences, eq(experiences.id, bookings.experienceId))
    .where(
      and(
        eq(bookings.accountId, operator.id),
        eq(bookings.resellerId, reseller.id),
        isNotNull(bookings.confirmedAt),
        sql`to_char(${slots.startsAt} at time zone ${experiences.timezone}, 'YYYY-MM') = ${month}`,
      ),
    )
    .orderBy(asc(slots.startsAt), asc(bookings.id));
  const terms = await resellerTerms(db, reseller);
  const lines = rows.map((row): ResellerStatementLine => {
    const owes = row.status === "confirmed";
    const retail = owes ? row.totalMinor : 0;
    const net = owes ? (row.netMinor ?? orderNetMinor(terms, row.totalMinor, row.tickets)) : 0;
    return {
      bookingId: row.id,
      reference: bookingReference(row.id),
      resellerReference: row.resellerReference,
      experienceTitle: row.title,
      departureStartsAt: row.startsAt.toISOString(),
      timezone: row.timezone,
      guests: row.seats,
      status: row.status,
      bookedMinor: row.totalMinor,
      retailMinor: retail,
      commissionMinor: retail - net,
      netMinor: net,
    };
  });
  const sum = (pick: (line: ResellerStatementLine) => number) => lines.reduce((total, line) => total + pick(line), 0);
  return {
    reseller: { id: reseller.id, name: reseller.name, commissionBps: reseller.commissionBps },
    month,
    currency: operator.currency,
    lines,
    totals: {
      retailMinor: sum((line) => line.retailMinor),
      commissionMinor: sum((line) => line.commissionMinor),
      netMinor: sum((line) => line.netMinor),
    },
  };
}
