import "../../support/env";
import { afterEach, describe, expect, it } from "vitest";
import { deliverMessage } from "~api/outbox/delivery";
import { setMailTransportForTests, type MailTransport } from "~api/outbox/mailer";
import { enqueueEmail } from "~api/outbox/service";
import { composeEmail, platformBrand } from "~api/outbox/email-layout";
import { unsubscribeLinks, unsubscribeToken } from "~api/unsubscribe/service";
import { expectEnvelope, seedDbForThisFile } from "../../support/api";
import { bookingUser, findService } from "../../support/booking";
import { withEmulatorUsers } from "../../support/identity";
import { v1 } from "../../support/client";

const { db } = seedDbForThisFile();
withEmulatorUsers();
afterEach(() => setMailTransportForTests(undefined));

async function userId(token: string): Promise<string> {
  return (await v1.userInfo({ token })).body.data.id;
}

describe("one-click unsubscribe links", () => {
  it("show what they stop, stop it for that user and category only, and cannot be forged", async () => {
    const service = await findService(db());
    const [ann, bob] = await Promise.all([bookingUser(service), bookingUser(service)]);
    const annId = await userId(ann.idToken);
    const token = unsubscribeToken(annId, "reminders");

    const view = await v1.unsubscribeLink({ params: { token } });
    expect(view.status).toBe(200);
    expect(view.body.data).toEqual({
      category: "reminders",
      email: `${ann.email[0]}•••@${ann.email.split("@")[1]}`,
      subscribed: true,
    });
    const done = await v1.unsubscribe({ params: { token }, body: {} });
    expect(done.body.data.subscribed).toBe(false);
    const prefs = await v1.notificationPreferences({ token: ann.idToken });
    expect(prefs.body.data.reminders).toEqual({ email: false, sms: true });
    expect(prefs.body.data.tips.email).toBe(true);
    expect((await v1.notificationPreferences({ token: bob.idToken })).body.data.reminders.email).toBe(true);

    // Another user's id with Ann's signature, a transactional category, garbage: all the same 404.
    const [, signature] = token.split(".");
    const bobId = await userId(bob.idToken);
    const forged = `${Buffer.from(`${bobId}:reminders`).toString("base64url")}.${signature}`;
    const booking = `${Buffer.from(`${annId}:booking`).toString("base64url")}.${signature}`;
    for (const bad of [forged, booking, "abc", `${token}x`, `${token}.x`]) {
      expectEnvelope(await v1.unsubscribeLink({ params: { token: bad } }), 404, "unsubscribe_link_invalid");
    }
    expectEnvelope(await v1.unsubscribeLink({ params: { token: "a".repeat(301) } }), 400, "validation_error");
  });

  it("put the link in the message and List-Unsubscribe (one click) in its delivery", async () => {
    const sent: Array<Parameters<MailTransport["sendMail"]>[0]> = [];
    setMailTransportForTests({ sendMail: async (message) => void sent.push(message) });
    const message = composeEmail({
      to: "x@example.com",
      subject: "Soon",
      brand: platformBrand(),
      paragraphs: [["Hello"]],
      kind: "test",
      unsubscribe: unsubscribeLinks("user-1", "tips", "https://app.example.com"),
    });
    const token = unsubscribeToken("user-1", "tips");
    expect(message.text).toContain(`Stop these emails: https://app.example.com/unsubscribe/${token}`);
    expect(message.html).toContain(`href="https://app.example.com/unsubscribe/${token}"`);
    const { message: row } = await enqueueEmail(db(), message);
    expect(await deliverMessage(db(), row.id, { finalAttempt: true })).not.toBe("retry");
    const delivered = sent.find((mail) => mail.subject === "Soon")!;
    expect(delivered.list).toEqual({ unsubscribe: `https://app.example.com/v1/unsubscribe/${token}` });
    expect(delivered.headers).toEqual({ "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" });
  });
});
