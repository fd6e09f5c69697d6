/// <reference types="vite/client" />
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
// Remix's own merge of a document's (and a single-fetch answer's) headers, as the server runs it.
import { getDocumentHeaders } from "@remix-run/server-runtime/dist/headers.js";
import { describe, expect, it } from "vitest";
import { apiErrorKey } from "~/platform/api-errors.server";
import { passHeaders } from "~/platform/http.server";
import { resources } from "~/platform/locale-resources.server";
import { createTranslator, type Strings } from "~/platform/translate";

/**
 * Every page that can answer 429 carries Retry-After: Remix keeps only the cookies of a loader's
 * or action's answer unless the route exports `headers`, so each such route exports passHeaders.
 * Every page with an action can: a form's answer to an API refusal has the API's status and
 * Retry-After (apiErrorResult); so can a route that names the status or the header itself.
 */
const ROUTES_DIR = "app/routes";
const CAN_ANSWER_429 = /^export async function action\b|\b429\b|Retry-After/m;

const pages = readdirSync(ROUTES_DIR)
  .filter((file) => /\.tsx?$/.test(file))
  .map((file) => ({ file, source: readFileSync(join(ROUTES_DIR, file), "utf8") }))
  // A resource route (no default export) answers its own Response, headers and all.
  .filter(({ source }) => /^export default\b/m.test(source) && CAN_ANSWER_429.test(source));

const modules = import.meta.glob<Record<string, unknown>>("../../app/routes/*.{ts,tsx}");

type DocumentHeadersArgs = Parameters<typeof getDocumentHeaders>;

/** The headers Remix answers with for a page (root → the route) whose action answered `actionHeaders`. */
function documentHeaders(module: Record<string, unknown>, actionHeaders: Headers): Headers {
  const build = { routes: { root: { module: {} }, page: { module } } } as unknown as DocumentHeadersArgs[0];
  const context = {
    matches: [{ route: { id: "root" } }, { route: { id: "page" } }],
    errors: null,
    loaderHeaders: { root: new Headers({ "Set-Cookie": "lng=en; Path=/" }), page: new Headers() },
    actionHeaders: { page: actionHeaders },
    loaderData: {},
    actionData: { page: {} },
  } as unknown as DocumentHeadersArgs[1];
  return getDocumentHeaders(build, context);
}

describe("pages that can answer 429", () => {
  it("are found (the no-JS sign-in and password-reset pages among them)", () => {
    const files = pages.map(({ file }) => file);
    expect(files).toEqual(expect.arrayContaining(["_login.login.tsx", "_login.reset-password.tsx"]));
    expect(files.length).toBeGreaterThanOrEqual(8);
  });

  it.each(pages.map(({ file }) => [file]))("%s passes its action's Retry-After on, cookies once", async (file) => {
    const module = await modules[`../../app/routes/${file}`]();
    expect(module.headers, `${file} must export headers = passHeaders`).toBe(passHeaders);
    const answered = documentHeaders(
      module,
      new Headers([
        ["Retry-After", "120"],
        ["Set-Cookie", "flash=; Path=/"],
      ]),
    );
    expect(answered.get("Retry-After")).toBe("120");
    expect(answered.getSetCookie().sort()).toEqual(["flash=; Path=/", "lng=en; Path=/"]);
  });
});

describe("a 429 on a page says when to try again", () => {
  const t = createTranslator("en", resources.en.common as Strings);
  const limited = (seconds: string) => ({ code: "rate_limited", headers: { "Retry-After": seconds } });

  it("in words, rounded up to the next wait the locale has (never earlier than allowed)", () => {
    expect(t(apiErrorKey(limited("30")))).toBe("Too many attempts. Try again in a minute.");
    expect(t(apiErrorKey(limited("61")))).toBe("Too many attempts. Try again in 2 minutes.");
    expect(t(apiErrorKey(limited("600")))).toBe("Too many attempts. Try again in 10 minutes.");
    expect(t(apiErrorKey(limited("3000")))).toBe("Too many attempts. Try again in an hour.");
    expect(t(apiErrorKey(limited("7200")))).toBe("Too many attempts. Try again in a few hours.");
    expect(t(apiErrorKey(limited("86400")))).toBe("Too many attempts. Try again tomorrow.");
    // Without a Retry-After (never from our API), the general words.
    expect(apiErrorKey({ code: "rate_limited" })).toBe("apiErrors.rate_limited");
    expect(apiErrorKey("sold_out")).toBe("apiErrors.sold_out");
  });
});
