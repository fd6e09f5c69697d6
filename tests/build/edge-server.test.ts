/**
 * The built app served the way `npm start` serves it (remix-serve with server/edge.mjs preloaded):
 * what remix-serve answers before our code runs still follows our rules.
 */
import { readdirSync } from "node:fs";
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInCookie } from "../../scripts/signed-in-session";
import { bookableDeparture, bookingGuest, placeBooking, seatsShown } from "./booking-over-http";
import { startBuiltServer, type BuiltServer } from "./built-server";
import { stretched } from "../support/time-limits";

let PORT = 0;
let origin = "";
let server: BuiltServer;

beforeAll(async () => {
  server = await startBuiltServer({
    env: {
      MICRO_CACHE_FRESH_MS: String(FRESH_MS),
      // Two places in the app at once, so that the tests below can fill them.
      ADMISSION_CONCURRENCY: "2",
    },
  });
  ({ port: PORT, origin } = server);
}, stretched(90_000));

afterAll(() => server?.stop(), stretched(20_000));

/** One raw HTTP/1.1 exchange: the answer's head and whether the server closed the connection. */
function rawExchange(head: string, body = ""): Promise<{ head: string; closed: boolean }> {
  return new Promise((resolve, reject) => {
    const socket = connect(PORT, "127.0.0.1");
    let received = "";
    let answered: string | null = null;
    socket.setEncoding("latin1");
    socket.on("data", (chunk: string) => {
      received += chunk;
      if (answered === null && received.includes("\r\n\r\n")) answered = received.split("\r\n\r\n")[0];
    });
    // A kept-alive connection would stay open: give up on it shortly after the answer came.
    const timer = setInterval(() => {
      if (answered !== null) {
        clearInterval(timer);
        socket.destroy();
        resolve({ head: answered, closed: false });
      }
    }, 1500);
    socket.on("end", () => {
      clearInterval(timer);
      if (answered === null) reject(new Error(`no answer: ${received}`));
      else resolve({ head: answered, closed: true });
    });
    socket.on("error", (error) => {
      // The server may reset the connection while the rest of a refused body is still being written.
      if (answered === null) reject(error);
    });
    socket.write(head + "\r\n\r\n");
    if (body) socket.write(body);
  });
}

describe("the edge of the built server", () => {
  it("answers a method it does not serve with 405 and Allow, not a 500", async () => {
    for (const method of ["TRACE", "PROPFIND", "M-SEARCH"]) {
      const response = await rawExchange(`${method} / HTTP/1.1\r\nHost: localhost:${PORT}\r\nConnection: close`);
      expect(response.head, method).toMatch(/^HTTP\/1\.1 405 /);
      expect(response.head).toMatch(/\r\nAllow: GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS\r\n/);
      expect(response.head).toMatch(/\r\nX-Content-Type-Options: nosniff\r\n/i);
    }
  });

  it("puts the security headers on static files and on remix-serve's own errors", async () => {
    const asset = readdirSync("public/build/_shared").find((name) => name.endsWith(".js"));
    for (const path of ["/favicon.ico", `/build/_shared/${asset}`, "/build/%E0%A4%A"]) {
      const response = await fetch(`${origin}${path}`);
      expect(response.status, path).toBeLessThan(500);
      expect(response.headers.get("x-content-type-options"), path).toBe("nosniff");
      expect(response.headers.get("x-frame-options"), path).toBe("DENY");
      expect(response.headers.get("referrer-policy"), path).toBe("strict-origin-when-cross-origin");
      expect(response.headers.get("permissions-policy"), path).toContain("camera=()");
    }
  });

  it("keeps the headers our pages set (one of each, not two)", async () => {
    const response = await rawExchange(`GET /login HTTP/1.1\r\nHost: localhost:${PORT}\r\nConnection: close`);
    expect(response.head).toMatch(/^HTTP\/1\.1 200 /);
    expect(response.head.match(/\r\nx-content-type-options:/gi)).toHaveLength(1);
    expect(response.head.match(/\r\ncontent-security-policy:/gi)).toHaveLength(1);
  });

  it("renders the whole document for a crawler, and a browser's page as it streams", async () => {
    for (const agent of ["Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", "Mozilla/5.0"]) {
      const response = await fetch(`${origin}/login?agent=${agent.length}`, { headers: { "User-Agent": agent } });
      expect(response.status, agent).toBe(200);
      const page = await response.text();
      expect(page, agent).toMatch(/^<!DOCTYPE html>/);
      expect(page, agent).toContain("</html>");
    }
  });

  it("refuses a 300 KB form post with 413 and closes the connection instead of leaving it to hang", async () => {
    const body = "a=" + "x".repeat(300_000);
    const response = await rawExchange(
      [
        "POST /login HTTP/1.1",
        `Host: localhost:${PORT}`,
        `Origin: ${origin}`,
        "Content-Type: application/x-www-form-urlencoded",
        `Content-Length: ${body.length}`,
      ].join("\r\n"),
      body,
    );
    expect(response.head).toMatch(/^HTTP\/1\.1 413 /);
    expect(response.head).toMatch(/\r\nConnection: close\r\n/i);
    expect(response.closed).toBe(true);
  });

  it("refuses a 300 KB body on /v1 with the 413 envelope", async () => {
    const response = await fetch(`${origin}/v1/auth/session`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: origin },
      body: JSON.stringify({ idToken: "x".repeat(300_000) }),
    });
    expect(response.status).toBe(413);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe("payload_too_large");
  });

  it("keeps the connection alive after an early answer to a body it had read in full", async () => {
    const response = await rawExchange(
      [
        "POST /login HTTP/1.1",
        `Host: localhost:${PORT}`,
        `Origin: ${origin}`,
        "Content-Type: application/json",
        "Content-Length: 2",
      ].join("\r\n"),
      "{}",
    );
    expect(response.head).toMatch(/^HTTP\/1\.1 415 /);
    expect(response.head).not.toMatch(/\r\nConnection: close\r\n/i);
    expect(response.closed).toBe(false);
  });
});

describe("admission to the app", () => {
  it("serves everyone when many ask at once, in turn", async () => {
    const answers = await Promise.all(Array.from({ length: 24 }, () => fetch(`${origin}/v1/facets`)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(24).fill(200));
  });

  it("does not let slow uploads that hold every place stall the others", async () => {
    // Two form posts that send their head and a little of their body, then nothing: the app has
    // started on them and waits for the rest.
    const uploads = [0, 1].map(() => {
      const socket = connect(PORT, "127.0.0.1");
      socket.write(
        [
          "POST /login HTTP/1.1",
          `Host: localhost:${PORT}`,
          `Origin: ${origin}`,
          "Content-Type: application/x-www-form-urlencoded",
          "Content-Length: 1000",
          "",
          "email=slow",
        ].join("\r\n"),
      );
      return socket;
    });
    try {
      await new Promise((resolve) => setTimeout(resolve, 200));
      const [read, health, file] = await Promise.all([
        fetch(`${origin}/v1/facets`),
        fetch(`${origin}/v1/health`),
        fetch(`${origin}/favicon.ico`),
      ]);
      expect(read.status).toBe(200);
      expect(health.status).toBe(200);
      expect(file.status).toBe(200);
      expect(uploads.every((socket) => !socket.destroyed)).toBe(true);
    } finally {
      for (const socket of uploads) socket.destroy();
    }
  });
});

/** Served from memory: fresh, or stale while it is rendered again. */
const FROM_MEMORY = /^(hit|stale)$/;
const FRESH_MS = 2_000;

const nonceOf = (csp: string | null) => /'nonce-([^']+)'/.exec(csp ?? "")?.[1];

describe("the micro-cache of public pages", () => {
  it("serves an anonymous page from memory with a fresh nonce each time, in the header and the page", async () => {
    await fetch(`${origin}/`);
    const first = await fetch(`${origin}/`);
    const second = await fetch(`${origin}/`);
    expect(first.headers.get("x-micro-cache")).toMatch(FROM_MEMORY);
    expect(second.headers.get("x-micro-cache")).toMatch(FROM_MEMORY);
    expect(first.headers.get("cache-control")).toMatch(/^public, .*s-maxage=\d+.*stale-while-revalidate=\d+/);
    expect(first.headers.get("vary")).toMatch(/Cookie/);
    const [nonceA, nonceB] = [nonceOf(first.headers.get("content-security-policy")), nonceOf(second.headers.get("content-security-policy"))];
    expect(nonceA).toBeTruthy();
    expect(nonceA).not.toBe(nonceB);
    const [pageA, pageB] = [await first.text(), await second.text()];
    expect(pageA).toContain(`nonce="${nonceA}"`);
    expect(pageB).toContain(`nonce="${nonceB}"`);
    expect(pageB).not.toContain(nonceA!);
    expect(pageA.replaceAll(nonceA!, "")).toBe(pageB.replaceAll(nonceB!, ""));
  });

  it("answers If-None-Match with 304 and no new policy (the browser keeps the page and its nonce)", async () => {
    const page = await fetch(`${origin}/`);
    const etag = page.headers.get("etag");
    expect(etag).toMatch(/^W\/"/);
    const again = await fetch(`${origin}/`, { headers: { "If-None-Match": etag! } });
    expect(again.status).toBe(304);
    expect(again.headers.get("content-security-policy")).toBeNull();
    expect(await again.text()).toBe("");
  });

  it("never serves a cached page to a signed-in visitor", async () => {
    await fetch(`${origin}/`);
    expect((await fetch(`${origin}/`)).headers.get("x-micro-cache")).toMatch(FROM_MEMORY);
    const cookie = await signedInCookie(origin, "edge");
    const signedIn = await fetch(`${origin}/`, { headers: { Cookie: cookie } });
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.get("x-micro-cache")).toBeNull();
    expect(signedIn.headers.get("cache-control")).toBe("private, no-store");
    expect(await signedIn.text()).toContain("Edge");
    // And what a signed-in visitor was shown is never kept for anyone else.
    const anonymous = await fetch(`${origin}/`);
    expect(await anonymous.text()).not.toContain("Edge");
  });

  it("keys pages by host: a storefront never gets the public site's page", async () => {
    await fetch(`${origin}/`);
    expect((await fetch(`${origin}/`)).headers.get("x-micro-cache")).toMatch(FROM_MEMORY);
    const storefront = await rawExchange(`GET / HTTP/1.1\r\nHost: acme.localhost:${PORT}\r\nConnection: close`);
    expect(storefront.head).toMatch(/^HTTP\/1\.1 200 /);
    expect(storefront.head).toMatch(/\r\nx-micro-cache: miss\r\n/i);
    // Express takes the port of the page's origin from X-Forwarded-Host: part of the key too.
    const forwarded = await fetch(`${origin}/`, { headers: { "X-Forwarded-Host": `localhost:${PORT + 1}` } });
    expect(forwarded.headers.get("x-micro-cache")).toBe("miss");
  });

  it("keeps nothing that sets a cookie (a marketing visit)", async () => {
    const marketing = await fetch(`${origin}/?utm_source=bench`);
    expect(marketing.headers.get("set-cookie")).toContain("mkt=");
    expect(marketing.headers.get("cache-control") ?? "").not.toContain("public");
    expect((await fetch(`${origin}/?utm_source=bench`)).headers.get("x-micro-cache")).not.toMatch(FROM_MEMORY);
  });

  it("keeps its pages through writes that change nothing they show, and drops them when seats are taken", async () => {
    const departure = await bookableDeparture(origin);
    const token = await bookingGuest(origin, departure.operator);
    const pages = ["/", departure.page];
    const states = async () => Promise.all(pages.map(async (path) => (await fetch(origin + path)).headers.get("x-micro-cache")));
    await states();
    expect(await states()).toEqual([expect.stringMatching(FROM_MEMORY), expect.stringMatching(FROM_MEMORY)]);
    const { seats } = await seatsShown(origin, departure);

    // A write that fails, a quote (a POST that changes nothing) and a sign-in (the user's own facts).
    const refused = await fetch(`${origin}/v1/bookings`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: origin },
      body: "{}",
    });
    expect(refused.status).toBe(401);
    const quote = await fetch(`${origin}/v1/bookings/quote`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: origin },
      body: JSON.stringify({
        serviceId: departure.serviceId,
        slotId: departure.slotId,
        tickets: [{ ticketTypeId: departure.ticketTypeId, quantity: 2 }],
      }),
    });
    expect(quote.status).toBe(200);
    await signedInCookie(origin, "edge");
    expect(await states()).toEqual([expect.stringMatching(FROM_MEMORY), expect.stringMatching(FROM_MEMORY)]);

    expect((await placeBooking(origin, token, departure, 2)).status).toBe(201);
    expect(await seatsShown(origin, departure)).toEqual({ seats: seats - 2, cache: "miss" });
    expect((await fetch(`${origin}/`)).headers.get("x-micro-cache")).toBe("miss");
  });

  it("serves a page past its freshness stale once, while it is rendered again in the background", async () => {
    // A write that changes the catalog and the seats (the test clock, not moved): every page is dropped.
    const moved = await fetch(`${origin}/v1/dev/clock`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: origin },
      body: JSON.stringify({ advanceMinutes: 0 }),
    });
    expect(moved.status).toBe(200);
    expect((await fetch(`${origin}/barcelona`)).headers.get("x-micro-cache")).toBe("miss");
    await new Promise((resolve) => setTimeout(resolve, FRESH_MS + 200));
    const stale = await fetch(`${origin}/barcelona`);
    expect(stale.headers.get("x-micro-cache")).toBe("stale");
    expect(Number(stale.headers.get("age"))).toBeGreaterThanOrEqual(2);
    let state: string | null = null;
    for (let attempt = 0; attempt < 50 && state !== "hit"; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      state = (await fetch(`${origin}/barcelona`)).headers.get("x-micro-cache");
    }
    expect(state).toBe("hit");
  });
});
