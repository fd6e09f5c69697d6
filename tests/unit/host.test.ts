import { describe, expect, it } from "vitest";
import { hostnameOf, resolveHost } from "~/platform/host";

const local = { baseDomains: ["localhost", "app.localhost"], segments: 2 };
const production = { baseDomains: ["app.example.com"], segments: 3 };

describe("host modes", () => {
  it("serves localhost and app.localhost as the public site", () => {
    expect(resolveHost("localhost:3000", local)).toEqual({ mode: "public_direct", hostname: "localhost" });
    expect(resolveHost("app.localhost:3000", local)?.mode).toBe("public_direct");
  });

  it("treats one more segment than configured as an operator storefront named by the first segment", () => {
    expect(resolveHost("acme.app.localhost:3000", local)).toEqual({
      mode: "account_direct",
      hostname: "acme.app.localhost",
      accountSlug: "acme",
    });
    expect(resolveHost("harbor.app.example.com", production)).toMatchObject({
      mode: "account_direct",
      accountSlug: "harbor",
    });
    expect(resolveHost("app.example.com", production)?.mode).toBe("public_direct");
  });

  it("follows the configured segment count", () => {
    expect(resolveHost("acme.app.localhost", { ...local, segments: 3 })?.mode).toBe("public_direct");
  });

  it("treats IP addresses as public", () => {
    expect(resolveHost("127.0.0.1:3000", local)?.mode).toBe("public_direct");
    expect(resolveHost("[::1]:3000", local)?.mode).toBe("public_direct");
  });

  it("refuses hosts outside the base domains", () => {
    expect(resolveHost("evil.com", local)).toBeNull();
    expect(resolveHost("localhost.evil.com", local)).toBeNull();
    expect(resolveHost("acme.app.example.com.evil.com", production)).toBeNull();
    expect(resolveHost("", local)).toBeNull();
  });

  it("refuses hosts nested deeper than one storefront label and malformed slugs", () => {
    expect(resolveHost("a.b.app.localhost", local)).toBeNull();
    expect(resolveHost("-acme.app.localhost", local)).toBeNull();
    expect(resolveHost("acme..localhost", local)).toBeNull();
  });

  it("normalises case, port and the trailing dot", () => {
    expect(hostnameOf("ACME.App.Localhost.:8080")).toBe("acme.app.localhost");
    expect(resolveHost("ACME.APP.LOCALHOST", local)).toMatchObject({ accountSlug: "acme" });
  });
});
