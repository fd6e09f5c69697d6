import { and, eq, isNull, sql } from "drizzle-orm";
import { afterEach, expect } from "vitest";
import { clockNow } from "~api/clock";
import type { Db } from "~api/db/client";
import { queryRows } from "~api/db/rows";
import { bookings, ledgerEntries, payoutAccounts, payouts, type PayoutAccountRow } from "~api/db/schema";
import { ledgerAccounts } from "~api/ledger/accounts";
import { bookingSides } from "~api/ledger/movements";
import { postLedger } from "~api/ledger/post";
import { bookingUser, bookingWorld, confirmedBooking, slotAt, type TestService } from "./booking";
import { v1 } from "./client";

/**
 * Payout engine test helpers: an operator's payout account as a test wants it, a paid booking's
 * `charge:` (and a refund's) ledger lines written as the payouts design (issue 45) says the
 * ledger wiring does, balances read from the ledger, and the test clock moved to an instant.
 */

/** The operator's payout account, made or changed (payouts enabled, sandbox, unless told). */
export async function setPayoutAccount(
  db: Db,
  accountId: string,
  fields: Partial<Omit<PayoutAccountRow, "accountId" | "createdAt" | "updatedAt">> = {},
): Promise<void> {
  const values = {
    provider: "sandbox" as const,
    providerAccountId: `acct_sandbox_${accountId.slice(-16).padStart(16, "0")}`,
    chargesEnabled: true,
    payoutsEnabled: true,
    detailsSubmitted: true,
    ...fields,
  };
  await db
    .insert(payoutAccounts)
    .values({ accountId, ...values })
    .onConflictDoUpdate({ target: payoutAccounts.accountId, set: values });
}

/** Lines of a ledger transaction already written (by the wiring, or by an earlier call). */
async function posted(db: Db, key: string): Promise<boolean> {
  const [row] = await db
    .select({ id: ledgerEntries.id })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.transactionKey, key))
    .limit(1);
  return Boolean(row);
}

/**
 * A paid booking's `charge:<bookingId>` transaction, as the design has it: payments −C, gift
 * cards −G, the operator's pending +op, commission, service fees. Written here until the ledger
 * wiring (branch `ledger`) does it at fulfilment; when that has written it, nothing more.
 * `commissionBps` sets the booking's rate first (the wiring's snapshot). Answers the operator's part.
 */
export async function chargeLedger(db: Db, bookingId: string, commissionBps?: number): Promise<number> {
  if (commissionBps !== undefined) await db.update(bookings).set({ commissionBps }).where(eq(bookings.id, bookingId));
  const [booking] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
  const {
    operator: operatorPart,
    commission,
    serviceFee,
  } = bookingSides(booking.totalMinor, booking.feesMinor, booking.commissionBps);
  const key = `charge:${bookingId}`;
  if (!(await posted(db, key)))
    await postLedger(db, {
      key,
      kind: "charge",
      currency: booking.currency,
      operatorId: booking.accountId,
      bookingId,
      provider: booking.paymentProvider,
      providerRef: booking.paymentIntentId,
      lines: [
        { account: ledgerAccounts.payments, amountMinor: -(booking.totalMinor - booking.giftCardMinor) },
        { account: ledgerAccounts.platformGiftCards, amountMinor: -booking.giftCardMinor },
        { account: ledgerAccounts.pending(booking.accountId), amountMinor: operatorPart },
        { account: ledgerAccounts.commission, amountMinor: commission },
        { account: ledgerAccounts.serviceFees, amountMinor: serviceFee },
      ],
    });
  return operatorPart;
}

/**
 * A card refund of `amountMinor` of a booking (`refund:<key>`): split in proportion to the
 * booking's total across the operator, the commission and the service fee, the largest side
 * taking the rounding rest, as the design has it. Answers the operator's share (positive).
 */
export async function refundLedger(db: Db, bookingId: string, key: string, amountMinor: number): Promise<number> {
  const [booking] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
  const charged = bookingSides(booking.totalMinor, booking.feesMinor, booking.commissionBps);
  const sides = [
    { account: ledgerAccounts.pending(booking.accountId), part: charged.operator },
    { account: ledgerAccounts.commission, part: charged.commission },
    { account: ledgerAccounts.serviceFees, part: charged.serviceFee },
  ].map((side) => ({ ...side, share: Math.floor((amountMinor * side.part) / booking.totalMinor) }));
  const largest = sides.reduce((best, side) => (side.part > best.part ? side : best));
  largest.share += amountMinor - sides.reduce((sum, side) => sum + side.share, 0);
  await postLedger(db, {
    key: `refund:${key}`,
    kind: "refund",
    currency: booking.currency,
    operatorId: booking.accountId,
    bookingId,
    lines: [
      { account: ledgerAccounts.payments, amountMinor },
      ...sides.map((side) => ({ account: side.account, amountMinor: -side.share })),
    ],
  });
  return sides[0].share;
}

/** The balance of a ledger account (of one booking's lines when told). */
export async function balanceOf(db: Db, account: string, bookingId?: string): Promise<number> {
  const [row] = await db
    .select({ sum: sql<string | null>`sum(${ledgerEntries.amountMinor})` })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.account, account), bookingId ? eq(ledgerEntries.bookingId, bookingId) : undefined));
  return Number(row.sum ?? 0);
}

/** An operator's available lines not yet taken by a payout: what its next payout would be. */
export async function unpaidAvailable(db: Db, operatorId: string): Promise<number> {
  const [row] = await db
    .select({ sum: sql<string | null>`sum(${ledgerEntries.amountMinor})` })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.account, ledgerAccounts.available(operatorId)), isNull(ledgerEntries.payoutId)));
  return Number(row.sum ?? 0);
}

/** The operator's payouts, oldest first. */
export function payoutsOf(db: Db, operatorId: string) {
  return db.select().from(payouts).where(eq(payouts.accountId, operatorId)).orderBy(payouts.createdAt, payouts.id);
}

/** Every ledger line sums to zero, and so does each transaction (per currency). */
export async function expectLedgerSumsToZero(db: Db): Promise<void> {
  const off = await queryRows<{ key: string; currency: string; sum: string }>(
    db,
    sql`select transaction_key as key, currency, sum(amount_minor)::bigint as sum from ledger_entries
        group by transaction_key, currency having sum(amount_minor) <> 0`,
  );
  expect(off).toEqual([]);
  const [total] = await queryRows<{ sum: string | null }>(db, sql`select sum(amount_minor) as sum from ledger_entries`);
  expect(Number(total.sum ?? 0)).toBe(0);
}

/** For a payouts suite, at the top of its file: after each of its tests every transaction sums to zero. */
export function checkLedgerSumsAfterEach(db: () => Db): void {
  afterEach(async () => {
    await expectLedgerSumsToZero(db());
  });
}

/** A payouts suite's world (bookingWorld), each of its tests followed by checkLedgerSumsAfterEach's check. */
export function payoutsWorld(): ReturnType<typeof bookingWorld> {
  const world = bookingWorld();
  checkLedgerSumsAfterEach(world.db);
  return world;
}

/** Moves the test clock to `to` (forward only) through the dev endpoint: the due work runs at once. */
export async function moveClockTo(to: Date) {
  const moved = await v1.moveDevClock({ body: { now: to.toISOString() } });
  expect(moved.status).toBe(200);
  return moved.body.data.ran as { released: number; payouts: number };
}

/** Moves the test clock on by `minutes`. */
export function moveClockBy(minutes: number) {
  return moveClockTo(new Date(clockNow().getTime() + minutes * 60_000));
}

let departures = 0;

/** A departure of the service `hours` from the product's now (its seconds set so that none of a file's collide). */
export function departureIn(db: Db, service: TestService, hours: number) {
  const startsAt = new Date(clockNow().getTime() + hours * 3_600_000);
  startsAt.setUTCSeconds(7 + (departures++ % 50), 0);
  return slotAt(db, service.serviceId, startsAt);
}

/**
 * A traveller's booking of one adult, paid at the sandbox's checkout, on a departure `hours` from
 * the product's now, with its `charge:` lines at `commissionBps`. Answers the operator's part too.
 */
export async function paidBooking(db: Db, service: TestService, hours: number, commissionBps = 1_500) {
  const slot = await departureIn(db, service, hours);
  const booking = await confirmedBooking(await bookingUser(service), service, slot.id);
  const operatorPart = await chargeLedger(db, booking.id, commissionBps);
  return { booking, slot, operatorPart };
}

/**
 * What the ledger holds of a booking, per side (its charge and refund lines, before any release):
 * the service fee, the commission and the operator's pending part; the console's money must say the same.
 */
export async function ledgerSidesOf(db: Db, bookingId: string) {
  const rows = await queryRows<{ account: string; total: string }>(
    db,
    sql`select account, sum(amount_minor)::bigint as total from ledger_entries
        where booking_id = ${bookingId}
          and (account in (${ledgerAccounts.commission}, ${ledgerAccounts.serviceFees}) or account like 'operator:%:pending')
        group by account`,
  );
  const of = (match: (account: string) => boolean) => Number(rows.find((row) => match(row.account))?.total ?? 0);
  return {
    serviceFeeMinor: of((account) => account === ledgerAccounts.serviceFees),
    commissionMinor: of((account) => account === ledgerAccounts.commission),
    operatorMinor: of((account) => account.endsWith(":pending")),
  };
}
