import { describe, expect, it } from "vitest";
import { contentSecurityPolicy } from "~/platform/csp.server";

const directive = (policy: string, name: string) =>
  policy
    .split("; ")
    .find((part) => part.startsWith(`${name} `))
    ?.split(" ")
    .slice(1);

describe("the pages' Content-Security-Policy on a local machine", () => {
  it("images: our own, data:, https:, and plain http only from the app's own local domains (emails' logos in the dev mailbox)", () => {
    const images = directive(contentSecurityPolicy("n0nce"), "img-src");
    expect(images).toEqual([
      "'self'",
      "data:",
      "https:",
      "http://localhost:*",
      "http://*.localhost:*",
      "http://app.localhost:*",
      "http://*.app.localhost:*",
    ]);
    expect(images).not.toContain("http:");
  });

  it("scripts only with the request's nonce; no framing, plugins or <base>", () => {
    const policy = contentSecurityPolicy("n0nce");
    expect(directive(policy, "script-src")).toEqual(["'nonce-n0nce'", "'strict-dynamic'"]);
    expect(directive(policy, "frame-ancestors")).toEqual(["'none'"]);
    expect(directive(policy, "object-src")).toEqual(["'none'"]);
    expect(directive(policy, "base-uri")).toEqual(["'none'"]);
  });
});
