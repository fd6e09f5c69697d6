import "../../support/env";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { bookings } from "~api/db/schema";
import * as world from "../../support/booking";
import { outboxFor } from "../../support/identity";
import { departureCancelledByOwner } from "../../support/operator";
import { v1 } from "../../support/client";

/**
 * Calendars that follow (issue 30, item 5): one UID per booking in every file, SEQUENCE raised by
 * the database on every move or cancellation, METHOD:CANCEL in every cancellation email, and the
 * download as the booking is now.
 */
const { db, acme } = world.bookingWorld();

/** The unfolded content lines of an .ics text. */
const linesOf = (ics: string) => ics.replace(/\r\n /g, "").split("\r\n").filter(Boolean);

async function mailedCalendar(email: string, kind: string) {
  const mails = (await outboxFor(email)).filter((message) => message.kind === kind);
  expect(mails).toHaveLength(1);
  const files = (mails[0].attachments as Array<{ name: string; contentType: string; content: string }>).filter(
    (file) => file.name === "booking.ics",
  );
  expect(files).toHaveLength(1);
  return {
    contentType: files[0].contentType,
    lines: linesOf(Buffer.from(files[0].content, "base64").toString("utf8")),
  };
}

async function downloaded(token: string, bookingId: string) {
  const answer = await v1.bookingCalendar({ params: { id: bookingId }, token });
  expect(answer.status).toBe(200);
  return linesOf(answer.body.data.content as string);
}

describe("a booking's calendar files", () => {
  it("confirmed: PUBLISH, SEQUENCE 0; cancelled by the guest: a CANCEL with the same UID and SEQUENCE 1; the download says cancelled", async () => {
    const guest = await world.bookingUser(acme);
    const slot = await world.createSlot(db(), acme.serviceId);
    const booking = await world.confirmedBooking(guest, acme, slot.id, 1);
    const uid = `UID:${booking.id}@localhost`;

    const confirmation = await mailedCalendar(guest.email, "booking_confirmed");
    expect(confirmation.contentType).toContain("method=PUBLISH");
    expect(confirmation.lines).toEqual(
      expect.arrayContaining(["METHOD:PUBLISH", uid, "SEQUENCE:0", "STATUS:CONFIRMED", "BEGIN:VALARM"]),
    );
    expect(await downloaded(guest.idToken, booking.id)).toEqual(
      expect.arrayContaining(["METHOD:PUBLISH", uid, "SEQUENCE:0", "STATUS:CONFIRMED"]),
    );

    const cancelled = await v1.cancelBooking({ params: { id: booking.id }, token: guest.idToken });
    expect(cancelled.status).toBe(200);
    expect((await world.bookingRow(db(), booking.id)).calendarSequence).toBe(1);
    const cancellation = await mailedCalendar(guest.email, "booking_cancelled");
    expect(cancellation.contentType).toContain("method=CANCEL");
    expect(cancellation.lines).toEqual(
      expect.arrayContaining(["METHOD:CANCEL", uid, "SEQUENCE:1", "STATUS:CANCELLED"]),
    );
    // RFC 5546: a CANCEL names its organizer; no reminder for an event that is gone.
    expect(cancellation.lines.some((line) => /^ORGANIZER;CN="[^"]+":mailto:\S+@\S+$/.test(line))).toBe(true);
    expect(cancellation.lines).not.toContain("BEGIN:VALARM");

    const now = await downloaded(guest.idToken, booking.id);
    expect(now).toEqual(expect.arrayContaining(["METHOD:PUBLISH", uid, "SEQUENCE:1", "STATUS:CANCELLED"]));
    expect(now).not.toContain("STATUS:CONFIRMED");
  });

  it("the operator cancels the departure: the guest's email removes the event (CANCEL, SEQUENCE 1)", async () => {
    const guest = await world.bookingUser(acme);
    const slot = await world.createSlot(db(), acme.serviceId);
    const booking = await world.confirmedBooking(guest, acme, slot.id, 2);
    await departureCancelledByOwner(db(), slot.id);
    const mail = await mailedCalendar(guest.email, "booking_cancelled");
    expect(mail.lines).toEqual(
      expect.arrayContaining(["METHOD:CANCEL", `UID:${booking.id}@localhost`, "SEQUENCE:1", "STATUS:CANCELLED"]),
    );
  });

  it("the database raises SEQUENCE when a booking moves to another departure, and only then (or on cancelling)", async () => {
    const guest = await world.bookingUser(acme);
    const first = await world.createSlot(db(), acme.serviceId);
    const booking = await world.confirmedBooking(guest, acme, first.id, 1);
    // Other changes leave it: the event did not change for the guest.
    await db().update(bookings).set({ tipEmailSentAt: new Date() }).where(eq(bookings.id, booking.id));
    expect((await world.bookingRow(db(), booking.id)).calendarSequence).toBe(0);
    const second = await world.createSlot(db(), acme.serviceId);
    await db().update(bookings).set({ slotId: second.id }).where(eq(bookings.id, booking.id));
    expect((await world.bookingRow(db(), booking.id)).calendarSequence).toBe(1);
    const moved = await downloaded(guest.idToken, booking.id);
    expect(moved).toEqual(expect.arrayContaining(["SEQUENCE:1", "STATUS:CONFIRMED"]));
    const start = second.startsAt
      .toISOString()
      .replace(/[-:]/g, "")
      .replace(/\.\d{3}/, "");
    expect(moved).toContain(`DTSTART:${start}`);
  });

  it("rescheduled: the date change's email carries an update (same UID, SEQUENCE 1, the new times)", async () => {
    const guest = await world.bookingUser(acme);
    const first = await world.createSlot(db(), acme.serviceId);
    const booking = await world.confirmedBooking(guest, acme, first.id, 1);
    const second = await world.createSlot(db(), acme.serviceId);
    const moved = await v1.rescheduleBooking({
      params: { id: booking.id },
      token: guest.idToken,
      headers: { "Idempotency-Key": crypto.randomUUID() },
      body: { slotId: second.id },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const mails = (await outboxFor(guest.email)).filter((message) =>
      ["booking_confirmed", "booking_rescheduled"].includes(message.kind),
    );
    expect(mails.map((mail) => mail.kind).sort()).toEqual(["booking_confirmed", "booking_rescheduled"]);
    const files = mails.map((mail) =>
      linesOf(
        Buffer.from(
          (mail.attachments as Array<{ name: string; content: string }>).find((file) => file.name === "booking.ics")!
            .content,
          "base64",
        ).toString("utf8"),
      ),
    );
    const start = (slot: { startsAt: Date }) =>
      `DTSTART:${slot.startsAt
        .toISOString()
        .replace(/[-:]/g, "")
        .replace(/\.\d{3}/, "")}`;
    const original = files.find((lines) => lines.includes("SEQUENCE:0"));
    const update = files.find((lines) => lines.includes("SEQUENCE:1"));
    expect(original).toEqual(expect.arrayContaining([`UID:${booking.id}@localhost`, "SEQUENCE:0", start(first)]));
    expect(update).toEqual(
      expect.arrayContaining([`UID:${booking.id}@localhost`, "SEQUENCE:1", "STATUS:CONFIRMED", start(second)]),
    );
  });

  it("a booking never confirmed has no calendar file (409)", async () => {
    const guest = await world.bookingUser(acme);
    const slot = await world.createSlot(db(), acme.serviceId);
    const placed = await world.placeBooking(guest.idToken, world.bookingBody(acme, slot.id, 1));
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const answer = await v1.bookingCalendar({ params: { id: placed.body.data.booking.id }, token: guest.idToken });
    expect(answer.status).toBe(409);
    expect(answer.body.error.code).toBe("booking_not_confirmed");
  });
});
