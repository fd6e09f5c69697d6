import { guestSummary } from "~contract/bookings/guest-summary";
import { answersView } from "../bookings/booking-parts";
import { departureJoins } from "../db/joins";
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import {
  type Manifest,
  type ManifestBooking,
  type ManifestBookingMoney,
  type ManifestDeparture,
  type ManifestGuest,
  type ManifestPickupGroup,
} from "~contract/operator/manifest";
import { bookingPickupOf } from "../bookings/pickup-points";
import { clockNow } from "../clock";
import type { Db } from "../db/client";
import {
  bookingCheckIns,
  bookingRefunds,
  bookings,
  experiences,
  resellers,
  services,
  slots,
  ticketTypes,
  users,
  waivers,
  type AccountRow,
  type CheckInStatus,
} from "../db/schema";
import { bookingReference } from "../ids";
import { addLocalDays, localDateOf } from "../schedules/expand";
import { onLocalDays } from "../schedules/local-days";
import { currentWaiver } from "../waivers/service";
import { type SelectedFields } from "drizzle-orm/pg-core";
import { departureSeatColumns, guideNameSql, guideUsers } from "./departures";
import { guestContactColumns, guestContactOf, resellerColumns, resellerOf } from "./guest-contact";
import { departuresOf, seesMoney, type Member } from "../members/guard";

interface TicketLine {
  ticketTypeId: string;
  code: string;
  name: string;
  quantity: number;
}

interface CheckInRow {
  bookingId: string;
  guestNo: number;
  status: CheckInStatus;
  at: Date;
}

/** A booking's check-ins as the manifest reads them (one row per guest checked in or not shown). */
export const checkInColumns = {
  bookingId: bookingCheckIns.bookingId,
  guestNo: bookingCheckIns.guestNo,
  status: bookingCheckIns.status,
  at: bookingCheckIns.at,
};

/**
 * Guests 1..seats of a booking, each with its ticket type (in the order of the booking's tickets:
 * 2 adults then 1 child → guests 1 and 2 adults, guest 3 a child) and its check-in.
 */
export function guestsOf(seats: number, tickets: TicketLine[], checkIns: CheckInRow[]): ManifestGuest[] {
  const types = tickets.flatMap((ticket) => Array.from({ length: ticket.quantity }, () => ticket));
  const byGuest = new Map(checkIns.map((row) => [row.guestNo, row]));
  return Array.from({ length: seats }, (_, index) => {
    const guestNo = index + 1;
    const ticket = types[index] ?? types[types.length - 1];
    const row = byGuest.get(guestNo);
    return {
      guestNo,
      ticketTypeCode: ticket?.code ?? "",
      ticketTypeName: ticket?.name ?? "",
      status: row?.status ?? "none",
      at: row ? row.at.toISOString() : null,
    };
  });
}

/** The refunded total of a booking: its refunds' rows (migration 0024), never less than the booking's own figure. */
export const refundedSql = sql<number>`greatest(coalesce((select sum(${bookingRefunds.amountMinor}) from ${bookingRefunds} where ${bookingRefunds.bookingId} = ${bookings.id} and not ${bookingRefunds.outsideTotal}), 0), coalesce(${bookings.refundMinor}, 0))::int`;

/** Paid and kept, owed, refunded, from the booking's total and payment status. */
export function moneyOf(row: { status: string; paymentStatus: string; totalMinor: number; refundedMinor: number }) {
  const paidOnce = row.paymentStatus === "paid" || row.paymentStatus === "refunded";
  const refundedMinor = paidOnce ? Math.min(row.refundedMinor, row.totalMinor) : 0;
  return {
    paidMinor: paidOnce ? row.totalMinor - refundedMinor : 0,
    owedMinor: !paidOnce && row.paymentStatus !== "not_required" ? row.totalMinor : 0,
    refundedMinor,
  };
}

/**
 * The departures `member` may see (a guide: those assigned to them) starting on the local dates
 * `from`…`through`, each on its own experience's day, in start order: their experience, service,
 * seats, status and guide, and the `extra` columns asked for. One query whatever the range holds.
 */
export function departuresOnLocalDays<Extra extends SelectedFields>(
  db: Db,
  member: Member,
  from: string,
  through: string,
  extra: Extra,
) {
  return departureJoins(
    db
      .select({
        id: slots.id,
        experienceId: experiences.id,
        experienceTitle: experiences.title,
        serviceName: services.name,
        ...departureSeatColumns,
        status: slots.status,
        guideUserId: slots.guideUserId,
        guideName: guideNameSql,
        ...extra,
      })
      .from(slots)
      .$dynamic(),
  )
    .leftJoin(guideUsers, eq(guideUsers.id, slots.guideUserId))
    .where(
      and(
        eq(experiences.accountId, member.account.id),
        onLocalDays(slots.startsAt, experiences.timezone, from, through),
        departuresOf(member),
      ),
    )
    .orderBy(asc(slots.startsAt), asc(experiences.title), asc(slots.id));
}

/**
 * GET /v1/operator/manifest: the departures of this operator starting on `date` (default today in
 * the operator's zone), each on the local date of its own experience's zone (a 22:30 departure in
 * Denver is on that day's manifest, whatever the operator's zone), cancelled ones included and
 * marked by their status, with their confirmed and held bookings. Four queries whatever the day
 * holds: departures, bookings (with lead guest, waiver and refunds), ticket type names, check-ins.
 * A guide's day: the departures assigned to them, and no money (every `money` null).
 */
export async function readManifest(db: Db, member: Member, date: string | undefined): Promise<Manifest> {
  const account: AccountRow = member.account;
  const zone = account.timezone;
  const withMoney = seesMoney(member);
  const day = date ?? localDateOf(clockNow(), zone);
  const departureRows = await departuresOnLocalDays(db, member, day, day, { serviceId: services.id });

  const slotIds = departureRows.map((row) => row.id);
  const serviceIds = [...new Set(departureRows.map((row) => row.serviceId))];
  const waiver = currentWaiver(account);
  const signed = sql<boolean>`exists (select 1 from ${waivers} where ${waivers.userId} = ${bookings.userId} and ${
    waiver.accountId === null ? isNull(waivers.accountId) : eq(waivers.accountId, waiver.accountId)
  } and ${waivers.textVersion} = ${waiver.textVersion})`;
  const [bookingRows, typeRows, checkInRows] =
    slotIds.length === 0
      ? [[], [], []]
      : await Promise.all([
          db
            .select({
              id: bookings.id,
              slotId: bookings.slotId,
              status: bookings.status,
              holdExpiresAt: bookings.holdExpiresAt,
              seats: bookings.seats,
              tickets: bookings.tickets,
              questions: bookings.questions,
              answers: bookings.answers,
              addOns: bookings.addOns,
              pickup: bookings.pickup,
              currency: bookings.currency,
              totalMinor: bookings.totalMinor,
              paymentStatus: bookings.paymentStatus,
              refundedMinor: refundedSql,
              ...guestContactColumns,
              ...resellerColumns,
              waiverSigned: signed,
            })
            .from(bookings)
            .leftJoin(users, eq(users.id, bookings.userId))
            .leftJoin(resellers, eq(resellers.id, bookings.resellerId))
            .where(
              and(
                inArray(bookings.slotId, slotIds),
                eq(bookings.accountId, account.id),
                inArray(bookings.status, ["confirmed", "held"]),
              ),
            )
            .orderBy(asc(bookings.createdAt), asc(bookings.id)),
          db
            .select({ id: ticketTypes.id, name: ticketTypes.name })
            .from(ticketTypes)
            .where(inArray(ticketTypes.serviceId, serviceIds)),
          db
            .select(checkInColumns)
            .from(bookingCheckIns)
            .innerJoin(bookings, eq(bookings.id, bookingCheckIns.bookingId))
            .where(and(inArray(bookings.slotId, slotIds), eq(bookings.accountId, account.id))),
        ]);

  const typeNames = new Map(typeRows.map((row) => [row.id, row.name]));
  const checkInsByBooking = new Map<string, CheckInRow[]>();
  for (const row of checkInRows) {
    const list = checkInsByBooking.get(row.bookingId) ?? [];
    list.push(row);
    checkInsByBooking.set(row.bookingId, list);
  }
  const bookingsBySlot = new Map<string, ManifestBooking[]>();
  const departureOf = new Map(departureRows.map((row) => [row.id, row]));
  for (const row of bookingRows) {
    const departure = departureOf.get(row.slotId)!;
    // The ticket type's current name (the operator may have renamed it), else the one booked.
    const tickets = row.tickets.map((ticket) => ({
      ticketTypeId: ticket.ticketTypeId,
      code: ticket.code,
      name: typeNames.get(ticket.ticketTypeId) ?? ticket.name,
      quantity: ticket.quantity,
    }));
    const entry: ManifestBooking = {
      id: row.id,
      reference: bookingReference(row.id),
      status: row.status === "held" ? "held" : "confirmed",
      holdExpiresAt: row.status === "held" && row.holdExpiresAt ? row.holdExpiresAt.toISOString() : null,
      seats: row.seats,
      tickets: tickets.map(({ code, name, quantity }) => ({ code, name, quantity })),
      guestsLabel: guestSummary(tickets),
      lead: guestContactOf(row),
      reseller: resellerOf(row),
      waiverSigned: Boolean(row.waiverSigned),
      paymentStatus: row.paymentStatus,
      money: withMoney
        ? {
            currency: row.currency,
            totalMinor: row.totalMinor,
            ...moneyOf({ ...row, refundedMinor: Number(row.refundedMinor) }),
          }
        : null,
      guests: guestsOf(row.seats, tickets, checkInsByBooking.get(row.id) ?? []),
      answers: answersView({ ...row, tickets }),
      addOns: row.addOns,
      pickup: bookingPickupOf(row.pickup, departure.startsAt, departure.timezone),
    };
    const list = bookingsBySlot.get(row.slotId) ?? [];
    list.push(entry);
    bookingsBySlot.set(row.slotId, list);
  }

  const departures: ManifestDeparture[] = departureRows.map((row) => {
    const { list, groups } = inPickupOrder(bookingsBySlot.get(row.id) ?? []);
    return {
      id: row.id,
      experienceId: row.experienceId,
      experienceTitle: row.experienceTitle,
      serviceId: row.serviceId,
      serviceName: row.serviceName,
      startsAt: row.startsAt.toISOString(),
      endsAt: row.endsAt.toISOString(),
      timezone: row.timezone,
      capacity: row.capacity,
      seatsTaken: row.seatsTaken,
      status: row.status,
      guide: row.guideUserId ? { userId: row.guideUserId, name: row.guideName ?? row.guideUserId } : null,
      bookings: list,
      pickupGroups: groups,
      totals: totalsOf(list, withMoney),
    };
  });
  return {
    date: day,
    timezone: zone,
    money: withMoney ? { currency: account.currency } : null,
    previousDate: addLocalDays(day, -1),
    nextDate: addLocalDays(day, 1),
    departures,
  };
}

/**
 * A departure's bookings in pickup order (earliest pickup first, then those without one; booking
 * order kept within each) and their groups: one per pickup point and time, so a point moved
 * between two bookings makes two groups, each at its own time.
 */
export function inPickupOrder(bookings: readonly ManifestBooking[]): {
  list: ManifestBooking[];
  groups: ManifestPickupGroup[];
} {
  const groups = new Map<string, ManifestPickupGroup & { bookings: ManifestBooking[] }>();
  for (const booking of bookings) {
    const { pickup } = booking;
    const key = pickup ? `${pickup.pickupAt} ${pickup.pickupPointId}` : "";
    const group = groups.get(key) ?? {
      pickupPointId: pickup?.pickupPointId ?? null,
      name: pickup?.name ?? null,
      address: pickup?.address ?? null,
      pickupAt: pickup?.pickupAt ?? null,
      localTime: pickup?.localTime ?? null,
      bookingIds: [],
      guests: 0,
      bookings: [],
    };
    group.bookingIds.push(booking.id);
    group.guests += booking.seats;
    group.bookings.push(booking);
    groups.set(key, group);
  }
  // ISO instants of one format sort as text; no pickup ("") last.
  const ordered = [...groups.entries()]
    .sort(([a], [b]) => (a === "" ? 1 : b === "" ? -1 : a.localeCompare(b)))
    .map(([, group]) => group);
  return {
    list: ordered.flatMap((group) => group.bookings),
    groups: ordered.map(({ bookings: _bookings, ...group }) => group),
  };
}

/** A departure's totals: bookings (and how many held), guests per ticket type, money (`withMoney`), check-ins. */
export function totalsOf(list: ManifestBooking[], withMoney: boolean): ManifestDeparture["totals"] {
  const tickets = new Map<string, { code: string; name: string; quantity: number }>();
  for (const booking of list)
    for (const ticket of booking.tickets) {
      const seen = tickets.get(ticket.code) ?? { code: ticket.code, name: ticket.name, quantity: 0 };
      seen.quantity += ticket.quantity;
      tickets.set(ticket.code, seen);
    }
  const guests = list.flatMap((booking) => booking.guests);
  const sum = (pick: (booking: ManifestBooking) => number) => list.reduce((total, b) => total + pick(b), 0);
  const money = (pick: (money: ManifestBookingMoney) => number) =>
    sum((booking) => (booking.money ? pick(booking.money) : 0));
  return {
    bookings: list.length,
    heldBookings: list.filter((booking) => booking.status === "held").length,
    guests: sum((booking) => booking.seats),
    tickets: [...tickets.values()],
    money: withMoney
      ? {
          paidMinor: money((m) => m.paidMinor),
          owedMinor: money((m) => m.owedMinor),
          refundedMinor: money((m) => m.refundedMinor),
        }
      : null,
    checkedIn: guests.filter((guest) => guest.status === "checked_in").length,
    noShows: guests.filter((guest) => guest.status === "no_show").length,
  };
}
