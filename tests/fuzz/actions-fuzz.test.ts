import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { args, ORIGIN, signedInGuestForThisFile } from "../support/routes";
import { allRoutes, answerFrom, expectRetryAfterKept, fillPath, fuzzStatuses, type Route } from "./helpers";
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
      for (const target of ACTIONS) {
        for (const value of HOSTILE) {
          for (const signedIn of [false, true]) {
            const params = Object.fromEntries(target.params.map((name) => [name, value]));
            const search = `redirectUrl=${encodeURIComponent(value)}&account=${encodeURIComponent(value)}`;
            const path = `${fillPath(target, params)}?${search}`;
            const headers = new Headers({ "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN });
            if (signedIn) headers.set("Cookie", cookie());
            const body = new URLSearchParams(FIELDS.map((field) => [field, value]));
            const request = new Request(new URL(path, ORIGIN), { method: "POST", headers, body });
            const what = `POST ${path}`.slice(0, 300);
            const answer = await answerFrom(what, () => target.module.action!(args(request, params)));
            expect(answer.status, what).toBeLessThan(500);
            expectRetryAfterKept(what, target, answer, "action");
          }
        }
      }
    },
    stretched(300_000),
  );

  it(
    `answers ${RUNS} hostile posts without a 500; a 429 keeps its Retry-After`,
    async () => {
      await fuzzStatuses(`fuzz actions: ${RUNS} posts`, RUNS, post, async (input) => {
        const target = ACTIONS[input.target];
        const fields = { ...input.fields, ...(input.intent ? { intent: input.intent } : {}) };
        const params = Object.fromEntries(target.params.map((name, index) => [name, input.params[index]]));
        const path = fillPath(target, params);
        const headers = new Headers();
        if (input.contentType) headers.set("Content-Type", input.contentType);
        if (input.origin) headers.set("Origin", input.origin);
        if (input.signedIn) headers.set("Cookie", cookie());
        const request = new Request(new URL(path, ORIGIN), {
          method: input.method,
          headers,
          body: bodyFor(input.contentType, fields),
        });
        const what = `${input.method} ${path}`;
        const answer = await answerFrom(what, () => target.module.action!(args(request, params)));
        expect(answer.status, what).toBeLessThan(500);
        expectRetryAfterKept(what, target, answer, "action");
        return answer.status;
      });
    },
    stretched(600_000),
  );
});
