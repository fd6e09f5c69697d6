import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createApiClient, defaultRetries } from "~contract/client";
import { ApiError } from "~contract/errors";

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
  it("fills path parameters (URL-encoded) from the endpoint table and answers the envelope's data", async () => {
    await expect(client().call("booking", { params: { id: "bk_a/b c" } })).resolves.toEqual({ ok: true });
    expect(seen[0]).toMatchObject({ method: "GET", url: "/v1/bookings/bk_a%2Fb%20c" });
  });

  it("sends the declared extra headers (Idempotency-Key) with the body", async () => {
    await client({ token: "tok" }).call("createBooking", {
      body: { serviceId: "s", slotId: "x", tickets: [], returnUrl: "/r" },
      headers: { "Idempotency-Key": "key-12345" },
    });
    expect(seen[0]).toMatchObject({ method: "POST", url: "/v1/bookings" });
    expect(seen[0].headers["idempotency-key"]).toBe("key-12345");
    expect(JSON.parse(seen[0].body)).toMatchObject({ serviceId: "s", returnUrl: "/r" });
  });

  it("lets onError replace the thrown error (the web turns a 401 into a sign-out redirect)", async () => {
    queue = [401];
    const redirected = new Response(null, { status: 302 });
    const error = await client({
      onError: (e) => {
        if (e.status === 401) throw redirected;
      },
    })
      .call("userInfo")
      .catch((e: unknown) => e);
    expect(error).toBe(redirected);
  });

  it("retries 0 times for writes and once for reads by default", () => {
    expect(["POST", "PUT", "PATCH", "DELETE"].map((m) => defaultRetries(m as never))).toEqual([0, 0, 0, 0]);
    expect(defaultRetries("GET")).toBe(1);
  });

  it.each([408, 409, 425, 429, 500, 502, 503, 504])("retries a GET once on %i", async (status) => {
    queue = [status, 200];
    await expect(client().call("facets")).resolves.toEqual({ ok: true });
    expect(seen).toHaveLength(2);
  });

  it("gives up after the one retry and throws the error envelope", async () => {
    queue = [503, 503, 200];
    const error = await client()
      .call("facets")
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
    await expect(client().call("facets")).rejects.toMatchObject({ status: 404 });
    expect(seen).toHaveLength(1);
  });

  it.each(["signOut", "updateMissingData", "markNotificationRead"] as const)(
    "does not retry %s (a write) by default",
    async (name) => {
      queue = [503, 200];
      const input = { params: { id: "n1" }, body: {} } as never;
      await expect(client().call(name, input)).rejects.toMatchObject({ status: 503 });
      expect(seen).toHaveLength(1);
    },
  );

  it("honours an explicit retry count", async () => {
    queue = [503, 503, 200];
    await expect(client().call("signOut", {}, { retries: 2 })).resolves.toEqual({ ok: true });
    expect(seen).toHaveLength(3);
  });

  it("sends JSON bodies for PATCH, POST, PUT and DELETE and none for GET", async () => {
    await client().call("updateMissingData", { body: { firstName: "Ada" } });
    await client().call("signOut");
    await client().call("experiences", { query: { page: 2, q: "kayak", category: "" } });
    expect(seen[0]).toMatchObject({ method: "PATCH", body: '{"firstName":"Ada"}', url: "/v1/user/missing-data" });
    expect(seen[0].headers["content-type"]).toBe("application/json");
    expect(seen[1]).toMatchObject({ method: "POST", body: "{}" });
    expect(seen[2]).toMatchObject({ method: "GET", body: "", url: "/v1/experiences?page=2&q=kayak" });
    expect(seen[2].headers["content-type"]).toBeUndefined();
  });

  it("sends the bearer token when it has one, and the account context in account mode", async () => {
    await client({ token: "tok", accountSlug: "acme" }).call("facets");
    await client().call("facets");
    expect(seen[0].headers.authorization).toBe("Bearer tok");
    expect(seen[0].headers["x-account-context"]).toBe("acme");
    expect(seen[1].headers.authorization).toBeUndefined();
    expect(seen[1].headers["x-account-context"]).toBeUndefined();
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
    await expect(failing.call("facets")).rejects.toMatchObject({ status: 503, code: "network_error" });
    expect(calls).toBe(2);
  });

  it("tells onError about an unreachable API too, which may throw its own answer instead", async () => {
    const seen: string[] = [];
    const unreachable = createApiClient({
      baseUrl,
      retryDelayMs: 0,
      transport: async () => {
        throw new TypeError("fetch failed");
      },
      onError: (error) => {
        seen.push(error.code);
        throw new Response(null, { status: 503 });
      },
    });
    await expect(unreachable.call("facets")).rejects.toBeInstanceOf(Response);
    expect(seen).toEqual(["network_error"]);
  });
});
