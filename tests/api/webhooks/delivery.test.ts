import "../../support/env";
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { clockNow, setClock } from "~api/clock";
import { outbox, webhookSubscriptions } from "~api/db/schema";
import { deliverDueWebhooks, RETRY_DELAYS_SECONDS } from "~api/webhooks/delivery";
import { bookingUser, bookingWorld, confirmedBooking, createSlot } from "../../support/booking";
import { v1 } from "../../support/client";
import { asMember, auditEntries, syncedMember } from "../../support/operator";
import { allowPrivateWebhookTargets } from "../../support/private-webhook-targets";
import { receiversForThisFile, type Receiver } from "../../support/webhook-receiver";

const { db, acme } = bookingWorld();
const receivers = receiversForThisFile();
allowPrivateWebhookTargets();

/** A subscription of acme's owner to `events` at the receiver: its id, secret and owner. */
async function subscribe(receiver: Receiver, events: string[], url = receiver.url) {
  const owner = await syncedMember(db(), "acme", "owner");
  const made = await v1.operatorCreateWebhook(asMember(owner.idToken, { body: { url, events } }));
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return { id: made.body.data.id as string, secret: made.body.data.secret as string, owner };
}

/** Moves the test clock on by `seconds` (and a second more), then sends what became due. */
async function later(seconds: number): Promise<number> {
  await setClock(db(), new Date(clockNow().getTime() + (seconds + 1) * 1000));
  return deliverDueWebhooks(db());
}

async function confirmAcmeBooking() {
  const traveller = await bookingUser(acme);
  const slot = await createSlot(db(), acme.serviceId);
  return { booking: await confirmedBooking(traveller, acme, slot.id, 2), slotId: slot.id };
}

function verified(secret: string, request: Receiver["received"][number]) {
  return new Webhook(secret).verify(request.body, {
    "webhook-id": String(request.headers["webhook-id"]),
    "webhook-timestamp": String(request.headers["webhook-timestamp"]),
    "webhook-signature": String(request.headers["webhook-signature"]),
  }) as { type: string; data: Record<string, unknown> };
}

describe("webhook delivery", () => {
  it("a booking's confirmation is booking.created: 500 three times then 200 is 4 attempts, each signed", async () => {
    const receiver = await receivers.start();
    const { id, secret, owner } = await subscribe(receiver, ["booking.created"]);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    receiver.answer([500, 500, 500]);
    const { booking } = await confirmAcmeBooking();

    expect(await deliverDueWebhooks(db())).toBe(1);
    expect(receiver.received).toHaveLength(1);
    // Nothing more before the backoff's delay.
    expect(await deliverDueWebhooks(db())).toBe(0);
    for (const delay of RETRY_DELAYS_SECONDS.slice(0, 3)) expect(await later(delay)).toBe(1);
    expect(receiver.received).toHaveLength(4);
    expect(await later(RETRY_DELAYS_SECONDS[3])).toBe(0);

    const ids = new Set(receiver.received.map((request) => request.headers["webhook-id"]));
    expect(ids.size).toBe(1);
    for (const request of receiver.received) {
      const event = verified(secret, request);
      expect(event.type).toBe("booking.created");
      expect(event.data.bookingId).toBe(booking.id);
      expect(event.data.status).toBe("confirmed");
      expect(event.data.seats).toBe(2);
    }
    // Another secret does not verify it.
    expect(() => verified(`whsec_${Buffer.alloc(32, 7).toString("base64")}`, receiver.received[0])).toThrow();

    const log = await v1.operatorListWebhookDeliveries({ params: { webhookId: id }, ...asMember(owner.idToken) });
    expect(log.status).toBe(200);
    const [delivery] = log.body.data.deliveries;
    expect(delivery.state).toBe("succeeded");
    expect(delivery.eventId).toBe(receiver.received[0].headers["webhook-id"]);
    expect(delivery.attempts.map((attempt: { statusCode: number }) => attempt.statusCode)).toEqual([
      500, 500, 500, 200,
    ]);
    expect(delivery.attempts.map((attempt: { number: number }) => attempt.number)).toEqual([1, 2, 3, 4]);
    expect(delivery.nextAttemptAt).toBeNull();

    // "Send again": one more attempt, the same message id, audited.
    const again = await v1.operatorRedeliverWebhook({
      params: { webhookId: id, deliveryId: delivery.id },
      ...asMember(owner.idToken),
    });
    expect(again.status, JSON.stringify(again.body)).toBe(202);
    expect(again.body.data.state).toBe("pending");
    expect(await deliverDueWebhooks(db())).toBe(1);
    expect(receiver.received).toHaveLength(5);
    expect(receiver.received[4].headers["webhook-id"]).toBe(delivery.eventId);
    const after = await v1.operatorListWebhookDeliveries({ params: { webhookId: id }, ...asMember(owner.idToken) });
    expect(after.body.data.deliveries[0].attempts).toHaveLength(5);
    expect(await auditEntries(db(), "webhook.redelivered", owner.uid)).toHaveLength(1);
    expect(await auditEntries(db(), "webhook.created", owner.uid)).toHaveLength(1);
  });

  it("a cancelled booking is booking.cancelled; availability.changed tells the departure's seats", async () => {
    const receiver = await receivers.start();
    const { secret } = await subscribe(receiver, ["booking.cancelled", "availability.changed"]);
    const { booking, slotId } = await confirmAcmeBooking();
    await deliverDueWebhooks(db());
    // The confirmation took 2 of 10 seats: availability.changed only (booking.created was not asked for).
    expect(receiver.received.map((request) => verified(secret, request).type)).toEqual(["availability.changed"]);
    const seats = verified(secret, receiver.received[0]).data;
    expect(seats).toMatchObject({ departureId: slotId, capacity: 10, seatsLeft: 8 });

    const owner = await syncedMember(db(), "acme", "owner");
    const cancelled = await v1.operatorCancelDeparture({ params: { departureId: slotId }, ...asMember(owner.idToken) });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    await deliverDueWebhooks(db());
    const events = receiver.received.slice(1).map((request) => verified(secret, request));
    expect(events.map((event) => event.type).sort()).toEqual(["availability.changed", "booking.cancelled"]);
    expect(events.find((event) => event.type === "booking.cancelled")!.data.bookingId).toBe(booking.id);
  });

  it("a booking moved to another date is booking.changed; both departures' seats are told", async () => {
    const receiver = await receivers.start();
    const { secret } = await subscribe(receiver, ["booking.changed", "availability.changed"]);
    const traveller = await bookingUser(acme);
    const from = await createSlot(db(), acme.serviceId);
    const to = await createSlot(db(), acme.serviceId);
    const booking = await confirmedBooking(traveller, acme, from.id, 2);
    await deliverDueWebhooks(db());
    expect(receiver.received).toHaveLength(1);
    const moved = await v1.rescheduleBooking({
      params: { id: booking.id },
      token: traveller.idToken,
      body: { slotId: to.id },
      headers: { "Idempotency-Key": randomUUID() },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    await deliverDueWebhooks(db());
    const events = receiver.received.slice(1).map((request) => verified(secret, request));
    const changed = events.find((event) => event.type === "booking.changed")!;
    expect(changed.data).toMatchObject({ bookingId: booking.id, departureId: to.id, previousDepartureId: from.id });
    const seats = events.filter((event) => event.type === "availability.changed").map((event) => event.data);
    expect(seats).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ departureId: to.id, seatsLeft: 8 }),
        expect.objectContaining({ departureId: from.id, seatsLeft: 10 }),
      ]),
    );
    expect(events).toHaveLength(3);
  });

  it("does not follow a redirect: the 302 is the attempt's answer and the other address gets nothing", async () => {
    const receiver = await receivers.start();
    const elsewhere = await receivers.start();
    const { id, owner } = await subscribe(receiver, ["booking.created"]);
    receiver.redirectTo(elsewhere.url);
    await confirmAcmeBooking();
    await deliverDueWebhooks(db());
    expect(receiver.received).toHaveLength(1);
    expect(elsewhere.received).toHaveLength(0);
    const log = await v1.operatorListWebhookDeliveries({ params: { webhookId: id }, ...asMember(owner.idToken) });
    expect(log.body.data.deliveries[0].state).toBe("pending");
    expect(log.body.data.deliveries[0].attempts[0].statusCode).toBe(302);
    // Deleted: its log goes with it, and the next event is not for it.
    const deleted = await v1.operatorDeleteWebhook({ params: { webhookId: id }, ...asMember(owner.idToken) });
    expect(deleted.status).toBe(200);
    expect(await auditEntries(db(), "webhook.deleted", owner.uid)).toHaveLength(1);
    const gone = await v1.operatorListWebhookDeliveries({ params: { webhookId: id }, ...asMember(owner.idToken) });
    expect(gone.status).toBe(404);
  });

  it("a rotated secret signs from then on; the old one no longer verifies", async () => {
    const receiver = await receivers.start();
    const { id, secret, owner } = await subscribe(receiver, ["booking.created"]);
    const rotated = await v1.operatorRotateWebhookSecret({ params: { webhookId: id }, ...asMember(owner.idToken) });
    expect(rotated.status).toBe(200);
    const fresh = rotated.body.data.secret as string;
    expect(fresh).not.toBe(secret);
    await confirmAcmeBooking();
    await deliverDueWebhooks(db());
    expect(verified(fresh, receiver.received[0]).type).toBe("booking.created");
    expect(() => verified(secret, receiver.received[0])).toThrow();
    expect(await auditEntries(db(), "webhook.secret_rotated", owner.uid)).toHaveLength(1);
    // The list never shows a secret.
    const listed = await v1.operatorListWebhooks(asMember(owner.idToken));
    expect(JSON.stringify(listed.body)).not.toContain(fresh);
  });

  it("a subscription failing for a day is disabled, its waiting deliveries given up, its owners emailed", async () => {
    const receiver = await receivers.start();
    const { id, owner } = await subscribe(receiver, ["booking.created"]);
    receiver.answer(Array(20).fill(503));
    await confirmAcmeBooking();
    await deliverDueWebhooks(db());
    for (const delay of RETRY_DELAYS_SECONDS) {
      const [row] = await db().select().from(webhookSubscriptions).where(eq(webhookSubscriptions.id, id));
      if (!row.enabled) break;
      await later(delay);
    }
    const [row] = await db().select().from(webhookSubscriptions).where(eq(webhookSubscriptions.id, id));
    expect(row.enabled).toBe(false);
    expect(row.disabledReason).toContain("HTTP 503");
    expect(row.disabledAt).not.toBeNull();
    // 1 min + 5 min + 30 min + 2 h + 5 h + 10 h + 10 h: the 8th attempt is past the day.
    expect(receiver.received).toHaveLength(8);
    const log = await v1.operatorListWebhookDeliveries({ params: { webhookId: id }, ...asMember(owner.idToken) });
    expect(log.body.data.deliveries[0].state).toBe("failed");
    const mail = await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.kind, "webhook_disabled"), eq(outbox.recipient, owner.email.toLowerCase())));
    // Each owner of acme is told of this subscription (the other files' subscriptions are not ours).
    expect(mail.filter((message) => message.subject.includes(receiver.url))).toHaveLength(1);
    // Disabled: no more attempts, and "send again" is refused.
    await later(36_000);
    expect(receiver.received).toHaveLength(8);
    const again = await v1.operatorRedeliverWebhook({
      params: { webhookId: id, deliveryId: log.body.data.deliveries[0].id },
      ...asMember(owner.idToken),
    });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe("webhook_disabled");

    // Turned on again (audited): the next booking is sent, the day of failures starts afresh; the
    // events made while it was off stay given up; turning on one that is on changes nothing.
    const enabled = await v1.operatorEnableWebhook({ params: { webhookId: id }, ...asMember(owner.idToken) });
    expect(enabled.status, JSON.stringify(enabled.body)).toBe(200);
    expect(enabled.body.data).toMatchObject({
      enabled: true,
      disabledAt: null,
      disabledReason: null,
      failingSince: null,
    });
    expect(await auditEntries(db(), "webhook.enabled", owner.uid)).toHaveLength(1);
    receiver.answer([200]);
    await confirmAcmeBooking();
    await deliverDueWebhooks(db());
    expect(receiver.received).toHaveLength(9);
    const after = await v1.operatorListWebhookDeliveries({ params: { webhookId: id }, ...asMember(owner.idToken) });
    expect(after.body.data.deliveries.map((delivery: { state: string }) => delivery.state)).toEqual([
      "succeeded",
      "failed",
    ]);
    const twice = await v1.operatorEnableWebhook({ params: { webhookId: id }, ...asMember(owner.idToken) });
    expect(twice.status).toBe(200);
    expect(await auditEntries(db(), "webhook.enabled", owner.uid)).toHaveLength(1);
  });
});
