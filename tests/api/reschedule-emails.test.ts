import "./helpers/env";
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { formatMoney } from "~contract/money";
import { groupTicketCode } from "~contract/ticket-code";
import { formatWhen } from "~api/bookings/format";
import {
  bookingRow,
  bookingUser,
  bookingWorld,
  confirmedBooking,
  createSlot,
  pay,
  sessionIdOf,
  startNow,
  withAdultPrice,
} from "./helpers/booking";
import { call, outboxFor, type TestUser } from "./helpers/identity";
import { syncedMember } from "./helpers/operator";

/** The email of a date change (issue 39 item 3): its own message, the old and new times, the money, the old ticket. */
const { db, acme } = bookingWorld();

const reschedule = (user: TestUser, bookingId: string, slotId: string) =>
  call(`/v1/bookings/${bookingId}/reschedule`, {
    token: user.idToken,
    body: { slotId },
    headers: { "Idempotency-Key": randomUUID() },
  });

async function scan(code: string) {
  const manager = await syncedMember(db(), "acme", "manager");
  const res = await call("/v1/operator/check-ins", {
    token: manager.idToken,
    body: { code, idempotencyKey: randomUUID() },
    account: "acme",
  });
  expect(res.status).toBe(200);
  return res.body.data.outcome as string;
}

async function dateChangeMail(email: string) {
  const mails = (await outboxFor(email)).filter((message) => message.kind === "booking_rescheduled");
  expect(mails).toHaveLength(1);
  return mails[0] as { subject: string; textBody: string; htmlBody: string };
}

/** What every date-change email says, in its text and its HTML. */
async function expectDateChange(
  guest: TestUser,
  bookingId: string,
  times: { from: { startsAt: Date; endsAt: Date }; to: { startsAt: Date; endsAt: Date } },
  oldCode: string,
  sentences: string[],
) {
  const view = (await call(`/v1/bookings/${bookingId}`, { token: guest.idToken })).body.data;
  const zone = view.timezone as string;
  const mail = await dateChangeMail(guest.email);
  expect(mail.subject).toBe(`Date changed: ${view.experienceTitle}`);
  for (const body of [mail.textBody, mail.htmlBody.replaceAll("&#x27;", "'")]) {
    expect(body).toContain("Your booking has a new date");
    expect(body).not.toContain("Booking confirmed");
    expect(body).not.toContain("Total paid");
    expect(body).toContain(`Was: ${formatWhen(times.from.startsAt, times.from.endsAt, zone)} (${zone})`);
    expect(body).toContain(`Now: ${formatWhen(times.to.startsAt, times.to.endsAt, zone)} (${zone})`);
    expect(body).toContain(`Your old ticket (${groupTicketCode(oldCode)}) no longer works`);
    expect(body).toContain(`Your ticket code: ${groupTicketCode(view.ticketCode)}`);
    for (const sentence of sentences) expect(body).toContain(sentence);
  }
  // No second "Booking confirmed" for the move.
  expect((await outboxFor(guest.email)).filter((message) => message.kind === "booking_confirmed")).toHaveLength(1);
}

describe("the date change's email", () => {
  it("cheaper: says the refund and what is paid in all (not the old total); the old ticket is refused", async () => {
    const guest = await bookingUser(acme);
    const from = await createSlot(db(), acme.serviceId);
    const to = await createSlot(db(), acme.serviceId);
    const booking = await confirmedBooking(guest, acme, from.id, 2);
    const paid = await bookingRow(db(), booking.id);
    await withAdultPrice(db(), acme, acme.adult.priceMinor - 1000, async () => {
      const moved = await reschedule(guest, booking.id, to.id);
      expect(moved.status).toBe(200);
      const after = await bookingRow(db(), booking.id);
      const refunded = after.refundMinor!;
      expect(refunded).toBeGreaterThan(0);
      await expectDateChange(guest, booking.id, { from, to }, paid.ticketCode, [
        `we are refunding the difference of ${formatMoney(refunded, paid.currency)}`,
        `Paid in all: ${formatMoney(paid.totalMinor - refunded, paid.currency)}`,
      ]);
      await startNow(db(), to.id);
      expect(await scan(paid.ticketCode)).toBe("invalid");
    });
  });

  it("dearer: says the difference charged and the new total; the old ticket is refused", async () => {
    const guest = await bookingUser(acme);
    const from = await createSlot(db(), acme.serviceId, { capacity: 4 });
    const to = await createSlot(db(), acme.serviceId, { capacity: 4 });
    const booking = await confirmedBooking(guest, acme, from.id, 2);
    const before = await bookingRow(db(), booking.id);
    await withAdultPrice(db(), acme, acme.adult.priceMinor + 750, async () => {
      const asked = await reschedule(guest, booking.id, to.id);
      expect(asked.status).toBe(200);
      const pending = asked.body.data.pendingChange;
      // Nothing is said before the difference is paid.
      expect((await outboxFor(guest.email)).some((message) => message.kind === "booking_rescheduled")).toBe(false);
      expect((await pay(sessionIdOf(pending.checkoutUrl))).status).toBe(200);
      const after = await bookingRow(db(), booking.id);
      await expectDateChange(guest, booking.id, { from, to }, before.ticketCode, [
        `you paid the difference of ${formatMoney(pending.amountMinor, before.currency)}`,
        `Paid in all: ${formatMoney(after.totalMinor, before.currency)}`,
      ]);
      await startNow(db(), to.id);
      expect(await scan(before.ticketCode)).toBe("invalid");
    });
  });

  it("same price: says nothing was charged or refunded", async () => {
    const guest = await bookingUser(acme);
    const from = await createSlot(db(), acme.serviceId);
    const to = await createSlot(db(), acme.serviceId);
    const booking = await confirmedBooking(guest, acme, from.id, 1);
    const before = await bookingRow(db(), booking.id);
    expect((await reschedule(guest, booking.id, to.id)).status).toBe(200);
    await expectDateChange(guest, booking.id, { from, to }, before.ticketCode, [
      "The price is the same: nothing was charged or refunded.",
      `Paid in all: ${formatMoney(before.totalMinor, before.currency)}`,
    ]);
  });
});
