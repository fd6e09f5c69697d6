import { and, asc, desc, eq, gte, inArray, sql } from "drizzle-orm";
import { departureJoins } from "../db/joins";
import { HOME_LIST_SIZE, OFFER_SOON_HOURS, type OperatorHome } from "~contract/operator/week";
import { clockNow } from "../clock";
import type { Db } from "../db/client";
import {
  bookingRefunds,
  bookings,
  experiences,
  notifications,
  services,
  slots,
  users,
  waitlistOffers,
} from "../db/schema";
import { bookingReference } from "../ids";
import { departuresOf, seesAllDepartures, seesMoney, type Member } from "../members/guard";
import { addLocalDays, localDateOf, localToUtc } from "../schedules/expand";
import { byDay, glanceDepartures, seatsSoldSql } from "./calendar";
import { guestContactColumns, guestContactOf, withDepartureAndHolder } from "./guest-contact";

/** Every row's count beside it (one query answers the list and how many there are). */
const totalSql = sql<number>`(count(*) over ())::int`;

/** A home list: how many rows there are (their totalSql) and the first of them, each as `item` says. */
const countedList = <Row extends { total: number }, Item>(rows: Row[], item: (row: Row) => Item) => ({
  count: Number(rows[0]?.total ?? 0),
  items: rows.map(item),
});

/** What a home list says of a departure (with departureJoins or withDepartureAndHolder). */
const departureColumns = {
  experienceTitle: experiences.title,
  startsAt: slots.startsAt,
  timezone: experiences.timezone,
};

/** What the home counts as a booking made: not a checkout abandoned (its hold expired, or its payment failed). */
export const MADE_STATUSES = ["held", "confirmed", "cancelled", "refunded"] as const;

/** Bookings made since `since` that `member` may see (a guide: on their departures): the newest, and how many. */
async function newBookings(db: Db, member: Member, since: Date) {
  const rows = await withDepartureAndHolder(
    db
      .select({
        id: bookings.id,
        createdAt: bookings.createdAt,
        seats: bookings.seats,
        currency: bookings.currency,
        totalMinor: bookings.totalMinor,
        slotId: slots.id,
        ...departureColumns,
        total: totalSql,
        ...guestContactColumns,
      })
      .from(bookings)
      .$dynamic(),
  )
    .where(
      and(
        eq(bookings.accountId, member.account.id),
        gte(bookings.createdAt, since),
        inArray(bookings.status, [...MADE_STATUSES]),
        departuresOf(member),
      ),
    )
    .orderBy(desc(bookings.createdAt), desc(bookings.id))
    .limit(HOME_LIST_SIZE);
  const withMoney = seesMoney(member);
  return {
    since: since.toISOString(),
    count: Number(rows[0]?.total ?? 0),
    latest: rows.map((row) => ({
      id: row.id,
      reference: bookingReference(row.id),
      createdAt: row.createdAt.toISOString(),
      guestName: guestContactOf(row).name,
      seats: row.seats,
      departure: {
        id: row.slotId,
        startsAt: row.startsAt.toISOString(),
        timezone: row.timezone,
        experienceTitle: row.experienceTitle,
      },
      money: withMoney ? { currency: row.currency, totalMinor: row.totalMinor } : null,
    })),
  };
}

/** Future departures of the operator a schedule change left with bookings (slots.needs_decision). */
async function departuresToDecide(db: Db, accountId: string) {
  const rows = await departureJoins(
    db
      .select({
        id: slots.id,
        experienceId: experiences.id,
        serviceName: services.name,
        ...departureColumns,
        seatsSold: seatsSoldSql,
        total: totalSql,
      })
      .from(slots)
      .$dynamic(),
  )
    .where(
      and(
        eq(experiences.accountId, accountId),
        eq(slots.needsDecision, true),
        sql`${slots.status} <> 'cancelled'`,
        sql`${slots.startsAt} > app_now()`,
      ),
    )
    .orderBy(asc(slots.startsAt), asc(slots.id))
    .limit(HOME_LIST_SIZE);
  return countedList(rows, ({ total: _total, startsAt, seatsSold, ...row }) => ({
    ...row,
    startsAt: startsAt.toISOString(),
    seatsSold: Number(seatsSold),
  }));
}

/** Refunds of the operator decided and not yet made, oldest first. */
async function refundsOwed(db: Db, accountId: string) {
  const rows = await db
    .select({
      id: bookingRefunds.id,
      bookingId: bookingRefunds.bookingId,
      amountMinor: bookingRefunds.amountMinor,
      currency: bookingRefunds.currency,
      createdAt: bookingRefunds.createdAt,
      total: totalSql,
      ...guestContactColumns,
    })
    .from(bookingRefunds)
    .innerJoin(bookings, eq(bookings.id, bookingRefunds.bookingId))
    .leftJoin(users, eq(users.id, bookings.userId))
    .where(
      and(
        eq(bookingRefunds.accountId, accountId),
        eq(bookings.accountId, accountId),
        eq(bookingRefunds.status, "owed"),
      ),
    )
    .orderBy(asc(bookingRefunds.createdAt), asc(bookingRefunds.id))
    .limit(HOME_LIST_SIZE);
  return countedList(rows, (row) => ({
    id: row.id,
    bookingId: row.bookingId,
    reference: bookingReference(row.bookingId),
    guestName: guestContactOf(row).name,
    amountMinor: row.amountMinor,
    currency: row.currency,
    createdAt: row.createdAt.toISOString(),
  }));
}

/** Open waitlist offers on the operator's departures expiring within OFFER_SOON_HOURS, soonest first. */
async function offersExpiring(db: Db, accountId: string) {
  const rows = await departureJoins(
    db
      .select({
        id: waitlistOffers.id,
        departureId: slots.id,
        ...departureColumns,
        seats: waitlistOffers.seats,
        expiresAt: waitlistOffers.expiresAt,
        total: totalSql,
      })
      .from(waitlistOffers)
      .innerJoin(slots, eq(slots.id, waitlistOffers.slotId))
      .$dynamic(),
  )
    .where(
      and(
        eq(experiences.accountId, accountId),
        eq(waitlistOffers.status, "open"),
        sql`${waitlistOffers.expiresAt} > app_now()`,
        sql`${waitlistOffers.expiresAt} <= app_now() + make_interval(hours => ${OFFER_SOON_HOURS})`,
      ),
    )
    .orderBy(asc(waitlistOffers.expiresAt), asc(waitlistOffers.id))
    .limit(HOME_LIST_SIZE);
  return countedList(rows, ({ total: _total, startsAt, expiresAt, ...row }) => ({
    ...row,
    startsAt: startsAt.toISOString(),
    expiresAt: expiresAt.toISOString(),
  }));
}

/**
 * GET /v1/operator/home: today's and tomorrow's departures, the bookings made since yesterday
 * began (both days in the operator's zone), and what waits for a decision (not a guide's: null).
 * One query per section, run side by side.
 */
/** The member's newest notices as a guide (the console's own notifications; travellers' are on /account). */
async function guideNotices(db: Db, member: Member) {
  const rows = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, member.userId), sql`${notifications.kind} like 'guide\_%'`))
    .orderBy(desc(notifications.createdAt))
    .limit(HOME_LIST_SIZE);
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    body: row.body,
    link: row.link,
    at: row.createdAt.toISOString(),
  }));
}

export async function readHome(db: Db, member: Member): Promise<OperatorHome> {
  const zone = member.account.timezone;
  const today = localDateOf(clockNow(), zone);
  const tomorrow = addLocalDays(today, 1);
  const since = localToUtc(addLocalDays(today, -1), "00:00", zone);
  const decides = seesAllDepartures(member);
  const [departures, made, toDecide, owed, offers, notices] = await Promise.all([
    glanceDepartures(db, member, today, tomorrow),
    newBookings(db, member, since),
    decides ? departuresToDecide(db, member.account.id) : null,
    decides ? refundsOwed(db, member.account.id) : null,
    decides ? offersExpiring(db, member.account.id) : null,
    guideNotices(db, member),
  ]);
  const [todays, tomorrows] = byDay(today, tomorrow, departures);
  return {
    today,
    tomorrow,
    timezone: zone,
    departures: { today: todays.departures, tomorrow: tomorrows.departures },
    newBookings: made,
    decisions: toDecide && owed && offers ? { departures: toDecide, refundsOwed: owed, offersExpiring: offers } : null,
    notices,
  };
}
