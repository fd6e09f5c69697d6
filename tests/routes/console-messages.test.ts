import { eq } from "drizzle-orm";
import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import { bookingMessages, slots } from "~api/db/schema";
import * as bookingPage from "~/routes/_console.console.bookings.$bookingId";
import * as manifestPage from "~/routes/_console.console.manifest";
import { bookingRow, bookingUser, bookingWorld, confirmedBooking, createSlot, slotAt } from "../support/booking";
import { consoleLoad, consolePost, memberOf } from "../support/console-routes";
import { outboxFor } from "../support/identity";

const { db, acme } = bookingWorld();

const kept = (bookingId: string) => db().select().from(bookingMessages).where(eq(bookingMessages.bookingId, bookingId));
const guestMails = async (email: string) =>
  (await outboxFor(email)).filter((message) => message.kind === "guest_message");

async function paidBooking() {
  const guest = await bookingUser(acme);
  const slot = await createSlot(db(), acme.serviceId);
  const booking = await confirmedBooking(guest, acme, slot.id, 2);
  return {
    guest,
    booking,
    slotId: slot.id,
    path: `/console/bookings/${booking.id}`,
    params: { bookingId: booking.id },
  };
}

const MESSAGE = { intent: "message", template: "running_late", subject: "Running late", body: "Ten minutes, sorry." };

describe("/console/bookings/$bookingId: message the guest", () => {
  it("a template asked for by a GET fills in the form; the post sends it and the history lists it with its sender", async () => {
    const { guest, path, params } = await paidBooking();
    const manager = await memberOf(db(), "manager");
    const plain = await consoleLoad(bookingPage, path, manager.cookie, params);
    expect(plain.status).toBe(200);
    expect(plain.data.message).toMatchObject({ template: "custom", subject: "", body: "", confirmed: true });

    const filled = await consoleLoad(bookingPage, `${path}?template=weather`, manager.cookie, params);
    expect(filled.data.message.template).toBe("weather");
    expect(filled.data.message.subject).toContain("Weather update for");
    expect(filled.data.message.body).toMatch(/\b[A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2}, .*[A-Z]{2,5}/);
    const unknown = await consoleLoad(bookingPage, `${path}?template=<script>`, manager.cookie, params);
    expect(unknown.data.message.template).toBe("custom");

    const sent = await consolePost(bookingPage, path, manager.cookie, { ...MESSAGE, sms: "on" }, params);
    expect(sent.status).toBe(200);
    expect(sent.data.messageSent).toMatchObject({ bookings: 1, email: 1, sms: 1, skipped: [] });
    expect(await guestMails(guest.email)).toHaveLength(1);

    const after = await consoleLoad(bookingPage, path, manager.cookie, params);
    const messages = after.data.history.filter((item: { kind: string }) => item.kind === "message");
    expect(messages).toHaveLength(1);
    expect(messages[0].message).toMatchObject({
      subject: "Running late",
      body: "Ten minutes, sorry.",
      sentBy: { id: manager.user.uid },
      email: true,
      sms: true,
    });
  });

  it("an empty subject or a NUL byte: the form again (400), nothing sent", async () => {
    const { guest, booking, path, params } = await paidBooking();
    const manager = await memberOf(db(), "manager");
    const empty = await consolePost(bookingPage, path, manager.cookie, { ...MESSAGE, subject: " " }, params);
    expect(empty.status).toBe(400);
    expect(empty.data.result.error.subject).toBeTruthy();
    const nul = await consolePost(bookingPage, path, manager.cookie, { ...MESSAGE, body: "a\u0000b" }, params);
    expect(nul.status).toBe(400);
    const bad = await consolePost(bookingPage, path, manager.cookie, { ...MESSAGE, template: "spam" }, params);
    expect(bad.status).toBe(400);
    expect(await kept(booking.id)).toHaveLength(0);
    expect(await guestMails(guest.email)).toHaveLength(0);
  });

  it("a guide leading the departure writes to the guest and sees the history, without money; not leading it: 404", async () => {
    const { booking, path, params, slotId } = await paidBooking();
    const [guide, other, manager] = await Promise.all([
      memberOf(db(), "guide"),
      memberOf(db(), "guide"),
      memberOf(db(), "manager"),
    ]);
    await db().update(slots).set({ guideUserId: guide.user.uid }).where(eq(slots.id, slotId));
    // A refund by the manager: on the manager's history, not on the guide's.
    const view = (await consoleLoad(bookingPage, path, manager.cookie, params)).data;
    const refund = await consolePost(
      bookingPage,
      path,
      manager.cookie,
      { amount: "1", reason: "Late", alreadyRefundedMinor: "0", idempotencyKey: view.idempotencyKey },
      params,
    );
    expect(refund.status).toBe(302);

    const sent = await consolePost(bookingPage, path, guide.cookie, MESSAGE, params);
    expect(sent.status).toBe(200);
    expect(sent.data.messageSent.email).toBe(1);
    const seen = await consoleLoad(bookingPage, path, guide.cookie, params);
    expect(seen.status).toBe(200);
    expect(seen.data.history.some((item: { kind: string }) => item.kind === "message")).toBe(true);
    expect(JSON.stringify(seen.data.history)).not.toMatch(/Minor|currency|booking\.refunded/);
    expect(JSON.stringify(seen.data.page)).not.toMatch(/Minor|currency/);
    const managers = await consoleLoad(bookingPage, path, manager.cookie, params);
    expect(JSON.stringify(managers.data.history)).toContain("booking.refunded");

    const refused = await consolePost(bookingPage, path, other.cookie, MESSAGE, params);
    expect(refused.status).toBe(404);
    expect(await kept(booking.id)).toHaveLength(1);
    expect((await bookingRow(db(), booking.id)).status).toBe("confirmed");
  });
});

describe("/console/manifest: message everyone on a departure", () => {
  it("fills in a template for the departure asked for, and sends to everyone confirmed on it once", async () => {
    const owner = await memberOf(db(), "owner");
    const startsAt = DateTime.now().setZone("America/New_York").plus({ days: 3 }).set({ hour: 11, second: 41 });
    const slot = await slotAt(db(), acme.serviceId, startsAt.toJSDate(), { idPrefix: "t-rmsg" });
    const [a, b] = await Promise.all([bookingUser(acme), bookingUser(acme)]);
    const bookingA = await confirmedBooking(a, acme, slot.id, 1);
    const bookingB = await confirmedBooking(b, acme, slot.id, 2);
    const date = startsAt.toISODate()!;

    const page = await consoleLoad(
      manifestPage,
      `/console/manifest?date=${date}&template=meeting_point&message=${slot.id}`,
      owner.cookie,
    );
    expect(page.status).toBe(200);
    expect(page.data.drafts[slot.id]).toMatchObject({ template: "meeting_point" });
    expect(page.data.drafts[slot.id].subject).toContain("New meeting point");

    const sent = await consolePost(manifestPage, `/console/manifest?date=${date}`, owner.cookie, {
      ...MESSAGE,
      departureId: slot.id,
      date,
    });
    expect(sent.status).toBe(200);
    expect(sent.data).toMatchObject({ departureId: slot.id, messageSent: { bookings: 2, email: 2, sms: 0 } });
    expect(await guestMails(a.email)).toHaveLength(1);
    expect(await guestMails(b.email)).toHaveLength(1);
    expect(await kept(bookingA.id)).toHaveLength(1);
    expect(await kept(bookingB.id)).toHaveLength(1);

    const invalid = await consolePost(manifestPage, `/console/manifest?date=${date}`, owner.cookie, {
      ...MESSAGE,
      body: "",
      departureId: slot.id,
    });
    expect(invalid.status).toBe(400);
    expect(invalid.data.intent).toBe(`message:${slot.id}`);
    expect(await kept(bookingA.id)).toHaveLength(1);
  });
});
