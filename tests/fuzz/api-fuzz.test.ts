import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { app } from "~api/app";
import { endpoints } from "~contract/endpoints";
import { seedDbForThisFile } from "../support/api";
import { bookingUser, findService } from "../support/booking";
import { withEmulatorUsers } from "../support/identity";
import { encodePart, fuzzStatuses } from "./helpers";
import { stretched } from "../support/time-limits";

/**
 * Hostile requests at every /v1 endpoint of the contract (and at paths next to them): odd
 * methods, params, query strings, bodies, content types and headers. Whatever is sent, the
 * answer is a 2xx/3xx, or a 4xx with the error envelope — never a 500, never a stack trace.
 */
const { db } = seedDbForThisFile();
withEmulatorUsers();

const RUNS = Number(process.env.FUZZ_RUNS ?? 3200);
let token = "";
beforeAll(async () => {
  const service = await findService(db(), "acme");
  token = (await bookingUser(service)).idToken;
});

const hostileText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.constantFrom(
    "\u0000",
    "a\u0000b",
    "%00",
    "../../etc/passwd",
    "%2e%2e%2f",
    "//evil.com",
    "\\\\evil.com",
    "undefined",
    "null",
    "NaN",
    "-1",
    "0",
    "1e309",
    "9".repeat(40),
    "<script>alert(1)</script>",
    "' OR 1=1 --",
    "\ud800",
    "😀".repeat(30),
    " ",
    "",
    "x".repeat(5000),
  ),
);

const jsonValue = fc.jsonValue({ maxDepth: 3 });

/** JSON nested `depth` levels: `[[[…]]]` or `{"a":{"a":…}}` (2,000 levels is 4 KB). */
function nestedJson(depth: number, kind: "array" | "object"): string {
  return kind === "array" ? "[".repeat(depth) + "]".repeat(depth) : '{"a":'.repeat(depth) + "1" + "}".repeat(depth);
}
const body = fc.oneof(
  jsonValue.map((value) => ({ contentType: "application/json", text: JSON.stringify(value) })),
  fc.dictionary(hostileText, fc.oneof(hostileText, jsonValue)).map((value) => ({
    contentType: "application/json",
    text: JSON.stringify(value),
  })),
  hostileText.map((text) => ({ contentType: "application/json", text })),
  hostileText.map((text) => ({ contentType: "text/plain", text })),
  hostileText.map((text) => ({ contentType: "application/x-www-form-urlencoded", text: `a=${text}` })),
  fc.constant({ contentType: "multipart/form-data; boundary=x", text: "--x\r\nbroken" }),
  fc.constant({ contentType: "application/json", text: `{"a":"${"x".repeat(300_000)}"}` }),
  fc
    .record({ depth: fc.integer({ min: 20, max: 20_000 }), kind: fc.constantFrom("array" as const, "object" as const) })
    .map(({ depth, kind }) => ({ contentType: "application/json", text: nestedJson(depth, kind) })),
  fc.constant({ contentType: "", text: "" }),
);

// TRACE and CONNECT cannot be built as a Request here (the HTTP-level tests send them).
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "HEAD", "PROPFIND", "MKCOL"];
// The change feed's stream never ends by itself: its 405s and validation are checked in
// tests/api/platform/declarations.test.ts and its events in tests/api/platform/change-feed.test.ts.
const paths = Object.values(endpoints)
  .filter((endpoint) => !("media" in endpoint && endpoint.media === "text/event-stream"))
  .map((endpoint) => ({ method: endpoint.method, path: endpoint.path }));

const request = fc.record({
  target: fc.constantFrom(...paths),
  sameMethod: fc.boolean(),
  method: fc.constantFrom(...METHODS),
  params: fc.array(hostileText, { minLength: 3, maxLength: 3 }),
  query: fc.dictionary(
    fc.oneof(fc.constantFrom("page", "q", "filter", "date", "to", "pageSize", "from"), hostileText),
    hostileText,
    {
      maxKeys: 3,
    },
  ),
  body: fc.option(body, { nil: undefined }),
  signedIn: fc.boolean(),
  account: fc.option(hostileText, { nil: undefined }),
  idempotencyKey: fc.option(hostileText, { nil: undefined }),
});

function urlOf(path: string, params: string[], query: Record<string, string>): string {
  let index = 0;
  const filled = path.replace(/:[A-Za-z]+/g, () => encodePart(params[index++ % params.length]));
  const search = Object.entries(query)
    .map(([key, value]) => `${encodePart(key)}=${encodePart(value)}`)
    .join("&");
  return `http://localhost${filled}${search ? `?${search}` : ""}`;
}

function headerSafe(value: string): string | null {
  // Headers cannot carry every character; the fetch API refuses those before sending.
  return /^[\t\x20-\x7e\x80-\xff]*$/.test(value) ? value : null;
}

describe("deeply nested JSON", () => {
  it("answers 400 at every endpoint that takes a body, signed in or not, never a 500", async () => {
    const withBody = Object.values(endpoints).filter((endpoint) => endpoint.body);
    expect(withBody.length).toBeGreaterThan(10);
    for (const target of withBody) {
      for (const text of [nestedJson(5_000, "array"), nestedJson(5_000, "object")]) {
        for (const signedIn of [false, true]) {
          const headers = new Headers({ "Content-Type": "application/json", "Idempotency-Key": "fuzz-deep-json-1" });
          if (signedIn) headers.set("Authorization", `Bearer ${token}`);
          const url = urlOf(target.path, ["x", "y", "z"], {});
          const response = await app.fetch(new Request(url, { method: target.method, headers, body: text }));
          const answer = `${target.method} ${target.path} ${signedIn ? "signed in" : ""}: ${response.status}`;
          expect(response.status, answer).toBeLessThan(500);
          // Whatever else it would say first (sign in, not found), a body it reads is refused with 400;
          // JSON sent where a form with a file is read (an upload) is the wrong type: 415.
          if (signedIn && response.status !== 404) {
            const multipart = target.bodyMedia === "multipart/form-data";
            expect(response.status, answer).toBe(multipart ? 415 : 400);
            const envelope = (await response.json()) as { error: { code: string; message: string } };
            expect(envelope.error.code).toBe(multipart ? "unsupported_media_type" : "validation_error");
          }
        }
      }
    }
  });
});

describe("fuzzing the v1 API", () => {
  it(
    `answers ${RUNS} hostile requests without a 500 or a stack trace; a 429 says when to try again`,
    async () => {
      await fuzzStatuses(`fuzz /v1: ${RUNS} requests`, RUNS, request, async (input) => {
        const method = input.sameMethod ? input.target.method : input.method;
        const headers = new Headers();
        if (input.signedIn) headers.set("Authorization", `Bearer ${token}`);
        const account = input.account === undefined ? null : headerSafe(input.account);
        if (account !== null) headers.set("X-Account-Context", account);
        const key = input.idempotencyKey === undefined ? null : headerSafe(input.idempotencyKey);
        if (key !== null) headers.set("Idempotency-Key", key);
        const sendsBody = input.body && method !== "GET" && method !== "HEAD";
        if (sendsBody && input.body!.contentType) headers.set("Content-Type", input.body!.contentType);
        const response = await app.fetch(
          new Request(urlOf(input.target.path, input.params, input.query), {
            method,
            headers,
            body: sendsBody ? input.body!.text : undefined,
          }),
        );
        const text = await response.text();
        expect(response.status, `${method} ${input.target.path}: ${text.slice(0, 300)}`).toBeLessThan(500);
        expect(text).not.toMatch(/\n\s+at [\w.<>]+ \(/);
        if (response.status >= 400 && method !== "HEAD") {
          const envelope = JSON.parse(text) as { error?: { code?: unknown; message?: unknown } };
          expect(typeof envelope.error?.code).toBe("string");
          expect(typeof envelope.error?.message).toBe("string");
        }
        expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
        if (response.status === 429) {
          expect(response.headers.get("Retry-After"), `${method} ${input.target.path}`).toMatch(/^\d+$/);
          if (method !== "HEAD") expect(text).toMatch(/Try again in \d+ \w+\./);
        }
        return response.status;
      });
    },
    stretched(600_000),
  );
});
