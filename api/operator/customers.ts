import { and, asc, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { DEFAULT_NOTIFICATION_PREFERENCES } from "~contract/identity/preferences";
import {
  customerIdOf,
  CUSTOMERS_PAGE_SIZE,
  encodeCustomersCursor,
  MAX_CUSTOMERS_CSV_ROWS,
  type CustomerNote,
  type CustomerRow,
  type CustomerSort,
  type CustomersFilter,
  type CustomersList,
  type OperatorCustomer,
} from "~contract/operator/customers";
import type { Db } from "../db/client";
import { bookings, customerNotes, experiences, notificationPreferences, slots, users } from "../db/schema";
import { notFound } from "../http/errors";
import { randomId } from "../ids";
import { writeAudit, type Actor } from "../audit/log";
import { seesMoney, type Member } from "../members/guard";
import { listBookings } from "./bookings-list";
import { withDepartureAndHolder } from "./guest-contact";
import { MADE_STATUSES } from "./home";
import { refundedSql } from "./manifest";

export const customerNotFound = () => notFound("No such customer of this operator.", "customer_not_found");

/** A booking's customer: its own guest email (a booking the team took), else its account holder's; lower-cased. */
export const customerEmailSql = sql<string>`lower(coalesce(${bookings.guestEmail}, ${users.email}))`;

/** `text` for LIKE: its own % and _ and \ taken literally. */
const likeEscaped = (text: string) => text.replace(/[\\%_]/g, "\\$&");

/** Microseconds, UTC: the cursor keeps the exact instant (a JavaScript Date would lose them). */
const utcKey = (at: SQL) => sql`to_char(${at} at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS.US')`;

/**
 * The operator's customers, one row per email, from ITS bookings only (account_id): a
 * traveller's bookings with any other operator are never read; a checkout abandoned (expired or
 * failed) is no booking. Spent: bookings whose payment was
 * taken (paid, or refunded since), their total less what was refunded of it, in the operator's currency.
 */
function customersOf(db: Db, account: { id: string; currency: string }) {
  const started = sql`${bookings.status} = 'confirmed' and ${slots.startsAt} <= app_now()`;
  const contactName = sql`coalesce(nullif(${bookings.guestName}, ''), nullif(trim(concat_ws(' ', ${users.firstName}, ${users.lastName})), ''), ${customerEmailSql})`;
  const contactPhone = sql`coalesce(${bookings.guestPhone}, ${users.phone})`;
  const latest = sql`${bookings.createdAt} desc, ${bookings.id} desc`;
  return withDepartureAndHolder(
    db
      .select({
        email: sql<string>`${customerEmailSql}`.as("email"),
        name: sql<string>`(array_agg(${contactName} order by ${latest}))[1]`.as("name"),
        phone: sql<
          string | null
        >`(array_agg(${contactPhone} order by ${latest}) filter (where ${contactPhone} is not null))[1]`.as("phone"),
        bookingCount: sql<number>`count(*)::int`.as("booking_count"),
        lastBookedAt: sql<Date>`max(${bookings.createdAt})`.as("last_booked_at"),
        lastBookedKey: sql<string>`${utcKey(sql`max(${bookings.createdAt})`)}`.as("last_booked_key"),
        lastVisitAt: sql<Date | null>`max(${slots.startsAt}) filter (where ${started})`.as("last_visit_at"),
        lastVisitZone: sql<
          string | null
        >`(array_agg(${experiences.timezone} order by ${slots.startsAt} desc) filter (where ${started}))[1]`.as(
          "last_visit_zone",
        ),
        spentMinor:
          sql<number>`coalesce(sum(case when ${bookings.paymentStatus} in ('paid', 'refunded') and ${bookings.currency} = ${account.currency}
        then ${bookings.totalMinor} - least(${refundedSql}, ${bookings.totalMinor}) else 0 end), 0)::int`.as(
            "spent_minor",
          ),
        holderId: sql<
          string | null
        >`(array_agg(${bookings.userId} order by ${latest}) filter (where ${bookings.userId} is not null))[1]`.as(
          "holder_id",
        ),
        staffConsent: sql<
          boolean | null
        >`(array_agg(${bookings.marketingConsent} order by ${latest}) filter (where ${bookings.takenByUserId} is not null))[1]`.as(
          "staff_consent",
        ),
      })
      .from(bookings)
      .$dynamic(),
  )
    .where(
      and(
        eq(bookings.accountId, account.id),
        inArray(bookings.status, [...MADE_STATUSES]),
        sql`${customerEmailSql} is not null`,
      ),
    )
    .groupBy(customerEmailSql)
    .as("customers");
}

type Customers = ReturnType<typeof customersOf>;

/** The consent rule (contract/operator/customers.ts): the holder's explicit choice, else the team's tick, else the default. */
const consentSql = (c: Customers) =>
  sql<boolean>`coalesce(${notificationPreferences.enabled}, ${c.staffConsent}, ${DEFAULT_NOTIFICATION_PREFERENCES.news.email})`;

function orderOf(c: Customers, sort: CustomerSort): SQL[] {
  if (sort === "email") return [asc(c.email)];
  if (sort === "spent") return [desc(c.spentMinor), desc(c.email)];
  return [desc(c.lastBookedKey), desc(c.email)];
}

function after(c: Customers, cursor: { sort: CustomerSort; value: string; email: string }): SQL {
  if (cursor.sort === "email") return sql`${c.email} > ${cursor.email}`;
  if (cursor.sort === "spent")
    return sql`(${c.spentMinor}, ${c.email}) < (${Number(cursor.value)}::int, ${cursor.email})`;
  return sql`(${c.lastBookedKey}, ${c.email}) < (${cursor.value}::text, ${cursor.email})`;
}

/** Customers matching `where`, as rows of the list (one query: the grouped bookings, the preference, the notes counted). */
async function customerRows(
  db: Db,
  member: Member,
  where: (c: Customers) => (SQL | undefined)[],
  sort: CustomerSort,
  limit: number,
) {
  const accountId = member.account.id;
  const c = customersOf(db, member.account);
  const consent = consentSql(c);
  const rows = await db
    .select({
      email: c.email,
      name: c.name,
      phone: c.phone,
      bookingCount: c.bookingCount,
      lastBookedAt: c.lastBookedAt,
      lastBookedKey: c.lastBookedKey,
      lastVisitAt: c.lastVisitAt,
      lastVisitZone: c.lastVisitZone,
      spentMinor: c.spentMinor,
      consent,
      notes: sql<number>`(select count(*) from ${customerNotes} where ${customerNotes.accountId} = ${accountId} and ${customerNotes.email} = ${c.email})::int`,
    })
    .from(c)
    .leftJoin(
      notificationPreferences,
      and(
        sql`${notificationPreferences.userId} = ${c.holderId}`,
        eq(notificationPreferences.category, "news"),
        eq(notificationPreferences.channel, "email"),
      ),
    )
    .where(and(...where(c).map((condition) => condition ?? undefined)))
    .orderBy(...orderOf(c, sort))
    .limit(limit);
  const withMoney = seesMoney(member);
  return rows.map((row) => ({
    key: row.lastBookedKey,
    row: {
      id: customerIdOf(row.email),
      email: row.email,
      name: row.name,
      phone: row.phone,
      bookings: Number(row.bookingCount),
      lastBookedAt: new Date(row.lastBookedAt).toISOString(),
      lastVisit:
        row.lastVisitAt && row.lastVisitZone
          ? { startsAt: new Date(row.lastVisitAt).toISOString(), timezone: row.lastVisitZone }
          : null,
      notes: Number(row.notes),
      marketingConsent: Boolean(row.consent),
      money: withMoney ? { currency: member.account.currency, spentMinor: Number(row.spentMinor) } : null,
    } satisfies CustomerRow,
  }));
}

/**
 * GET /v1/operator/customers: one page (or, for the CSV, every match up to MAX_CUSTOMERS_CSV_ROWS).
 * `onlyConsenting` (the CSV): only customers who consented, whatever the filter says.
 */
export async function listCustomers(
  db: Db,
  member: Member,
  filter: CustomersFilter,
  { everything = false, onlyConsenting = false } = {},
): Promise<CustomersList> {
  const sort = filter.sort ?? "recent";
  const limit = everything ? MAX_CUSTOMERS_CSV_ROWS : (filter.limit ?? CUSTOMERS_PAGE_SIZE);
  const pattern = filter.q ? `%${likeEscaped(filter.q.trim().toLowerCase())}%` : null;
  const wantConsent = onlyConsenting ? true : filter.consented === undefined ? null : filter.consented === "true";
  const found = await customerRows(
    db,
    member,
    (c) => [
      pattern ? sql`(${c.email} like ${pattern} or lower(${c.name}) like ${pattern})` : undefined,
      wantConsent === null ? undefined : sql`${consentSql(c)} = ${wantConsent}`,
      filter.cursor && !everything ? after(c, filter.cursor) : undefined,
    ],
    sort,
    limit + 1,
  );
  const page = found.slice(0, limit);
  const last = page.at(-1);
  const valueOf = (entry: NonNullable<typeof last>) =>
    sort === "recent" ? entry.key : sort === "spent" ? String(entry.row.money?.spentMinor ?? 0) : "";
  return {
    customers: page.map((entry) => entry.row),
    nextCursor:
      !everything && found.length > limit && last
        ? encodeCustomersCursor({ sort, value: valueOf(last), email: last.row.email })
        : null,
  };
}

/** The customer `email` of this operator; 404 customer_not_found when they never booked with it. */
async function customerOf(db: Db, member: Member, email: string): Promise<CustomerRow> {
  const [found] = await customerRows(db, member, (c) => [sql`${c.email} = ${email}`], "email", 1);
  if (!found) throw customerNotFound();
  return found.row;
}

const authors = users;

/** The team's notes on `email`, newest first. */
async function notesOf(db: Db, accountId: string, email: string): Promise<CustomerNote[]> {
  const rows = await db
    .select({
      id: customerNotes.id,
      body: customerNotes.body,
      createdAt: customerNotes.createdAt,
      authorUserId: customerNotes.authorUserId,
      authorName: sql<string>`coalesce(nullif(trim(concat_ws(' ', ${authors.firstName}, ${authors.lastName})), ''), ${authors.email}, ${customerNotes.authorUserId})`,
    })
    .from(customerNotes)
    .leftJoin(authors, eq(authors.id, customerNotes.authorUserId))
    .where(and(eq(customerNotes.accountId, accountId), eq(customerNotes.email, email)))
    .orderBy(desc(customerNotes.createdAt), desc(customerNotes.id));
  return rows.map((row) => ({
    id: row.id,
    body: row.body,
    createdAt: row.createdAt.toISOString(),
    author: { userId: row.authorUserId, name: row.authorName },
  }));
}

/** GET /v1/operator/customers/{customerId}: the customer, their bookings with THIS operator (newest first), the notes. */
export async function readCustomer(db: Db, member: Member, email: string): Promise<OperatorCustomer> {
  const customer = await customerOf(db, member, email);
  const [list, notes] = await Promise.all([
    listBookings(db, member, {}, { everything: true, where: sql`${customerEmailSql} = ${email}` }),
    notesOf(db, member.account.id, email),
  ]);
  return { customer, bookings: list.bookings, notes };
}

/** POST /v1/operator/customers/{customerId}/notes: a note on a customer of this operator, audited. */
export async function addCustomerNote(
  db: Db,
  member: Member,
  actor: Actor,
  email: string,
  body: string,
): Promise<CustomerNote> {
  await customerOf(db, member, email);
  return db.transaction(async (tx) => {
    const id = randomId("cn_");
    const [row] = await tx
      .insert(customerNotes)
      .values({ id, accountId: member.account.id, email, authorUserId: member.userId, body })
      .returning({ createdAt: customerNotes.createdAt });
    await writeAudit(tx, actor, "customer.note_added", { email, noteId: id });
    const [author] = await tx
      .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
      .from(users)
      .where(eq(users.id, member.userId));
    const name = [author?.firstName, author?.lastName].filter(Boolean).join(" ") || author?.email || member.userId;
    return { id, body, createdAt: row.createdAt.toISOString(), author: { userId: member.userId, name } };
  });
}
