import { describe, expect, it } from "vitest";
import { siteCookie } from "~/platform/cookie.server";
import { parseConfig } from "~/platform/config.server";

const A = "a".repeat(32);
const B = "b".repeat(32);

describe("SESSION_SECRET (the web's configuration)", () => {
  it("is a list, the first signing: rotation keeps the old one to verify", () => {
    expect(parseConfig({ SESSION_SECRET: `${A}, ${B}` }).sessionSecrets).toEqual([A, B]);
    expect(parseConfig({ SESSION_SECRET: A }).sessionSecrets).toEqual([A]);
  });

  it("has a fixed value locally, and none in production, where it is required", () => {
    expect(parseConfig({}).sessionSecrets).toHaveLength(1);
    expect(parseConfig({}).sessionSecrets[0].length).toBeGreaterThanOrEqual(32);
    const production = {
      APP_ENV: "production",
      APP_BASE_DOMAINS: "app.example.com",
      FIREBASE_PROJECT_ID: "wayfarer-prod",
      FIREBASE_API_KEY: "key",
    };
    expect(() => parseConfig(production)).toThrow(/SESSION_SECRET: required in production/);
    expect(parseConfig({ ...production, SESSION_SECRET: B }).sessionSecrets).toEqual([B]);
  });

  it("refuses a secret shorter than 32 characters", () => {
    expect(() => parseConfig({ SESSION_SECRET: `${A},short` })).toThrow(/SESSION_SECRET: each secret needs 32/);
  });
});

describe("the site's own cookies", () => {
  const cookie = siteCookie("pref", 60);

  it("are signed, and read back", async () => {
    const header = await cookie.serialize({ choice: "x" });
    const value = header.split(";")[0].slice("pref=".length);
    expect(decodeURIComponent(value)).toMatch(/^[^.]+\.[^.]+$/);
    expect(await cookie.parse(`pref=${value}`)).toEqual({ choice: "x" });
  });

  it("read an unsigned (older) or forged value as absent", async () => {
    const unsigned = btoa(JSON.stringify({ choice: "x" }));
    expect(await cookie.parse(`pref=${encodeURIComponent(unsigned)}`)).toBeNull();
    const header = await cookie.serialize({ choice: "x" });
    // Another value under a genuine signature.
    const [, signature] = decodeURIComponent(header.split(";")[0].slice("pref=".length)).split(".");
    const forged = `${btoa(JSON.stringify({ choice: "y" }))}.${signature}`;
    expect(await cookie.parse(`pref=${encodeURIComponent(forged)}`)).toBeNull();
  });
});
