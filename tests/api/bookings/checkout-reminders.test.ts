import "../../support/env";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { checkoutVisits, services, slots } from "~api/db/schema";
import { api, expectEnvelope, seedDbForThisFile } from "../../support/api";
import { bookingUser, confirmedBooking, createSlot, findService, type TestService } from "../../support/booking";
import { outboxOfKind, withEmulatorUsers, type TestUser } from "../../support/identity";
import { v1 } from "../../support/client";

const { db } = seedDbForThisFile();
withEmulatorUsers();

const HOURS = 8; // CHECKOUT_REMINDER_HOURS' default
const move = async (minutes: number): Promise<number> => {
  const moved = await v1.moveDevClock({ body: { advanceMinutes: minutes } });
  expect(moved.status).toBe(200);
  return moved.body.data.ran.checkoutReminders as number;
};
const visit = (user: TestUser, serviceId: string, account?: string) =>
  v1.recordCheckoutVisit({ token: user.idToken, body: { serviceId }, ...(account ? { account } : {}) });
const reminders = (to: string) => outboxOfKind(to, "checkout_reminder");

/** A booking user who allowed news and offers by email (off until chosen). */
async function newsReader(service: TestService): Promise<TestUser> {
  const user = await bookingUser(service);
  const prefs = await v1.notificationPreferences({ token: user.idToken });
  const on = await v1.setNotificationPreferences({
    token: user.idToken,
    body: { ...prefs.body.data, news: { email: true, sms: false } },
  });
  expect(on.status).toBe(200);
  return user;
}

describe("the reminder of a booking left unfinished at the confirm page", () => {
  it("records visits of published services only, for signed-in callers, with the body checked", async () => {
    const service = await findService(db());
    const user = await bookingUser(service);
    expectEnvelope(await v1.recordCheckoutVisit({ body: { serviceId: service.serviceId } }), 401, "unauthorized");
    expectEnvelope(await visit(user, "no-such-service"), 404, "not_found");
    expectEnvelope(await visit(user, "bad id!"), 400, "validation_error");
    const extra = await v1.recordCheckoutVisit({
      token: user.idToken,
      body: { serviceId: service.serviceId, experienceId: "x" },
    });
    expect(extra.status).toBe(400);
    // On another operator's storefront, this operator's service is not found.
    expectEnvelope(await visit(user, service.serviceId, "harbor"), 404, "not_found");
    expect((await visit(user, service.serviceId)).status).toBe(200);
    expect((await visit(user, service.serviceId)).status).toBe(200); // the latest visit kept, one row
    const rows = await db().select().from(checkoutVisits).where(eq(checkoutVisits.userId, user.uid));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ experienceId: service.experienceId, serviceId: service.serviceId });
  });

  it("one email after the delay, only to who allowed it and booked nothing since; once a week at most", async () => {
    const service = await findService(db());
    await createSlot(db(), service.serviceId, { startsInHours: 24 * 20 });
    const [reader, quiet, booker] = await Promise.all([newsReader(service), bookingUser(service), newsReader(service)]);
    for (const user of [reader, quiet, booker]) expect((await visit(user, service.serviceId)).status).toBe(200);
    const slot = await createSlot(db(), service.serviceId, { startsInHours: 24 * 21 });
    await confirmedBooking(booker, service, slot.id);

    expect(await move(HOURS * 60 - 30)).toBe(0); // not yet
    expect(await move(31)).toBe(1);
    const [mail] = await reminders(reader.email);
    expect(mail.subject).toBe(`Still thinking about ${service.experienceTitle}?`);
    expect(mail.meta.link).toMatch(new RegExp(`/experiences/${service.experienceId}/${service.serviceId}$`));
    expect(mail.meta.listUnsubscribe).toMatch(/\/v1\/unsubscribe\//);
    expect(await reminders(quiet.email)).toHaveLength(0); // news email is off until chosen
    expect(await reminders(booker.email)).toHaveLength(0); // booked since

    // Back on the confirm page the same day: no second reminder within the week.
    expect((await visit(reader, service.serviceId)).status).toBe(200);
    expect(await move(HOURS * 60 + 1)).toBe(0);
    // A week on, a new visit: one more.
    await move(7 * 24 * 60);
    expect((await visit(reader, service.serviceId)).status).toBe(200);
    expect(await move(HOURS * 60 + 1)).toBe(1);
    expect(await reminders(reader.email)).toHaveLength(2);
  });

  it("nothing while no seat is on sale; sent once seats are back; the one-click unsubscribe stops it", async () => {
    const service = await findService(db());
    const reader = await newsReader(service);
    expect((await visit(reader, service.serviceId)).status).toBe(200);
    // Every departure of the experience closed: no seats remain, no reminder.
    const serviceIds = (
      await db().select({ id: services.id }).from(services).where(eq(services.experienceId, service.experienceId))
    ).map((row) => row.id);
    const open = [];
    for (const id of serviceIds) {
      open.push(
        ...(await db()
          .update(slots)
          .set({ status: "closed" })
          .where(and(eq(slots.serviceId, id), eq(slots.status, "open")))
          .returning({ id: slots.id })),
      );
    }
    expect(await move(HOURS * 60 + 1)).toBe(0);
    // Seats on sale again within the week: the same visit is reminded of.
    for (const { id } of open) await db().update(slots).set({ status: "open" }).where(eq(slots.id, id));
    expect(await move(1)).toBe(1);
    const [mail] = await reminders(reader.email);
    // The one-click link (List-Unsubscribe) turns news email off: no reminder after the next visit.
    const oneClick = await api(new URL(mail.meta.listUnsubscribe).pathname, { method: "POST" });
    expect(oneClick.status).toBe(200);
    const prefs = await v1.notificationPreferences({ token: reader.idToken });
    expect(prefs.body.data.news.email).toBe(false);
    await move(7 * 24 * 60);
    expect((await visit(reader, service.serviceId)).status).toBe(200);
    expect(await move(HOURS * 60 + 1)).toBe(0);
  });

  it("the link picks up the departure and tickets chosen; a departure of another service is not kept (issue 39)", async () => {
    const service = await findService(db());
    const slot = await createSlot(db(), service.serviceId, { startsInHours: 24 * 30 });
    const tickets = [{ ticketTypeId: service.adult.id, quantity: 2 }];
    const [chooser, stray] = await Promise.all([newsReader(service), newsReader(service)]);
    const chose = (user: TestUser, body: Record<string, unknown>) =>
      v1.recordCheckoutVisit({ token: user.idToken, body: { serviceId: service.serviceId, ...body } });
    expectEnvelope(await chose(chooser, { slotId: slot.id, tickets: [] }), 400, "validation_error");
    expectEnvelope(
      await chose(chooser, { slotId: slot.id, tickets: [{ ticketTypeId: "x", quantity: 1.5 }] }),
      400,
      "validation_error",
    );
    expect((await chose(chooser, { slotId: slot.id, tickets })).status).toBe(200);
    const harbor = await findService(db(), "harbor");
    const elsewhere = await createSlot(db(), harbor.serviceId, { startsInHours: 24 * 30 });
    expect((await chose(stray, { slotId: elsewhere.id, tickets })).status).toBe(200);

    expect(await move(HOURS * 60 + 1)).toBe(2);
    const [mail] = await reminders(chooser.email);
    const link = new URL(mail.meta.link);
    expect(link.pathname).toBe(`/experiences/${service.experienceId}/${service.serviceId}/confirm`);
    expect(Object.fromEntries(link.searchParams)).toEqual({ slot: slot.id, [`t_${service.adult.id}`]: "2" });
    const [strayMail] = await reminders(stray.email);
    expect(strayMail.meta.link).toMatch(new RegExp(`/experiences/${service.experienceId}/${service.serviceId}$`));
  });
});
