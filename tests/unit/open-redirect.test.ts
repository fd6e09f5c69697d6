import { describe, expect, it } from "vitest";
import { authEmailBody } from "~contract/identity/auth";
import { safeSitePath } from "~contract/identity/safe-path";
import { loginUrl, safeRedirectPath } from "~/platform/redirects";
import { routeRedirect } from "~/platform/route-rules.server";

/**
 * Known open-redirect payloads (encodings, dot segments, backslashes, tabs and newlines, `@`,
 * schemes, Unicode look-alikes), built from prefixes × hosts × encodings. Every place that takes
 * a target must keep the visitor on the site.
 */
const PREFIXES = [
  "//",
  "///",
  "////",
  "/\\",
  "\\\\",
  "\\/",
  "/.//",
  "/..//",
  "/./..//",
  "/%2e//",
  "/%2e%2e//",
  "/%2E%2E%2F/",
  "/%2f",
  "/%2f%2f",
  "%2f%2f",
  "/%5c",
  "/%5C%5C",
  "/\t/",
  "/\n/",
  "/\r/",
  " //",
  "\t//",
  "/ /",
  "https://",
  "http:/",
  "https:",
  "//https://",
  "/%09/",
  "/%0d%0a/",
  "／／",
  "/\u3002/",
  "/%252f%252f",
  "/%25%32%66/",
  "//@",
  "/@",
  "javascript:",
  "JaVaScRiPt:",
  "data:text/html,",
  "/\u2215\u2215",
];
const HOSTS = [
  "evil.com",
  "evil.com/",
  "evil.com/account",
  "evil.com?x=/",
  "evil.com#/",
  "user@evil.com",
  "evil.com@localhost",
  "evil%2ecom",
  "[::1]",
  "0x7f000001",
  "alert(1)",
];
const PAYLOADS = [
  ...PREFIXES.flatMap((prefix) => HOSTS.map((host) => prefix + host)),
  "http://evil.com",
  "https://evil.com",
  "//evil.com",
  "/\\evil.com",
  "/.//evil.com",
  "/..//evil.com",
  "/%2e//evil.com",
  "%2F%2Fevil.com",
  "%252F%252Fevil.com",
  "/%5Cevil.com",
  "\u0000//evil.com",
  "/\u0000/evil.com",
  "evil.com",
  "",
  " ",
  "../../evil.com",
];

/** Where the visitor ends up when the answer is a redirect to `location`. */
function leaves(location: string): boolean {
  const here = "https://app.example";
  try {
    return new URL(location, here).origin !== here;
  } catch {
    return false;
  }
}

describe("open redirects", () => {
  it(`has at least 250 payloads (${PAYLOADS.length})`, () => {
    expect(PAYLOADS.length).toBeGreaterThanOrEqual(250);
  });

  it("the shared check answers a same-site path or nothing, for every payload", () => {
    const escaped = PAYLOADS.filter((payload) => {
      const path = safeSitePath(payload);
      return path !== null && (leaves(path) || path.startsWith("//") || path.includes("\\"));
    });
    expect(escaped).toEqual([]);
  });

  it("the web's redirect helper never leaves the site", () => {
    expect(PAYLOADS.filter((payload) => leaves(safeRedirectPath(payload)))).toEqual([]);
  });

  it("the route rules (a signed-in visitor on /login?redirectUrl=…) never leave the site", () => {
    const escaped = PAYLOADS.filter((payload) => {
      const url = new URL(loginUrl(payload), "https://app.example");
      const target = routeRedirect(url, { user: { requiresPasswordSetup: false }, lost: false });
      return target === null || leaves(target);
    });
    expect(escaped).toEqual([]);
  });

  it("the API's continueUrl (sign-in links, resets) is refused or resolved to a same-site path", () => {
    const escaped = PAYLOADS.filter((payload) => {
      const parsed = authEmailBody.safeParse({ email: "ann@example.com", continueUrl: payload });
      return parsed.success && leaves(parsed.data.continueUrl);
    });
    expect(escaped).toEqual([]);
  });

  it("keeps ordinary paths, with their query and fragment", () => {
    expect(safeRedirectPath("/account/bookings?filter=upcoming#top")).toBe("/account/bookings?filter=upcoming#top");
    expect(safeRedirectPath("/experiences/a/../b")).toBe("/experiences/b");
  });
});
