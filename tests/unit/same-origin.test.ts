import { describe, expect, it } from "vitest";
import { BEHIND_WEB_ENV, isSameOriginRequest, requestSource, trustedForwarding } from "~runtime/same-origin.mjs";

/** Issue 39 item 17: forwarded headers only from a proxy we trust; scheme, host and port compared. */
const DIRECT = { proto: false, host: false };
const headersOf = (headers: Record<string, string>) => (name: string) => headers[name];
const target = { scheme: "http", host: "acme.app.localhost:3000" };

describe("the cross-site rule", () => {
  it("a client's X-Forwarded-Host is not believed without a proxy in front (TRUST_PROXY=0)", () => {
    const forged = headersOf({ origin: "http://evil.example", "x-forwarded-host": "evil.example" });
    expect(requestSource(forged, target, DIRECT)).toBe("foreign");
    // Nor behind nginx (it keeps the browser's Host and passes a client's X-Forwarded-Host on).
    expect(requestSource(forged, target, trustedForwarding({ TRUST_PROXY: "1" }))).toBe("foreign");
    // The web's /v1 forward sets it over whatever the client sent: believed by the API behind it.
    expect(
      requestSource(forged, { scheme: "http", host: "api:8787" }, trustedForwarding({ [BEHIND_WEB_ENV]: "1" })),
    ).toBe("same");
    expect(
      requestSource(
        headersOf({ origin: "http://acme.app.localhost:3000", "x-forwarded-host": "acme.app.localhost:3000" }),
        { scheme: "http", host: "api:8787" },
        trustedForwarding({ [BEHIND_WEB_ENV]: "1" }),
      ),
    ).toBe("same");
  });

  it("compares the scheme and the port, not only the host", () => {
    const from = (origin: string) => requestSource(headersOf({ origin }), target, DIRECT);
    expect(from("http://acme.app.localhost:3000")).toBe("same");
    expect(from("https://acme.app.localhost:3000")).toBe("foreign");
    expect(from("http://acme.app.localhost:3001")).toBe("foreign");
    expect(from("http://acme.app.localhost")).toBe("foreign");
    expect(
      requestSource(headersOf({ origin: "https://a.example" }), { scheme: "https", host: "a.example:443" }, DIRECT),
    ).toBe("same");
  });

  it("X-Forwarded-Proto counts only behind a trusted proxy", () => {
    const https = headersOf({ origin: "https://a.example", "x-forwarded-proto": "https" });
    const plain = { scheme: "http", host: "a.example" };
    expect(requestSource(https, plain, DIRECT)).toBe("foreign");
    expect(requestSource(https, plain, trustedForwarding({ TRUST_PROXY: "1" }))).toBe("same");
    expect(trustedForwarding({ TRUST_PROXY: "0" })).toEqual(DIRECT);
  });

  it("isSameOriginRequest reads the Host header, not a URL whose port Express took from X-Forwarded-Host", () => {
    const request = new Request("http://localhost:9999/x", {
      method: "POST",
      headers: { Host: "localhost:3000", Origin: "http://localhost:9999", "X-Forwarded-Host": "evil:9999" },
    });
    expect(isSameOriginRequest(request, DIRECT)).toBe(false);
  });
});
