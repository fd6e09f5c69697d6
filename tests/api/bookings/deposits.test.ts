import "../../support/env";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, bookingRefunds, ledgerEntries, sandboxCheckouts, services } from "~api/db/schema";
import { runDueWork } from "~api/jobs/due-work";
import { ledgerAccounts } from "~api/ledger/accounts";
import { formatMoney } from "~contract/money";
import { formatDueDay } from "~contract/bookings/deposit-rules";
import * as world from "../../support/booking";
import { v1 } from "../../support/client";
import { outboxFor, type TestUser } from "../../support/identity";
import { syncedMember } from "../../support/operator";
import { checkLedgerAfterEach } from "../../support/ledger";
import { departureIn, moveClockTo } from "../../support/payouts";

/**
 * Deposits (issue 46, item 5): a $900.00 booking of a service asking 25 % when the departure is more
 * than 30 days away pays $225.00 now and $675.00 once, 14 days before the departure, charged by the
 * due work as the test clock reaches it; a declined balance sends the payment link; a balance
 * unpaid at the cut-off cancels the booking by the policy.
 */
const { db, acme } = world.bookingWorld();
checkLedgerAfterEach(db);

/** 1 adult at $873.79 plus the 3 % service fee: $900.00. */
const ADULT_FOR_900 = 87_379;
const DAY = 86_400_000;
const DECLINES_LATER = "4000 0000 0000 0341";
const DEPOSIT = { kind: "percent", value: 2_500, minDaysBefore: 30, balanceDueDaysBefore: 14 } as const;

let owner: TestUser;

beforeAll(async () => {
  owner = await syncedMember(db(), "acme", "owner");
  const set = await setDeposit(DEPOSIT);
  expect(set.status, JSON.stringify(set.body)).toBe(200);
});

function setDeposit(deposit: unknown, serviceId = acme.serviceId, token = owner.idToken) {
  return v1.operatorUpdateService({ params: { serviceId }, token, account: "acme", body: { deposit } });
}

/** A new traveller books one adult ($900.00) on a departure `days` away and pays the checkout with `card`. */
async function depositBooking(days: number, card = world.SUCCEEDS) {
  const guest = await world.bookingUser(acme);
  const slot = await departureIn(db(), acme, days * 24);
  return world.withAdultPrice(db(), acme, ADULT_FOR_900, async () => {
    const placed = await world.placeBooking(guest.idToken, world.bookingBody(acme, slot.id, 1));
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const sessionId = world.sessionIdOf(placed.body.data.checkoutUrl);
    const [checkout] = await db().select().from(sandboxCheckouts).where(eq(sandboxCheckouts.id, sessionId));
    const paid = await world.pay(sessionId, card);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const id: string = placed.body.data.booking.id;
    return { guest, slot, id, checkout, placed: placed.body.data.booking };
  });
}

const view = async (guest: TestUser, id: string) =>
  (await v1.booking({ params: { id }, token: guest.idToken })).body.data;

/** The sandbox's off-session balance payments of a booking. */
const balanceCharges = (bookingId: string) =>
  db()
    .select()
    .from(sandboxCheckouts)
    .where(and(eq(sandboxCheckouts.bookingId, bookingId), eq(sandboxCheckouts.purchaseKind, "balance")));

const paymentLines = (bookingId: string) =>
  db()
    .select({ key: ledgerEntries.transactionKey, amountMinor: ledgerEntries.amountMinor })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.bookingId, bookingId), eq(ledgerEntries.account, ledgerAccounts.payments)));

describe("a deposit booking", () => {
  it("$900 at 25 %: the quote and the checkout ask $225.00 now; the booking shows paid, due and when", async () => {
    const slot = await departureIn(db(), acme, 60 * 24);
    const quote = await world.withAdultPrice(db(), acme, ADULT_FOR_900, () =>
      v1.quote({
        body: { serviceId: acme.serviceId, slotId: slot.id, tickets: [{ ticketTypeId: acme.adult.id, quantity: 1 }] },
      }),
    );
    expect(quote.status).toBe(200);
    expect(quote.body.data.breakdown.totalMinor).toBe(90_000);
    expect(quote.body.data.deposit).toEqual({
      depositMinor: 22_500,
      balanceMinor: 67_500,
      balanceDueAt: new Date(slot.startsAt.getTime() - 14 * DAY).toISOString(),
    });

    const { guest, id, checkout } = await depositBooking(60);
    expect(checkout.amountMinor).toBe(22_500);
    const booked = await view(guest, id);
    expect(booked.status).toBe("confirmed");
    expect(booked.totalMinor).toBe(90_000);
    expect(booked.deposit).toMatchObject({
      depositMinor: 22_500,
      balanceMinor: 67_500,
      paidMinor: 22_500,
      dueMinor: 67_500,
      balanceState: "due",
    });
    // Cancelling now (free-cancellation window open) gives back what was paid: the deposit.
    expect(booked.refundIfCancelledMinor).toBe(22_500);
    const due = formatDueDay(booked.deposit.balanceDueAt, booked.timezone);
    expect(due).toContain(`(${booked.timezone})`);
    const [confirmation] = (await outboxFor(guest.email)).filter((mail) => mail.kind === "booking_confirmed");
    expect(confirmation.textBody).toContain(
      `Paid ${formatMoney(22_500, "USD")} · ${formatMoney(67_500, "USD")} due on ${due}`,
    );
    expect(await paymentLines(id)).toEqual([{ key: `charge:${id}`, amountMinor: -22_500 }]);
  });

  it("the balance is charged $675.00 exactly once at its time, however often and however concurrently the due work runs", async () => {
    const { guest, id, slot } = await depositBooking(45);
    const dueAt = new Date(slot.startsAt.getTime() - 14 * DAY);
    await moveClockTo(new Date(dueAt.getTime() - 60 * 60_000));
    expect(await balanceCharges(id)).toHaveLength(0);
    expect((await view(guest, id)).deposit.balanceState).toBe("due");

    const moved = await moveClockTo(new Date(dueAt.getTime() + 60_000));
    expect(moved).toMatchObject({ balancesCharged: 1 });
    await Promise.all([runDueWork(db()), runDueWork(db()), runDueWork(db())]);
    await runDueWork(db());

    const charges = await balanceCharges(id);
    expect(charges.map((charge) => charge.amountMinor)).toEqual([67_500]);
    const after = await view(guest, id);
    expect(after.deposit).toMatchObject({ paidMinor: 90_000, dueMinor: 0, balanceState: "paid" });
    expect(await paymentLines(id)).toEqual(
      expect.arrayContaining([
        { key: `charge:${id}`, amountMinor: -22_500 },
        { key: `balance:${id}`, amountMinor: -67_500 },
      ]),
    );
    expect(await paymentLines(id)).toHaveLength(2);
    const receipts = (await outboxFor(guest.email)).filter((mail) => mail.kind === "balance_paid");
    expect(receipts).toHaveLength(1);
    expect(receipts[0].textBody).toContain(`We charged the balance of ${formatMoney(67_500, "USD")}`);

    // Cancelled later (still in the free window), both payments go back: $225.00 and $675.00, each to its own.
    const cancelled = await v1.cancelBooking({ params: { id }, token: guest.idToken });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const refunds = await db().select().from(bookingRefunds).where(eq(bookingRefunds.bookingId, id));
    expect(refunds.map((refund) => refund.amountMinor).sort()).toEqual([22_500, 67_500]);
    expect(refunds.every((refund) => refund.status === "made")).toBe(true);
  });

  it("a declined balance emails the payment link; paid through it, the booking is paid in full", async () => {
    const { guest, id, slot } = await depositBooking(50, DECLINES_LATER);
    const dueAt = new Date(slot.startsAt.getTime() - 14 * DAY);
    const moved = await moveClockTo(new Date(dueAt.getTime() + 60_000));
    expect(moved).toMatchObject({ balancesDeclined: 1 });
    await runDueWork(db());
    expect((await view(guest, id)).deposit).toMatchObject({ balanceState: "failed", dueMinor: 67_500 });
    const links = (await outboxFor(guest.email)).filter((mail) => mail.kind === "balance_payment_link");
    expect(links).toHaveLength(1);
    expect(links[0].textBody).toContain(`/account/booking/${id}#balance`);
    expect(links[0].textBody).toContain(`We could not charge the balance of ${formatMoney(67_500, "USD")}`);

    const link = await v1.payBookingBalance({
      params: { id },
      token: guest.idToken,
      body: { returnUrl: `/account/booking/${id}` },
    });
    expect(link.status, JSON.stringify(link.body)).toBe(200);
    const sessionId = world.sessionIdOf(link.body.data.checkoutUrl);
    const [checkout] = await db().select().from(sandboxCheckouts).where(eq(sandboxCheckouts.id, sessionId));
    expect(checkout.amountMinor).toBe(67_500);
    expect((await world.pay(sessionId)).status).toBe(200);
    expect((await view(guest, id)).deposit).toMatchObject({ balanceState: "paid", paidMinor: 90_000, dueMinor: 0 });
    expect(await paymentLines(id)).toHaveLength(2);
    // Nothing is owed any more: no second link checkout.
    const again = await v1.payBookingBalance({ params: { id }, token: guest.idToken, body: { returnUrl: "/" } });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe("balance_not_owed");
    // Someone else's booking: 404.
    const stranger = await world.bookingUser(acme);
    const theirs = await v1.payBookingBalance({ params: { id }, token: stranger.idToken, body: { returnUrl: "/" } });
    expect(theirs.status).toBe(404);
  });

  it("a balance still unpaid at the cut-off cancels the booking by the policy: seats freed, the deposit kept", async () => {
    const { guest, id, slot } = await depositBooking(55, DECLINES_LATER);
    expect(await world.seatsTaken(db(), slot.id)).toBe(1);
    const dueAt = new Date(slot.startsAt.getTime() - 14 * DAY);
    await moveClockTo(new Date(dueAt.getTime() + 60_000));
    expect((await view(guest, id)).deposit.balanceState).toBe("failed");
    // The cut-off: the free-cancellation deadline (the departure less acme's cutoff).
    const cutoff = new Date(slot.startsAt.getTime() - acme.cutoffHours * 3_600_000);
    const before = await moveClockTo(new Date(cutoff.getTime() - 60_000));
    expect(before).toMatchObject({ balancesCancelled: 0 });
    const moved = await moveClockTo(new Date(cutoff.getTime() + 60_000));
    expect(moved).toMatchObject({ balancesCancelled: 1 });
    await runDueWork(db());

    const after = await view(guest, id);
    expect(after.status).toBe("cancelled");
    expect(after.deposit).toMatchObject({ balanceState: "cancelled", paidMinor: 22_500, dueMinor: 0 });
    expect(after.refundMinor).toBe(0);
    expect(await world.seatsTaken(db(), slot.id)).toBe(0);
    expect(await db().select().from(bookingRefunds).where(eq(bookingRefunds.bookingId, id))).toEqual([]);
    expect(await balanceCharges(id)).toHaveLength(0);
    const cancelled = (await outboxFor(guest.email)).filter((mail) => mail.kind === "booking_cancelled");
    expect(cancelled).toHaveLength(1);
    expect(cancelled[0].textBody).toContain("its balance was not paid in time");
    expect(cancelled[0].textBody).toContain(`the deposit of ${formatMoney(22_500, "USD")} is not refunded`);
  });

  it("cancelled by the traveller before the balance is due: the deposit is refunded, nothing is charged later", async () => {
    const { guest, id, slot } = await depositBooking(70);
    const cancelled = await v1.cancelBooking({ params: { id }, token: guest.idToken });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.data.refundMinor).toBe(22_500);
    expect(cancelled.body.data.deposit).toMatchObject({ balanceState: "cancelled", dueMinor: 0 });
    await moveClockTo(new Date(slot.startsAt.getTime() - 13 * DAY));
    expect(await balanceCharges(id)).toHaveLength(0);
  });

  it("a deposit paid after its hold lapsed (seats still free) confirms the booking with its balance still due", async () => {
    const guest = await world.bookingUser(acme);
    const slot = await departureIn(db(), acme, 80 * 24);
    const placed = await world.withAdultPrice(db(), acme, ADULT_FOR_900, () =>
      world.placeBooking(guest.idToken, world.bookingBody(acme, slot.id, 1)),
    );
    const id: string = placed.body.data.booking.id;
    await world.expireHoldNow(db(), id);
    await runDueWork(db());
    expect((await world.pay(world.sessionIdOf(placed.body.data.checkoutUrl))).status).toBe(200);
    const late = await view(guest, id);
    expect(late.status).toBe("confirmed");
    expect(late.deposit).toMatchObject({ paidMinor: 22_500, dueMinor: 67_500, balanceState: "due" });
    expect(await paymentLines(id)).toEqual([{ key: `charge:${id}`, amountMinor: -22_500 }]);
  });

  it("a departure within the deposit's 30 days is paid in full now", async () => {
    const { guest, id, checkout } = await depositBooking(20);
    expect(checkout.amountMinor).toBe(90_000);
    expect((await view(guest, id)).deposit).toBeNull();
  });
});

describe("operatorUpdateService: the deposit settings", () => {
  it("are set and cleared by the owner, each change audited; nonsense is 400; another operator's service is 404", async () => {
    const fixed = { kind: "fixed", value: 10_000, minDaysBefore: 20, balanceDueDaysBefore: 7 };
    const set = await setDeposit(fixed);
    expect(set.status).toBe(200);
    expect(set.body.data.deposit).toEqual(fixed);
    const [row] = await db().select().from(services).where(eq(services.id, acme.serviceId));
    expect(row).toMatchObject({ depositKind: "fixed", depositValue: 10_000, depositMinDays: 20, balanceDueDays: 7 });
    const audit = await db().select().from(auditLog).where(eq(auditLog.action, "service.deposit_set"));
    expect(audit.at(-1)!.target).toMatchObject({ serviceId: acme.serviceId, after: JSON.stringify(fixed) });

    for (const bad of [
      { ...DEPOSIT, value: 10_000 },
      { ...DEPOSIT, balanceDueDaysBefore: 31 },
      { ...DEPOSIT, minDaysBefore: 0 },
      { ...DEPOSIT, kind: "shares" },
      { ...DEPOSIT, value: 2.5 },
      "25%",
    ]) {
      const refused = await setDeposit(bad);
      expect(refused.status, JSON.stringify(bad)).toBe(400);
    }
    const harbor = await world.findService(db(), "harbor");
    expect((await setDeposit(DEPOSIT, harbor.serviceId)).status).toBe(404);

    const cleared = await setDeposit(null);
    expect(cleared.body.data.deposit).toBeNull();
    const put = await setDeposit(DEPOSIT);
    expect(put.body.data.deposit).toEqual(DEPOSIT);
  });
});
