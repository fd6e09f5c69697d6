import { like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { clockNow, setClock } from "~api/clock";
import { ledgerEntries } from "~api/db/schema";
import { ledgerAccounts } from "~api/ledger/accounts";
import { releaseDueFunds } from "~api/payouts/release";
import { runDuePayouts } from "~api/payouts/run";
import * as support from "../../support/payouts";

/**
 * Runs of the release and of the payouts at the same moment (two processes' due work, as on
 * PostgreSQL with its pool of connections; on PGlite they take turns): a booking is released once
 * and an operator is paid once a day. The clock is moved without running the due work
 * (setClock), so that the runs below are the only ones.
 */
const { db, acme } = support.payoutsWorld();
const RUNS = 4;
const DAY = 86_400_000;

describe("the payout engine run twice at once", () => {
  it("releases each booking once and makes one payout per operator and day", async () => {
    for (let round = 0; round < 3; round++) {
      await support.setPayoutAccount(db(), acme.accountId, { scheduleInterval: "daily", scheduleDay: 1, holdDays: 0 });
      const { booking, slot, operatorPart } = await support.paidBooking(db(), acme, 3);
      const paidBefore = await support.balanceOf(db(), ledgerAccounts.paidOut(acme.accountId));
      const payoutsBefore = (await support.payoutsOf(db(), acme.accountId)).length;
      // The next day (no payout yet that day), well after the departure.
      await setClock(db(), new Date(Math.max(slot.startsAt.getTime(), clockNow().getTime()) + DAY));

      const released = await Promise.all(Array.from({ length: RUNS }, () => releaseDueFunds(db())));
      expect(released.reduce((sum, n) => sum + n, 0)).toBe(1);
      const releases = await db()
        .select({ key: ledgerEntries.transactionKey })
        .from(ledgerEntries)
        .where(like(ledgerEntries.transactionKey, `release:${booking.id}:%`));
      expect(releases).toHaveLength(2);
      expect(await support.balanceOf(db(), ledgerAccounts.available(acme.accountId), booking.id)).toBe(operatorPart);

      const made = await Promise.all(Array.from({ length: RUNS }, () => runDuePayouts(db())));
      expect(made.reduce((sum, n) => sum + n, 0)).toBe(1);
      const payouts = (await support.payoutsOf(db(), acme.accountId)).slice(payoutsBefore);
      expect(payouts).toEqual([expect.objectContaining({ amountMinor: operatorPart, status: "paid" })]);
      expect(await support.unpaidAvailable(db(), acme.accountId)).toBe(0);
      expect(await support.balanceOf(db(), ledgerAccounts.paidOut(acme.accountId))).toBe(paidBefore + operatorPart);
      // Once more, that same day: nothing.
      expect(await runDuePayouts(db())).toBe(0);
    }
  });
});
