import { eq, like } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { bookings, ledgerEntries, payoutAccounts } from "~api/db/schema";
import { ledgerAccounts } from "~api/ledger/accounts";
import { seededService, type TestService } from "../../support/booking";
import {
  balanceOf,
  payoutsWorld,
  moveClockBy,
  moveClockTo,
  paidBooking,
  refundLedger,
  setPayoutAccount,
} from "../../support/payouts";

/**
 * The release (api/payouts/release.ts, run by the minute's due work): a booking's money stays
 * pending until its departure plus its operator's hold, then becomes available, once; a later
 * refund is released too. The `charge:` lines are written by the test (tests/support/payouts.ts)
 * until the ledger wiring writes them at fulfilment.
 */
const { db, acme } = payoutsWorld();
const harbor = seededService(db, "harbor");
const DAY = 86_400_000;

beforeAll(async () => {
  // Releases only: nobody is paid out here (api/payouts/run.ts has its own tests).
  await setPayoutAccount(db(), acme.accountId, { holdDays: 3, payoutsEnabled: false });
  await db().delete(payoutAccounts).where(eq(payoutAccounts.accountId, harbor.accountId));
});

const pending = (service: TestService, bookingId: string) =>
  balanceOf(db(), ledgerAccounts.pending(service.accountId), bookingId);
const available = (service: TestService, bookingId: string) =>
  balanceOf(db(), ledgerAccounts.available(service.accountId), bookingId);
const releasesOf = (bookingId: string) =>
  db()
    .select({ key: ledgerEntries.transactionKey, account: ledgerEntries.account, amount: ledgerEntries.amountMinor })
    .from(ledgerEntries)
    .where(like(ledgerEntries.transactionKey, `release:${bookingId}:%`))
    .orderBy(ledgerEntries.transactionKey, ledgerEntries.line);
const releasedAt = async (bookingId: string) =>
  (await db().select({ at: bookings.fundsReleasedAt }).from(bookings).where(eq(bookings.id, bookingId)))[0].at;

describe("releasing a booking's money after its departure and hold", () => {
  it("keeps a paid booking pending until departure + the operator's hold, then makes it available once", async () => {
    const { booking, slot, operatorPart } = await paidBooking(db(), acme, 30);
    expect(operatorPart).toBeGreaterThan(0);
    expect(await pending(acme, booking.id)).toBe(operatorPart);

    // The departure is past, the 3 days' hold not yet.
    const holdEnds = slot.startsAt.getTime() + 3 * DAY;
    await moveClockTo(new Date(holdEnds - 60_000));
    expect(await pending(acme, booking.id)).toBe(operatorPart);
    expect(await available(acme, booking.id)).toBe(0);
    expect(await releasedAt(booking.id)).toBeNull();

    const ran = await moveClockTo(new Date(holdEnds + 60_000));
    expect(ran.released).toBeGreaterThanOrEqual(1);
    expect(await pending(acme, booking.id)).toBe(0);
    expect(await available(acme, booking.id)).toBe(operatorPart);
    expect(await releasedAt(booking.id)).not.toBeNull();
    expect(await releasesOf(booking.id)).toEqual([
      { key: `release:${booking.id}:1`, account: ledgerAccounts.pending(acme.accountId), amount: -operatorPart },
      { key: `release:${booking.id}:1`, account: ledgerAccounts.available(acme.accountId), amount: operatorPart },
    ]);

    // Later runs release nothing more.
    expect((await moveClockBy(1)).released).toBe(0);
    expect(await releasesOf(booking.id)).toHaveLength(2);
    expect(await available(acme, booking.id)).toBe(operatorPart);
  });

  it("holds 2 days for an operator without a payout account", async () => {
    const { booking, slot, operatorPart } = await paidBooking(db(), harbor, 30);
    const holdEnds = slot.startsAt.getTime() + 2 * DAY;
    await moveClockTo(new Date(holdEnds - 60_000));
    expect(await pending(harbor, booking.id)).toBe(operatorPart);
    expect(await releasedAt(booking.id)).toBeNull();
    await moveClockTo(new Date(holdEnds + 60_000));
    expect(await pending(harbor, booking.id)).toBe(0);
    expect(await available(harbor, booking.id)).toBe(operatorPart);
  });

  it("releases the net of a refund made before, and a refund made after the release reduces the available balance", async () => {
    const early = await paidBooking(db(), acme, 30);
    const late = await paidBooking(db(), acme, 30);
    // 40 % of the first refunded before its departure: one release of what is left.
    const earlyShare = await refundLedger(
      db(),
      early.booking.id,
      `test-early-${early.booking.id}`,
      Math.round(early.booking.totalMinor * 0.4),
    );
    expect(earlyShare).toBeGreaterThan(0);
    await moveClockTo(new Date(late.slot.startsAt.getTime() + 3 * DAY + 60_000));
    expect(await available(acme, early.booking.id)).toBe(early.operatorPart - earlyShare);
    expect(await releasesOf(early.booking.id)).toHaveLength(2);
    expect(await available(acme, late.booking.id)).toBe(late.operatorPart);
    const firstRelease = await releasedAt(late.booking.id);

    // The second is refunded 40 % after its money was released: the next run takes it back from available.
    const lateShare = await refundLedger(
      db(),
      late.booking.id,
      `test-late-${late.booking.id}`,
      Math.round(late.booking.totalMinor * 0.4),
    );
    expect(await pending(acme, late.booking.id)).toBe(-lateShare);
    expect((await moveClockBy(1)).released).toBeGreaterThanOrEqual(1);
    expect(await pending(acme, late.booking.id)).toBe(0);
    expect(await available(acme, late.booking.id)).toBe(late.operatorPart - lateShare);
    expect((await releasesOf(late.booking.id)).map((line) => [line.key, line.amount])).toEqual([
      [`release:${late.booking.id}:1`, -late.operatorPart],
      [`release:${late.booking.id}:1`, late.operatorPart],
      [`release:${late.booking.id}:3`, lateShare],
      [`release:${late.booking.id}:3`, -lateShare],
    ]);
    // Released the first time only.
    expect(await releasedAt(late.booking.id)).toEqual(firstRelease);
  });
});
