// Optional error tracking (runtime/error-tracking.mjs): off and not even loaded without SENTRY_DSN;
// with it, the API's unexpected errors reach Sentry's ingestion endpoint (here a local stand-in
// that records the SDK's envelopes: the network edge) without personal data.
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";
import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { onError } from "~api/http/on-error";
import type { AppEnv } from "~api/http/types";
import {
  errorTrackingSettings,
  flushErrorTracking,
  scrubEvent,
  startErrorTracking,
  trackError,
} from "~runtime/error-tracking.mjs";

/** An envelope item as the SDK sends it (read loosely: the assertions say what matters). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Item = Record<string, any>;
/** What the stand-in received: each envelope's items (header and payload), parsed. */
const envelopes: Array<{ path: string; items: Item[] }> = [];
let dsn = "";
const collector = createServer((request: IncomingMessage, response) => {
  const chunks: Buffer[] = [];
  request.on("data", (chunk: Buffer) => chunks.push(chunk));
  request.on("end", () => {
    let body = Buffer.concat(chunks);
    if (request.headers["content-encoding"] === "gzip") body = gunzipSync(body);
    const lines = body.toString("utf8").split("\n").filter(Boolean);
    envelopes.push({ path: request.url ?? "", items: lines.slice(1).map((line) => JSON.parse(line)) });
    response.writeHead(200, { "Content-Type": "application/json" });
    response.end("{}");
  });
});

beforeAll(async () => {
  await new Promise<void>((resolve) => collector.listen(0, "127.0.0.1", resolve));
  dsn = `http://publickey@127.0.0.1:${(collector.address() as AddressInfo).port}/42`;
});
afterAll(() => new Promise((resolve) => collector.close(resolve)));

/** The error events received so far (the envelopes' event items). */
const events = () => envelopes.flatMap((envelope) => envelope.items.filter((item) => item.exception));

describe("error tracking's settings", () => {
  it("is off without SENTRY_DSN, and refuses a DSN or a rate it cannot use, naming the setting", () => {
    expect(errorTrackingSettings({})).toBeNull();
    expect(errorTrackingSettings({ SENTRY_DSN: "  " })).toBeNull();
    expect(() => errorTrackingSettings({ SENTRY_DSN: "not a url" })).toThrow(/SENTRY_DSN/);
    expect(() => errorTrackingSettings({ SENTRY_DSN: "https://sentry.example.com/42" })).toThrow(/PUBLIC_KEY/);
    expect(() => errorTrackingSettings({ SENTRY_DSN: "ftp://k@sentry.example.com/42" })).toThrow(/SENTRY_DSN/);
    const dsnOk = "https://k@o1.ingest.sentry.io/42";
    expect(() => errorTrackingSettings({ SENTRY_DSN: dsnOk, SENTRY_SAMPLE_RATE: "2" })).toThrow(/SENTRY_SAMPLE_RATE/);
    expect(() => errorTrackingSettings({ SENTRY_DSN: dsnOk, SENTRY_ENVIRONMENT: "a b" })).toThrow(/SENTRY_ENVIRONMENT/);
    expect(errorTrackingSettings({ SENTRY_DSN: dsnOk, APP_ENV: "production", SENTRY_SAMPLE_RATE: "0.5" })).toEqual({
      dsn: dsnOk,
      environment: "production",
      release: undefined,
      sampleRate: 0.5,
    });
  });

  it("reports nothing, and loads no SDK, while it is off", async () => {
    expect(await startErrorTracking({}, { role: "api" })).toBe(false);
    trackError(new Error("not sent"));
    await flushErrorTracking(500);
    expect(envelopes).toEqual([]);
  });

  it("takes the personal data out of an event", () => {
    const event = scrubEvent({
      user: { email: "ada@example.com", ip_address: "203.0.113.9" },
      message: "mail to ada@example.com failed",
      request: {
        url: "https://acme.app.example.com/account?token=secret",
        method: "POST",
        headers: {
          Cookie: "__session=abc",
          Authorization: "Bearer x",
          "User-Agent": "UA",
          "content-type": "text/html",
        },
        data: "password=hunter2",
        cookies: { __session: "abc" },
      },
      exception: { values: [{ type: "Error", value: "no user grace.hopper@example.org" }] },
      breadcrumbs: [
        { message: "GET https://api.example.com/v1?key=s", data: { url: "https://api.example.com/v1?key=s" } },
      ],
    });
    const text = JSON.stringify(event);
    for (const secret of [
      "ada@example.com",
      "grace.hopper",
      "token=",
      "abc",
      "Bearer",
      "hunter2",
      "203.0.113.9",
      "key=s",
    ]) {
      expect(text).not.toContain(secret);
    }
    expect(event.request).toEqual({
      url: "https://acme.app.example.com/account",
      method: "POST",
      headers: { "User-Agent": "UA", "content-type": "text/html" },
    });
    expect(event.exception.values[0].value).toBe("no user [email]");
  });
});

describe("with SENTRY_DSN", () => {
  beforeAll(async () => {
    expect(await startErrorTracking({ SENTRY_DSN: dsn, APP_ENV: "test-run" }, { role: "api" })).toBe(true);
  });

  it("sends the API's unexpected error with its request id and path, without the caller's data", async () => {
    const app = new Hono<AppEnv>();
    app.use(async (c, next) => {
      c.set("requestId", "req-123");
      await next();
    });
    const email = ["ada", "example.com"].join("@");
    app.get("/v1/things/:id", () => {
      throw new TypeError(`cannot read the thing of ${email}`);
    });
    app.onError(onError);
    const response = await app.request("/v1/things/t1?secret=s3", {
      headers: { Cookie: "__session=abc", Authorization: "Bearer token-xyz" },
    });
    expect(response.status).toBe(500);
    await flushErrorTracking(5000);

    const [event] = events();
    expect(envelopes[0].path.split("?")[0]).toBe("/api/42/envelope/");
    expect(event.exception.values[0]).toMatchObject({ type: "TypeError", value: "cannot read the thing of [email]" });
    expect(event.tags).toMatchObject({ request_id: "req-123", source: "api", role: "api" });
    expect(event.contexts.request).toEqual({ method: "GET", path: "/v1/things/t1" });
    expect(event.environment).toBe("test-run");
    expect(event.exception.values[0].stacktrace.frames.length).toBeGreaterThan(0);
    // Everything sent but the stack's source lines (this test file's own text, around the throw).
    const sent = JSON.stringify(envelopes, (key, value) =>
      ["pre_context", "context_line", "post_context"].includes(key) ? undefined : value,
    );
    for (const secret of ["ada@example.com", "secret=s3", "__session", "token-xyz"]) expect(sent).not.toContain(secret);
  });

  it("does not send what the API answers by its rules (a 4xx)", async () => {
    const before = events().length;
    const app = new Hono<AppEnv>();
    app.get("/v1/x", () => {
      throw new HTTPException(400, { message: "Bad input." });
    });
    app.onError(onError);
    const response = await app.request("/v1/x");
    expect(response.status).toBe(400);
    await flushErrorTracking(2000);
    expect(events().length).toBe(before);
  });
});
