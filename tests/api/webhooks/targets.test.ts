import "../../support/env";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { parseApiEnv } from "~api/env";
import { webhookDeliveries, webhookSubscriptions } from "~api/db/schema";
import { deliverDueWebhooks } from "~api/webhooks/delivery";
import { enqueueWebhookEvent } from "~api/webhooks/events";
import { newWebhookSecret } from "~api/webhooks/secrets";
import { checkTarget, isPrivateAddress, TargetRefused } from "~api/webhooks/target";
import { productionProblems } from "~runtime/production-preflight.mjs";
import { identityWorld } from "../../support/identity";
import { accountIdOf, asMember, syncedMember } from "../../support/operator";
import { v1 } from "../../support/client";
import { receiversForThisFile } from "../../support/webhook-receiver";

const { db } = identityWorld();
const receivers = receiversForThisFile();

async function refusal(url: string) {
  const owner = await syncedMember(db(), "acme", "owner");
  return v1.operatorCreateWebhook(asMember(owner.idToken, { body: { url, events: ["booking.created"] } }));
}

describe("webhook targets (SSRF), with WEBHOOK_ALLOW_PRIVATE_TARGETS off", () => {
  it.each([
    "http://127.0.0.1/",
    "http://169.254.169.254/",
    "http://169.254.169.254/latest/meta-data/",
    "http://10.1.2.3/hooks",
    "http://192.168.1.20/",
    "http://172.16.0.9/",
    "http://0.0.0.0/",
    "http://[::1]/",
    "http://[::ffff:127.0.0.1]/",
    "http://[fd00::1]/",
    "http://[fe80::1]/",
    "http://localhost/",
    "http://2130706433/",
  ])("refuses %s with 400 webhook_url_private_address", async (url) => {
    const answer = await refusal(url);
    expect(answer.status, JSON.stringify(answer.body)).toBe(400);
    expect(answer.body.error.code).toBe("webhook_url_private_address");
    expect(Object.keys(answer.body.error.fields)).toEqual(["url"]);
  });

  it("refuses a user name in the URL, a host that does not resolve, and what is not http(s)", async () => {
    expect((await refusal("https://user:pass@example.com/")).body.error.code).toBe("webhook_url_invalid");
    expect((await refusal("https://no-such-host.invalid/")).body.error.code).toBe("webhook_url_unresolved");
    const ftp = await refusal("ftp://example.com/");
    expect(ftp.status).toBe(400);
    expect(ftp.body.error.code).toBe("validation_error");
    const none = await v1.operatorListWebhooks(asMember((await syncedMember(db(), "acme", "owner")).idToken));
    expect(none.body.data.webhooks).toEqual([]);
  });

  it("in production: https only, and the setting that allows private targets is refused", async () => {
    const production = { production: true, allowPrivateTargets: false };
    await expect(checkTarget("http://93.184.215.14/", production)).rejects.toMatchObject({
      code: "webhook_url_not_https",
    });
    const checked = await checkTarget("https://93.184.215.14/hooks", production);
    expect(checked.addresses).toEqual([{ address: "93.184.215.14", family: 4 }]);
    await expect(checkTarget("https://169.254.169.254/", production)).rejects.toBeInstanceOf(TargetRefused);
    expect(() => parseApiEnv({ APP_ENV: "production", WEBHOOK_ALLOW_PRIVATE_TARGETS: "true" })).toThrow(
      /WEBHOOK_ALLOW_PRIVATE_TARGETS|APP_PUBLIC_URL/,
    );
    expect(productionProblems({ APP_ENV: "production", WEBHOOK_ALLOW_PRIVATE_TARGETS: "1" }, "api")).toEqual(
      expect.arrayContaining([expect.stringMatching(/^WEBHOOK_ALLOW_PRIVATE_TARGETS:/)]),
    );
    // Locally the setting lets a receiver on 127.0.0.1 be used.
    await expect(
      checkTarget("http://127.0.0.1:9/", { production: false, allowPrivateTargets: true }),
    ).resolves.toBeTruthy();
  });

  it("tells private addresses from public ones, IPv4-mapped and NAT64 forms included", () => {
    for (const address of [
      "127.0.0.1",
      "10.0.0.1",
      "100.64.0.1",
      "169.254.169.254",
      "::",
      "::1",
      "fc00::1",
      "::ffff:7f00:1",
      "64:ff9b::a9fe:a9fe",
      "224.0.0.1",
      "255.255.255.255",
    ])
      expect(isPrivateAddress(address), address).toBe(true);
    for (const address of ["93.184.215.14", "8.8.8.8", "2606:4700:4700::1111", "::ffff:8.8.8.8"])
      expect(isPrivateAddress(address), address).toBe(false);
  });

  it("checks again at each delivery: a subscription kept with a private target gets no request", async () => {
    const receiver = await receivers.start();
    const accountId = await accountIdOf(db(), "acme");
    // As if it had been made while the setting was on (tests and local development).
    await db()
      .insert(webhookSubscriptions)
      .values({
        id: "wh_privatekept",
        accountId,
        url: receiver.url,
        events: ["booking.created"],
        secretSealed: newWebhookSecret().sealed,
      });
    await enqueueWebhookEvent(db(), accountId, "booking.created", { bookingId: "b_test" });
    expect(await deliverDueWebhooks(db())).toBe(1);
    expect(receiver.received).toHaveLength(0);
    const [delivery] = await db()
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.subscriptionId, "wh_privatekept"));
    expect(delivery.state).toBe("pending");
    const owner = await syncedMember(db(), "acme", "owner");
    const log = await v1.operatorListWebhookDeliveries({
      params: { webhookId: "wh_privatekept" },
      ...asMember(owner.idToken),
    });
    expect(log.body.data.deliveries[0].attempts[0]).toMatchObject({ statusCode: null });
    expect(log.body.data.deliveries[0].attempts[0].error).toMatch(/^webhook_url_private_address/);
  });
});
