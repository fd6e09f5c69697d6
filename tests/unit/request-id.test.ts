/**
 * The request id (runtime/request-id.mjs): which incoming ids are kept, and the loggers
 * (runtime/logger.mjs) putting the id of the request being handled on every line.
 */
import { describe, expect, it } from "vitest";
import { createBaseLogger, createLogger, logsAsJson } from "../../runtime/logger.mjs";
import { currentRequestContext, nameRoute, requestIdFor, runInRequestContext } from "../../runtime/request-id.mjs";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** A logger writing into an array, as the process's would write to stdout. */
function capturedLogger(name: string, level = "info") {
  const lines: Array<Record<string, unknown>> = [];
  const base = createBaseLogger({ write: (line: string) => void lines.push(JSON.parse(line)) });
  return { log: createLogger(name, { level, base }), lines };
}

describe("requestIdFor", () => {
  it.each([
    "edge-42.abc:1",
    "0ab2eac0-062a-41b2-b6d1-701c8a6b45e4",
    "req_01HZX3K8Q9.nginx:7",
    "a".repeat(8),
    "a".repeat(128),
  ])("keeps the safe id %s", (incoming) => {
    expect(requestIdFor(incoming)).toBe(incoming);
  });

  it.each([
    ["too short", "abc1234"],
    ["too long", "a".repeat(129)],
    ["a space", "has spaces in it"],
    ["markup", "<script>alert(1)</script>"],
    ["a quote", 'quote"d-id-123'],
    ["a line break", "abcdefgh\nforged: line"],
    ["non-ASCII", "ïdentifiant-42"],
    ["nothing", undefined],
    ["empty", ""],
    ["repeated headers", ["abcdefgh-1", "abcdefgh-2"]],
  ])("replaces an id with %s by a new one", (_what, incoming) => {
    const id = requestIdFor(incoming as string | string[] | undefined);
    expect(id).toMatch(UUID);
    expect(id).not.toBe(incoming);
  });

  it("gives each request its own new id", () => {
    const ids = new Set(Array.from({ length: 100 }, () => requestIdFor(null)));
    expect(ids.size).toBe(100);
  });
});

describe("the request context", () => {
  it("is the request's inside its work, across awaits, and none outside", async () => {
    expect(currentRequestContext()).toBeUndefined();
    const seen = await runInRequestContext({ requestId: "request-one" }, async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      nameRoute("routes/_home._index");
      nameRoute("/v1/experiences", "api");
      return currentRequestContext();
    });
    expect(seen).toEqual({ requestId: "request-one", route: "routes/_home._index", apiRoute: "/v1/experiences" });
    expect(currentRequestContext()).toBeUndefined();
  });

  it("keeps two requests' contexts apart while both are in flight", async () => {
    const both = await Promise.all(
      ["request-aaa", "request-bbb"].map((requestId, i) =>
        runInRequestContext({ requestId }, async () => {
          await new Promise((resolve) => setTimeout(resolve, 10 - i * 5));
          return currentRequestContext()?.requestId;
        }),
      ),
    );
    expect(both).toEqual(["request-aaa", "request-bbb"]);
  });
});

describe("the loggers", () => {
  it("put the request id of the request being handled on every line, and none outside one", async () => {
    const { log, lines } = capturedLogger("web");
    log.info("starting");
    await runInRequestContext({ requestId: "request-xyz" }, async () => {
      log.info({ bookingId: "b1" }, "booked");
      await Promise.resolve();
      log.warn("slow");
    });
    expect(lines.map((line) => [line.name, line.msg, line.requestId])).toEqual([
      ["web", "starting", undefined],
      ["web", "booked", "request-xyz"],
      ["web", "slow", "request-xyz"],
    ]);
    expect(lines[1].bookingId).toBe("b1");
  });

  it("let a line name its own request id (the API's, without an edge) over the context's", () => {
    const { log, lines } = capturedLogger("api");
    runInRequestContext({ requestId: "outer-request" }, () => log.error({ requestId: "named-request" }, "failed"));
    expect(lines).toHaveLength(1);
    expect(lines[0].requestId).toBe("named-request");
    // One key, not two: the line is valid JSON with one requestId.
    expect(Object.keys(lines[0]).filter((key) => key === "requestId")).toHaveLength(1);
  });

  it("keep each part's own level", () => {
    const lines: Array<Record<string, unknown>> = [];
    const base = createBaseLogger({ write: (line: string) => void lines.push(JSON.parse(line)) });
    createLogger("edge", { level: "info", base }).debug("hidden");
    createLogger("api", { level: "debug", base }).debug("shown");
    expect(lines.map((line) => `${line.name}:${line.msg}`)).toEqual(["api:shown"]);
  });

  it("write JSON in production and under CI, readable lines locally", () => {
    expect(logsAsJson({ APP_ENV: "production" })).toBe(true);
    expect(logsAsJson({ NODE_ENV: "production" })).toBe(true);
    expect(logsAsJson({ APP_ENV: "local", CI: "true" })).toBe(true);
    expect(logsAsJson({ APP_ENV: "local", NODE_ENV: "production" })).toBe(false);
    expect(logsAsJson({})).toBe(false);
  });
});
