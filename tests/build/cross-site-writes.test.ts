/**
 * Cross-site writes against the built server (the edge in front of remix-serve): every page route
 * of the build's manifest, with an action or without, and every /v1 endpoint of the contract.
 * A write from another site is a 403 — the page in the site's layout for a form post, the API's
 * envelope for /v1 and data requests — and nothing runs; the same write from our own pages still
 * reaches the app.
 */
import fc from "fast-check";
import { readdirSync, readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { endpoints } from "../../contract/endpoints";
import { signedInCookie } from "../../scripts/signed-in-session";
import { startBuiltServer, type BuiltServer } from "./built-server";
import { stretched } from "../support/time-limits";

/** The route modules that hand a request to the API (api/app.ts answers /v1 and /octo). */
const API_ROUTES = ["routes/v1.$", "routes/octo.$"];

const RUNS = Number(process.env.FUZZ_CROSS_SITE_RUNS ?? 200);
/** The page's words (app/locales/en/common.json, errors.crossSite) and the envelope's message. */
const PAGE_REFUSAL = "This request came from another site";
const ENVELOPE_REFUSAL = "Cross-site request refused: nothing was changed.";

vi.setConfig({ testTimeout: stretched(60_000) });

let server: BuiltServer;
let origin = "";
let cookie = "";

beforeAll(async () => {
  server = await startBuiltServer();
  origin = server.origin;
  cookie = await signedInCookie(origin, "crosser");
}, stretched(120_000));

afterAll(() => server?.stop(), stretched(20_000));

/** Every page route of the build (its client manifest): full path pattern and whether it has an action. */
function pageRoutes(): Array<{ id: string; pattern: string; index: boolean; action: boolean }> {
  const file = readdirSync("public/build").find((name) => /^manifest-.*\.js$/.test(name));
  const text = readFileSync(`public/build/${file}`, "utf8");
  type Route = { id: string; parentId?: string; path?: string; index?: boolean; hasAction: boolean };
  const routes = (JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1)) as { routes: Record<string, Route> })
    .routes;
  const fullPath = (route: Route): string => {
    const parent = route.parentId ? fullPath(routes[route.parentId]) : "";
    return route.path ? `${parent}/${route.path}`.replace(/\/+/g, "/") : parent;
  };
  return Object.values(routes)
    // Not pages: the API's own paths (/v1, and /octo for resellers' systems, with a key and no cookie).
    .filter((route) => route.id !== "root" && (route.path !== undefined || route.index) && !API_ROUTES.includes(route.id))
    .map((route) => ({
      id: route.id,
      pattern: fullPath(route) || "/",
      index: Boolean(route.index),
      action: route.hasAction,
    }));
}

const PAGES = pageRoutes();
const API = Object.values(endpoints)
  .filter((endpoint) => endpoint.method !== "GET")
  .map(({ method, path }) => ({ method, path }));

const segment = fc.oneof(
  fc.stringMatching(/^[a-z0-9-]{1,12}$/),
  fc.constantFrom("1", "00000000-0000-0000-0000-000000000000", "acme", "%00", "..", "x".repeat(200)),
);

/** A concrete path for a pattern: each :param (optional ones sometimes left out) and splat filled. */
function pathArbitrary(pattern: string): fc.Arbitrary<string> {
  const parts = pattern.split("/").filter(Boolean);
  if (parts.length === 0) return fc.constant("/");
  return fc
    .tuple(
      ...parts.map((part) =>
        part === "*"
          ? fc.array(segment, { minLength: 1, maxLength: 3 }).map((segments) => segments.join("/"))
          : part.startsWith(":")
            ? part.endsWith("?")
              ? fc.option(segment, { nil: "" })
              : segment
            : fc.constant(part),
      ),
    )
    .map((filled) => "/" + filled.filter(Boolean).join("/"));
}

const writeMethod = fc.constantFrom("POST", "PUT", "PATCH", "DELETE");
const foreignOrigin = fc.constantFrom(
  "https://evil.example",
  "http://localhost.evil.example",
  "http://localhost:1",
  "http://acme.app.localhost",
  "null",
  "not a url",
);
/** Where a cross-site request says it comes from: a foreign Origin, or only a foreign Referer. */
const crossSource = fc.oneof(
  foreignOrigin.map((value) => ({ Origin: value })),
  foreignOrigin.filter((value) => value !== "null").map((value) => ({ Referer: `${value}/page?x=1` })),
);
/** A page's form post from another site may also name no source at all (a page must name its own). */
const crossPageSource = fc.oneof(crossSource, fc.constant({}));
const sameSource = fc.oneof(
  fc.constant(null).map(() => ({ Origin: origin })),
  fc.constant(null).map(() => ({ Referer: `${origin}/login` })),
);

/** A body as a form, JSON, multipart or nothing. */
const body = fc.oneof(
  fc
    .dictionary(fc.constantFrom("intent", "email", "password", "idToken", "redirectUrl", "code"), fc.string({ maxLength: 20 }))
    .map((fields) => ({
      type: "application/x-www-form-urlencoded",
      payload: new URLSearchParams(fields).toString(),
    })),
  fc.jsonValue({ maxDepth: 2 }).map((value) => ({ type: "application/json", payload: JSON.stringify(value) })),
  fc.constant({ type: "multipart/form-data; boundary=x", payload: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--\r\n' }),
  fc.constant({ type: null, payload: "" }),
);

/** How a page is asked: as a document, or as the app's data request (single fetch, `?_data=`). */
const pageForm = fc.constantFrom("document", "single-fetch", "data-param");
/** The legacy `?_data=` data request is not ours (single fetch asks for `.data`): 400 before Remix, which answered some with a 500. */
const LEGACY_DATA_REFUSAL = { error: { code: "validation_error", message: "This site answers data requests as .data, not ?_data=." } };

type Source = fc.Arbitrary<Record<string, string>>;
/** A write to one of the page routes, asked in any form, from `source`. */
const pageWrite = (source: Source) =>
  fc.constantFrom(...PAGES).chain((route) =>
    fc.record({
      route: fc.constant(route),
      path: pathArbitrary(route.pattern),
      form: pageForm,
      method: writeMethod,
      source,
      body,
      signedIn: fc.boolean(),
    }),
  );
/** A call of one of the /v1 endpoints, from `source`. */
const apiWrite = (source: Source) =>
  fc.constantFrom(...API).chain((endpoint) =>
    fc.record({ endpoint: fc.constant(endpoint), path: pathArbitrary(endpoint.path), source, body, signedIn: fc.boolean() }),
  );

function pageTarget(path: string, index: boolean, form: string, routeId: string): string {
  const query = index ? "?index" : "";
  if (form === "single-fetch") return `${path === "/" ? "/_root" : path}.data${query}`;
  if (form === "data-param") return `${path}?_data=${encodeURIComponent(routeId)}${index ? "&index" : ""}`;
  return path + query;
}

async function send(
  target: string,
  method: string,
  headers: Record<string, string>,
  content: { type: string | null; payload: string },
  signedIn: boolean,
  session = cookie,
) {
  const response = await fetch(origin + target, {
    method,
    redirect: "manual",
    headers: {
      ...headers,
      ...(content.type ? { "Content-Type": content.type } : {}),
      ...(signedIn ? { Cookie: session } : {}),
    },
    body: content.payload || undefined,
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

describe("a write from another site", () => {
  it("is refused with 403 on every page route, as the page in the layout or the envelope, and runs nothing", async () => {
    await fc.assert(
      fc.asyncProperty(
        pageWrite(crossPageSource),
        async ({ route, path, form, method, source, body: content, signedIn }) => {
          const target = pageTarget(path, route.index, form, route.id);
          const answer = await send(target, method, source, content, signedIn);
          const what = `${method} ${target} ${JSON.stringify(source)}`;
          expect(answer.status, what).toBe(403);
          expect(answer.headers.get("set-cookie"), what).toBeNull();
          if (form === "document") {
            expect(answer.headers.get("content-type"), what).toMatch(/^text\/html/);
            expect(answer.text, what).toContain(PAGE_REFUSAL);
            expect(answer.text, what).toContain("<header");
          } else {
            expect(JSON.parse(answer.text), what).toEqual({
              error: { code: "forbidden", message: ENVELOPE_REFUSAL },
              requestId: answer.headers.get("x-request-id"),
            });
          }
        },
      ),
      { numRuns: RUNS },
    );
  });

  it("is refused with the 403 envelope on every /v1 endpoint", async () => {
    await fc.assert(
      fc.asyncProperty(
        apiWrite(crossSource),
        async ({ endpoint, path, source, body: content, signedIn }) => {
          const answer = await send(path, endpoint.method, source, content, signedIn);
          const what = `${endpoint.method} ${path} ${JSON.stringify(source)}`;
          expect(answer.status, what).toBe(403);
          expect(JSON.parse(answer.text), what).toEqual({
              error: { code: "forbidden", message: ENVELOPE_REFUSAL },
              requestId: answer.headers.get("x-request-id"),
            });
        },
      ),
      { numRuns: RUNS },
    );
  });

  it("changes nothing for a signed-in visitor: no new session from /login, no booking, no new name, no sign-out", async () => {
    const visitor = await signedInCookie(origin, "victim");
    const evil = { Origin: "https://evil.example" };
    const form = "application/x-www-form-urlencoded";
    const signedInAs = async () =>
      (await fetch(`${origin}/account`, { redirect: "manual", headers: { Cookie: visitor } })).status;
    const bookings = async () =>
      (
        (await (await fetch(`${origin}/v1/bookings`, { headers: { Cookie: visitor } })).json()) as {
          data: { items: unknown[] };
        }
      ).data.items.length;
    expect(await signedInAs()).toBe(200);
    const bookingsBefore = await bookings();

    const post = (path: string, payload: string, headers: Record<string, string>) =>
      fetch(origin + path, {
        method: "POST",
        redirect: "manual",
        headers: { ...headers, Cookie: visitor, "Content-Type": form },
        body: payload,
      });
    const login = await post("/login", "email=visitor%40example.com&password=x", evil);
    expect(login.status).toBe(403);
    expect(login.headers.get("set-cookie")).toBeNull();
    const booking = await post(
      "/experiences/1/1/confirm?slotId=1&adult=1",
      "idempotencyKey=cross-site-1&paymentMethod=new",
      evil,
    );
    expect(booking.status).toBe(403);
    expect(await bookings()).toBe(bookingsBefore);
    // A change of name: refused from another site, made from our own page.
    const firstName = async () =>
      (
        (await (await fetch(`${origin}/v1/user/info`, { headers: { Cookie: visitor } })).json()) as {
          data: { firstName: string };
        }
      ).data.firstName;
    const rename = "intent=name&firstName=Mallory&lastName=Visitor";
    expect((await post("/account/personal-info", rename, evil)).status).toBe(403);
    expect(await firstName()).toBe("Victim");
    expect((await post("/account/personal-info", rename, { Origin: origin })).status).toBeLessThan(400);
    expect(await firstName()).toBe("Mallory");

    const logout = await post("/auth/logout", "", evil);
    expect(logout.status).toBe(403);
    expect(await signedInAs()).toBe(200);

    // The same sign-out from our own page does sign out (it clears the cookie): the refusal above
    // is what kept the session.
    const ours = await post("/auth/logout", "", { Origin: origin });
    expect(ours.status).toBe(302);
    expect(ours.headers.get("set-cookie")).toMatch(/__session=;/);
  });
});

describe("the same write from our own pages", () => {
  it("reaches the app on every page route (never the refusal, never a 500; a legacy ?_data= request gets 400)", async () => {
    const visitor = await signedInCookie(origin, "sameside");
    await fc.assert(
      fc.asyncProperty(
        pageWrite(sameSource),
        async ({ route, path, form, method, source, body: content, signedIn }) => {
          const target = pageTarget(path, route.index, form, route.id);
          const answer = await send(target, method, source, content, signedIn, visitor);
          const what = `${method} ${target} → ${answer.status}`;
          if (form === "data-param") {
            expect(answer.status, what).toBe(400);
            expect(JSON.parse(answer.text), what).toEqual({
              ...LEGACY_DATA_REFUSAL,
              requestId: answer.headers.get("x-request-id"),
            });
            return;
          }
          expect(answer.status, what).toBeLessThan(500);
          expect(answer.text, what).not.toContain(PAGE_REFUSAL);
          expect(answer.text, what).not.toContain(ENVELOPE_REFUSAL);
        },
      ),
      { numRuns: RUNS },
    );
  });

  it("reaches the API on every /v1 endpoint, and so does a write that names no source (a script, a webhook)", async () => {
    await fc.assert(
      fc.asyncProperty(
        apiWrite(fc.oneof(sameSource, fc.constant({}))),
        async ({ endpoint, path, source, body: content }) => {
          const answer = await send(path, endpoint.method, source, content, false);
          const what = `${endpoint.method} ${path} → ${answer.status} ${answer.text.slice(0, 200)}`;
          expect(answer.status, what).toBeLessThan(500);
          expect(answer.text, what).not.toContain(ENVELOPE_REFUSAL);
        },
      ),
      { numRuns: RUNS },
    );
  });
});

describe("a legacy ?_data= request", () => {
  it("answers 400 before Remix, which answered this same-site post with a 500", async () => {
    const target = `/sandbox/checkout/x?_data=${encodeURIComponent("routes/_plain.sandbox.checkout.$sessionId")}`;
    for (const method of ["POST", "GET"]) {
      const answer = await send(target, method, { Origin: origin }, { type: "application/x-www-form-urlencoded", payload: method === "POST" ? "a=b" : "" }, false);
      expect(answer.status, method).toBe(400);
      expect(JSON.parse(answer.text)).toEqual({
        ...LEGACY_DATA_REFUSAL,
        requestId: answer.headers.get("x-request-id"),
      });
    }
  });
});
