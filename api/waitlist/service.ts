/**
 * The waitlist of a sold-out departure (issue 30 item 1): joining and leaving, the traveller's
 * entries, and the offering step of the due work that gives freed seats to the first in line
 * whose party fits, holding them for the offer.
 *
 * Lock order (as everywhere: booking, slot, promo code; here): entry, offer, slot. The offering
 * step locks a slot (SKIP LOCKED) and then only waiting entries of it; leaving and expiring lock
 * an offered entry, its offer, then the slot: no cycle.
 */
import { queryRows } from "../db/rows";
import { departureJoins } from "../db/joins";
import { randomBytes } from "node:crypto";
import { and, asc, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/client";
import { isUniqueViolation } from "../db/errors";
import {
  accounts,
  experiences,
  services,
  slots,
  users,
  waitlistEntries,
  waitlistOffers,
  type AccountRow,
  type WaitlistEntryRow,
  type WaitlistOfferRow,
} from "../db/schema";
import { bookingEnv } from "../env";
import { conflict, notFound } from "../http/errors";
import { randomId } from "../ids";
import { loadBookableService } from "../catalog/bookable-service";
import { loadOpenSlot } from "../bookings/seats";
import { formatDepartureTime, formatMomentIn } from "../bookings/format";
import { requireUserRow } from "../users/service";
import { addNotification } from "../notifications/service";
import { enqueueEmail } from "../outbox/service";
import {
  waitlistClosedEmail,
  waitlistJoinedEmail,
  waitlistOfferEmail,
  waitlistOfferExpiredEmail,
  type WaitlistMail,
} from "./emails";
import { kickWaitlist } from "../bookings/seats-freed";
import { hashOfferToken } from "../bookings/waitlist-offer";
import type { JoinWaitlistBody, WaitlistDeparture, WaitlistEntry } from "~contract/waitlist/requests";
import { refuseSuspended, refuseSuspendedLocked } from "../accounts/status";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** Departures one offering run handles at most; the next run takes the rest. */
const BATCH = 100;

export const newWaitlistEntryId = () => randomId("wl_");
const newOfferId = () => randomId("wo_");

const newOfferToken = () => randomBytes(24).toString("base64url");

/** The confirm page with the offer's seats (adults by default; the traveller may change the ticket mix). */
export function offerPath(input: {
  experienceId: string;
  serviceId: string;
  slotId: string;
  seats: number;
  ticketTypeId: string | null;
  token: string;
}): string {
  const query = new URLSearchParams({ slot: input.slotId });
  if (input.ticketTypeId) query.set(`t_${input.ticketTypeId}`, String(input.seats));
  query.set("offer", input.token);
  return `/experiences/${input.experienceId}/${input.serviceId}/confirm?${query.toString()}`;
}

export const WAITLIST_PAGE = "/account/waitlist";

/** Active entries (waiting or offered) of a departure: its freed seats are the waitlist's, not the public's. */
export const ACTIVE = ["waiting", "offered"] as const;

/**
 * POST /v1/waitlist: the signed-in caller joins a departure's waitlist for a party of `seats`:
 * only a departure still on sale with fewer seats left for the public than the party (409
 * seats_available otherwise: book them); one entry per traveller and departure, ever (409
 * already_on_waitlist, also after leaving or declining: no second offer). Tenant scope as
 * createBooking: on a storefront, only that operator's services.
 */
export async function joinWaitlist(
  db: Db,
  input: { uid: string; scope: AccountRow | null; body: JoinWaitlistBody; origin: string },
): Promise<WaitlistEntry> {
  const { body } = input;
  await requireUserRow(db, input.uid);
  const context = await loadBookableService(db, body.serviceId, input.scope);
  refuseSuspended(context.account);
  const slot = await loadOpenSlot(db, body.slotId, body.serviceId);
  if (slot.seatsLeft >= body.seats)
    throw conflict("There are enough seats left for this time: book them instead.", "seats_available");
  let entry: WaitlistEntry;
  try {
    entry = await db.transaction(async (tx) => {
      // A place in line is a sale to come: a suspension that committed first refuses it.
      await refuseSuspendedLocked(tx, context.account.id);
      // Back in line after an offer lapsed or the traveller left: their entry again, at the end.
      const rejoined = await rejoinWaitlist(tx, input.uid, body.slotId, body.seats, input);
      const [{ id: entryId }] = rejoined
        ? [rejoined]
        : await tx
            .insert(waitlistEntries)
            .values({
              id: newWaitlistEntryId(),
              slotId: body.slotId,
              serviceId: body.serviceId,
              accountId: context.account.id,
              userId: input.uid,
              seats: body.seats,
              origin: input.origin,
              storefront: input.scope !== null,
              createdAt: sql`app_now()`,
              updatedAt: sql`app_now()`,
            })
            .returning({ id: waitlistEntries.id });
      // Told in the transaction that makes (or renews) the entry (the transactional outbox).
      const [joined] = await listWaitlist(tx, input.uid, input.scope, entryId);
      const mail = (await entryContexts(tx, [entryId])).get(entryId)?.mail;
      if (mail) await enqueueEmail(tx, waitlistJoinedEmail(mail, joined.placeInLine ?? 1));
      return joined;
    });
  } catch (error) {
    if (isUniqueViolation(error, "waitlist_entries_slot_user_key"))
      throw conflict("You are already on the waitlist of this time.", "already_on_waitlist");
    throw error;
  }
  // Seats may be free already (only the public may not have them): offered at the next run.
  kickWaitlist();
  return entry;
}

/** Statuses an entry leaves the line with that its traveller may join again from. */
const REJOINABLE = ["expired", "declined", "left"] as const;

/**
 * The caller's entry of this departure that left the line (offer lapsed, declined, left), put back
 * as waiting, at the end of the line (a new position from the identity); null when there is none.
 */
async function rejoinWaitlist(
  tx: Tx,
  userId: string,
  slotId: string,
  seats: number,
  input: { origin: string; scope: AccountRow | null },
): Promise<{ id: string } | null> {
  const [row] = await queryRows<{ id: string }>(
    tx,
    sql`
    update ${waitlistEntries}
    set status = 'waiting', seats = ${seats}, position = default, origin = ${input.origin},
      storefront = ${input.scope !== null}, updated_at = app_now()
    where slot_id = ${slotId} and user_id = ${userId}
      and status in (${sql.join(
        REJOINABLE.map((status) => sql`${status}`),
        sql`, `,
      )})
    returning id`,
  );
  return row ?? null;
}

/**
 * GET /v1/waitlist/departures/{slotId}: the departure the join form names (its experience, option
 * and time in the experience's zone). Tenant scope as joinWaitlist.
 */
export async function waitlistDeparture(
  db: Db,
  scope: AccountRow | null,
  serviceId: string,
  slotId: string,
): Promise<WaitlistDeparture> {
  const context = await loadBookableService(db, serviceId, scope);
  const slot = await loadOpenSlot(db, slotId, serviceId);
  return {
    experienceId: context.experience.id,
    experienceTitle: context.experience.title,
    serviceId,
    serviceName: context.service.name,
    slotId,
    startsAt: slot.startsAt.toISOString(),
    endsAt: slot.endsAt.toISOString(),
    timezone: context.experience.timezone,
    seatsLeft: slot.seatsLeft,
  };
}

/** Gives an open offer's seats back and closes it; the caller holds the entry's row lock. */
async function closeOffer(tx: Tx, offer: WaitlistOfferRow, status: "expired" | "declined" | "withdrawn") {
  const closed = await tx
    .update(waitlistOffers)
    .set({ status, closedAt: sql`app_now()` })
    .where(and(eq(waitlistOffers.id, offer.id), eq(waitlistOffers.status, "open")))
    .returning({ id: waitlistOffers.id });
  if (closed.length === 0) return;
  await tx
    .update(slots)
    .set({ seatsTaken: sql`${slots.seatsTaken} - ${offer.seats}` })
    .where(eq(slots.id, offer.slotId));
}

async function openOfferOf(tx: Tx, entryId: string): Promise<WaitlistOfferRow | null> {
  const [offer] = await tx
    .select()
    .from(waitlistOffers)
    .where(and(eq(waitlistOffers.entryId, entryId), eq(waitlistOffers.status, "open")))
    .for("update");
  return offer ?? null;
}

/**
 * POST /v1/waitlist/{entryId}/leave: one click. A waiting entry is left; an offered one is
 * declined (its seats pass on at once). Leaving again answers the entry as it is. Another
 * traveller's (or, on a storefront, another operator's) entry is 404.
 */
export async function leaveWaitlist(
  db: Db,
  input: { userId: string; scope: AccountRow | null; entryId: string },
): Promise<WaitlistEntry> {
  const freed = await db.transaction(async (tx) => {
    const [entry] = await tx
      .select()
      .from(waitlistEntries)
      .where(
        and(
          eq(waitlistEntries.id, input.entryId),
          eq(waitlistEntries.userId, input.userId),
          input.scope ? eq(waitlistEntries.accountId, input.scope.id) : undefined,
        ),
      )
      .for("update");
    if (!entry) throw notFound("No such waitlist entry.", "waitlist_entry_not_found");
    if (entry.status === "waiting") {
      await setStatus(tx, entry.id, "left");
      return false;
    }
    if (entry.status !== "offered") return false;
    const offer = await openOfferOf(tx, entry.id);
    if (offer) await closeOffer(tx, offer, "declined");
    await setStatus(tx, entry.id, "declined");
    return offer !== null;
  });
  if (freed) kickWaitlist();
  const [entry] = await listWaitlist(db, input.userId, input.scope, input.entryId);
  return entry;
}

async function setStatus(tx: Tx, id: string, status: WaitlistEntryRow["status"]) {
  await tx
    .update(waitlistEntries)
    .set({ status, updatedAt: sql`app_now()` })
    .where(eq(waitlistEntries.id, id));
}

/**
 * GET /v1/user/waitlist: the caller's entries, newest first (on a storefront, that operator's),
 * each with its departure, place in line while waiting, and open offer's expiry. One query.
 */
export async function listWaitlist(
  db: Db,
  userId: string,
  scope: AccountRow | null,
  onlyId?: string,
): Promise<WaitlistEntry[]> {
  const rows = await db
    .select({
      entry: waitlistEntries,
      experienceId: experiences.id,
      experienceTitle: experiences.title,
      serviceName: services.name,
      timezone: experiences.timezone,
      startsAt: slots.startsAt,
      offerExpiresAt: waitlistOffers.expiresAt,
      ahead: sql<number>`(select count(*) from ${waitlistEntries} a
        where a.slot_id = ${waitlistEntries.slotId} and a.status in ('waiting', 'offered')
          and a.position < ${waitlistEntries.position})::int`,
    })
    .from(waitlistEntries)
    .innerJoin(slots, eq(slots.id, waitlistEntries.slotId))
    .innerJoin(services, eq(services.id, waitlistEntries.serviceId))
    .innerJoin(experiences, eq(experiences.id, services.experienceId))
    .leftJoin(waitlistOffers, and(eq(waitlistOffers.entryId, waitlistEntries.id), eq(waitlistOffers.status, "open")))
    .where(
      and(
        eq(waitlistEntries.userId, userId),
        scope ? eq(waitlistEntries.accountId, scope.id) : undefined,
        onlyId ? eq(waitlistEntries.id, onlyId) : undefined,
      ),
    )
    .orderBy(desc(waitlistEntries.createdAt), desc(waitlistEntries.position))
    .limit(100);
  return rows.map((row) => ({
    id: row.entry.id,
    status: row.entry.status,
    seats: row.entry.seats,
    slotId: row.entry.slotId,
    serviceId: row.entry.serviceId,
    experienceId: row.experienceId,
    experienceTitle: row.experienceTitle,
    serviceName: row.serviceName,
    startsAt: row.startsAt.toISOString(),
    timezone: row.timezone,
    placeInLine: row.entry.status === "waiting" ? Number(row.ahead) + 1 : null,
    offerExpiresAt: row.offerExpiresAt ? row.offerExpiresAt.toISOString() : null,
    joinedAt: row.entry.createdAt.toISOString(),
  }));
}

/**
 * GET /v1/operator/departures/{departureId}/waitlist: a departure's waitlist in line order, for
 * the console (the guard is the caller's): a departure of another operator, or one `visible` (the
 * caller's departures, a condition on `slots`: a guide's own) leaves out, is 404. Two queries.
 */
export async function departureWaitlist(db: Db, accountId: string, departureId: string, visible?: SQL) {
  const [slot] = await departureJoins(db.select({ id: slots.id }).from(slots).$dynamic())
    .where(and(eq(slots.id, departureId), eq(experiences.accountId, accountId), visible))
    .limit(1);
  if (!slot) throw notFound("No such departure.", "departure_not_found");
  const rows = await db
    .select({
      entry: waitlistEntries,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      offerExpiresAt: waitlistOffers.expiresAt,
    })
    .from(waitlistEntries)
    .innerJoin(users, eq(users.id, waitlistEntries.userId))
    .leftJoin(waitlistOffers, and(eq(waitlistOffers.entryId, waitlistEntries.id), eq(waitlistOffers.status, "open")))
    .where(eq(waitlistEntries.slotId, departureId))
    .orderBy(asc(waitlistEntries.position));
  return {
    departureId,
    entries: rows.map((row) => ({
      id: row.entry.id,
      status: row.entry.status,
      seats: row.entry.seats,
      name: [row.firstName, row.lastName].filter(Boolean).join(" ") || null,
      email: row.email,
      joinedAt: row.entry.createdAt.toISOString(),
      offerExpiresAt: row.offerExpiresAt ? row.offerExpiresAt.toISOString() : null,
    })),
  };
}

export interface WaitlistRun {
  offered: number;
  expired: number;
  closed: number;
}

/**
 * The due work's waitlist step, three transactions:
 * 1. offers whose time ran out expire (their entry too: no second offer), and offers of departures
 *    the operator closed or cancelled are withdrawn; their seats given back;
 * 2. waiting entries of departures no longer on sale are closed (cancelled with the departure,
 *    else expired): no offers once the departure starts or passes its cut-off;
 * 3. departures on sale with waiting entries and free seats: each locked (FOR UPDATE SKIP
 *    LOCKED: two processes never offer the same seats), its free seats offered in line order to
 *    each entry whose party fits (one that does not is skipped, not dropped), the seats taken for
 *    the offer until WAITLIST_OFFER_HOURS from now or the departure's cut-off, whichever is first;
 *    none for a suspended operator's departures (its line waits until it is reinstated).
 */
export async function runWaitlist(db: Db): Promise<WaitlistRun> {
  const expired = await expireOffers(db);
  const closed = await closeUnsellable(db);
  const offered = await makeOffers(db);
  return { offered, expired, closed };
}

async function expireOffers(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await tx.execute(sql`
      select e.id as entry_id, s.status as slot_status
      from waitlist_offers o join waitlist_entries e on e.id = o.entry_id join slots s on s.id = o.slot_id
      where o.status = 'open' and e.status = 'offered' and (o.expires_at <= app_now() or s.status <> 'open')
      order by o.expires_at
      limit ${BATCH * 5}
      for update of e skip locked`);
    const rows = (due as unknown as { rows: Array<{ entry_id: string; slot_status: string }> }).rows;
    const closed: Array<{ entryId: string; slotId: string; slotStatus: string }> = [];
    for (const { entry_id: entryId, slot_status: slotStatus } of rows) {
      const offer = await openOfferOf(tx, entryId);
      if (!offer) continue;
      // The operator closed or cancelled the departure: the offer is withdrawn (its link refused already).
      await closeOffer(tx, offer, slotStatus === "open" ? "expired" : "withdrawn");
      await setStatus(tx, entryId, slotStatus === "cancelled" ? "cancelled" : "expired");
      closed.push({ entryId, slotId: offer.slotId, slotStatus });
    }
    // Each traveller told: expired (the seats pass to the next in line, or back on sale), or withdrawn.
    const contexts = await entryContexts(
      tx,
      closed.map((item) => item.entryId),
    );
    for (const { entryId, slotId, slotStatus } of closed) {
      const mail = contexts.get(entryId)?.mail;
      if (!mail) continue;
      if (slotStatus !== "open") {
        const reason = { cancelled: slotStatus === "cancelled", offerWithdrawn: true, othersOffered: false };
        await enqueueEmail(tx, waitlistClosedEmail(mail, reason));
        continue;
      }
      const [waiting] = await tx
        .select({ id: waitlistEntries.id })
        .from(waitlistEntries)
        .where(and(eq(waitlistEntries.slotId, slotId), eq(waitlistEntries.status, "waiting")))
        .limit(1);
      await enqueueEmail(tx, waitlistOfferExpiredEmail(mail, waiting ? "next_in_line" : "on_sale"));
    }
    return closed.length;
  });
}

async function closeUnsellable(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const result = await tx.execute(sql`
    with due as (
      select e.id, s.status as slot_status from waitlist_entries e
      join slots s on s.id = e.slot_id join services sv on sv.id = s.service_id
      where e.status = 'waiting'
        and not (s.status = 'open' and s.starts_at > app_now() + make_interval(mins => sv.sales_cutoff_minutes))
      limit ${BATCH * 5}
      for update of e skip locked
    )
    update waitlist_entries e
    set status = case when due.slot_status = 'cancelled' then 'cancelled' else 'expired' end, updated_at = app_now()
    from due where e.id = due.id and e.status = 'waiting'
    returning e.id, e.status,
      exists (select 1 from waitlist_offers o where o.slot_id = e.slot_id) as others_offered`);
    const rows = (result as unknown as { rows: Array<{ id: string; status: string; others_offered: boolean }> }).rows;
    // Each traveller told that the line closed without seats for them (and whether seats went to others).
    const contexts = await entryContexts(
      tx,
      rows.map((row) => row.id),
    );
    for (const row of rows) {
      const mail = contexts.get(row.id)?.mail;
      if (!mail) continue;
      const reason = {
        cancelled: row.status === "cancelled",
        offerWithdrawn: false,
        othersOffered: Boolean(row.others_offered),
      };
      await enqueueEmail(tx, waitlistClosedEmail(mail, reason));
    }
    return rows.length;
  });
}

interface Offered {
  entry: WaitlistEntryRow;
  token: string;
  expiresAt: Date;
}

async function makeOffers(db: Db): Promise<number> {
  const made = await db.transaction(async (tx) => {
    const found = await tx.execute(sql`
      select s.id, s.capacity - s.seats_taken as free,
        least(app_now() + make_interval(hours => ${bookingEnv.waitlistOfferHours}),
              s.starts_at - make_interval(mins => sv.sales_cutoff_minutes)) as expires_at
      from slots s join services sv on sv.id = s.service_id
      where s.status = 'open' and s.starts_at > app_now() + make_interval(mins => sv.sales_cutoff_minutes)
        and s.seats_taken < s.capacity and s.private_booking_id is null
        and exists (select 1 from waitlist_entries e where e.slot_id = s.id and e.status = 'waiting')
        -- A suspended operator's line waits (nothing offered) until it is reinstated (issue 44).
        and not exists (select 1 from experiences x join accounts a on a.id = x.account_id
          where x.id = sv.experience_id and a.status = 'suspended')
      order by s.starts_at, s.id
      limit ${BATCH}
      for update of s skip locked`);
    const departures = (found as unknown as { rows: Array<{ id: string; free: number; expires_at: string | Date }> })
      .rows;
    const offers: Offered[] = [];
    for (const departure of departures) {
      let free = Number(departure.free);
      const waiting = await tx
        .select()
        .from(waitlistEntries)
        .where(and(eq(waitlistEntries.slotId, departure.id), eq(waitlistEntries.status, "waiting")))
        .orderBy(asc(waitlistEntries.position))
        .for("update");
      const chosen = [];
      for (const entry of waiting) {
        if (free <= 0) break;
        if (entry.seats > free) continue; // does not fit: skipped, keeps its place
        free -= entry.seats;
        chosen.push(entry);
      }
      if (chosen.length === 0) continue;
      const seats = chosen.reduce((sum, entry) => sum + entry.seats, 0);
      await tx
        .update(slots)
        .set({ seatsTaken: sql`${slots.seatsTaken} + ${seats}` })
        .where(eq(slots.id, departure.id));
      await tx
        .update(waitlistEntries)
        .set({ status: "offered", updatedAt: sql`app_now()` })
        .where(
          inArray(
            waitlistEntries.id,
            chosen.map((entry) => entry.id),
          ),
        );
      for (const entry of chosen) {
        const token = newOfferToken();
        const offerId = newOfferId();
        await tx.insert(waitlistOffers).values({
          id: offerId,
          entryId: entry.id,
          slotId: departure.id,
          seats: entry.seats,
          tokenHash: hashOfferToken(token),
          expiresAt: new Date(departure.expires_at),
          createdAt: sql`app_now()`,
        });
        offers.push({ entry, token, expiresAt: new Date(departure.expires_at) });
      }
    }
    await tellOffers(tx, offers);
    return offers.length;
  });
  return made;
}

/** An entry's departure as its messages name it, and its email (null: the traveller has no address). */
interface EntryContext {
  experienceId: string;
  experienceTitle: string;
  /** The departure's time in its experience's zone, the zone named. */
  when: string;
  timezone: string;
  ticketTypeId: string | null;
  mail: WaitlistMail | null;
}

/** What the messages of these entries need: the traveller, the departure (named), the operator; one query. */
async function entryContexts(tx: Tx, entryIds: string[]): Promise<Map<string, EntryContext>> {
  if (entryIds.length === 0) return new Map();
  const rows = await tx
    .select({
      entry: waitlistEntries,
      email: users.email,
      firstName: users.firstName,
      experienceId: experiences.id,
      title: experiences.title,
      serviceName: services.name,
      timezone: experiences.timezone,
      startsAt: slots.startsAt,
      endsAt: slots.endsAt,
      account: accounts,
      ticketTypeId: sql<string | null>`(select t.id from ticket_types t where t.service_id = ${slots.serviceId}
        order by t.sort_order, t.id limit 1)`,
    })
    .from(waitlistEntries)
    .innerJoin(users, eq(users.id, waitlistEntries.userId))
    .innerJoin(slots, eq(slots.id, waitlistEntries.slotId))
    .innerJoin(services, eq(services.id, slots.serviceId))
    .innerJoin(experiences, eq(experiences.id, services.experienceId))
    .innerJoin(accounts, eq(accounts.id, experiences.accountId))
    .where(inArray(waitlistEntries.id, entryIds));
  return new Map(
    rows.map((row) => {
      const when = formatDepartureTime(row, row.timezone);
      const mail: WaitlistMail | null = row.email
        ? {
            to: row.email,
            firstName: row.firstName,
            experienceTitle: row.title,
            serviceName: row.serviceName,
            when,
            seats: row.entry.seats,
            waitlistLink: new URL(WAITLIST_PAGE, row.entry.origin).toString(),
            origin: row.entry.origin,
            operator: row.entry.storefront ? row.account : null,
          }
        : null;
      const context: EntryContext = {
        experienceId: row.experienceId,
        experienceTitle: row.title,
        when,
        timezone: row.timezone,
        ticketTypeId: row.ticketTypeId,
        mail,
      };
      return [row.entry.id, context];
    }),
  );
}

/** Each offer's email (the operator's branding when joined on their storefront) and notification. */
async function tellOffers(tx: Tx, offers: Offered[]): Promise<void> {
  const contexts = await entryContexts(
    tx,
    offers.map((offer) => offer.entry.id),
  );
  for (const { entry, token, expiresAt } of offers) {
    const context = contexts.get(entry.id)!;
    const path = offerPath({
      experienceId: context.experienceId,
      serviceId: entry.serviceId,
      slotId: entry.slotId,
      seats: entry.seats,
      ticketTypeId: context.ticketTypeId,
      token,
    });
    const until = formatMomentIn(expiresAt, context.timezone);
    await addNotification(tx, {
      userId: entry.userId,
      kind: "waitlist_offer",
      title: `Seats for you: ${context.experienceTitle}`,
      body: `${entry.seats === 1 ? "1 seat" : `${entry.seats} seats`} on ${context.when} are held for you until ${until}.`,
      link: path,
    });
    if (!context.mail) continue;
    await enqueueEmail(
      tx,
      waitlistOfferEmail(context.mail, { expiresAt: until, link: new URL(path, entry.origin).toString() }),
    );
  }
}
