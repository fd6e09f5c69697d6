import "../../support/env";
import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { notifications } from "~api/db/schema";
import { seedDbForThisFile } from "../../support/api";
import {
  bookingBody,
  bookingRow,
  bookingUser,
  COMPLETE_PROFILE,
  confirmedBooking,
  createSlot,
  findService,
  placeBooking,
} from "../../support/booking";
import { outboxOfKind, withEmulatorUsers } from "../../support/identity";
import { v1 } from "../../support/client";
import { stretched } from "../../support/time-limits";

const { db } = seedDbForThisFile();
withEmulatorUsers();

const move = (body: Record<string, unknown>) => v1.moveDevClock({ body });
const mail = (to: string, kind: string) => outboxOfKind(to, kind);
const kindsOf = async (userId: string) =>
  (await db().select({ kind: notifications.kind }).from(notifications).where(eq(notifications.userId, userId))).map(
    (row) => row.kind,
  );

describe("the test clock and what it makes due (each exactly once)", () => {
  it("moves forward only, runs holds, follow-ups, reminders and completions, and refuses bad input", async () => {
    const service = await findService(db());
    const slot = await createSlot(db(), service.serviceId, { startsInHours: 48, durationMinutes: 120 });
    const later = await createSlot(db(), service.serviceId, { startsInHours: 200 });
    const [guest, quiet, lapsing] = await Promise.all([
      bookingUser(service),
      bookingUser(service),
      bookingUser(service),
    ]);
    const booked = await confirmedBooking(guest, service, slot.id);
    const quietBooking = await confirmedBooking(quiet, service, slot.id);
    // The quiet guest turned reminder emails off: told in the app only.
    const prefs = await v1.notificationPreferences({ token: quiet.idToken });
    const off = await v1.setNotificationPreferences({
      token: quiet.idToken,
      body: { ...prefs.body.data, reminders: { email: false, sms: false } },
    });
    expect(off.status).toBe(200);
    const held = await placeBooking(lapsing.idToken, bookingBody(service, later.id));
    expect(held.status).toBe(201);

    const start = await v1.devClock();
    expect(start.status).toBe(200);
    expect(start.body.data.offsetMinutes).toBe(0);
    expect(Math.abs(Date.parse(start.body.data.now) - Date.now())).toBeLessThan(stretched(5_000));

    // 20 minutes on: the hold ran out; its seats went back and the guest hears once.
    const afterHold = await move({ advanceMinutes: 20 });
    expect(afterHold.status).toBe(200);
    expect(afterHold.body.data.offsetMinutes).toBe(20);
    expect(afterHold.body.data.ran).toMatchObject({ expired: 1, lapsed: 1, reminders: 0, completed: 0 });
    expect((await bookingRow(db(), held.body.data.booking.id)).status).toBe("expired");
    expect(await mail(lapsing.email, "hold_lapsed")).toHaveLength(1);
    expect((await move({ advanceMinutes: 1 })).body.data.ran.lapsed).toBe(0);
    expect(await mail(lapsing.email, "hold_lapsed")).toHaveLength(1);
    expect(await kindsOf((await bookingRow(db(), held.body.data.booking.id)).userId!)).toContain("hold_lapsed");

    // 23 hours before the departure: one reminder each, by email only for who wants it.
    const reminded = await move({ now: new Date(slot.startsAt.getTime() - 23 * 3_600_000).toISOString() });
    expect(reminded.body.data.ran.reminders).toBe(2);
    expect(await mail(guest.email, "booking_reminder")).toHaveLength(1);
    expect(await mail(quiet.email, "booking_reminder")).toHaveLength(0);
    expect(await kindsOf((await bookingRow(db(), quietBooking.id)).userId!)).toContain("booking_reminder");
    expect((await move({ advanceMinutes: 60 })).body.data.ran.reminders).toBe(0);
    expect(await mail(guest.email, "booking_reminder")).toHaveLength(1);
    expect((await bookingRow(db(), booked.id)).completedAt).toBeNull();

    // Travellers only ever see the WF- reference: the reminder text and the in-app notifications
    // (confirmed, reminder, hold lapsed) carry it, never the internal bk_ id.
    const reference = async (user: typeof guest, id: string) =>
      (await v1.booking({ params: { id }, token: user.idToken })).body.data.reference as string;
    const texts = (
      (await v1.devOutbox({ query: { to: COMPLETE_PROFILE.phone, limit: "100" } })).body.data as Array<{
        kind: string;
        textBody: string;
      }>
    ).filter((message) => message.kind === "booking_reminder");
    expect(texts.length).toBeGreaterThanOrEqual(1);
    for (const text of texts) expect(text.textBody).not.toMatch(/bk_/);
    expect(texts.map((text) => text.textBody).join("\n")).toContain(`Booking ${await reference(guest, booked.id)}.`);
    const told = await db()
      .select({ kind: notifications.kind, title: notifications.title, body: notifications.body })
      .from(notifications)
      .where(
        inArray(notifications.userId, [
          (await bookingRow(db(), booked.id)).userId!,
          (await bookingRow(db(), held.body.data.booking.id)).userId!,
        ]),
      );
    for (const notification of told) expect(`${notification.title} ${notification.body}`).not.toMatch(/bk_/);
    expect(told.find((notification) => notification.kind === "booking_confirmed")!.body).toContain(
      `Booking ${await reference(guest, booked.id)}.`,
    );
    expect(told.find((notification) => notification.kind === "hold_lapsed")!.body).toContain(
      `Your booking ${await reference(lapsing, held.body.data.booking.id)} was not finished`,
    );

    // After the end: completed.
    const ended = await move({ now: new Date(slot.endsAt.getTime() + 60_000).toISOString() });
    expect(ended.body.data.ran.completed).toBe(2);
    expect((await bookingRow(db(), booked.id)).completedAt).toBeInstanceOf(Date);
    expect((await move({ advanceMinutes: 5 })).body.data.ran.completed).toBe(0);

    // Never backwards; a clear 400 for what is not a move.
    const before = (await v1.devClock()).body.data.now;
    const back = await move({ now: new Date(Date.now() - 3_600_000).toISOString() });
    expect(Date.parse(back.body.data.now)).toBeGreaterThanOrEqual(Date.parse(before));
    for (const body of [
      {},
      { advanceMinutes: -5 },
      { advanceMinutes: 1, now: before },
      { now: "tomorrow" },
      { advanceMinutes: 1, x: 1 },
    ]) {
      const refused = await move(body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.error.code).toBe("validation_error");
    }
  });
});
