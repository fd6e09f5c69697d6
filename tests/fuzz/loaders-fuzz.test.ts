import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { signedInGuestForThisFile } from "../support/routes";
import { allRoutes, encodePart, fillPath, type Route } from "./helpers";
import { expectEachValueEverywhere, expectNo500Fuzzed } from "./expect-no-500";
import { stretched } from "../support/time-limits";

/**
 * Hostile addresses at the loaders of the pages: odd route params, query strings full of NUL
 * bytes, huge values, encoded slashes, unknown keys; signed in or not, on the site or a
 * storefront host. A loader may answer a page, a redirect or a 4xx, never throw a 500.
 */
const cookie = signedInGuestForThisFile();

const RUNS = Number(process.env.FUZZ_LOADER_RUNS ?? 400);

// Every route module with a loader (the root's included), at the path Remix serves it.
const LOADERS: Route[] = (await allRoutes()).filter((route) => route.module.loader);

const text = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.constantFrom(
    "\u0000",
    "a\u0000b",
    "undefined",
    "//evil.com",
    "/.//evil.com",
    "x".repeat(5000),
    "-1",
    "0",
    "9".repeat(30),
    "2026-02-30",
    "9999-12-31",
    "0000-01-01",
    "hudson-river-kayak",
    "bk_AAAAAAAAAAAAAAAA",
    "",
  ),
);
const QUERY_KEYS = [
  "page",
  "q",
  "date",
  "slot",
  "promo",
  "redirectUrl",
  "filter",
  "cancel",
  "errorCode",
  "sort",
  "to",
  "view",
  "reset",
  "account",
  "from",
  "v",
  "lng",
  "t_adult",
  "category",
  "city",
  "minPrice",
];

const visit = fc.record({
  // An index (a counterexample then prints a number, not a module).
  target: fc.integer({ min: 0, max: LOADERS.length - 1 }),
  params: fc.array(text, { minLength: 3, maxLength: 3 }),
  query: fc.dictionary(fc.oneof(fc.constantFrom(...QUERY_KEYS), text), text, { maxKeys: 4 }),
  signedIn: fc.boolean(),
  host: fc.constantFrom("localhost:3000", "localhost:3000", "acme.app.localhost:3000", "nope.app.localhost:3000"),
});

describe("fuzzing the page loaders", () => {
  it("covers every loader, at the paths Remix serves them", () => {
    const paths = LOADERS.map((route) => route.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        "/",
        "/login",
        "/dev/mailbox",
        "/experiences/:parentId/:serviceId/confirm",
        "/account/bookings/:filter",
        "/:*",
        "/robots.txt",
      ]),
    );
    expect(LOADERS.length).toBeGreaterThanOrEqual(35);
  });

  it(
    "answers each hostile value in every param and every query key at once without a 500",
    async () => {
      // Deterministic beside the random visits: each loader meets each value in every key it may read.
      const HOSTILE = ["\u0000", "a\u0000b", "\ud800", "x".repeat(5000), "9999-12-31", "-1", "//evil.com", ""];
      await expectEachValueEverywhere(LOADERS, HOSTILE, "loader", (target, value, params, signedIn) => {
        const search = QUERY_KEYS.map((key) => `${key}=${encodePart(value)}`).join("&");
        const url = new URL(`${fillPath(target, params)}?${search}`, "http://localhost:3000");
        return new Request(url, { headers: signedIn ? { Cookie: cookie() } : {} });
      });
    },
    stretched(300_000),
  );

  it(
    `answers ${RUNS} hostile addresses without a 500; a 429 keeps its Retry-After`,
    async () => {
      await expectNo500Fuzzed(
        `fuzz loaders: ${RUNS} visits`,
        RUNS,
        visit,
        LOADERS,
        "loader",
        (input, target, params) => {
          const search = Object.entries(input.query)
            .map(([key, value]) => `${encodePart(key)}=${encodePart(value)}`)
            .join("&");
          const headers = new Headers({ Host: input.host });
          if (input.signedIn) headers.set("Cookie", cookie());
          const url = new URL(`${fillPath(target, params)}${search ? `?${search}` : ""}`, `http://${input.host}`);
          return new Request(url, { headers });
        },
      );
    },
    stretched(600_000),
  );
});
