import "../../support/env";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { parseApiEnv } from "~api/env";
import { deliverMessage } from "~api/outbox/delivery";
import { setSmsTransportForTests, twilioTransport } from "~api/outbox/sms";
import { enqueueSms } from "~api/outbox/service";
import { seedDbForThisFile } from "../../support/api";
import { v1 } from "../../support/client";

const { db } = seedDbForThisFile();
const SID = `AC${"a1".repeat(16)}`;

/** A stand-in for Twilio's Messages API: records requests; answers 400 for a "+1555000FAIL" style number. */
const received: Array<{ path: string; authorization: string; form: URLSearchParams }> = [];
let twilio: Server;
let base = "";
beforeAll(async () => {
  twilio = createServer(async (req, res) => {
    let body = "";
    for await (const chunk of req) body += chunk;
    const form = new URLSearchParams(body);
    received.push({ path: req.url!, authorization: req.headers.authorization ?? "", form });
    const failing = form.get("To") === "+15550000000";
    res.writeHead(failing ? 400 : 201, { "Content-Type": "application/json" });
    res.end(
      JSON.stringify(failing ? { code: 21211, message: "Invalid 'To' Phone Number" } : { sid: `SM${received.length}` }),
    );
  });
  await new Promise<void>((resolve) => twilio.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(twilio.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => twilio.close(resolve)));
afterEach(() => setSmsTransportForTests(undefined));

describe("text messages (the SMS port)", () => {
  it("without Twilio are kept for the dev outbox", async () => {
    setSmsTransportForTests(null);
    const row = await enqueueSms(db(), { to: "+15551230000", text: "kept", kind: "test" });
    expect(row.status).toBe("kept");
  });

  it("with Twilio are sent through its Messages API once; a refused one is retried, then parked", async () => {
    setSmsTransportForTests(
      twilioTransport({ accountSid: SID, authToken: "secret", from: "+15557654321", apiBase: base }),
    );
    const row = await enqueueSms(db(), { to: "+15551234567", text: "Your trip is tomorrow", kind: "test" });
    expect(row.status).toBe("pending");
    let message = (await v1.devOutboxMessage({ params: { id: row.id } })).body.data;
    for (let i = 0; i < 50 && message.status !== "sent"; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      message = (await v1.devOutboxMessage({ params: { id: row.id } })).body.data;
    }
    expect(message).toMatchObject({ status: "sent", attempts: 1 });
    const sent = received.filter((request) => request.form.get("To") === "+15551234567");
    expect(sent).toHaveLength(1);
    expect(sent[0].path).toBe(`/2010-04-01/Accounts/${SID}/Messages.json`);
    expect(sent[0].authorization).toBe(`Basic ${Buffer.from(`${SID}:secret`).toString("base64")}`);
    expect(Object.fromEntries(sent[0].form)).toEqual({
      To: "+15551234567",
      Body: "Your trip is tomorrow",
      From: "+15557654321",
    });
    expect(await deliverMessage(db(), row.id, { finalAttempt: false })).toBe("skipped");

    setSmsTransportForTests(
      twilioTransport({ accountSid: SID, authToken: "secret", from: `MG${"b2".repeat(16)}`, apiBase: base }),
    );
    const refused = await enqueueSms(db(), { to: "+15550000000", text: "no", kind: "test" });
    const first = await deliverMessage(db(), refused.id, { finalAttempt: false });
    expect(["retry", "skipped"]).toContain(first);
    let parked = await deliverMessage(db(), refused.id, { finalAttempt: true });
    for (let i = 0; i < 20 && parked === "skipped"; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      parked = await deliverMessage(db(), refused.id, { finalAttempt: true });
    }
    expect((await v1.devOutboxMessage({ params: { id: refused.id } })).body.data).toMatchObject({
      status: "failed",
      lastError: "Twilio 400: Invalid 'To' Phone Number",
    });
    expect(received.find((request) => request.form.get("To") === "+15550000000")!.form.get("MessagingServiceSid")).toBe(
      `MG${"b2".repeat(16)}`,
    );
  });

  it("Twilio's settings come all three or none", () => {
    expect(() => parseApiEnv({ TWILIO_ACCOUNT_SID: SID })).toThrow(/together/);
    expect(() =>
      parseApiEnv({ TWILIO_ACCOUNT_SID: "nope", TWILIO_AUTH_TOKEN: "x", TWILIO_FROM: "+15557654321" }),
    ).toThrow(/TWILIO_ACCOUNT_SID/);
    expect(
      parseApiEnv({ TWILIO_ACCOUNT_SID: SID, TWILIO_AUTH_TOKEN: "x", TWILIO_FROM: "+15557654321" }).TWILIO_FROM,
    ).toBe("+15557654321");
  });
});
