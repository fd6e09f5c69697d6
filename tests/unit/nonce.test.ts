import { describe, expect, it } from "vitest";
import { newNonce } from "~/platform/csp.server";

describe("CSP nonces", () => {
  it("are 16 random bytes in base64, never the same twice across many pools", () => {
    const seen = new Set<string>();
    for (let i = 0; i < 2_000; i++) {
      const nonce = newNonce();
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(Buffer.from(nonce, "base64")).toHaveLength(16);
      seen.add(nonce);
    }
    expect(seen.size).toBe(2_000);
  });
});
