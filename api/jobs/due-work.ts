import { eq, sql, type SQL } from "drizzle-orm";
import { announceChanges } from "../changes/feed";
import { syncClock } from "../clock";
import type { Db } from "../db/client";
import { queryRows } from "../db/rows";
import { bookings, referrals, users } from "../db/schema";
import { settleDueRefunds } from "../bookings/refunds";
import { settleDueGiftCardTransfers } from "../payments/gift-card-transfers";
import { findBookingView, type BookingViewRow } from "../bookings/view";
import { bookingReference } from "../ids";
import { lapsedHoldEmail, reminderEmail, tipEmail, type BookingMailContext } from "../bookings/emails";
import { formatWhen } from "../bookings/format";
import { addNotification } from "../notifications/service";
import { wantsMessage } from "../notifications/preferences";
import { enqueueEmail, enqueueSms } from "../outbox/service";
import type { EmailInput } from "~contract/system/outbox";
import { expireHolds } from "../bookings/hold-expiry";
import { cancelUnpaidBalances, chargeDueBalances } from "../bookings/deposits";
import { expireRescheduleHolds } from "../bookings/reschedule-payment";
import { unsubscribeLinks } from "../unsubscribe/service";
import { guestOf } from "../bookings/booking-mail";
import { createRewardCode, REFERRAL_REWARD_PERCENT } from "../referrals/service";
import { formatPercent } from "~contract/percent";
import { referralRewardEmail } from "../referrals/emails";
import { hashTipKey, newTipAccessKey, tipPath } from "../tips/service";
import { materialiseDueServices } from "../schedules/materialise";
import { sendCheckoutReminders } from "../reminders/checkout-visits";
import { runWaitlist } from "../waitlist/service";
import { deliverDueGiftCards } from "../gift-cards/purchase";
import { releaseDueFunds } from "../payouts/release";
import { runDuePayouts } from "../payouts/run";

/** Bookings one step handles at most per run; the next run (a minute later) takes the rest. */
const BATCH = 200;

export interface DueWorkResult {
  expired: number;
  /** Moves to a dearer departure whose payment did not come in time (their held seats freed). */
  rescheduleHoldsExpired: number;
  refunds: number;
  lapsed: number;
  reminders: number;
  completed: number;
  tipRequests: number;
  referralRewards: number;
  departures: number;
  checkoutReminders: number;
  waitlistOffers: number;
  waitlistExpired: number;
  giftCards: number;
  /** Bookings whose money became their operator's to pay out (departure plus hold; api/payouts/release.ts). */
  released: number;
  /** Payouts made to operators on their payout day (api/payouts/run.ts). */
  payouts: number;
  /** Deposit bookings' balances charged off-session, declined (payment link sent), cancelled unpaid at the cut-off. */
  balancesCharged: number;
  balancesDeclined: number;
  balancesCancelled: number;
}

/**
 * Everything the product's clock made due, each step claiming its bookings in one statement
 * (FOR UPDATE SKIP LOCKED, then the booking marked) and writing its messages in the same
 * transaction: two processes running this at once never do a step twice for a booking, and a
 * process dying mid-way leaves the step either done with its messages or not done at all.
 */
export async function runDueWork(db: Db): Promise<DueWorkResult> {
  await syncClock(db, true);
  const holds = await expireHolds(db);
  if (holds.expired > 0) announceChanges(["seats"]);
  const rescheduleHoldsExpired = await expireRescheduleHolds(db);
  if (rescheduleHoldsExpired > 0) announceChanges(["seats", "user"]);
  // Gift cards' parts still owed to operators (Stripe), before the refunds that may reverse them.
  await settleDueGiftCardTransfers(db);
  // Deposit bookings: balances due are charged off-session (once), then those still unpaid at their cut-off are cancelled.
  const balances = await chargeDueBalances(db);
  const balancesCancelled = await cancelUnpaidBalances(db);
  if (balancesCancelled > 0) announceChanges(["seats", "user"]);
  const refunds = await settleDueRefunds(db);
  // Seats freed by any path (cancellations, expired holds and offers, capacity raised) go to the
  // first in line whose party fits.
  const waitlist = await runWaitlist(db);
  if (waitlist.offered + waitlist.expired > 0) announceChanges(["seats", "user"]);
  const lapsed = await lapsedHolds(db);
  const reminders = await remind(db);
  const completed = await complete(db);
  const tipRequests = await requestTips(db);
  const referralRewards = await rewardReferrals(db);
  const checkoutReminders = await sendCheckoutReminders(db);
  const giftCards = await deliverDueGiftCards(db);
  // Money of departures past their hold becomes available, then operators due a payout get it.
  const released = await releaseDueFunds(db);
  const payouts = await runDuePayouts(db);
  // Weekly rules reach a new day (today + SCHEDULE_HORIZON_DAYS of each experience's zone).
  const schedules = await materialiseDueServices(db);
  if (schedules.created + schedules.removed > 0) announceChanges(["seats", "catalog"]);
  return {
    expired: holds.expired,
    rescheduleHoldsExpired,
    refunds,
    lapsed,
    reminders,
    completed,
    tipRequests,
    referralRewards,
    departures: schedules.created,
    checkoutReminders,
    waitlistOffers: waitlist.offered,
    waitlistExpired: waitlist.expired,
    giftCards,
    released,
    payouts,
    balancesCharged: balances.charged,
    balancesDeclined: balances.declined,
    balancesCancelled,
  };
}

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

async function claimed(tx: Tx, statement: ReturnType<typeof sql>): Promise<string[]> {
  return (await queryRows<{ id: string }>(tx, statement)).map((row) => row.id);
}

/**
 * A step over bookings, in one transaction: they are claimed and marked in one statement (`due`
 * selects them, from `bookings b`, in the order they are due; at most a batch of them are locked,
 * SKIP LOCKED, and `mark` is set to now on exactly those not marked yet), then `each` (if any)
 * handles each of them. Answers how many were claimed.
 */
async function stepOverDue(
  db: Db,
  mark: "lapse_email_sent_at" | "reminder_sent_at" | "completed_at" | "tip_email_sent_at",
  due: ReturnType<typeof sql>,
  each?: (tx: Tx, bookingId: string) => Promise<void>,
): Promise<number> {
  const column = sql.raw(mark);
  return db.transaction(async (tx) => {
    const ids = await claimed(
      tx,
      sql`
        with due as (${due} limit ${BATCH} for update of b skip locked)
        update bookings b set ${column} = app_now()
        from due where b.id = due.id and b.${column} is null
        returning b.id`,
    );
    if (each) for (const id of ids) await each(tx, id);
    return ids.length;
  });
}

/** Confirmed bookings (`b`, their departure `s`) that meet `where`, in `order`: a step's due query. */
const confirmedWithDeparture = (where: SQL, order: SQL) => sql`
  select b.id from bookings b join slots s on s.id = b.slot_id
  where b.status = 'confirmed' and ${where}
  order by ${order}`;

/** The booking's email (if the guest wants this category by email) and its in-app notification. */
async function tell(
  tx: Tx,
  row: BookingViewRow,
  message: {
    category: "reminders" | "tips";
    email: (context: BookingMailContext) => EmailInput;
    notification: { kind: string; title: string; body: string; link: string };
    sms?: string;
  },
): Promise<void> {
  const guest = await guestOf(tx, row);
  if (!guest) return;
  const userId = row.booking.userId;
  await addNotification(tx, { userId, ...message.notification });
  if (guest.email && (await wantsMessage(tx, userId, message.category, "email"))) {
    // A guest without an account has no preferences to change: the email carries no unsubscribe link.
    const unsubscribe = userId === null ? undefined : unsubscribeLinks(userId, message.category, row.booking.origin);
    await enqueueEmail(tx, message.email({ row, to: guest.email, firstName: guest.firstName, unsubscribe }));
  }
  if (message.sms && guest.phone && (await wantsMessage(tx, userId, message.category, "sms"))) {
    await enqueueSms(tx, {
      to: guest.phone,
      text: message.sms,
      kind: message.notification.kind,
      meta: { bookingId: row.booking.id },
    });
  }
}

/** Holds that ran out unpaid in the last hour: the guest is told once (unless they booked the departure again). */
async function lapsedHolds(db: Db): Promise<number> {
  return stepOverDue(
    db,
    "lapse_email_sent_at",
    sql`
      select b.id from bookings b
      where b.status = 'expired' and b.payment_status = 'expired' and b.lapse_email_sent_at is null
        and b.hold_expires_at > app_now() - interval '1 hour'
        and not exists (
          select 1 from bookings o
          where o.user_id = b.user_id and o.slot_id = b.slot_id and o.status in ('held', 'confirmed')
        )
      order by b.hold_expires_at`,
    async (tx, id) => {
      const row = (await findBookingView(tx, id))!;
      await tell(tx, row, {
        category: "reminders",
        email: lapsedHoldEmail,
        notification: {
          kind: "hold_lapsed",
          title: `Seats released: ${row.experienceTitle}`,
          body: `Your booking ${bookingReference(id)} was not finished in time, so its seats were released. Nothing was charged.`,
          link: `/experiences/${row.booking.experienceId}/${row.booking.serviceId}`,
        },
      });
    },
  );
}

/**
 * The day before a departure: a reminder, once, for bookings confirmed earlier than that (a
 * booking made within the last day already has its confirmation).
 */
async function remind(db: Db): Promise<number> {
  return stepOverDue(
    db,
    "reminder_sent_at",
    confirmedWithDeparture(
      sql`b.reminder_sent_at is null and b.completed_at is null
        and s.starts_at > app_now() and s.starts_at <= app_now() + interval '24 hours'
        and b.confirmed_at <= s.starts_at - interval '24 hours'`,
      sql`s.starts_at`,
    ),
    async (tx, id) => {
      const row = (await findBookingView(tx, id))!;
      const when = formatWhen(row.startsAt, row.endsAt, row.timezone);
      await tell(tx, row, {
        category: "reminders",
        email: reminderEmail,
        sms: `Wayfarer: ${row.experienceTitle}, ${when}. Meeting point: ${row.meetingPoint}. Booking ${bookingReference(id)}.`,
        notification: {
          kind: "booking_reminder",
          title: `Coming up: ${row.experienceTitle}`,
          body: `${row.serviceName}, ${when}. Meeting point: ${row.meetingPoint}.`,
          link: `/account/booking/${id}`,
        },
      });
    },
  );
}

/** Confirmed bookings whose departure has ended are completed. */
async function complete(db: Db): Promise<number> {
  return stepOverDue(
    db,
    "completed_at",
    confirmedWithDeparture(sql`b.completed_at is null and s.ends_at <= app_now()`, sql`s.ends_at`),
  );
}

/** Minutes after a departure ends before the guest is asked for a tip. */
export const TIP_REQUEST_AFTER_MINUTES = 30;

/**
 * 30 minutes after a completed departure: the tip link (and the review invitation), once per
 * booking (not for departures that ended more than a week ago; when the operator requires
 * check-in, only for bookings with at least one guest checked in). Its access key is made here and stored hashed; the key
 * itself only travels in the messages.
 */
async function requestTips(db: Db): Promise<number> {
  return stepOverDue(
    db,
    "tip_email_sent_at",
    confirmedWithDeparture(
      sql`b.completed_at is not null and b.tip_email_sent_at is null
        and s.ends_at <= app_now() - make_interval(mins => ${TIP_REQUEST_AFTER_MINUTES})
        and s.ends_at > app_now() - interval '7 days'
        -- "Require check-in" (the operator's setting): only bookings with a guest checked in.
        and (
          not (select a.require_check_in from accounts a where a.id = b.account_id)
          or exists (select 1 from booking_check_ins ci where ci.booking_id = b.id and ci.status = 'checked_in')
        )`,
      sql`s.ends_at`,
    ),
    async (tx, id) => {
      const key = newTipAccessKey();
      await tx
        .update(bookings)
        .set({ tipKeyHash: hashTipKey(key) })
        .where(eq(bookings.id, id));
      const row = (await findBookingView(tx, id))!;
      const link = new URL(tipPath(key), row.booking.origin).toString();
      await tell(tx, row, {
        category: "tips",
        email: (context) => tipEmail(context, link),
        sms: `Wayfarer: enjoyed ${row.experienceTitle}? Tip your guide: ${link}`,
        notification: {
          kind: "tip_request",
          title: `How was ${row.experienceTitle}?`,
          body: `If your guide made it special, you can leave a tip.`,
          link: tipPath(key),
        },
      });
    },
  );
}

/**
 * An invited guest's discounted booking has taken place: the inviter gets a reward (a single-use
 * promo code), told in the app and by email (referral messages, by their preferences). Once per
 * invited guest.
 */
async function rewardReferrals(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await queryRows<{ referred: string; referrer: string; origin: string }>(
      tx,
      sql`
        select r.referred_user_id as referred, r.referrer_id as referrer, b.origin as origin
        from referrals r join bookings b on b.user_id = r.referred_user_id and b.referral_code = r.code
        where r.status = 'pending' and b.status = 'confirmed' and b.completed_at is not null
        order by b.completed_at
        limit ${BATCH}
        for update of r skip locked`,
    );
    let rewarded = 0;
    for (const row of due) {
      // Claimed first: a guest with several discounted bookings is rewarded once.
      const claimedRows = await claimed(
        tx,
        sql`update referrals set status = 'rewarded', rewarded_at = app_now()
            where referred_user_id = ${row.referred} and status = 'pending' returning referred_user_id as id`,
      );
      if (claimedRows.length === 0) continue;
      const rewardCode = await createRewardCode(tx);
      await tx.update(referrals).set({ rewardCode }).where(eq(referrals.referredUserId, row.referred));
      rewarded++;
      const [inviter] = await tx
        .select({ email: users.email, firstName: users.firstName })
        .from(users)
        .where(eq(users.id, row.referrer));
      await addNotification(tx, {
        userId: row.referrer,
        kind: "referral_rewarded",
        title: "Your invitation paid off",
        body: `A friend you invited has been on their trip. Here is ${REWARD_TEXT}: ${rewardCode}.`,
        link: "/account",
      });
      if (inviter?.email && (await wantsMessage(tx, row.referrer, "referrals", "email"))) {
        await enqueueEmail(
          tx,
          referralRewardEmail({
            to: inviter.email,
            firstName: inviter.firstName,
            code: rewardCode,
            origin: row.origin,
            unsubscribe: unsubscribeLinks(row.referrer, "referrals", row.origin),
          }),
        );
      }
    }
    return rewarded;
  });
}

const REWARD_TEXT = `${formatPercent(REFERRAL_REWARD_PERCENT)} off your next booking`;
