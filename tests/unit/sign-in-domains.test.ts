/**
 * The start-up warning of addresses that cannot sign anyone in (api/auth/sign-in-domains.ts):
 * http:// in production, a storefront host whose first label is not `{slug}`, storefronts outside
 * the app's domain; and the authorized domains Firebase needs for a site's operators.
 */
import { describe, expect, it } from "vitest";
import { authorizedDomainsFor, signInDomainProblems } from "~api/auth/sign-in-domains";

const good = {
  production: true,
  appPublicUrl: "https://app.example.com",
  storefrontPublicUrl: "https://{slug}.app.example.com",
};

describe("signInDomainProblems", () => {
  it("finds nothing in the documented layout, on the bare domain or www, nor locally", () => {
    expect(signInDomainProblems(good)).toEqual([]);
    expect(signInDomainProblems({ ...good, appPublicUrl: "https://example.com/" })).toEqual([]);
    expect(signInDomainProblems({ ...good, appPublicUrl: "https://www.example.com" })).toEqual([]);
    expect(signInDomainProblems({ ...good, storefrontPublicUrl: "https://{slug}.example.com:8443" })).toEqual([]);
    expect(
      signInDomainProblems({
        production: false,
        appPublicUrl: "http://localhost:3000",
        storefrontPublicUrl: "http://{slug}.shops.elsewhere.test:3000",
      }),
    ).toEqual([]);
    expect(signInDomainProblems({ production: true })).toEqual([]);
  });

  it("warns of each http:// address in production: the session cookie is Secure", () => {
    const problems = signInDomainProblems({
      ...good,
      appPublicUrl: "http://app.example.com",
      storefrontPublicUrl: "HTTP://{slug}.app.example.com",
    });
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/^APP_PUBLIC_URL is an http:\/\/ address: .*Secure/);
    expect(problems[1]).toMatch(/^STOREFRONT_PUBLIC_URL is an http:\/\/ address/);
  });

  it("warns when {slug} is not the storefront host's whole first label", () => {
    for (const storefrontPublicUrl of [
      "https://shop-{slug}.example.com",
      "https://app.example.com.{slug}",
      "https://{slug}",
    ]) {
      const problems = signInDomainProblems({ ...good, storefrontPublicUrl });
      expect(problems, storefrontPublicUrl).toHaveLength(1);
      expect(problems[0]).toMatch(/^STOREFRONT_PUBLIC_URL must have \{slug\} as its host's whole first label/);
    }
  });

  it("warns when the storefronts are not under the app's domain", () => {
    const problems = signInDomainProblems({ ...good, storefrontPublicUrl: "https://{slug}.shops.example.net" });
    expect(problems).toEqual([
      expect.stringMatching(
        /^the storefronts \(\*\.shops\.example\.net, STOREFRONT_PUBLIC_URL\) are not under the app's domain \(example\.com, APP_PUBLIC_URL\): .*APP_BASE_DOMAINS names shops\.example\.net/,
      ),
    ]);
    // A look-alike suffix is another domain.
    expect(signInDomainProblems({ ...good, storefrontPublicUrl: "https://{slug}.notexample.com" })).toHaveLength(1);
    expect(
      signInDomainProblems({
        ...good,
        appPublicUrl: "https://example.com",
        storefrontPublicUrl: "https://{slug}.example.org",
      }),
    ).toHaveLength(1);
  });
});

describe("authorizedDomainsFor", () => {
  it("lists the app's host, then each storefront's host, once each", () => {
    expect(authorizedDomainsFor(good, ["acme", "harbor", "acme"])).toEqual([
      "app.example.com",
      "acme.app.example.com",
      "harbor.app.example.com",
    ]);
    expect(authorizedDomainsFor({ appPublicUrl: "https://Example.com:443/" }, ["acme"])).toEqual(["example.com"]);
  });
});
