import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { queryRows } from "../db/rows";
import { accounts, checkoutVisits, experiences, services, slots, users, type AccountRow } from "../db/schema";
import { bookingEnv } from "../env";
import { notFound } from "../http/errors";
import { isPublished } from "../catalog/fragments";
import { wantsMessageSql } from "../notifications/preferences";
import { enqueueEmail } from "../outbox/service";
import { unsubscribeLinks } from "../unsubscribe/service";
import { checkoutReminderEmail } from "./emails";

/** Reminders one run sends at most; the next run (a minute later) takes the rest. */
const BATCH = 200;
/** A visit older than this is not worth a reminder any more (and the weekly limit's window). */
const WEEK = sql`interval '7 days'`;

/**
 * POST /v1/user/checkout-visits: the caller reached the confirm page of `serviceId` (a published
 * service; in account mode, of that operator: else 404). The latest visit per caller and
 * experience is kept; when they were last reminded is kept across visits.
 */
export async function recordCheckoutVisit(
  db: Db,
  input: {
    userId: string;
    serviceId: string;
    slotId?: string;
    tickets?: Array<{ ticketTypeId: string; quantity: number }>;
    scope: AccountRow | null;
    origin: string;
  },
): Promise<void> {
  const [service] = await db
    .select({ experienceId: services.experienceId })
    .from(services)
    .innerJoin(experiences, eq(experiences.id, services.experienceId))
    .where(
      and(
        eq(services.id, input.serviceId),
        isPublished(),
        input.scope ? eq(experiences.accountId, input.scope.id) : undefined,
      ),
    )
    .limit(1);
  if (!service) throw notFound(`No service "${input.serviceId}".`);
  // The departure chosen, when it is one of this service's (anything else is not kept).
  const [slot] = input.slotId
    ? await db
        .select({ id: slots.id })
        .from(slots)
        .where(and(eq(slots.id, input.slotId), eq(slots.serviceId, input.serviceId)))
        .limit(1)
    : [];
  const visit = {
    serviceId: input.serviceId,
    slotId: slot && input.tickets ? slot.id : null,
    tickets: slot && input.tickets ? input.tickets.filter((line) => line.quantity > 0) : null,
    origin: input.origin,
    storefront: input.scope !== null,
    visitedAt: sql`app_now()`,
  };
  await db
    .insert(checkoutVisits)
    .values({ userId: input.userId, experienceId: service.experienceId, ...visit })
    .onConflictDoUpdate({ target: [checkoutVisits.userId, checkoutVisits.experienceId], set: visit });
}

/**
 * Where the reminder's "Pick up where you left off" leads: the confirm page with the departure and
 * tickets chosen (as a waitlist offer's link does), or the service's details page when the visit
 * kept none. A departure gone, started or sold out since: the confirm page says so and offers another.
 */
export function pickUpPath(
  experienceId: string,
  visit: Pick<typeof checkoutVisits.$inferSelect, "serviceId" | "slotId" | "tickets">,
): string {
  const details = `/experiences/${experienceId}/${visit.serviceId}`;
  if (!visit.slotId || !visit.tickets?.length) return details;
  const query = new URLSearchParams({ slot: visit.slotId });
  for (const line of visit.tickets) query.set(`t_${line.ticketTypeId}`, String(line.quantity));
  return `${details}/confirm?${query.toString()}`;
}

/**
 * The reminders now due, each sent once, everything checked at send time in the statement that
 * claims them: the visit is CHECKOUT_REMINDER_HOURS old (and less than a week), the traveller
 * allows marketing email ("news"), has booked nothing of that experience since (a lapsed hold has
 * its own email), was not reminded of it in the last week (nor since this visit), and a departure
 * of it is still on sale with a seat left. Claimed with SKIP LOCKED and marked in the transaction
 * that queues the email: two processes never send one twice.
 */
export async function sendCheckoutReminders(db: Db): Promise<number> {
  const delay = bookingEnv.checkoutReminderHours;
  return db.transaction(async (tx) => {
    const claimed = await queryRows<{ user_id: string; experience_id: string }>(
      tx,
      sql`
      with due as (
        select v.user_id, v.experience_id
        from checkout_visits v
        join experiences e on e.id = v.experience_id
        where v.visited_at <= app_now() - make_interval(hours => ${delay})
          and v.visited_at > app_now() - ${WEEK}
          and (v.reminded_at is null or (v.reminded_at <= app_now() - ${WEEK} and v.reminded_at < v.visited_at))
          and e.published_at is not null
          and ${wantsMessageSql(sql`v.user_id`, "news", "email")}
          and not exists (
            select 1 from bookings b
            where b.user_id = v.user_id and b.experience_id = v.experience_id and b.created_at >= v.visited_at)
          and exists (
            select 1 from slots s join services sv on sv.id = s.service_id
            where sv.experience_id = v.experience_id and s.status = 'open' and s.seats_taken < s.capacity
              and s.private_booking_id is null and s.starts_at > app_now() + make_interval(mins => sv.sales_cutoff_minutes))
        order by v.visited_at
        limit ${BATCH}
        for update of v skip locked
      )
      update checkout_visits v set reminded_at = app_now()
      from due where v.user_id = due.user_id and v.experience_id = due.experience_id
      returning v.user_id, v.experience_id`,
    );
    for (const { user_id: userId, experience_id: experienceId } of claimed) {
      const [row] = await tx
        .select({
          visit: checkoutVisits,
          email: users.email,
          firstName: users.firstName,
          title: experiences.title,
          account: accounts,
        })
        .from(checkoutVisits)
        .innerJoin(users, eq(users.id, checkoutVisits.userId))
        .innerJoin(experiences, eq(experiences.id, checkoutVisits.experienceId))
        .innerJoin(accounts, eq(accounts.id, experiences.accountId))
        .where(and(eq(checkoutVisits.userId, userId), eq(checkoutVisits.experienceId, experienceId)));
      if (!row?.email) continue;
      await enqueueEmail(
        tx,
        checkoutReminderEmail({
          to: row.email,
          firstName: row.firstName,
          experienceTitle: row.title,
          link: new URL(pickUpPath(experienceId, row.visit), row.visit.origin).toString(),
          origin: row.visit.origin,
          operator: row.visit.storefront ? row.account : null,
          unsubscribe: unsubscribeLinks(userId, "news", row.visit.origin),
        }),
      );
    }
    return claimed.length;
  });
}
