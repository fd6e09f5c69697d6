import { Hono } from "hono";
import { afterEach, describe, expect, it } from "vitest";
import type { AppEnv } from "~api/http/types";
import { onError, onNotFound } from "~api/http/on-error";
import { requestId } from "~api/http/request-id";
import { setMailTransportForTests, type MailTransport } from "~api/outbox/mailer";
import { devOnly, devToolsEnabled } from "~api/outbox/routes";
import { enqueueEmail } from "~api/outbox/service";
import { expectEnvelope, NO_SUCH_ID, seedDbForThisFile } from "../../support/api";
import { bookingUser, confirmedBooking, createSlot, findService } from "../../support/booking";
import { outboxFor, uniqueEmail, withEmulatorUsers } from "../../support/identity";
import { v1 } from "../../support/client";

const { db } = seedDbForThisFile();
withEmulatorUsers();

afterEach(() => setMailTransportForTests(undefined));

describe("dev outbox", () => {
  it("reads a booking confirmation by id with its HTML, its text and its calendar file", async () => {
    const acme = await findService(db(), "acme");
    const user = await bookingUser(acme);
    const slot = await createSlot(db(), acme.serviceId);
    const booking = await confirmedBooking(user, acme, slot.id);
    const [listed] = (await outboxFor(user.email)).filter((message) => message.kind === "booking_confirmed");

    // api() checks the answer against the contract's outboxMessage schema.
    const one = await v1.devOutboxMessage({ params: { id: listed.id } });
    expect(one.status).toBe(200);
    const mail = one.body.data;
    expect(mail.htmlBody).toMatch(/^<!DOCTYPE html/);
    expect(mail.htmlBody).toContain(booking.reference);
    expect(mail.textBody).toContain(`Booking reference: ${booking.reference}`);
    expect(mail.attachments).toEqual([
      { name: "booking.ics", contentType: "text/calendar; charset=utf-8; method=PUBLISH", content: expect.any(String) },
      { name: "ticket.png", contentType: "image/png", content: expect.any(String) },
    ]);
    expect(Buffer.from(mail.attachments[0].content, "base64").toString("utf8")).toContain("BEGIN:VALARM\r\n");
    expect(one.headers.get("Cache-Control")).toBe("no-store");
    expectEnvelope(await v1.devOutboxMessage({ params: { id: NO_SUCH_ID } }), 404, "message_not_found");
    expectEnvelope(await v1.devOutboxMessage({ params: { id: "nope" } }), 400, "validation_error");
  });

  it("lists messages newest first, per recipient, with a limit; reads one by id", async () => {
    const to = uniqueEmail("outbox");
    const first = await enqueueEmail(db(), { to: to.toUpperCase(), subject: "First", text: "one", kind: "test" });
    const second = await enqueueEmail(db(), {
      to,
      subject: "Second",
      text: "two",
      html: "<p>two</p>",
      attachments: [{ name: "ticket.txt", contentType: "text/plain", content: Buffer.from("hi").toString("base64") }],
      kind: "test",
      meta: { bookingId: "b-1" },
    });
    expect(first.message.status).toBe("kept");

    const list = await v1.devOutbox({ query: { to: to.toUpperCase() } });
    expect(list.status).toBe(200);
    expect(list.body.data.map((message: { subject: string }) => message.subject)).toEqual(["Second", "First"]);
    expect(list.body.data[0]).toEqual({
      id: second.message.id,
      channel: "email",
      recipient: to,
      subject: "Second",
      textBody: "two",
      htmlBody: "<p>two</p>",
      senderName: null,
      attachments: [{ name: "ticket.txt", contentType: "text/plain", content: "aGk=" }],
      status: "kept",
      attempts: 0,
      lastError: null,
      kind: "test",
      meta: { bookingId: "b-1" },
      createdAt: expect.any(String),
      sentAt: null,
    });

    const limited = await v1.devOutbox({ query: { to, limit: "1" } });
    expect(limited.body.data).toHaveLength(1);
    const everyone = await v1.devOutbox({ query: { limit: "100" } });
    expect(everyone.body.data.length).toBeGreaterThanOrEqual(2);

    const one = await v1.devOutboxMessage({ params: { id: first.message.id } });
    expect(one.body.data).toMatchObject({ id: first.message.id, recipient: to, subject: "First", textBody: "one" });
  });

  it("404 for an unknown message, 400 for bad parameters", async () => {
    expectEnvelope(await v1.devOutboxMessage({ params: { id: NO_SUCH_ID } }), 404, "message_not_found");
    expectEnvelope(await v1.devOutboxMessage({ params: { id: "not-a-uuid" } }), 400, "validation_error");
    const error = expectEnvelope(await v1.devOutbox({ query: { limit: "0" } }), 400, "validation_error");
    expect(error.fields?.limit).toEqual(["Must be at least 1."]);
    expectEnvelope(await v1.devOutbox({ query: { limit: "101" } }), 400, "validation_error");
  });

  it("is off in production: the guard answers 404 like an unknown path", async () => {
    expect(devToolsEnabled({ production: false })).toBe(true);
    expect(devToolsEnabled({ production: true })).toBe(false);

    const build = (production: boolean) => {
      const app = new Hono<AppEnv>();
      app.use("*", requestId);
      app.use("/dev/*", devOnly({ production }));
      app.get("/dev/outbox", (c) => c.json({ data: [] }));
      app.notFound(onNotFound);
      app.onError(onError);
      return app;
    };
    const off = await build(true).fetch(new Request("http://localhost/dev/outbox"));
    expect(off.status).toBe(404);
    expect((await off.json()).error.code).toBe("not_found");
    const on = await build(false).fetch(new Request("http://localhost/dev/outbox"));
    expect(on.status).toBe(200);
  });
});

describe("a transactional outbox", () => {
  it("a message written in a transaction exists only if the transaction commits", async () => {
    const kept = uniqueEmail("committed");
    const dropped = uniqueEmail("rolled-back");
    await db().transaction((tx) => enqueueEmail(tx, { to: kept, subject: "Kept", text: "yes", kind: "test" }));
    await db()
      .transaction(async (tx) => {
        await enqueueEmail(tx, { to: dropped, subject: "Dropped", text: "no", kind: "test" });
        throw new Error("the change failed");
      })
      .catch(() => undefined);
    expect((await v1.devOutbox({ query: { to: kept } })).body.data).toHaveLength(1);
    expect((await v1.devOutbox({ query: { to: dropped } })).body.data).toHaveLength(0);
  });
});

describe("delivery", () => {
  it("with a transport: pending, then sent with one attempt", async () => {
    const sent: Parameters<MailTransport["sendMail"]>[0][] = [];
    setMailTransportForTests({ sendMail: async (message) => void sent.push(message) });
    const to = uniqueEmail("smtp");
    const { message } = await enqueueEmail(db(), {
      to,
      subject: "Hello",
      text: "plain",
      html: "<p>html</p>",
      attachments: [{ name: "a.pdf", contentType: "application/pdf", content: "JVBERi0=" }],
      kind: "test",
    });
    expect(message.status).toBe("pending");
    let done;
    for (let i = 0; i < 50 && done?.status !== "sent"; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      done = (await v1.devOutboxMessage({ params: { id: message.id } })).body.data;
    }
    expect(done).toMatchObject({ status: "sent", attempts: 1, lastError: null });
    expect(done.sentAt).toEqual(expect.any(String));
    expect(sent).toEqual([
      {
        from: "Wayfarer <no-reply@localhost>",
        to,
        subject: "Hello",
        text: "plain",
        html: "<p>html</p>",
        attachments: [{ filename: "a.pdf", contentType: "application/pdf", content: "JVBERi0=", encoding: "base64" }],
        messageId: `<${message.id}@wayfarer.outbox>`,
      },
    ]);
  });

  it("a failing transport marks the message failed and never fails the API call", async () => {
    setMailTransportForTests({
      sendMail: async () => {
        throw new Error("421 try again later");
      },
    });
    const email = uniqueEmail("smtp-fail");
    const res = await v1.sendAuthLink({ body: { email } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    let message;
    for (let i = 0; i < 50; i++) {
      [message] = (await v1.devOutbox({ query: { to: email } })).body.data;
      if (message?.status === "failed") break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(message).toMatchObject({ status: "failed", attempts: 1, lastError: "421 try again later", sentAt: null });
  });
});
