/**
 * The access line (server/access-log.mjs) of answers given by a real HTTP server: its fields,
 * what it leaves out (query values, secrets in paths), health checks at debug, abandoned answers,
 * and the answer's time in the metrics by its bounded route.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBaseLogger, createLogger } from "../../runtime/logger.mjs";
import { httpRequestDuration } from "../../runtime/metrics.mjs";
import { nameRoute, runInRequestContext } from "../../runtime/request-id.mjs";
import { CONNECTION_ADDRESS_HEADER } from "../../runtime/edge-headers.mjs";
import { loggedTarget, logAnswer, routeLabel } from "../../server/access-log.mjs";

type Line = Record<string, unknown>;
const lines: Line[] = [];
const log = createLogger("edge", {
  level: "info",
  base: createBaseLogger({ write: (line: string) => void lines.push(JSON.parse(line)) }),
});

let server: http.Server;
let origin = "";

beforeAll(async () => {
  server = http.createServer((req, res) => {
    req.headers[CONNECTION_ADDRESS_HEADER] = req.socket.remoteAddress ?? "";
    const context = { requestId: String(req.headers["x-request-id"] ?? "generated-id-1") };
    logAnswer(req, res, context, { log, metrics: true });
    runInRequestContext(context, () => {
      const path = (req.url ?? "/").split("?")[0];
      if (path === "/hang") {
        res.writeHead(200, { "Content-Type": "text/plain" });
        res.write("partial");
        return;
      }
      if (path.startsWith("/v1/")) nameRoute("/v1/experiences/:id", "api");
      else if (path !== "/robots.txt") nameRoute("routes/experiences.$id");
      res.setHeader("X-Micro-Cache", path === "/cached" ? "hit" : "miss");
      res.writeHead(path === "/missing" ? 404 : 200, { "Content-Type": "text/plain" });
      res.end("x".repeat(1000));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(
  () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
);

/** The line written for the request that carried `requestId`, once it is there. */
async function lineOf(requestId: string): Promise<Line> {
  for (let i = 0; i < 100; i++) {
    const line = lines.find((entry) => entry.requestId === requestId);
    if (line) return line;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`no access line for ${requestId}`);
}

describe("the access line", () => {
  it("holds method, path, status, time, bytes, request id, client, route and cache", async () => {
    const answer = await fetch(`${origin}/experiences/e1?token=s3cret&page=2&page=3`, {
      headers: { "X-Request-Id": "shape-test-1", "X-Forwarded-For": "203.0.113.7" },
    });
    await answer.text();
    const line = await lineOf("shape-test-1");
    expect(line).toMatchObject({
      level: 30,
      name: "edge",
      msg: "answer",
      requestId: "shape-test-1",
      method: "GET",
      path: "/experiences/e1?token=&page=",
      status: 200,
      client: "127.0.0.1",
      forwardedFor: "203.0.113.7",
      route: "routes/experiences.$id",
      cache: "miss",
    });
    expect(line.durationMs).toEqual(expect.any(Number));
    expect(line.durationMs as number).toBeGreaterThanOrEqual(0);
    // The body and the headers, as sent.
    expect(line.bytes as number).toBeGreaterThan(1000);
    expect(line.bytes as number).toBeLessThan(2000);
    expect(line).not.toHaveProperty("aborted");
    expect(JSON.stringify(line)).not.toContain("s3cret");
  });

  it("leaves out the secret a path carries", async () => {
    await (
      await fetch(`${origin}/v1/unsubscribe/tok-123456?x=1`, { headers: { "X-Request-Id": "secret-path-1" } })
    ).text();
    await (await fetch(`${origin}/gratuity/key-abcdef`, { headers: { "X-Request-Id": "secret-path-2" } })).text();
    expect((await lineOf("secret-path-1")).path).toBe("/v1/unsubscribe/:secret?x=");
    expect((await lineOf("secret-path-2")).path).toBe("/gratuity/:secret");
  });

  it("writes health checks at debug only", async () => {
    await (await fetch(`${origin}/v1/health`, { headers: { "X-Request-Id": "health-check-1" } })).text();
    await (await fetch(`${origin}/missing`, { headers: { "X-Request-Id": "after-health-1" } })).text();
    expect((await lineOf("after-health-1")).status).toBe(404);
    expect(lines.some((line) => line.requestId === "health-check-1")).toBe(false);
  });

  it("says when the client went away before the end", async () => {
    const controller = new AbortController();
    const answer = await fetch(`${origin}/hang`, {
      headers: { "X-Request-Id": "aborted-1" },
      signal: controller.signal,
    });
    expect(answer.status).toBe(200);
    controller.abort();
    const line = await lineOf("aborted-1");
    expect(line.aborted).toBe(true);
  });

  it("observes each answer's time under its bounded route", async () => {
    const before = await countOf("/v1/experiences/:id", "200");
    for (const id of ["a", "b", "c"]) await (await fetch(`${origin}/v1/experiences/${id}`)).text();
    expect((await countOf("/v1/experiences/:id", "200")) - before).toBe(3);
  });
});

async function countOf(route: string, status: string): Promise<number> {
  const { values } = await httpRequestDuration.get();
  const count = values.find(
    (value) =>
      value.metricName === "http_request_duration_seconds_count" &&
      value.labels.route === route &&
      String(value.labels.status) === status,
  );
  return count?.value ?? 0;
}

describe("loggedTarget and routeLabel", () => {
  it("keep the names of the query's parameters, once each, and cut what is very long", () => {
    expect(loggedTarget("/search?q=kayak&q=boat&&page=2")).toBe("/search?q=&page=");
    expect(loggedTarget("/")).toBe("/");
    expect(loggedTarget(`/${"a".repeat(2000)}`)).toHaveLength(512);
  });

  it("name a route by what the app said, else by the kind of path, never by the URL", () => {
    expect(routeLabel("/v1/bookings/b1", { requestId: "x", apiRoute: "/v1/bookings/:id" })).toBe("/v1/bookings/:id");
    expect(routeLabel("/v1/nothing-here", { requestId: "x", route: "routes/_home._index" })).toBe("/v1/*");
    expect(routeLabel("/experiences/e1", { requestId: "x", route: "routes/experiences.$id" })).toBe(
      "routes/experiences.$id",
    );
    expect(routeLabel("/experiences/e1.data", { requestId: "x" })).toBe("data");
    expect(routeLabel("/build/entry-ABC.js", { requestId: "x" })).toBe("static");
    expect(routeLabel("/some/page", { requestId: "x" })).toBe("page");
  });
});
