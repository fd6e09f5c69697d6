import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import type { AgnosticRouteObject } from "@remix-run/router";

// The server-side route matching patches (patches/, applied by `npm install`): see
// docs/performance.md. They must be there, and matching must answer as before.
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
