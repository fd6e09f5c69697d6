import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { webhookDeliveries, webhookSubscriptions } from "~api/db/schema";
import { unseal } from "~api/two-step/sealing";
import { enqueueWebhookEvent } from "~api/webhooks/events";
import * as page from "~/routes/_console.console.webhooks";
import { accountIdOf, auditEntries } from "../support/operator";
import { identityWorld } from "../support/identity";
import { ACME, consoleLoad, consolePost, expectManagersOnly, memberOf } from "../support/console-routes";
import { allowPrivateWebhookTargets } from "../support/private-webhook-targets";
import { octo, resellerWithKey } from "../support/octo";
import { signedInMinutesAgo } from "../support/two-step";

const { db } = identityWorld();
allowPrivateWebhookTargets();

const PATH = "/console/webhooks";
const load = (cookie: string | null, host = ACME) => consoleLoad(page, PATH, cookie, {}, host);
const post = (cookie: string, form: Record<string, string> | URLSearchParams) => consolePost(page, PATH, cookie, form);

/** The add form as a browser posts it: the URL and each ticked event. */
function addForm(url: string, events: string[]) {
  const form = new URLSearchParams({ intent: "add", url });
  for (const event of events) form.append("events", event);
  return form;
}

describe("/console/webhooks", () => {
  it("signed out: sign in; no team: 404; a guide: 403 reading and posting; the marketplace: 404", async () => {
    await expectManagersOnly(db(), PATH, "manageWebhooks", load, (cookie) =>
      post(cookie, addForm("http://127.0.0.1:9/hooks", ["booking.created"])),
    );
  });

  it("lists its resellers' OCTO subscriptions apart from its own, read-only, with the reseller's name", async () => {
    const reseller = await resellerWithKey(db());
    const made = await octo(reseller.key, "/webhooks", {
      body: { url: "http://127.0.0.1:9/octo-hooks", event: "booking_update" },
      headers: { "Octo-Capabilities": "octo/webhooks" },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const manager = await memberOf(db(), "manager");
    const shown = await load(manager.cookie);
    expect(shown.status).toBe(200);
    expect(shown.data.resellerWebhooks).toEqual([
      expect.objectContaining({
        id: made.body.id,
        resellerName: "Harbour Concierge",
        url: "http://127.0.0.1:9/octo-hooks",
        enabled: true,
      }),
    ]);
    expect(shown.data.webhooks.map((webhook: { id: string }) => webhook.id)).not.toContain(made.body.id);
    expect(JSON.stringify(shown.data)).not.toContain(made.body.secret);
  });

  it("a manager adds a webhook: its secret in that answer only; listed with its delivery log; refusals on their field", async () => {
    const manager = await memberOf(db(), "manager");
    const added = await post(
      manager.cookie,
      addForm("http://127.0.0.1:9/hooks", ["booking.created", "booking.changed"]),
    );
    expect(added.status).toBe(200);
    expect(added.data.intent).toBe("add");
    const { webhookId, secret } = added.data.newSecret;
    expect(secret).toMatch(/^whsec_/);
    const [row] = await db().select().from(webhookSubscriptions).where(eq(webhookSubscriptions.id, webhookId));
    expect(row.events).toEqual(["booking.created", "booking.changed"]);
    expect(unseal(row.secretSealed)).toBe(secret);
    expect(await auditEntries(db(), "webhook.created", manager.user.uid)).toHaveLength(1);

    await enqueueWebhookEvent(db(), await accountIdOf(db(), "acme"), "booking.created", { bookingId: "b_page" });
    const shown = await load(manager.cookie);
    expect(shown.status).toBe(200);
    expect(shown.data.title).toBe("Webhooks");
    expect(JSON.stringify(shown.data)).not.toContain(secret);
    const listed = shown.data.webhooks.find((webhook: { id: string }) => webhook.id === webhookId);
    expect(listed.deliveries).toEqual([
      expect.objectContaining({ type: "booking.created", state: "pending", attempts: [] }),
    ]);

    const refusals: Array<[URLSearchParams, Record<string, string[]>]> = [
      [addForm("", ["booking.created"]), { url: ["webhooks.urlInvalid"] }],
      [addForm("ftp://example.com/", ["booking.created"]), { url: ["webhooks.urlInvalid"] }],
      [addForm("http://127.0.0.1:9/hooks", []), { events: ["webhooks.eventsRequired"] }],
      [addForm("http://127.0.0.1:9/hooks", ["booking.paid"]), { "events[0]": ["webhooks.eventsRequired"] }],
    ];
    for (const [form, errors] of refusals) {
      const refused = await post(manager.cookie, form);
      expect(refused.status, form.toString()).toBe(400);
      expect(refused.data.result.error).toMatchObject(errors);
    }
    // The API's refusal (a host that does not resolve) is shown on the form.
    const unresolved = await post(manager.cookie, addForm("https://no-such-host.invalid/", ["booking.created"]));
    expect(unresolved.status).toBe(400);
    expect(JSON.stringify(unresolved.data.result.error)).toContain("webhook_url_unresolved");
  });

  it("an owner sends a delivery again, makes a new secret, turns a disabled one on again and deletes the webhook; another operator's: 404", async () => {
    const owner = await memberOf(db(), "owner");
    const added = await post(owner.cookie, addForm("http://127.0.0.1:9/owner", ["availability.changed"]));
    const { webhookId, secret } = added.data.newSecret;
    await enqueueWebhookEvent(db(), await accountIdOf(db(), "acme"), "availability.changed", { departureId: "d" });
    const [delivery] = await db()
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.subscriptionId, webhookId));
    const again = await post(owner.cookie, { intent: "redeliver", webhookId, deliveryId: delivery.id });
    expect(again.status).toBe(302);
    expect(again.location).toBe(PATH);
    expect(await auditEntries(db(), "webhook.redelivered", owner.user.uid)).toHaveLength(1);

    const rotated = await post(owner.cookie, { intent: "rotateSecret", webhookId });
    expect(rotated.status).toBe(200);
    expect(rotated.data.intent).toBe(`rotateSecret:${webhookId}`);
    expect(rotated.data.newSecret.secret).not.toBe(secret);

    // Disabled (a day of failures), it is turned on again from its card.
    await db()
      .update(webhookSubscriptions)
      .set({ enabled: false, disabledAt: new Date(), disabledReason: "HTTP 503" })
      .where(eq(webhookSubscriptions.id, webhookId));
    const off = (await load(owner.cookie)).data.webhooks.find((webhook: { id: string }) => webhook.id === webhookId);
    expect(off).toMatchObject({ enabled: false, disabledReason: "HTTP 503" });
    const enabled = await post(owner.cookie, { intent: "enable", webhookId });
    expect(enabled.status).toBe(302);
    expect(enabled.location).toBe(PATH);
    const [on] = await db().select().from(webhookSubscriptions).where(eq(webhookSubscriptions.id, webhookId));
    expect(on).toMatchObject({ enabled: true, disabledAt: null, disabledReason: null });
    expect(await auditEntries(db(), "webhook.enabled", owner.user.uid)).toHaveLength(1);

    const harbor = await memberOf(db(), "owner", "harbor");
    const foreign = await consolePost(
      page,
      PATH,
      harbor.cookie,
      { intent: "delete", webhookId },
      {},
      "harbor.app.localhost:3000",
    );
    expect(foreign.status).toBe(404);
    expect(foreign.data.result.error[""]).toEqual(["apiErrors.webhook_not_found"]);

    const deleted = await post(owner.cookie, { intent: "delete", webhookId });
    expect(deleted.status).toBe(302);
    expect(await db().select().from(webhookSubscriptions).where(eq(webhookSubscriptions.id, webhookId))).toEqual([]);
    const junk: Array<Record<string, string>> = [
      { intent: "delete", webhookId: "<x>" },
      { intent: "enable", webhookId: "" },
      { intent: "redeliver", webhookId },
      { intent: "nothing" },
    ];
    for (const form of junk) expect((await post(owner.cookie, form)).status, JSON.stringify(form)).toBe(400);
  });

  it("adding one signed in 11 minutes ago: 'Confirm it's you' first (the password), then the secret", async () => {
    const owner = await memberOf(db(), "owner");
    const cookie = `__session=${await signedInMinutesAgo(owner.user, 11)}`;
    const form = addForm("http://127.0.0.1:9/late", ["booking.cancelled"]);
    const asked = await post(cookie, form);
    expect(asked.status).toBe(403);
    expect(asked.data.reauth).toMatchObject({ method: "sign_in" });
    expect(asked.data.newSecret).toBeUndefined();
    form.append("reauthPassword", owner.user.password);
    const done = await post(cookie, form);
    expect(done.status).toBe(200);
    expect(done.data.newSecret.secret).toMatch(/^whsec_/);
  });
});
