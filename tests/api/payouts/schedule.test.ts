import { and, eq, sql } from "drizzle-orm";
import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import { clockNow } from "~api/clock";
import { accounts, ledgerEntries } from "~api/db/schema";
import { ledgerAccounts } from "~api/ledger/accounts";
import { postLedger } from "~api/ledger/post";
import { readBalance } from "~api/money/balance";
import { ACME_ZONE, seededService, type TestService } from "../../support/booking";
import {
  balanceOf,
  payoutsWorld,
  moveClockBy,
  moveClockTo,
  paidBooking,
  payoutsOf,
  setPayoutAccount,
  unpaidAvailable,
} from "../../support/payouts";

/**
 * Payouts on the operator's schedule (api/payouts/run.ts, run by the minute's due work, so the
 * test clock moves them): on its day in its own zone, at most once a day, at least its minimum;
 * in the sandbox paid at once. The `charge:` lines are written by the test until the ledger
 * wiring writes them at fulfilment.
 */
const { db, acme } = payoutsWorld();
const harbor = seededService(db, "harbor");
const HOUR = 3_600_000;

/** The first instant after `after` that is `weekday` (1 = Monday) at hour:minute in `zone`. */
function nextLocal(after: Date, zone: string, weekday: number, hour: number, minute: number): Date {
  let at = DateTime.fromJSDate(after).setZone(zone).set({ hour, minute, second: 0, millisecond: 0 });
  while (at.weekday !== weekday || at.toJSDate() <= after) at = at.plus({ days: 1 }).set({ hour, minute });
  return at.toJSDate();
}

const availableLineOf = async (service: TestService, bookingId: string) =>
  (
    await db()
      .select({ payoutId: ledgerEntries.payoutId })
      .from(ledgerEntries)
      .where(
        and(
          eq(ledgerEntries.bookingId, bookingId),
          eq(ledgerEntries.account, ledgerAccounts.available(service.accountId)),
        ),
      )
  ).map((line) => line.payoutId);

describe("payouts on the operator's schedule", () => {
  it("pays a weekly schedule on its weekday in the operator's zone only, once that day", async () => {
    await setPayoutAccount(db(), acme.accountId, { scheduleInterval: "weekly", scheduleDay: 1, holdDays: 0 });
    const { booking, slot, operatorPart } = await paidBooking(db(), acme, 3);

    // Sunday 22:30 in New York is already Monday in UTC: released, not paid.
    const sunday = nextLocal(new Date(slot.startsAt.getTime() + 2 * HOUR), ACME_ZONE, 7, 22, 30);
    expect(sunday.getUTCDay()).toBe(1);
    const onSunday = await moveClockTo(sunday);
    expect(onSunday.released).toBeGreaterThanOrEqual(1);
    expect(await payoutsOf(db(), acme.accountId)).toEqual([]);
    const due = await unpaidAvailable(db(), acme.accountId);
    expect(due).toBeGreaterThanOrEqual(operatorPart);
    expect(await availableLineOf(acme, booking.id)).toEqual([null]);

    // Monday 22:30 in New York (Tuesday in UTC): paid, at once in the sandbox.
    const monday = new Date(sunday.getTime() + 24 * HOUR);
    const onMonday = await moveClockTo(monday);
    expect(onMonday.payouts).toBeGreaterThanOrEqual(1);
    const [payout, ...more] = await payoutsOf(db(), acme.accountId);
    expect(more).toEqual([]);
    expect(payout).toMatchObject({
      provider: "sandbox",
      amountMinor: due,
      currency: "USD",
      status: "paid",
      arrivalDate: DateTime.fromJSDate(monday).setZone(ACME_ZONE).toISODate(),
      failureReason: null,
    });
    expect(payout.id).toMatch(/^po_[A-Za-z0-9_-]{16}$/);
    expect(payout.providerPayoutId).toMatch(/^po_sandbox_/);
    expect(payout.paidAt).not.toBeNull();
    expect(await availableLineOf(acme, booking.id)).toEqual([payout.id]);
    expect(await unpaidAvailable(db(), acme.accountId)).toBe(0);
    expect(await balanceOf(db(), ledgerAccounts.paidOut(acme.accountId))).toBe(due);
    const payoutLines = await db()
      .select({ account: ledgerEntries.account, amount: ledgerEntries.amountMinor, payoutId: ledgerEntries.payoutId })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.transactionKey, `payout:${payout.id}`))
      .orderBy(ledgerEntries.line);
    expect(payoutLines).toEqual([
      { account: ledgerAccounts.available(acme.accountId), amount: -due, payoutId: payout.id },
      { account: ledgerAccounts.paidOut(acme.accountId), amount: due, payoutId: payout.id },
    ]);

    // A tip released later that Monday waits for the next Monday: one payout a day.
    const tip = 500;
    await postLedger(db(), {
      key: `tip:test-${booking.id}`,
      kind: "tip",
      currency: "USD",
      operatorId: acme.accountId,
      bookingId: booking.id,
      lines: [
        { account: ledgerAccounts.payments, amountMinor: -tip },
        { account: ledgerAccounts.pending(acme.accountId), amountMinor: tip },
      ],
    });
    expect((await moveClockBy(1)).released).toBeGreaterThanOrEqual(1);
    expect(await unpaidAvailable(db(), acme.accountId)).toBe(tip);
    expect(await payoutsOf(db(), acme.accountId)).toHaveLength(1);
    // Nor on Wednesday.
    await moveClockTo(new Date(monday.getTime() + 2 * 24 * HOUR));
    expect(await payoutsOf(db(), acme.accountId)).toHaveLength(1);
    await moveClockTo(new Date(monday.getTime() + 7 * 24 * HOUR));
    const [, second] = await payoutsOf(db(), acme.accountId);
    expect(second).toMatchObject({ amountMinor: tip, status: "paid" });
    expect(await unpaidAvailable(db(), acme.accountId)).toBe(0);
  });

  it("pays nothing below the minimum, nor while payouts are disabled; the minimum reached, the same day", async () => {
    const { slot, operatorPart } = await paidBooking(db(), harbor, 3);
    await setPayoutAccount(db(), harbor.accountId, {
      scheduleInterval: "daily",
      scheduleDay: 1,
      holdDays: 0,
      minimumMinor: operatorPart + 1,
    });
    await moveClockTo(new Date(slot.startsAt.getTime() + 2 * HOUR));
    expect(await unpaidAvailable(db(), harbor.accountId)).toBe(operatorPart);
    expect(await payoutsOf(db(), harbor.accountId)).toEqual([]);

    await setPayoutAccount(db(), harbor.accountId, { minimumMinor: operatorPart, payoutsEnabled: false });
    await moveClockBy(1);
    expect(await payoutsOf(db(), harbor.accountId)).toEqual([]);

    await setPayoutAccount(db(), harbor.accountId, { minimumMinor: operatorPart, payoutsEnabled: true });
    await moveClockBy(1);
    expect(await payoutsOf(db(), harbor.accountId)).toEqual([
      expect.objectContaining({ amountMinor: operatorPart, currency: "EUR", status: "paid" }),
    ]);
  });

  it("pays a suspended operator nothing while suspended; once reinstated, what waited is paid on its next payout day", async () => {
    await setPayoutAccount(db(), acme.accountId, { scheduleInterval: "daily", scheduleDay: 1, holdDays: 0 });
    const { booking, slot } = await paidBooking(db(), acme, 3);
    const paidBefore = (await payoutsOf(db(), acme.accountId)).length;
    await db().execute(
      sql`update accounts set status = 'suspended', suspended_at = now(), suspension_reason = 'test' where id = ${acme.accountId}`,
    );
    const account = async () => (await db().select().from(accounts).where(eq(accounts.id, acme.accountId)))[0];

    // Released after its departure, but not paid out, day after day; the money page says why.
    expect((await moveClockTo(new Date(slot.startsAt.getTime() + 2 * HOUR))).released).toBeGreaterThanOrEqual(1);
    await moveClockBy(24 * 60);
    expect(await payoutsOf(db(), acme.accountId)).toHaveLength(paidBefore);
    expect(await availableLineOf(acme, booking.id)).toEqual([null]);
    expect(await readBalance(db(), await account())).toMatchObject({ payoutsEnabled: true, payoutsPaused: true });

    // Reinstated: the next run pays what waited.
    await db().execute(
      sql`update accounts set status = 'active', suspended_at = null, suspension_reason = null where id = ${acme.accountId}`,
    );
    expect((await readBalance(db(), await account())).payoutsPaused).toBe(false);
    await moveClockBy(24 * 60);
    const payouts = await payoutsOf(db(), acme.accountId);
    expect(payouts).toHaveLength(paidBefore + 1);
    const [line] = await availableLineOf(acme, booking.id);
    expect(payouts.map((payout) => payout.id)).toContain(line);
  });

  it("pays a monthly schedule on its day of the month in the operator's zone", async () => {
    const { slot, operatorPart } = await paidBooking(db(), acme, 3);
    // Three days after the departure, at 00:30 in New York (already that day in UTC an hour before).
    const payDay = DateTime.fromJSDate(slot.startsAt)
      .setZone(ACME_ZONE)
      .plus({ days: 3 })
      .set({ hour: 0, minute: 30, second: 0, millisecond: 0 });
    // Days 29 to 31 are not a schedule's: the test then pays on the 28th of the next month.
    const onDay = payDay.day <= 28 ? payDay : payDay.set({ day: 28 }).plus({ months: 1 });
    await setPayoutAccount(db(), acme.accountId, { scheduleInterval: "monthly", scheduleDay: onDay.day, holdDays: 0 });
    const before = onDay.minus({ hours: 1 });
    expect(before.toUTC().day).toBe(onDay.day);
    await moveClockTo(before.toJSDate());
    expect(await unpaidAvailable(db(), acme.accountId)).toBe(operatorPart);
    const paidBefore = (await payoutsOf(db(), acme.accountId)).length;
    await moveClockTo(onDay.toJSDate());
    expect(clockNow().getTime()).toBeGreaterThanOrEqual(onDay.toMillis());
    const made = (await payoutsOf(db(), acme.accountId)).slice(paidBefore);
    expect(made).toEqual([
      expect.objectContaining({
        amountMinor: operatorPart,
        currency: "USD",
        status: "paid",
        arrivalDate: onDay.toISODate(),
      }),
    ]);
  });
});
