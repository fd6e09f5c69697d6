import "../../support/env";
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { metricsRegistry } from "~runtime/metrics.mjs";
import { queryRows } from "~api/db/rows";
import { accounts, bookings, ledgerEntries, sandboxCheckouts } from "~api/db/schema";
import { paymentEnv } from "~api/env";
import { runLedgerReconciliation } from "~api/ledger/reconcile-job";
import { reconcileLedger } from "~api/ledger/reconcile";
import { logger } from "~api/logger";
import { receiveEvent } from "~api/payments/events";
import type { PaymentEvent } from "~api/payments/provider";
import { hashTipKey, newTipAccessKey } from "~api/tips/service";
import * as world from "../../support/booking";
import { v1 } from "../../support/client";
import { outboxFor, syncedUser, uniqueEmail } from "../../support/identity";
import { checkLedgerAfterEach } from "../../support/ledger";
import { operatorRefund, syncedMember } from "../../support/operator";

const { db, acme } = world.bookingWorld();
checkLedgerAfterEach(db);

/** A booking's ledger lines, as [transaction key's kind, account, amount], in the order written. */
async function linesOf(bookingId: string) {
  const rows = await db()
    .select()
    .from(ledgerEntries)
    .where(eq(ledgerEntries.bookingId, bookingId))
    .orderBy(ledgerEntries.occurredAt, ledgerEntries.transactionKey, ledgerEntries.line);
  return rows;
}

/** Sum of an account's lines (optionally for one booking). */
async function balance(account: string, bookingId?: string) {
  const [row] = await queryRows<{ total: string }>(
    db(),
    sql`select coalesce(sum(amount_minor), 0)::text as total from ledger_entries
        where account = ${account} ${bookingId ? sql`and booking_id = ${bookingId}` : sql``}`,
  );
  return Number(row.total);
}

const countLines = async () =>
  Number((await queryRows<{ n: string }>(db(), sql`select count(*)::text as n from ledger_entries`))[0].n);

/** A guest's booking of one adult at $100.00 (the 3 % service fee on top), paid at the sandbox's checkout. */
async function hundredDollarBooking() {
  const guest = await world.bookingUser(acme);
  const slot = await world.createSlot(db(), acme.serviceId);
  const booking = await world.withAdultPrice(db(), acme, 10_000, () => world.confirmedBooking(guest, acme, slot.id, 1));
  return { guest, slot, booking, row: await world.bookingRow(db(), booking.id) };
}

const pending = () => `operator:${acme.accountId}:pending`;

/** A booking's sides in the ledger: the operator's pending part, the commission and the service fees. */
async function expectSides(bookingId: string, sides: { operator: number; commission: number; serviceFees: number }) {
  expect(await balance(pending(), bookingId)).toBe(sides.operator);
  expect(await balance("platform:commission", bookingId)).toBe(sides.commission);
  expect(await balance("platform:service_fees", bookingId)).toBe(sides.serviceFees);
}

/** The traveller cancels the booking; every side of it ends at zero. */
async function expectCancelledToZero(bookingId: string, guestToken: string) {
  const cancelled = await v1.cancelBooking({ params: { id: bookingId }, token: guestToken });
  expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
  for (const account of [pending(), "platform:commission", "platform:service_fees", "external:payments"])
    expect(await balance(account, bookingId)).toBe(0);
}

describe("the money ledger", () => {
  it("a new booking carries its operator's commission rate; a booking paid writes its charge", async () => {
    const { booking, row } = await hundredDollarBooking();
    expect(row).toMatchObject({ totalMinor: 10_300, feesMinor: 300, commissionBps: paymentEnv.commissionBps });
    expect(paymentEnv.commissionBps).toBe(1500);
    const lines = await linesOf(booking.id);
    expect(lines.map((line) => [line.transactionKey, line.kind, line.account, line.amountMinor])).toEqual([
      [`charge:${booking.id}`, "charge", "external:payments", -10_300],
      // The platform's part is 15 % of the $103.00 paid (15.45), the $3.00 service fee within it.
      [`charge:${booking.id}`, "charge", pending(), 8_755],
      [`charge:${booking.id}`, "charge", "platform:commission", 1_245],
      [`charge:${booking.id}`, "charge", "platform:service_fees", 300],
    ]);
    expect(lines[0]).toMatchObject({
      provider: "sandbox",
      providerRef: row.paymentIntentId,
      operatorId: acme.accountId,
      currency: "USD",
    });

    // An operator's own rate applies to its bookings made after it was set.
    await db().update(accounts).set({ commissionBps: 1000 }).where(eq(accounts.id, acme.accountId));
    try {
      const later = await hundredDollarBooking();
      expect(later.row.commissionBps).toBe(1000);
      // 10 % of $103.00 is 10.30: 7.30 commission beside the 3.00 service fee.
      await expectSides(later.booking.id, { operator: 9_270, commission: 730, serviceFees: 300 });
    } finally {
      await db().update(accounts).set({ commissionBps: null }).where(eq(accounts.id, acme.accountId));
    }
    expect((await world.bookingRow(db(), booking.id)).commissionBps).toBe(1500);
  });

  it("refunded 40 %: the operator and the platform give back their shares (87.55/12.45/3.00 → 52.53/7.47/1.80), the card gets it back", async () => {
    const { booking, guest } = await hundredDollarBooking();
    const owner = await syncedMember(db(), "acme", "owner");
    const refunded = await operatorRefund(owner.idToken, booking.id, {
      amountMinor: 4_120,
      alreadyRefundedMinor: 0,
      idempotencyKey: "refund-forty",
      reason: "Rain",
    });
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(201);
    const refundId: string = refunded.body.data.refund.id;
    const lines = (await linesOf(booking.id)).filter((line) => line.kind === "refund");
    expect(lines.map((line) => [line.transactionKey, line.account, line.amountMinor])).toEqual([
      [`refund:${refundId}`, pending(), -3_502],
      [`refund:${refundId}`, "platform:commission", -498],
      [`refund:${refundId}`, "platform:service_fees", -120],
      [`refund:${refundId}`, "external:payments", 4_120],
    ]);
    await expectSides(booking.id, { operator: 5_253, commission: 747, serviceFees: 180 });

    // The traveller cancels: the rest comes back, and every side ends at zero.
    await expectCancelledToZero(booking.id, guest.idToken);
  });

  it("past the cutoff a refund is the operator's goodwill: out of its part (87.55 → 46.35), the platform keeps 12.45 and 3.00 until the operator's part is spent", async () => {
    const guest = await world.bookingUser(acme);
    // Ten hours away: inside acme's 24-hour free-cancellation cutoff, the policy owes nothing more.
    const slot = await world.createSlot(db(), acme.serviceId, { startsInHours: 10 });
    const booking = await world.withAdultPrice(db(), acme, 10_000, () =>
      world.confirmedBooking(guest, acme, slot.id, 1),
    );
    const owner = await syncedMember(db(), "acme", "owner");
    const page = async () =>
      (await v1.operatorGetBooking({ params: { bookingId: booking.id }, account: "acme", token: owner.idToken })).body
        .data.money;
    expect((await page()).refundIsGoodwill).toBe(true);
    const refund = (amountMinor: number, alreadyRefundedMinor: number, idempotencyKey: string) =>
      operatorRefund(owner.idToken, booking.id, { amountMinor, alreadyRefundedMinor, idempotencyKey });
    const first = await refund(4_120, 0, "goodwill-one");
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.data.refund.goodwillMinor).toBe(4_120);
    const refundId: string = first.body.data.refund.id;
    const lines = (await linesOf(booking.id)).filter((line) => line.kind === "refund");
    expect(lines.map((line) => [line.transactionKey, line.account, line.amountMinor])).toEqual([
      [`refund:${refundId}`, pending(), -4_120],
      [`refund:${refundId}`, "external:payments", 4_120],
    ]);
    await expectSides(booking.id, { operator: 4_635, commission: 1_245, serviceFees: 300 });
    // The console's money panel says the same as the ledger.
    expect(await page()).toMatchObject({ operatorMinor: 4_635, commissionMinor: 1_245, serviceFeeMinor: 300 });

    // The rest, also goodwill: the operator's 46.35 first, then the platform's 15.45; nothing is left anywhere.
    expect((await refund(6_180, 4_120, "goodwill-two")).status).toBe(201);
    await expectSides(booking.id, { operator: 0, commission: 0, serviceFees: 0 });
    expect(await page()).toMatchObject({
      operatorMinor: 0,
      commissionMinor: 0,
      serviceFeeMinor: 0,
      refundableMinor: 0,
    });
    expect(await balance("external:payments", booking.id)).toBe(0);
  });

  it("a dearer move's difference is a charge at the booking's rate; cancelled, every side ends at zero", async () => {
    const { booking, guest } = await hundredDollarBooking();
    const to = await world.createSlot(db(), acme.serviceId);
    await world.withAdultPrice(db(), acme, 12_000, async () => {
      const asked = await v1.rescheduleBooking({
        params: { id: booking.id },
        token: guest.idToken,
        body: { slotId: to.id },
        headers: { "Idempotency-Key": randomUUID() },
      });
      expect(asked.status, JSON.stringify(asked.body)).toBe(200);
      expect((await world.pay(world.sessionIdOf(asked.body.data.pendingChange.checkoutUrl))).status).toBe(200);
    });
    const moved = await world.bookingRow(db(), booking.id);
    expect(moved).toMatchObject({ slotId: to.id, totalMinor: 12_360, feesMinor: 360 });
    const difference = (await linesOf(booking.id)).filter((line) => line.transactionKey.startsWith("reschedule:"));
    expect(difference.map((line) => [line.kind, line.account, line.amountMinor])).toEqual([
      ["charge", "external:payments", -2_060],
      // 15 % of the $20.60 more is 3.09, the 0.60 more service fee within it.
      ["charge", pending(), 1_751],
      ["charge", "platform:commission", 249],
      ["charge", "platform:service_fees", 60],
    ]);
    expect(difference[0].providerRef).not.toBe(moved.paymentIntentId);
    // The booking's sides are now those of $123.60 at 15 %: 105.06 and 18.54, the 3.60 fee within it.
    await expectSides(booking.id, { operator: 10_506, commission: 1_494, serviceFees: 360 });

    await expectCancelledToZero(booking.id, guest.idToken);
  });

  it("a tip paid is the operator's whole", async () => {
    const { booking } = await hundredDollarBooking();
    const key = newTipAccessKey();
    await db()
      .update(bookings)
      .set({ tipKeyHash: hashTipKey(key) })
      .where(eq(bookings.id, booking.id));
    const started = await v1.startTip({ params: { accessKey: key }, body: { amount: 1_500 } });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect((await world.pay(world.sessionIdOf(started.body.data.checkoutUrl))).body.data.status).toBe("paid");
    const tipLines = (await linesOf(booking.id)).filter((line) => line.kind === "tip");
    expect(tipLines.map((line) => [line.account, line.amountMinor])).toEqual([
      ["external:payments", -1_500],
      [pending(), 1_500],
    ]);
    expect(tipLines[0].transactionKey).toMatch(/^tip:tip_/);
    expect(tipLines[0].providerRef).toMatch(/^pi_sandbox_/);
  });

  it("a gift card sold is the platform's until spent; spent, its part pays the operator and the commission", async () => {
    const buyer = await syncedUser();
    const to = uniqueEmail("recipient");
    const started = await v1.buyGiftCard({
      token: buyer.idToken,
      body: { amountMinor: 4_000, recipientEmail: to, recipientName: "Sam", senderName: "Alex" },
    });
    expect(started.status).toBe(201);
    const cardId: string = started.body.data.id;
    const giftCardsBefore = await balance("platform:gift_cards");
    expect((await world.pay(world.sessionIdOf(started.body.data.checkoutUrl))).body.data.status).toBe("paid");
    const issued = await db()
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.transactionKey, `gift_card_issue:${cardId}`));
    expect(issued.map((line) => [line.kind, line.account, line.amountMinor])).toEqual([
      ["gift_card_issue", "external:payments", -4_000],
      ["gift_card_issue", "platform:gift_cards", 4_000],
    ]);
    expect(await balance("platform:gift_cards")).toBe(giftCardsBefore + 4_000);

    // Spent on a $103.00 booking: the card pays 40.00, the guest's card the rest.
    const code = /Your code: ([2-9A-Z-]{19})/.exec(
      (await outboxFor(to)).find((message) => message.kind === "gift_card").textBody,
    )![1];
    const guest = await world.bookingUser(acme);
    const slot = await world.createSlot(db(), acme.serviceId);
    const placed = await world.withAdultPrice(db(), acme, 10_000, () =>
      world.placeBooking(guest.idToken, world.bookingBody(acme, slot.id, 1, { giftCardCode: code })),
    );
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const bookingId: string = placed.body.data.booking.id;
    expect((await world.pay(world.sessionIdOf(placed.body.data.checkoutUrl))).body.data.status).toBe("paid");
    const charge = await linesOf(bookingId);
    expect(charge.map((line) => [line.account, line.amountMinor])).toEqual([
      ["external:payments", -6_300],
      ["platform:gift_cards", -4_000],
      [pending(), 8_755],
      ["platform:commission", 1_245],
      ["platform:service_fees", 300],
    ]);
    expect(await balance("platform:gift_cards")).toBe(giftCardsBefore);
  });

  it("a replayed payment event writes nothing twice", async () => {
    const { booking, row } = await hundredDollarBooking();
    const [checkout] = await db().select().from(sandboxCheckouts).where(eq(sandboxCheckouts.bookingId, booking.id));
    const before = await countLines();
    const event: PaymentEvent = {
      provider: "sandbox",
      eventId: `evt_sandbox_${checkout.id}`,
      type: "checkout.completed",
      providerType: "checkout.session.completed",
      sessionId: checkout.id,
      bookingId: booking.id,
      purchase: null,
      paymentIntentId: row.paymentIntentId,
      paymentMethodSaved: false,
      card: null,
    };
    // The same event again, and the same payment told by another event (a provider's second notice).
    expect(await receiveEvent(db(), event)).toEqual({ duplicate: true, outcome: "ignored" });
    expect((await receiveEvent(db(), { ...event, eventId: `evt_${randomUUID()}` })).outcome).toBe("already_confirmed");
    expect(await countLines()).toBe(before);
    expect(await balance("external:payments", booking.id)).toBe(-10_300);
  });

  it("a broken entry is reported by the reconciliation, and by the nightly job's metric and alert line", async () => {
    const { booking, row } = await hundredDollarBooking();
    expect(await reconcileLedger(db())).toEqual([]);
    // Balanced (the database takes it), but the card did not pay 10.00 more.
    await db()
      .insert(ledgerEntries)
      .values(
        [
          { account: "external:payments", amountMinor: -1_000 },
          { account: "platform:commission", amountMinor: 1_000 },
        ].map((line, index) => ({
          transactionKey: `broken:${booking.id}`,
          line: index + 1,
          kind: "charge" as const,
          currency: "USD",
          operatorId: acme.accountId,
          bookingId: booking.id,
          provider: "sandbox",
          providerRef: row.paymentIntentId,
          ...line,
        })),
      );
    try {
      const differences = await reconcileLedger(db());
      expect(differences).toEqual([
        {
          check: "booking_payments",
          subject: booking.id,
          currency: "USD",
          expectedMinor: -10_300,
          ledgerMinor: -11_300,
        },
        {
          check: "provider_payments",
          subject: row.paymentIntentId,
          currency: "USD",
          expectedMinor: 10_300,
          ledgerMinor: 11_300,
          detail: "sandbox",
        },
      ]);

      const alert = vi.spyOn(logger, "error").mockImplementation(() => undefined);
      try {
        expect(await runLedgerReconciliation(db())).toEqual(differences);
        expect(alert).toHaveBeenCalledWith(
          expect.objectContaining({ count: 2, differences }),
          "ledger reconciliation found differences",
        );
      } finally {
        alert.mockRestore();
      }
      const metric = await metricsRegistry.getSingleMetric("ledger_reconciliation_differences")!.get();
      expect(metric.values.map((value) => value.value)).toEqual([2]);
    } finally {
      await db()
        .delete(ledgerEntries)
        .where(eq(ledgerEntries.transactionKey, `broken:${booking.id}`));
    }
    expect(await runLedgerReconciliation(db())).toEqual([]);
    const metric = await metricsRegistry.getSingleMetric("ledger_reconciliation_differences")!.get();
    expect(metric.values.map((value) => value.value)).toEqual([0]);
  });

  it("an unbalanced transaction (written around the database's check) is reported too", async () => {
    const { booking } = await hundredDollarBooking();
    // With the database's check (a trigger) off for a moment, a line alone can be written.
    await db().transaction(async (tx) => {
      await tx.execute(sql`alter table ledger_entries disable trigger ledger_entries_balance`);
      try {
        await tx.insert(ledgerEntries).values({
          transactionKey: `broken:${booking.id}`,
          line: 1,
          kind: "charge",
          currency: "USD",
          account: "platform:commission",
          amountMinor: 7,
          bookingId: booking.id,
        });
      } finally {
        await tx.execute(sql`alter table ledger_entries enable trigger ledger_entries_balance`);
      }
    });
    try {
      expect(await reconcileLedger(db())).toEqual([
        { check: "transaction", subject: `broken:${booking.id}`, currency: "USD", expectedMinor: 0, ledgerMinor: 7 },
        { check: "ledger", subject: "USD", currency: "USD", expectedMinor: 0, ledgerMinor: 7 },
      ]);
    } finally {
      await db()
        .delete(ledgerEntries)
        .where(eq(ledgerEntries.transactionKey, `broken:${booking.id}`));
    }
  });
});
