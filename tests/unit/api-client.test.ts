import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ApiError, createApiClient, defaultRetries } from "~/lib/api-client";

/** A real HTTP server that answers from a queue of statuses and records what it received. */
type Seen = { method: string; url: string; headers: IncomingMessage["headers"]; body: string };
let server: Server;
let baseUrl: string;
let queue: number[] = [];
let seen: Seen[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      seen.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      const status = queue.shift() ?? 200;
      res.writeHead(status, { "Content-Type": "application/json", "X-Request-Id": "rid-1" });
      res.end(
        status < 400
          ? JSON.stringify({ data: { ok: true } })
          : JSON.stringify({
              error: { code: "boom", message: `status ${status}`, fields: { a: ["bad"] } },
              requestId: "rid-1",
            }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  queue = [];
  seen = [];
});

const client = (extra: Partial<Parameters<typeof createApiClient>[0]> = {}) =>
  createApiClient({ transport: (request) => fetch(request), baseUrl, retryDelayMs: 0, ...extra });

describe("API client", () => {
  it("retries 0 times for writes and once for reads by default", () => {
    expect(["POST", "PUT", "PATCH", "DELETE"].map((m) => defaultRetries(m as never))).toEqual([0, 0, 0, 0]);
    expect(defaultRetries("GET")).toBe(1);
  });

  it.each([408, 409, 425, 429, 500, 502, 503, 504])("retries a GET once on %i", async (status) => {
    queue = [status, 200];
    await expect(client().get("/v1/x")).resolves.toEqual({ data: { ok: true } });
    expect(seen).toHaveLength(2);
  });

  it("gives up after the one retry and throws the error envelope", async () => {
    queue = [503, 503, 200];
    const error = await client()
      .get("/v1/x")
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 503,
      code: "boom",
      message: "status 503",
      fields: { a: ["bad"] },
      requestId: "rid-1",
    });
    expect(seen).toHaveLength(2);
  });

  it("does not retry other statuses", async () => {
    queue = [404, 200];
    await expect(client().get("/v1/x")).rejects.toMatchObject({ status: 404 });
    expect(seen).toHaveLength(1);
  });

  it.each(["post", "put", "patch", "delete"] as const)("does not retry %s by default", async (method) => {
    queue = [503, 200];
    await expect(client()[method]("/v1/x", { a: 1 })).rejects.toMatchObject({ status: 503 });
    expect(seen).toHaveLength(1);
  });

  it("honours an explicit retry count", async () => {
    queue = [503, 503, 200];
    await expect(client().post("/v1/x", {}, { retries: 2 })).resolves.toEqual({ data: { ok: true } });
    expect(seen).toHaveLength(3);
  });

  it("sends JSON bodies for PATCH, POST, PUT and DELETE and none for GET", async () => {
    await client().patch("/v1/x", { firstName: "Ada" });
    await client().delete("/v1/x");
    await client().get("/v1/x", { query: { page: 2, q: "kayak", empty: "" } });
    expect(seen[0]).toMatchObject({ method: "PATCH", body: '{"firstName":"Ada"}' });
    expect(seen[0].headers["content-type"]).toBe("application/json");
    expect(seen[1]).toMatchObject({ method: "DELETE", body: "{}" });
    expect(seen[2]).toMatchObject({ method: "GET", body: "", url: "/v1/x?page=2&q=kayak" });
    expect(seen[2].headers["content-type"]).toBeUndefined();
  });

  it("sends the bearer token unless suppressed, and the account context in account mode", async () => {
    await client({ token: "tok", accountSlug: "acme" }).get("/v1/x");
    await client({ token: "tok" }).get("/v1/x", { suppressAuth: true });
    await client().get("/v1/x");
    expect(seen[0].headers.authorization).toBe("Bearer tok");
    expect(seen[0].headers["x-account-context"]).toBe("acme");
    expect(seen[1].headers.authorization).toBeUndefined();
    expect(seen[2].headers.authorization).toBeUndefined();
    expect(seen[2].headers["x-account-context"]).toBeUndefined();
  });

  it("retries a GET once when the network fails, then reports it", async () => {
    let calls = 0;
    const failing = createApiClient({
      baseUrl,
      retryDelayMs: 0,
      transport: async () => {
        calls++;
        throw new TypeError("fetch failed");
      },
    });
    await expect(failing.get("/v1/x")).rejects.toMatchObject({ status: 503, code: "network_error" });
    expect(calls).toBe(2);
  });
});
