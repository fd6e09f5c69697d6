import { and, eq, isNull, sql } from "drizzle-orm";
import { expect } from "vitest";
import type { Db } from "~api/db/client";
import { bookings, ledgerEntries, payoutAccounts, payouts, users } from "~api/db/schema";
import { queryRows } from "~api/db/rows";
import { randomId } from "~api/ids";
import { ledgerAccounts } from "~api/ledger/accounts";
import { postLedger } from "~api/ledger/post";
import { createSlot, type TestService } from "./booking";

/**
 * The money tests' known states (issue 45): bookings written straight into the tables (no
 * checkout, so nothing of the payment flow's own), and their money movements posted through the
 * ledger's one way in (postLedger) with the shared design's keys: `charge:<bookingId>`,
 * `refund:<refundId>`, `release:<bookingId>:<n>`, `payout:<payoutId>`, each line as the design
 * splits it (amounts given, not computed: a test says the cents it expects).
 */

export interface MoneyBooking {
  id: string;
  accountId: string;
  currency: string;
  slotId: string;
  startsAt: Date;
}

/**
 * A confirmed, paid booking of `service` for `totalMinor` (its service fee `feesMinor` included),
 * sold at `commissionBps`, on a new departure `startsInHours` from now (negative: past).
 */
export async function paidBooking(
  db: Db,
  service: TestService,
  options: { totalMinor?: number; feesMinor?: number; commissionBps?: number; startsInHours?: number } = {},
): Promise<MoneyBooking> {
  const totalMinor = options.totalMinor ?? 10_000;
  const feesMinor = options.feesMinor ?? 0;
  const slot = await createSlot(db, service.serviceId, { startsInHours: options.startsInHours ?? 240 });
  const userId = randomId("u_");
  await db.insert(users).values({ id: userId, email: `${userId.toLowerCase()}@example.com`, signInMethod: "password" });
  const id = randomId("bk_");
  await db.insert(bookings).values({
    id,
    userId,
    accountId: service.accountId,
    experienceId: service.experienceId,
    serviceId: service.serviceId,
    slotId: slot.id,
    status: "confirmed",
    tickets: [
      {
        ticketTypeId: service.adult.id,
        code: "adult",
        name: service.adult.name,
        quantity: 1,
        unitPriceMinor: totalMinor - feesMinor,
      },
    ],
    seats: 1,
    subtotalMinor: totalMinor - feesMinor,
    discountMinor: 0,
    feesMinor,
    taxMinor: 0,
    totalMinor,
    currency: service.currency,
    idempotencyKey: `money-${id}`,
    origin: "http://localhost",
    paymentStatus: "paid",
    confirmedAt: new Date(),
    commissionBps: options.commissionBps ?? 1500,
  });
  return { id, accountId: service.accountId, currency: service.currency, slotId: slot.id, startsAt: slot.startsAt };
}

const movement = (booking: MoneyBooking, key: string, kind: "charge" | "refund" | "tip" | "release") => ({
  key,
  kind,
  currency: booking.currency,
  operatorId: booking.accountId,
  bookingId: booking.id,
});

/** `charge:<id>`: the traveller paid `paidMinor`; the operator's part, the commission and the service fee. */
export async function postCharge(
  db: Db,
  booking: MoneyBooking,
  parts: { operatorMinor: number; commissionMinor: number; serviceFeeMinor?: number },
) {
  const serviceFeeMinor = parts.serviceFeeMinor ?? 0;
  const paid = parts.operatorMinor + parts.commissionMinor + serviceFeeMinor;
  expect(
    await postLedger(db, {
      ...movement(booking, `charge:${booking.id}`, "charge"),
      lines: [
        { account: ledgerAccounts.payments, amountMinor: -paid },
        { account: ledgerAccounts.pending(booking.accountId), amountMinor: parts.operatorMinor },
        { account: ledgerAccounts.commission, amountMinor: parts.commissionMinor },
        { account: ledgerAccounts.serviceFees, amountMinor: serviceFeeMinor },
      ],
    }),
  ).toBe(true);
}

/** `refund:<refundId>`: given back from each side as the design splits it (the parts as positive amounts). */
export async function postRefund(
  db: Db,
  booking: MoneyBooking,
  parts: { operatorMinor: number; commissionMinor: number; serviceFeeMinor?: number },
) {
  const serviceFeeMinor = parts.serviceFeeMinor ?? 0;
  expect(
    await postLedger(db, {
      ...movement(booking, `refund:${randomId("rf_")}`, "refund"),
      lines: [
        {
          account: ledgerAccounts.payments,
          amountMinor: parts.operatorMinor + parts.commissionMinor + serviceFeeMinor,
        },
        { account: ledgerAccounts.pending(booking.accountId), amountMinor: -parts.operatorMinor },
        { account: ledgerAccounts.commission, amountMinor: -parts.commissionMinor },
        { account: ledgerAccounts.serviceFees, amountMinor: -serviceFeeMinor },
      ],
    }),
  ).toBe(true);
}

/** `tip:<id>`: the traveller's tip, the operator's whole. */
export async function postTip(db: Db, booking: MoneyBooking, amountMinor: number) {
  expect(
    await postLedger(db, {
      ...movement(booking, `tip:${randomId("tip_")}`, "tip"),
      lines: [
        { account: ledgerAccounts.payments, amountMinor: -amountMinor },
        { account: ledgerAccounts.pending(booking.accountId), amountMinor },
      ],
    }),
  ).toBe(true);
}

/** `release:<id>:<n>`: the booking's pending balance made available (as the payout engine does after the hold). */
export async function postRelease(db: Db, booking: MoneyBooking): Promise<number> {
  const pending = ledgerAccounts.pending(booking.accountId);
  const [{ balance, lines }] = await queryRows<{ balance: string; lines: string }>(
    db,
    sql`select coalesce(sum(amount_minor), 0) as balance, count(*) as lines from ledger_entries
        where account = ${pending} and booking_id = ${booking.id}`,
  );
  const amount = Number(balance);
  await postLedger(db, {
    ...movement(booking, `release:${booking.id}:${lines}`, "release"),
    lines: [
      { account: pending, amountMinor: -amount },
      { account: ledgerAccounts.available(booking.accountId), amountMinor: amount },
    ],
  });
  await db.update(bookings).set({ fundsReleasedAt: new Date() }).where(eq(bookings.id, booking.id));
  return amount;
}

/**
 * `payout:<id>`: everything available of the operator paid out (a sandbox payout, paid at once):
 * the payout's row, its movement, and the available lines it took marked with its id.
 */
export async function postPayout(
  db: Db,
  operator: { accountId: string; currency: string },
  status: "paid" | "in_transit" = "paid",
): Promise<{ id: string; amountMinor: number }> {
  const available = ledgerAccounts.available(operator.accountId);
  const id = randomId("po_");
  return db.transaction(async (tx) => {
    const [{ total }] = await queryRows<{ total: string }>(
      tx,
      sql`select coalesce(sum(amount_minor), 0) as total from ledger_entries
          where account = ${available} and payout_id is null`,
    );
    const amountMinor = Number(total);
    await tx.insert(payouts).values({
      id,
      accountId: operator.accountId,
      provider: "sandbox",
      amountMinor,
      currency: operator.currency,
      status,
      paidAt: status === "paid" ? new Date() : null,
      arrivalDate: new Date().toISOString().slice(0, 10),
    });
    await tx
      .update(ledgerEntries)
      .set({ payoutId: id })
      .where(and(eq(ledgerEntries.account, available), isNull(ledgerEntries.payoutId)));
    await postLedger(tx, {
      key: `payout:${id}`,
      kind: "payout",
      currency: operator.currency,
      operatorId: operator.accountId,
      payoutId: id,
      provider: "sandbox",
      lines: [
        { account: available, amountMinor: -amountMinor },
        { account: ledgerAccounts.paidOut(operator.accountId), amountMinor },
      ],
    });
    return { id, amountMinor };
  });
}

/**
 * `payout_failed:<id>`: the payout failed (as the payout engine's failPayout records it): its money
 * back to the available balance, on lines of no payout, for the next payout to take again.
 */
export async function postPayoutFailed(
  db: Db,
  payout: { id: string; amountMinor: number },
  operator: { accountId: string; currency: string },
) {
  await db.transaction(async (tx) => {
    await tx
      .update(payouts)
      .set({ status: "failed", failureReason: "account_closed", paidAt: null })
      .where(eq(payouts.id, payout.id));
    await postLedger(tx, {
      key: `payout_failed:${payout.id}`,
      kind: "payout_failed",
      currency: operator.currency,
      operatorId: operator.accountId,
      provider: "sandbox",
      lines: [
        { account: ledgerAccounts.paidOut(operator.accountId), amountMinor: -payout.amountMinor },
        { account: ledgerAccounts.available(operator.accountId), amountMinor: payout.amountMinor },
      ],
    });
  });
}

/** A sandbox payout account of the operator (as payout onboarding makes one), with the schedule's defaults. */
export async function givePayoutAccount(db: Db, accountId: string): Promise<void> {
  await db
    .insert(payoutAccounts)
    .values({
      accountId,
      provider: "sandbox",
      providerAccountId: randomId("acct_sandbox_"),
      chargesEnabled: true,
      payoutsEnabled: true,
      detailsSubmitted: true,
    })
    .onConflictDoNothing();
}

/** The operator has no payout account (the seed's demo operators have one): its schedule is the defaults. */
export async function removePayoutAccount(db: Db, accountId: string): Promise<void> {
  await db.delete(payoutAccounts).where(eq(payoutAccounts.accountId, accountId));
}
