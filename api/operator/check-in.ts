import { withDeparture } from "../bookings/view";
import { and, eq, sql } from "drizzle-orm";
import type { CheckInAnswer, CheckInBody, CheckInOutcome } from "~contract/operator/check-in";
import { guestSummary } from "~contract/bookings/guest-summary";
import { normaliseTicketCode } from "~contract/bookings/ticket-code";
import { clockNow } from "../clock";
import type { Db } from "../db/client";
import { accounts, bookingCheckIns, bookings, checkInScans, experiences, services, slots, users } from "../db/schema";
import { writeAudit } from "../audit/log";
import { formatMomentIn } from "../bookings/format";
import { bookingReference } from "../ids";
import { localDateOf } from "../schedules/expand";
import { actorOf, mayRunDeparture, type Member } from "../members/guard";
import { lockedAccount } from "./locked-account";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** Scans per member: generous for a busy meeting point, a wall for a script guessing codes. */
export const SCAN_LIMIT = { limit: 120, windowSeconds: 60 };

const REASONS: Record<CheckInOutcome, string> = {
  ok: "Checked in.",
  already_checked_in: "Every guest of this booking is already checked in.",
  cancelled: "This booking was cancelled or refunded: do not admit it.",
  unpaid: "This booking is not paid yet: do not admit it.",
  wrong_date: "This booking is for another day.",
  wrong_operator: "This ticket is not for one of your departures.",
  not_assigned: "This departure is not assigned to you.",
  invalid: "No ticket has this code. Check it and try again.",
};

function answer(outcome: CheckInOutcome, extra: Partial<CheckInAnswer> = {}): CheckInAnswer {
  return { outcome, reason: REASONS[outcome], admitted: 0, firstCheckedInAt: null, booking: null, ...extra };
}

/**
 * POST /v1/operator/check-ins: one scan (or typed code) of a ticket. In one transaction: the
 * scan's idempotency key is locked (a concurrent retry waits for the first), a stored answer for
 * it is answered again; else the booking is found by its code and locked (FOR UPDATE: two
 * devices scanning one ticket at once are served one after the other), judged — validity
 * before "already checked in" — its guests admitted (the lowest guest numbers not yet checked in,
 * `guests` of them or all), the admission audited, and the answer stored under the key.
 */
export async function checkIn(
  db: Db,
  member: Member,
  clientAddress: string,
  input: CheckInBody,
): Promise<CheckInAnswer> {
  const accountId = member.account.id;
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`check-in:${accountId}:${input.idempotencyKey}`}, 0))`,
    );
    const [stored] = await tx
      .select({ answer: checkInScans.answer })
      .from(checkInScans)
      .where(and(eq(checkInScans.accountId, accountId), eq(checkInScans.idempotencyKey, input.idempotencyKey)));
    if (stored) return stored.answer as CheckInAnswer;
    const result = await judge(tx, member, clientAddress, input);
    await tx.insert(checkInScans).values({ accountId, idempotencyKey: input.idempotencyKey, answer: result });
    return result;
  });
}

async function judge(tx: Tx, member: Member, clientAddress: string, input: CheckInBody): Promise<CheckInAnswer> {
  const code = normaliseTicketCode(input.code);
  if (!code) return answer("invalid");
  const [row] = await withDeparture(
    tx
      .select({
        booking: {
          id: bookings.id,
          accountId: bookings.accountId,
          status: bookings.status,
          paymentStatus: bookings.paymentStatus,
          totalMinor: bookings.totalMinor,
          seats: bookings.seats,
          tickets: bookings.tickets,
        },
        startsAt: slots.startsAt,
        guideUserId: slots.guideUserId,
        experienceTitle: experiences.title,
        serviceName: services.name,
        firstName: users.firstName,
        lastName: users.lastName,
        timezone: experiences.timezone,
      })
      .from(bookings)
      .$dynamic(),
  )
    .leftJoin(users, eq(users.id, bookings.userId))
    .where(eq(bookings.ticketCode, code))
    .for("update", { of: bookings });
  if (!row) return answer("invalid");
  const b = row.booking;
  if (b.accountId !== member.account.id) return answer("wrong_operator");
  if (!mayRunDeparture(member, row.guideUserId)) return answer("not_assigned");
  if (b.status === "held") return answer("unpaid");
  if (b.status !== "confirmed" || b.paymentStatus === "refunded") return answer("cancelled");
  if (b.totalMinor > 0 && b.paymentStatus !== "paid") return answer("unpaid");

  const rows = await tx
    .select({ guestNo: bookingCheckIns.guestNo, status: bookingCheckIns.status, at: bookingCheckIns.at })
    .from(bookingCheckIns)
    .where(eq(bookingCheckIns.bookingId, b.id));
  const checked = rows.filter((r) => r.status === "checked_in");
  const summary = (checkedIn: number): NonNullable<CheckInAnswer["booking"]> => ({
    id: b.id,
    reference: bookingReference(b.id),
    leadGuestName: [row.firstName, row.lastName].filter(Boolean).join(" ") || "Guest",
    guests: guestSummary(b.tickets),
    experienceTitle: row.experienceTitle,
    serviceName: row.serviceName,
    startsAt: row.startsAt.toISOString(),
    timezone: row.timezone,
    checkedIn,
    seats: b.seats,
  });
  // "Today" is the departure's own day, in its experience's zone (not the operator's): the answer
  // says which day and time it is for, in words too (the zone named).
  if (localDateOf(row.startsAt, row.timezone) !== localDateOf(clockNow(), row.timezone))
    return answer("wrong_date", {
      reason: `This booking is for another day: ${formatMomentIn(row.startsAt, row.timezone)}.`,
      booking: summary(checked.length),
    });
  const waiting = Array.from({ length: b.seats }, (_, i) => i + 1).filter(
    (guestNo) => !checked.some((r) => r.guestNo === guestNo),
  );
  if (waiting.length === 0) {
    const first = checked.reduce((min, r) => (r.at < min ? r.at : min), checked[0].at);
    return answer("already_checked_in", { firstCheckedInAt: first.toISOString(), booking: summary(checked.length) });
  }
  const admit = waiting.slice(0, input.guests ?? waiting.length);
  await tx
    .insert(bookingCheckIns)
    .values(
      admit.map((guestNo) => ({
        bookingId: b.id,
        guestNo,
        status: "checked_in" as const,
        at: sql`app_now()`,
        byUserId: member.userId,
      })),
    )
    .onConflictDoUpdate({
      target: [bookingCheckIns.bookingId, bookingCheckIns.guestNo],
      set: { status: "checked_in", at: sql`app_now()`, byUserId: member.userId },
    });
  await writeAudit(tx, actorOf(member, clientAddress), "booking.checked_in", {
    bookingId: b.id,
    guests: admit.join(","),
    via: "code",
  });
  const checkedIn = checked.length + admit.length;
  return answer("ok", {
    reason: `Checked in ${admit.length} of ${b.seats} ${b.seats === 1 ? "guest" : "guests"}.`,
    admitted: admit.length,
    booking: summary(checkedIn),
  });
}

/** GET /v1/operator/check-in-settings */
export async function checkInSettings(db: Db, accountId: string) {
  const [row] = await db
    .select({
      requireCheckIn: accounts.requireCheckIn,
      rescheduleRefunds: accounts.rescheduleRefunds,
      cancellationCutoffHours: accounts.cancellationCutoffHours,
    })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return {
    requireCheckIn: row?.requireCheckIn ?? false,
    rescheduleRefunds: row?.rescheduleRefunds ?? true,
    cancellationCutoffHours: row?.cancellationCutoffHours ?? 24,
  };
}

/** PUT /v1/operator/check-in-settings: audited when it changes. */
export async function updateCheckInSettings(
  db: Db,
  member: Member,
  clientAddress: string,
  input: { requireCheckIn: boolean; rescheduleRefunds?: boolean; cancellationCutoffHours?: number },
) {
  return db.transaction(async (tx) => {
    const before = await lockedAccount(tx, member.account.id);
    const rescheduleRefunds = input.rescheduleRefunds ?? before?.rescheduleRefunds ?? true;
    const cancellationCutoffHours = input.cancellationCutoffHours ?? before?.cancellationCutoffHours ?? 24;
    if (before?.requireCheckIn !== input.requireCheckIn) {
      await tx.update(accounts).set({ requireCheckIn: input.requireCheckIn }).where(eq(accounts.id, member.account.id));
      await writeAudit(tx, actorOf(member, clientAddress), "check_in.settings_updated", {
        requireCheckIn: String(input.requireCheckIn),
      });
    }
    if (before?.rescheduleRefunds !== rescheduleRefunds) {
      await tx.update(accounts).set({ rescheduleRefunds }).where(eq(accounts.id, member.account.id));
      await writeAudit(tx, actorOf(member, clientAddress), "reschedule.settings_updated", {
        rescheduleRefunds: String(rescheduleRefunds),
      });
    }
    if (before?.cancellationCutoffHours !== cancellationCutoffHours) {
      await tx.update(accounts).set({ cancellationCutoffHours }).where(eq(accounts.id, member.account.id));
      await writeAudit(tx, actorOf(member, clientAddress), "cancellation_policy.updated", {
        cancellationCutoffHours: String(cancellationCutoffHours),
      });
    }
    return { requireCheckIn: input.requireCheckIn, rescheduleRefunds, cancellationCutoffHours };
  });
}
