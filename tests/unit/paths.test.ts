import { describe, expect, it } from "vitest";
import { withoutTrailingSlash } from "~/platform/paths";
import { loginUrl, safeRedirectPath } from "~/platform/redirects";

describe("trailing slash", () => {
  it("is removed except for the root", () => {
    expect(withoutTrailingSlash("/experiences/a/b/")).toBe("/experiences/a/b");
    expect(withoutTrailingSlash("/account//")).toBe("/account");
    expect(withoutTrailingSlash("/")).toBeNull();
    expect(withoutTrailingSlash("/account")).toBeNull();
  });

  it("never produces a protocol-relative address", () => {
    expect(withoutTrailingSlash("//evil.com/")).toBe("/evil.com");
    expect(withoutTrailingSlash("///")).toBe("/");
  });
});

describe("safe redirects", () => {
  it.each([
    "//evil.com",
    "/\\evil.com",
    "https://evil.com",
    "http:/evil.com",
    "javascript:alert(1)",
    "%2F%2Fevil.com",
    "/%2F%2Fevil.com",
    "%252F%252Fevil.com",
    "/%5Cevil.com",
    "/%09/evil.com",
    "\\\\evil.com",
    "evil.com",
    "",
    // Dot segments that resolve to a protocol-relative path.
    "/.//evil.com",
    "/..//evil.com",
    "/%2e//evil.com",
    "/%2E%2E//evil.com",
    "/a/..//evil.com",
    "/././/evil.com",
  ])("rejects %s", (payload) => {
    expect(safeRedirectPath(payload)).toBe("/");
  });

  it("keeps same-site paths with their query", () => {
    expect(safeRedirectPath("/account/bookings?filter=upcoming")).toBe("/account/bookings?filter=upcoming");
    expect(safeRedirectPath("/experiences/a/b/confirm#top")).toBe("/experiences/a/b/confirm#top");
    expect(safeRedirectPath(undefined, "/account")).toBe("/account");
  });

  it("builds the sign-in address with the page to return to", () => {
    expect(loginUrl("/account?x=1")).toBe("/login?redirectUrl=%2Faccount%3Fx%3D1");
  });
});
