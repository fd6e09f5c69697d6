import { Hono } from "hono";
import { afterEach, describe, expect, it, vi } from "vitest";
import { parseApiEnv } from "~api/env";
import { clientIp, requestOrigin } from "~api/http/client-info";
import type { IncomingMessage } from "node:http";
import { CONNECTION_ADDRESS_HEADER, recordConnectionAddress } from "../../../runtime/edge-headers.mjs";
import { z } from "zod";
import { ApiError, conflict, rateLimited } from "~api/http/errors";
import { onError, onNotFound } from "~api/http/on-error";
import { requestId } from "~api/http/request-id";
import type { AppEnv } from "~api/http/types";
import { validate } from "~api/http/validate";
import { logger } from "~api/logger";

/** A small app wired like api/app.ts, with routes that fail on purpose. */
function testApp() {
  const app = new Hono<AppEnv>().basePath("/v1");
  app.use("*", requestId);
  app.get("/boom", () => {
    throw new Error("secret internal detail");
  });
  app.get("/db-down", () => {
    throw Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
  });
  app.get("/taken", () => {
    throw conflict("This departure is sold out.", "sold_out");
  });
  app.get("/slow-down", () => {
    throw rateLimited(30);
  });
  app.post("/echo", validate("json", z.object({ name: z.string().min(2, "Too short.") })), (c) =>
    c.json({ success: true, data: c.req.valid("json") }),
  );
  app.notFound(onNotFound);
  app.onError(onError);
  return app;
}

const call = async (path: string, init?: RequestInit) => {
  const res = await testApp().fetch(new Request(`http://localhost${path}`, init));
  return { status: res.status, headers: res.headers, body: await res.json() };
};

afterEach(() => vi.restoreAllMocks());

describe("onError", () => {
  it("answers an unexpected exception with a 500 envelope, logged, without details", async () => {
    const log = vi.spyOn(logger, "error").mockImplementation(() => undefined);
    const res = await call("/v1/boom");
    expect(res.status).toBe(500);
    expect(res.body).toEqual({
      error: { code: "internal_error", message: "Something went wrong on our side." },
      requestId: res.headers.get("X-Request-Id"),
    });
    expect(JSON.stringify(res.body)).not.toContain("secret");
    expect(log).toHaveBeenCalledOnce();
    expect(JSON.stringify(log.mock.calls[0])).toContain("secret internal detail");
    expect(JSON.stringify(log.mock.calls[0])).toContain(res.body.requestId);
  });

  it("maps a lost database connection to 503", async () => {
    vi.spyOn(logger, "error").mockImplementation(() => undefined);
    const res = await call("/v1/db-down");
    expect(res.status).toBe(503);
    expect(res.body.error.code).toBe("service_unavailable");
  });

  it("keeps the status, code and headers of an ApiError", async () => {
    const taken = await call("/v1/taken");
    expect(taken.status).toBe(409);
    expect(taken.body.error).toEqual({ code: "sold_out", message: "This departure is sold out." });
    const limited = await call("/v1/slow-down");
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe("rate_limited");
    expect(limited.headers.get("Retry-After")).toBe("30");
    expect(limited.body.error.message).toBe("Too many requests. Try again in 30 seconds.");
  });

  it("a 429 says in words when to try again, never earlier than its Retry-After", () => {
    const said = (seconds: number) => [rateLimited(seconds).message, rateLimited(seconds).headers?.["Retry-After"]];
    expect(said(1)).toEqual(["Too many requests. Try again in 1 second.", "1"]);
    expect(said(60)).toEqual(["Too many requests. Try again in 1 minute.", "60"]);
    expect(said(61)).toEqual(["Too many requests. Try again in 2 minutes.", "61"]);
    expect(said(3600)).toEqual(["Too many requests. Try again in 1 hour.", "3600"]);
    expect(said(5000)).toEqual(["Too many requests. Try again in 2 hours.", "5000"]);
    expect(said(0.2)).toEqual(["Too many requests. Try again in 1 second.", "1"]);
  });

  it("validates JSON bodies with fields, and rejects malformed JSON with 400", async () => {
    const post = (body: string) =>
      call("/v1/echo", { method: "POST", body, headers: { "Content-Type": "application/json" } });
    const invalid = await post(JSON.stringify({ name: "x" }));
    expect(invalid.status).toBe(400);
    expect(invalid.body.error).toMatchObject({ code: "validation_error", fields: { name: ["Too short."] } });
    const malformed = await post("{not json");
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.code).toBe("bad_request");
    const ok = await post(JSON.stringify({ name: "Ana" }));
    expect(ok.body).toEqual({ success: true, data: { name: "Ana" } });
  });

  it("is an ApiError instance check, not a duck type", () => {
    const error = new ApiError(404, "not_found", "gone");
    expect(error).toBeInstanceOf(Error);
    expect(error.status).toBe(404);
  });
});

describe("requestOrigin (links the API builds point at the web)", () => {
  const context = (url: string, account: { slug: string } | null) =>
    ({ req: { url }, get: (key: string) => (key === "account" ? account : undefined) }) as never;
  const env = (extra: Record<string, string>) => parseApiEnv(extra);

  it("uses the request's origin when nothing is configured (one process: the browser's)", () => {
    expect(requestOrigin(context("http://localhost:3000/v1/x", null), env({}))).toBe("http://localhost:3000");
  });

  it("uses APP_PUBLIC_URL, and the storefront address in account mode, never the API's host", () => {
    const configured = env({
      APP_PUBLIC_URL: "https://wayfarer.example",
      STOREFRONT_PUBLIC_URL: "https://{slug}.wayfarer.example",
    });
    expect(requestOrigin(context("http://127.0.0.1:3001/v1/x", null), configured)).toBe("https://wayfarer.example");
    expect(requestOrigin(context("http://127.0.0.1:3001/v1/x", { slug: "acme" }), configured)).toBe(
      "https://acme.wayfarer.example",
    );
  });
});

describe("clientIp: the address per-address limits key on", () => {
  /** The API's answer to who called, TRUST_PROXY=`hops`; `peer`: the API alone, reached from that address. */
  async function ipSeen(hops: number, headers: Record<string, string>, peer?: string) {
    const app = new Hono<AppEnv>().get("/ip", (c) => c.text(clientIp(c, hops)));
    const env = peer === undefined ? undefined : { incoming: { socket: { remoteAddress: peer } } as IncomingMessage };
    return (await app.fetch(new Request("http://localhost/ip", { headers }), env)).text();
  }
  const FORGED = { [CONNECTION_ADDRESS_HEADER]: "6.6.6.6" };

  it("without the edge in the process, a client's copy of the connection header counts for nothing", async () => {
    expect(await ipSeen(0, FORGED)).toBe("unknown");
  });

  it("the connection's address when no proxy is trusted; the N-th X-Forwarded-For entry from the right with N", async () => {
    // The edge records the socket's address, replacing what the client sent.
    const req = {
      headers: { ...FORGED },
      socket: { remoteAddress: "::ffff:203.0.113.9" },
    } as unknown as IncomingMessage;
    recordConnectionAddress(req);
    expect(req.headers[CONNECTION_ADDRESS_HEADER]).toBe("::ffff:203.0.113.9");
    const recorded = { [CONNECTION_ADDRESS_HEADER]: "::ffff:203.0.113.9" };
    const forwarded = { ...recorded, "X-Forwarded-For": "6.6.6.6, 198.51.100.7" };
    expect(await ipSeen(0, recorded)).toBe("203.0.113.9");
    expect(await ipSeen(0, forwarded)).toBe("203.0.113.9");
    expect(await ipSeen(1, forwarded)).toBe("198.51.100.7");
    expect(await ipSeen(2, forwarded)).toBe("6.6.6.6");
    expect(await ipSeen(3, forwarded)).toBe("unknown");
    expect(await ipSeen(1, recorded)).toBe("unknown");
    expect(await ipSeen(0, { [CONNECTION_ADDRESS_HEADER]: "2001:DB8::1" })).toBe("2001:db8::1");
  });

  it("alone in its process, the API counts the web as one more proxy and never reads the header", async () => {
    // The web appended the address it saw (203.0.113.9) to what came in.
    const viaWeb = { ...FORGED, "X-Forwarded-For": "6.6.6.6, 203.0.113.9" };
    expect(await ipSeen(0, viaWeb, "10.0.0.2")).toBe("203.0.113.9");
    expect(await ipSeen(1, viaWeb, "10.0.0.2")).toBe("6.6.6.6");
    // The web knew no address: "unknown", not the entry a client wrote before it.
    expect(await ipSeen(0, { "X-Forwarded-For": "6.6.6.6, unknown" }, "10.0.0.2")).toBe("unknown");
  });
});
