import { describe, expect, it } from "vitest";
import {
  isProduction,
  productionPreflight,
  productionProblems,
  webProcessRole,
} from "~runtime/production-preflight.mjs";

/** A complete production environment: the preflight finds nothing missing in it. */
const COMPLETE_PRODUCTION = {
  APP_ENV: "production",
  DATABASE_URL: "postgres://app@db:5432/wayfarer",
  SMTP_URL: "smtps://user:pass@mail.example.com:465",
  FIREBASE_PROJECT_ID: "wayfarer-prod",
  FIREBASE_API_KEY: "AIzaSyExample",
  FIREBASE_SERVICE_ACCOUNT: '{"type":"service_account"}',
  PAYMENT_PROVIDER: "stripe",
  STRIPE_SECRET_KEY: "sk_live_example",
  STRIPE_WEBHOOK_SECRET: "whsec_example",
  APP_PUBLIC_URL: "https://app.example.com",
  STOREFRONT_PUBLIC_URL: "https://{slug}.app.example.com",
  APP_BASE_DOMAINS: "app.example.com",
  TRUST_PROXY: "1",
  MESSAGE_LINK_SECRET: "m".repeat(32),
  TWO_STEP_KEY: "k".repeat(43),
  SESSION_SECRET: "s".repeat(32),
};

const names = (problems: string[]) => problems.map((problem) => problem.split(":")[0]);

const API_SETTINGS = [
  "DATABASE_URL",
  "SMTP_URL",
  "FIREBASE_SERVICE_ACCOUNT",
  "PAYMENT_PROVIDER",
  "APP_PUBLIC_URL",
  "STOREFRONT_PUBLIC_URL",
  "TRUST_PROXY",
  "MESSAGE_LINK_SECRET",
  "TWO_STEP_KEY",
];
const WEB_SETTINGS = ["APP_BASE_DOMAINS", "SESSION_SECRET"];
const SHARED_SETTINGS = ["FIREBASE_PROJECT_ID", "FIREBASE_API_KEY"];

describe("the production preflight", () => {
  it("asks nothing of a local environment", () => {
    expect(productionProblems({}, "both")).toEqual([]);
    expect(productionProblems({ APP_ENV: "local", NODE_ENV: "production" }, "both")).toEqual([]);
    expect(productionPreflight({}, "both")).toBeNull();
  });

  it("is production with APP_ENV=production, or NODE_ENV=production without APP_ENV", () => {
    expect(isProduction({ APP_ENV: "production" })).toBe(true);
    expect(isProduction({ NODE_ENV: "production" })).toBe(true);
    expect(isProduction({ NODE_ENV: "production", APP_ENV: "local" })).toBe(false);
    expect(isProduction({ NODE_ENV: "development" })).toBe(false);
    expect(names(productionProblems({ NODE_ENV: "production" }, "both"))).toContain("DATABASE_URL");
  });

  it("lists every missing setting at once, for the process's role", () => {
    expect(names(productionProblems({ APP_ENV: "production" }, "both")).sort()).toEqual(
      [...API_SETTINGS, ...WEB_SETTINGS, ...SHARED_SETTINGS].sort(),
    );
    // Split mode: the web alone asks nothing of the API's settings, the API alone nothing of the web's.
    expect(names(productionProblems({ APP_ENV: "production" }, "web")).sort()).toEqual(
      [...WEB_SETTINGS, ...SHARED_SETTINGS].sort(),
    );
    expect(names(productionProblems({ APP_ENV: "production" }, "api")).sort()).toEqual(
      [...API_SETTINGS, ...SHARED_SETTINGS].sort(),
    );
    const message = productionPreflight({ APP_ENV: "production" }, "both")!;
    expect(message).toMatch(/^Refusing to start the app in production: 13 setting\(s\) missing or unsafe\n/);
    expect(message).toMatch(/DATABASE_URL: required .*PGlite database is for local use only/);
  });

  it("passes a complete production environment", () => {
    expect(productionProblems(COMPLETE_PRODUCTION, "both")).toEqual([]);
    expect(
      productionProblems(
        { ...COMPLETE_PRODUCTION, GOOGLE_APPLICATION_CREDENTIALS: "/sa.json", FIREBASE_SERVICE_ACCOUNT: "" },
        "api",
      ),
    ).toEqual([]);
    // The sandbox is allowed when named.
    expect(
      productionProblems({ ...COMPLETE_PRODUCTION, PAYMENT_PROVIDER: "sandbox", STRIPE_SECRET_KEY: "" }, "api"),
    ).toEqual([]);
  });

  it("refuses unsafe values: the emulator, demo- projects, stripe without keys, short secrets, demo data", () => {
    const problems = productionProblems(
      {
        ...COMPLETE_PRODUCTION,
        FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9099",
        FIREBASE_PROJECT_ID: "demo-wayfarer",
        STRIPE_SECRET_KEY: " ",
        STRIPE_WEBHOOK_SECRET: "",
        MESSAGE_LINK_SECRET: "short",
        SESSION_SECRET: `${"n".repeat(32)}, old`,
        SEED_ON_START: "true",
      },
      "both",
    );
    expect(names(problems).sort()).toEqual(
      [
        "FIREBASE_AUTH_EMULATOR_HOST",
        "FIREBASE_PROJECT_ID",
        "MESSAGE_LINK_SECRET",
        "SEED_ON_START",
        "SESSION_SECRET",
        "STRIPE_SECRET_KEY",
        "STRIPE_WEBHOOK_SECRET",
      ].sort(),
    );
    expect(productionProblems({ ...COMPLETE_PRODUCTION, SEED_ON_START: "false" }, "api")).toEqual([]);
  });

  it("refuses an APP_ENV it does not know, in any mode", () => {
    expect(productionProblems({ APP_ENV: "prod" }, "web")).toEqual([
      'APP_ENV: must be local or production (got "prod")',
    ]);
  });

  it("tells a web alone (API_BASE_URL) from one running the API in-process", () => {
    expect(webProcessRole({ API_BASE_URL: "http://api:3001" })).toBe("web");
    expect(webProcessRole({ API_BASE_URL: " " })).toBe("both");
    expect(webProcessRole({})).toBe("both");
  });
});
