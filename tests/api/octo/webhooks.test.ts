/**
 * OCTO's webhooks capability (issue 47, item 4): a reseller subscribes with its key, is told of its
 * own bookings' changes as OCTO bookings (signed as Standard Webhooks), never of another's, and
 * manages only its own subscriptions; the operator's console lists them apart, read-only.
 */
import "../../support/env";
import { zBooking } from "@octocloud/types";
import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { clockNow, setClock } from "~api/clock";
import { forgetApiEnv } from "~api/env";
import { deliverDueWebhooks, RETRY_DELAYS_SECONDS } from "~api/webhooks/delivery";
import { bookingUser, bookingWorld, confirmedBooking, createSlot } from "../../support/booking";
import { v1 } from "../../support/client";
import { octo, octoAvailabilityId, octoBooking, resellerWithKey, type TestReseller } from "../../support/octo";
import { asMember, syncedMember } from "../../support/operator";
import { allowPrivateWebhookTargets } from "../../support/private-webhook-targets";
import { receiversForThisFile, type Receiver } from "../../support/webhook-receiver";

const { db, acme } = bookingWorld();
const receivers = receiversForThisFile();
allowPrivateWebhookTargets();
const BOTH = { "Octo-Capabilities": "octo/pricing, octo/webhooks" };

let sellers: Promise<{ reseller: TestReseller; other: TestReseller; zone: string }> | undefined;
/** Two resellers of acme with a key each, and its experience's zone: made once, by the first test that asks. */
function resellers() {
  sellers ??= (async () => {
    const [reseller, other] = [await resellerWithKey(db()), await resellerWithKey(db())];
    const zone: string = (await octo(reseller.key, `/products/${acme.experienceId}`)).body.timeZone;
    return { reseller, other, zone };
  })();
  return sellers;
}

async function subscribe(key: string, url: string, headers: Record<string, string> = BOTH) {
  const made = await octo(key, "/webhooks", { body: { url, event: "booking_update" }, headers });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  return made.body as { id: string; event: string; url: string; capabilities: string[]; secret: string };
}

async function departure() {
  const slot = await createSlot(db(), acme.serviceId, { capacity: 10 });
  return octoAvailabilityId(slot.startsAt, (await resellers()).zone);
}

/** The notice's body, its Standard Webhooks signature verified with `secret`. */
function verified(secret: string, request: Receiver["received"][number]) {
  return new Webhook(secret).verify(request.body, {
    "webhook-id": String(request.headers["webhook-id"]),
    "webhook-timestamp": String(request.headers["webhook-timestamp"]),
    "webhook-signature": String(request.headers["webhook-signature"]),
  }) as { webhook: { id: string; event: string }; booking: Record<string, unknown> };
}

describe("OCTO webhooks", () => {
  it("booking_update: the reseller's booking confirmed, then cancelled, as OCTO bookings with its prices, signed", async () => {
    const { reseller } = await resellers();
    const receiver = await receivers.start();
    const hook = await subscribe(reseller.key, receiver.url);
    expect(hook).toMatchObject({
      event: "booking_update",
      url: receiver.url,
      capabilities: ["octo/pricing", "octo/webhooks"],
    });
    expect(hook.secret).toMatch(/^whsec_/);

    const booking = await octoBooking(db(), reseller.key, acme, await departure(), { adults: 2, reference: "R-77" });
    expect(await deliverDueWebhooks(db())).toBe(1);
    const cancelled = await octo(reseller.key, `/bookings/${booking.uuid}/cancel`, {
      body: { reason: "Plans changed" },
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(await deliverDueWebhooks(db())).toBe(1);

    expect(receiver.received).toHaveLength(2);
    const [confirmedNotice, cancelledNotice] = receiver.received.map((request) => verified(hook.secret, request));
    for (const notice of [confirmedNotice, cancelledNotice]) {
      expect(notice.webhook).toEqual({
        id: hook.id,
        event: "booking_update",
        url: receiver.url,
        capabilities: hook.capabilities,
      });
      const parsed = zBooking.safeParse(notice.booking);
      expect(parsed.success, JSON.stringify(parsed.error?.issues?.slice(0, 3))).toBe(true);
      expect(notice.booking).toMatchObject({ uuid: booking.uuid, resellerReference: "R-77" });
      expect(notice.booking.pricing).toMatchObject({ currency: expect.any(String) });
      // OCTO's UTC times in whole seconds, as its examples write them.
      for (const field of ["utcCreatedAt", "utcUpdatedAt", "utcConfirmedAt"])
        expect(notice.booking[field], field).toMatch(/T\d{2}:\d{2}:\d{2}Z$/);
    }
    expect(confirmedNotice.booking.status).toBe("CONFIRMED");
    expect(cancelledNotice.booking.status).toBe("CANCELLED");
    // Another secret does not verify it.
    expect(() => verified(`whsec_${Buffer.alloc(32, 9).toString("base64")}`, receiver.received[0])).toThrow();
  });

  it("tells no one of another reseller's bookings or of the storefront's; without octo/pricing, no prices", async () => {
    const { reseller, other } = await resellers();
    const mine = await receivers.start();
    const theirs = await receivers.start();
    await subscribe(reseller.key, mine.url, {});
    const otherHook = await subscribe(other.key, theirs.url, {});
    expect(otherHook.capabilities).toEqual([]);

    const traveller = await bookingUser(acme);
    const slot = await createSlot(db(), acme.serviceId);
    await confirmedBooking(traveller, acme, slot.id, 1);
    await octoBooking(db(), other.key, acme, await departure());
    await deliverDueWebhooks(db());

    expect(mine.received).toHaveLength(0);
    expect(theirs.received).toHaveLength(1);
    const notice = JSON.parse(theirs.received[0].body);
    expect(notice.booking.status).toBe("CONFIRMED");
    expect(notice.booking.pricing).toBeUndefined();
  });

  it("a receiver answering 500 three times then 200 is sent the notice 4 times, with one message id", async () => {
    const receiver = await receivers.start();
    // A reseller of its own: the other tests' subscriptions would be sent this booking too.
    const fresh = await resellerWithKey(db());
    const hook = await subscribe(fresh.key, receiver.url);
    receiver.answer([500, 500, 500]);
    await octoBooking(db(), fresh.key, acme, await departure());
    expect(await deliverDueWebhooks(db())).toBe(1);
    for (const delay of RETRY_DELAYS_SECONDS.slice(0, 3)) {
      await setClock(db(), new Date(clockNow().getTime() + (delay + 1) * 1000));
      expect(await deliverDueWebhooks(db())).toBe(1);
    }
    expect(receiver.received).toHaveLength(4);
    expect(new Set(receiver.received.map((request) => request.headers["webhook-id"])).size).toBe(1);
    for (const request of receiver.received) expect(verified(hook.secret, request).booking.status).toBe("CONFIRMED");
  });

  it("lists and deletes only the caller's own; the operator sees them apart from its own, read-only", async () => {
    const { reseller, other } = await resellers();
    const receiver = await receivers.start();
    const hook = await subscribe(reseller.key, receiver.url);
    const listed = await octo(reseller.key, "/webhooks");
    expect(listed.status).toBe(200);
    expect(listed.body.map((webhook: { id: string }) => webhook.id)).toContain(hook.id);
    expect(listed.body.every((webhook: Record<string, unknown>) => !("secret" in webhook))).toBe(true);
    expect((await octo(other.key, "/webhooks")).body.map((webhook: { id: string }) => webhook.id)).not.toContain(
      hook.id,
    );
    const operators = await v1.operatorListWebhooks(asMember(reseller.ownerToken));
    expect(operators.status).toBe(200);
    expect(operators.body.data.webhooks.map((webhook: { id: string }) => webhook.id)).not.toContain(hook.id);
    // Its own resellers' subscriptions are listed apart, with the reseller's name and no secret.
    const shown = operators.body.data.resellerWebhooks.find((webhook: { id: string }) => webhook.id === hook.id);
    expect(shown).toEqual({
      id: hook.id,
      resellerId: reseller.id,
      resellerName: "Harbour Concierge",
      url: receiver.url,
      enabled: true,
      disabledAt: null,
      disabledReason: null,
      failingSince: null,
      createdAt: expect.any(String),
    });
    const harbor = await syncedMember(db(), "harbor", "owner");
    const elsewhere = await v1.operatorListWebhooks(asMember(harbor.idToken, { account: "harbor" }));
    expect(elsewhere.status).toBe(200);
    expect(elsewhere.body.data.resellerWebhooks.map((webhook: { id: string }) => webhook.id)).not.toContain(hook.id);
    const theirs = await v1.operatorListWebhookDeliveries({
      params: { webhookId: hook.id },
      ...asMember(reseller.ownerToken),
    });
    expect(theirs.status).toBe(404);

    const stranger = await octo(other.key, `/webhooks/${hook.id}`, { method: "DELETE" });
    expect(stranger.status).toBe(404);
    expect(stranger.body.error).toBe("NOT_FOUND");
    const deleted = await octo(reseller.key, `/webhooks/${hook.id}`, { method: "DELETE" });
    expect(deleted.status).toBe(200);
    expect(deleted.body.id).toBe(hook.id);
    expect((await octo(reseller.key, `/webhooks/${hook.id}`, { method: "DELETE" })).status).toBe(404);

    // The operator's audit log says which reseller did it (no user: its key; the row names its contact).
    const log = await v1.operatorAuditLog(asMember(reseller.ownerToken));
    expect(log.status).toBe(200);
    const rows = log.body.data.items.filter(
      (entry: { target: Record<string, string> }) => entry.target.webhookId === hook.id,
    );
    expect(rows.map((entry: { action: string }) => entry.action)).toEqual([
      "reseller_webhook.deleted",
      "reseller_webhook.created",
    ]);
    for (const entry of rows)
      expect(entry).toMatchObject({
        actor: { id: null, email: "desk@concierge.example" },
        target: { url: receiver.url, resellerId: reseller.id, name: "Harbour Concierge" },
      });
  });

  it("refuses private and metadata targets, other events and bodies, and more than five", async () => {
    const { reseller } = await resellers();
    delete process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS;
    forgetApiEnv();
    try {
      for (const url of ["http://127.0.0.1/", "http://169.254.169.254/latest/meta-data", "ftp://example.com/"]) {
        const refused = await octo(reseller.key, "/webhooks", { body: { url, event: "booking_update" } });
        expect(refused.status, url).toBe(400);
        expect(refused.body.error).toBe("BAD_REQUEST");
      }
    } finally {
      process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS = "true";
      forgetApiEnv();
    }
    for (const body of [
      { url: "https://example.com/hook", event: "availability_update" },
      { url: "https://example.com/hook" },
      { url: "x".repeat(3000), event: "booking_update" },
      [],
    ]) {
      const refused = await octo(reseller.key, "/webhooks", { body });
      expect(refused.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(refused.body.error).toBe("BAD_REQUEST");
    }
    expect((await octo(undefined, "/webhooks")).status).toBe(401);

    const fresh = await resellerWithKey(db());
    const receiver = await receivers.start();
    for (let i = 0; i < 5; i += 1) await subscribe(fresh.key, `${receiver.url}?n=${i}`);
    const sixth = await octo(fresh.key, "/webhooks", { body: { url: receiver.url, event: "booking_update" } });
    expect(sixth.status).toBe(400);
    expect(sixth.body.errorMessage).toMatch(/5 webhooks/);
  });
});
