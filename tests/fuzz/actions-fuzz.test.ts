import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ORIGIN, signedInGuestForThisFile } from "../support/routes";
import { allRoutes, fillPath, type Route } from "./helpers";
import { expectEachValueEverywhere, expectNo500Fuzzed } from "./expect-no-500";
import { stretched } from "../support/time-limits";

/**
 * Hostile posts at every form action of the web app: random fields and values (NUL bytes,
 * huge strings, unknown intents), other content types, broken bodies, foreign origins, odd
 * params. An action may answer anything a browser can show (a page, a redirect, a 4xx), but
 * never throw an error that would be a 500.
 */
const cookie = signedInGuestForThisFile();

const RUNS = Number(process.env.FUZZ_ACTION_RUNS ?? 600);

// Every route module with an action, at the path Remix serves it.
const ACTIONS: Route[] = (await allRoutes()).filter((route) => route.module.action);

const text = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.constantFrom("\u0000", "a\u0000b", "undefined", "//evil.com", "/.//evil.com", "x".repeat(20_000), "-1", ""),
);
const FIELDS = [
  "intent",
  "id",
  "email",
  "password",
  "currentPassword",
  "code",
  "phone",
  "firstName",
  "lastName",
  "address",
  "city",
  "state",
  "zipcode",
  "redirectUrl",
  "idToken",
  "idempotencyKey",
  "promoCode",
  "paymentMethod",
  "cardNumber",
  "expiry",
  "cvc",
  "signedName",
  "agree",
  "textVersion",
  "minutes",
  "amount",
  "choice",
  "custom",
  "rating",
  "body",
  "topic",
];
const INTENTS = ["password", "signup", "link", "name", "phone", "email", "location", "cancel", "one", "all", "remove"];

const post = fc.record({
  // An index (a counterexample then prints a number, not a module).
  target: fc.integer({ min: 0, max: ACTIONS.length - 1 }),
  params: fc.array(text, { minLength: 3, maxLength: 3 }),
  fields: fc.dictionary(fc.oneof(fc.constantFrom(...FIELDS), text), text, { maxKeys: 8 }),
  intent: fc.option(fc.constantFrom(...INTENTS), { nil: undefined }),
  contentType: fc.constantFrom(
    "application/x-www-form-urlencoded",
    "application/x-www-form-urlencoded",
    "application/json",
    "multipart/form-data; boundary=x",
    "text/plain",
    "",
  ),
  origin: fc.constantFrom(ORIGIN, ORIGIN, "https://evil.example", "null", ""),
  signedIn: fc.boolean(),
  method: fc.constantFrom("POST", "POST", "PUT", "DELETE", "PATCH"),
});

function bodyFor(contentType: string, fields: Record<string, string>): string {
  if (contentType.startsWith("application/x-www-form-urlencoded")) return new URLSearchParams(fields).toString();
  if (contentType === "application/json") return JSON.stringify(fields);
  if (contentType.startsWith("multipart")) return '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb'; // no end
  return Object.values(fields).join("\n");
}

describe("fuzzing the form actions", () => {
  it("covers every action, at the paths Remix serves them", () => {
    const paths = ACTIONS.map((route) => route.path);
    expect(paths).toEqual(
      expect.arrayContaining(["/login", "/reset-password", "/gratuity/:accessKey", "/dev/jobs", "/v1/:*"]),
    );
    expect(ACTIONS.length).toBeGreaterThanOrEqual(18);
  });

  it(
    "answers each hostile value in every param and every field at once without a 500",
    async () => {
      // Deterministic beside the random posts: a same-origin form post, each value in every field.
      const HOSTILE = ["\u0000", "a\u0000b", "x".repeat(20_000), "9999-12-31", "-1", "//evil.com", ""];
      await expectEachValueEverywhere(ACTIONS, HOSTILE, "action", (target, value, params, signedIn) => {
        const search = `redirectUrl=${encodeURIComponent(value)}&account=${encodeURIComponent(value)}`;
        const headers = new Headers({ "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN });
        if (signedIn) headers.set("Cookie", cookie());
        const body = new URLSearchParams(FIELDS.map((field) => [field, value]));
        return new Request(new URL(`${fillPath(target, params)}?${search}`, ORIGIN), { method: "POST", headers, body });
      });
    },
    stretched(300_000),
  );

  it(
    `answers ${RUNS} hostile posts without a 500; a 429 keeps its Retry-After`,
    async () => {
      await expectNo500Fuzzed(`fuzz actions: ${RUNS} posts`, RUNS, post, ACTIONS, "action", (input, target, params) => {
        const fields = { ...input.fields, ...(input.intent ? { intent: input.intent } : {}) };
        const headers = new Headers();
        if (input.contentType) headers.set("Content-Type", input.contentType);
        if (input.origin) headers.set("Origin", input.origin);
        if (input.signedIn) headers.set("Cookie", cookie());
        return new Request(new URL(fillPath(target, params), ORIGIN), {
          method: input.method,
          headers,
          body: bodyFor(input.contentType, fields),
        });
      });
    },
    stretched(600_000),
  );
});
