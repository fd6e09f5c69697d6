/**
 * The built web and API in two processes (API_BASE_URL), and the web alone with its API gone: a
 * write from another site is refused in both processes, and a visitor whose API cannot be reached
 * gets "not available right now" (503, Retry-After), as a page or as the envelope on /v1 — never a
 * 500. And error pages carry their title in the head. And the web's caches hear what the API
 * changed, whoever asked it to.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  bookableDeparture,
  bookingGuest,
  cachedSeatsShown,
  placeBooking,
  seatsShown,
  waitForSeatsShown,
} from "./booking-over-http";
import { freePort, startBuiltServer, type BuiltServer } from "./built-server";
import { stretched } from "../support/time-limits";

let api: BuiltServer;
let web: BuiltServer;
let orphan: BuiltServer;

/** The web alone never opens a database: an unwritable directory makes a stray open fail loudly. */
const NO_DATABASE = "/proc/wayfarer-web-has-no-database";

beforeAll(async () => {
  api = await startBuiltServer({ entry: "api" });
  [web, orphan] = await Promise.all([
    startBuiltServer({ env: { API_BASE_URL: `http://127.0.0.1:${api.port}`, PGLITE_DIR: NO_DATABASE } }),
    // An API address where nothing listens: the API is down.
    freePort().then((port) =>
      startBuiltServer({
        env: { API_BASE_URL: `http://127.0.0.1:${port}`, PGLITE_DIR: NO_DATABASE },
        readyPath: "/robots.txt",
      }),
    ),
  ]);
}, stretched(120_000));

afterAll(() => Promise.all([web?.stop(), orphan?.stop(), api?.stop()]), stretched(20_000));

const REFUSED = { error: { code: "forbidden", message: "Cross-site request refused: nothing was changed." } };

/** The <title>s of a document and whether each is inside its head. */
function titlesOf(page: string): Array<{ text: string; inHead: boolean }> {
  const headEnd = page.indexOf("</head>");
  return [...page.matchAll(/<title>([^<]*)<\/title>/g)].map((match) => ({
    text: match[1],
    inHead: match.index < headEnd,
  }));
}

describe("split mode: a write from another site", () => {
  it("is refused by the web before it forwards to the API, and by the API alone", async () => {
    for (const server of [web, api]) {
      const response = await fetch(`${server.origin}/v1/auth/session`, {
        method: "POST",
        headers: { Origin: "https://evil.example", "Content-Type": "application/json" },
        body: JSON.stringify({ idToken: "x" }),
      });
      expect(response.status, server.origin).toBe(403);
      expect(await response.json()).toEqual({ ...REFUSED, requestId: response.headers.get("x-request-id") });
    }
    const page = await fetch(`${web.origin}/login`, {
      method: "POST",
      headers: { Origin: "https://evil.example", "Content-Type": "application/x-www-form-urlencoded" },
      body: "email=a%40example.com&password=x",
    });
    expect(page.status).toBe(403);
    expect(await page.text()).toContain("This request came from another site");
  });

  it("goes through from our own pages (forwarded with the browser's host)", async () => {
    const response = await fetch(`${web.origin}/v1/auth/session`, {
      method: "POST",
      headers: { Origin: web.origin, "Content-Type": "application/json" },
      body: JSON.stringify({}),
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe("validation_error");
  });
});

describe("the API cannot be reached", () => {
  it("gives a page a 503 'not available right now' with Retry-After and a way to try again", async () => {
    for (const path of ["/", "/experiences/1/2", "/login"]) {
      const response = await fetch(orphan.origin + path);
      expect(response.status, path).toBe(503);
      expect(Number(response.headers.get("retry-after")), path).toBeGreaterThan(0);
      const page = await response.text();
      expect(page).toContain("This service is not available right now.");
      expect(page).not.toContain("Internal Server Error");
      // Not "back to the home page", which is not available either: this page again.
      expect(page).toMatch(new RegExp(`<a href="${path.replace(/\//g, "\\/")}"[^>]*>Try again</a>`));
      expect(titlesOf(page)).toEqual([{ text: "Service Unavailable · Wayfarer", inHead: true }]);
    }
  });

  it("answers /v1 with the 503 envelope and Retry-After, not a plain-text 500", async () => {
    for (const init of [{}, { method: "POST", headers: { Origin: orphan.origin }, body: "{}" }]) {
      const response = await fetch(`${orphan.origin}/v1/experiences`, init);
      expect(response.status).toBe(503);
      expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe("service_unavailable");
    }
  });
});

describe("error pages", () => {
  it("carry one title, in the head (the not-found page, and an error inside a layout)", async () => {
    for (const path of ["/404", "/experiences/%20/x"]) {
      const response = await fetch(web.origin + path);
      expect(response.status, path).toBe(404);
      expect(titlesOf(await response.text()), path).toEqual([{ text: "Page Not Found · Wayfarer", inHead: true }]);
    }
  });
});

describe("split mode: what the API changed", () => {
  it("reaches the web's pages within a second, for a booking the web never saw (its change feed)", async () => {
    const departure = await bookableDeparture(api.origin);
    const token = await bookingGuest(api.origin, departure.operator);
    const before = await cachedSeatsShown(web.origin, departure);
    expect((await placeBooking(api.origin, token, departure, 2)).status).toBe(201);
    expect((await waitForSeatsShown(web.origin, departure, before - 2, stretched(1_000))).shown).toBe(before - 2);
  });

  it("drops the web's pages at once for a booking made through the web (the answer's header)", async () => {
    const departure = await bookableDeparture(web.origin);
    const token = await bookingGuest(web.origin, departure.operator);
    const before = await cachedSeatsShown(web.origin, departure);
    expect((await placeBooking(web.origin, token, departure, 2)).status).toBe(201);
    expect(await seatsShown(web.origin, departure)).toEqual({ seats: before - 2, cache: "miss" });
  });
});

describe("split mode: each process's health (server/health.mjs)", () => {
  it("is live whatever its API does, and ready only while its API is", async () => {
    for (const server of [api, web, orphan]) {
      const live = await fetch(`${server.origin}/health/live`);
      expect([live.status, await live.json()]).toEqual([200, { status: "live" }]);
    }
    const apiReady = await fetch(`${api.origin}/health/ready`);
    expect(apiReady.status).toBe(200);
    expect((await apiReady.json()).checks).toMatchObject({ shutdown: { status: "ok" }, database: { status: "ok" } });

    const webReady = await fetch(`${web.origin}/health/ready`);
    expect(webReady.headers.get("Cache-Control")).toBe("no-store");
    expect([webReady.status, await webReady.json()]).toEqual([
      200,
      { status: "ready", checks: { shutdown: { status: "ok" }, api: { status: "ok" } } },
    ]);

    const orphanReady = await fetch(`${orphan.origin}/health/ready`);
    expect([orphanReady.status, await orphanReady.json()]).toEqual([
      503,
      {
        status: "not_ready",
        checks: { shutdown: { status: "ok" }, api: { status: "failed", reason: "the API could not be reached" } },
      },
    ]);
    expect((await fetch(`${orphan.origin}/health/ready`, { method: "HEAD" })).status).toBe(503);
  });
});
