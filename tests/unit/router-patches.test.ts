import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import type { AgnosticRouteObject } from "@remix-run/router";
import { runInRequestContext } from "~runtime/request-id.mjs";
import { oncePerRequest } from "~/platform/per-request.server";

// The server-side patches of the framework (patches/, applied by `npm install`): see
// docs/decisions/038-the-patches-we-keep.md. They must be there, and the framework must answer as before.
const require = createRequire(import.meta.url);
const router = require("@remix-run/router") as typeof import("@remix-run/router");

const tree = (): AgnosticRouteObject[] => [
  {
    id: "root",
    path: "/",
    children: [
      { id: "index", index: true },
      { id: "booking", path: "account/booking/:bookingId" },
      { id: "bookings", path: "account/bookings/:filter?" },
      { id: "city", path: ":city" },
      { id: "splat", path: "*" },
    ],
  },
];

const ids = (matches: ReturnType<typeof router.matchRoutes>) => matches?.map((match) => match.route.id) ?? null;

describe("route matching on the server (patched to keep each tree's ranked branches)", () => {
  it("is patched in node_modules", async () => {
    const { readFileSync } = await import("node:fs");
    expect(readFileSync(require.resolve("@remix-run/router"), "utf8")).toContain("rankedBranchesCache");
    expect(readFileSync(require.resolve("react-router-dom/server"), "utf8")).toContain("dataRoutesCache");
    expect(readFileSync(require.resolve("@remix-run/react/dist/server.js"), "utf8")).toContain("serverRoutesOf");
  });

  it("answers each match with its own params, the same tree asked again and again", () => {
    const routes = tree();
    for (let round = 0; round < 3; round++) {
      const first = router.matchRoutes(routes, "/account/booking/bk_1");
      const second = router.matchRoutes(routes, "/account/booking/bk_2");
      expect(ids(first)).toEqual(["root", "booking"]);
      expect(first?.at(-1)?.params.bookingId).toBe("bk_1");
      expect(second?.at(-1)?.params.bookingId).toBe("bk_2");
      expect(first?.at(-1)?.params).not.toBe(second?.at(-1)?.params);
      expect(ids(router.matchRoutes(routes, "/"))).toEqual(["root", "index"]);
      expect(ids(router.matchRoutes(routes, "/account/bookings"))).toEqual(["root", "bookings"]);
      expect(router.matchRoutes(routes, "/lisbon")?.at(-1)?.params.city).toBe("lisbon");
      expect(router.matchRoutes(routes, "/a/b/c")?.at(-1)?.params["*"]).toBe("a/b/c");
      expect(router.matchRoutes([{ id: "only", path: "/x" }], "/y")).toBeNull();
    }
  });

  it("matches a new tree afresh, and case-insensitively as before", () => {
    const routes = tree();
    expect(ids(router.matchRoutes(routes, "/ACCOUNT/Booking/x"))).toEqual(["root", "booking"]);
    const other: AgnosticRouteObject[] = [{ id: "other", path: "/account/booking/:id", caseSensitive: true }];
    expect(ids(router.matchRoutes(other, "/account/booking/x"))).toEqual(["other"]);
    expect(router.matchRoutes(other, "/ACCOUNT/booking/x")).toBeNull();
  });
});

type CallRouteLoader = (args: {
  loader: (args: { request: Request }) => unknown;
  request: Request;
  params: Record<string, string>;
  loadContext: unknown;
  routeId: string;
  singleFetch: boolean;
}) => Promise<unknown>;

describe("the request a loader gets (Remix's own copy: what is read once per request is kept on its context)", () => {
  const { callRouteLoader } = require("@remix-run/server-runtime/dist/data.js") as {
    callRouteLoader: CallRouteLoader;
  };
  const requestSeen = (request: Request) =>
    callRouteLoader({
      loader: ({ request: seen }) => seen,
      request,
      params: {},
      loadContext: {},
      routeId: "root",
      singleFetch: true,
    }) as Promise<Request>;

  it("is read once per request by every loader, whatever Request each gets", async () => {
    let reads = 0;
    const read = oncePerRequest(async () => ++reads);
    const request = new Request("http://localhost/account?tab=1");
    await runInRequestContext({ requestId: "req-once-1" }, async () => {
      expect(await read(await requestSeen(request))).toBe(1);
      expect(await read(await requestSeen(request))).toBe(1);
      expect(await read(request)).toBe(1);
      // The loaders after an action (a GET after the POST) read afresh.
      expect(await read(new Request(request.url, { method: "POST" }))).toBe(2);
    });
    await runInRequestContext({ requestId: "req-once-2" }, async () => expect(await read(request)).toBe(3));
  });

  it("still loses Remix's own ?index and ?_routes parameters, and keeps the others", async () => {
    const seen = await requestSeen(new Request("http://localhost/account?index&_routes=root&tab=1"));
    expect(new URL(seen.url).search).toBe("?tab=1");
  });
});
