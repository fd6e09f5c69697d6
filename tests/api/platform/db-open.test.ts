import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { closeDb, getDb, openDb, type OpenedDb } from "~api/db/client";
import { DirectoryInUseError, lockPathFor } from "~api/db/dir-lock";
import { accounts } from "~api/db/schema";
import { parseApiEnv } from "~api/env";
import { usingPostgres } from "../../support/env";
import { shutdownTimeoutMs } from "~runtime/process-lifecycle.mjs";

const root = mkdtempSync(path.join(tmpdir(), "api-db-open-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const journal = JSON.parse(readFileSync(path.resolve("api/db/migrations/meta/_journal.json"), "utf8")) as {
  entries: unknown[];
};

async function appliedMigrations(opened: OpenedDb): Promise<number> {
  const rows = await opened.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
  return Number((rows as unknown as { rows: { n: number }[] }).rows[0].n);
}

/** A pid that belonged to a process which has exited. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ["-e", ""], { stdio: "ignore" });
  await new Promise((resolve) => child.on("exit", resolve));
  return child.pid!;
}

describe("parseApiEnv", () => {
  it("has defaults", () => {
    expect(parseApiEnv({})).toEqual({
      DATABASE_URL: undefined,
      PGLITE_DIR: "./data/pglite",
      SEED_ON_START: true,
      MIGRATE_ON_START: true,
      PUBLIC_APP_NAME: "Wayfarer",
      PASSWORD_MIN_LENGTH: 8,
      SMTP_URL: undefined,
      SMTP_FROM: "Wayfarer <no-reply@localhost>",
      AUTH_EMAIL_LIMIT_PER_EMAIL: 3,
      AUTH_EMAIL_LIMIT_PER_IP: 10,
      AUTH_EMAIL_WINDOW_SECONDS: 600,
      PASSWORD_ATTEMPTS_PER_MINUTE: 5,
      PASSWORD_ATTEMPTS_PER_HOUR: 20,
      PASSWORD_ATTEMPTS_PER_IP: 50,
      BOOKING_ATTEMPTS_PER_USER: 30,
      SESSION_ATTEMPTS_PER_USER: 20,
      TRUST_PROXY: 0,
      APP_PUBLIC_URL: undefined,
      STOREFRONT_PUBLIC_URL: undefined,
      API_PORT: 3001,
      API_HOST: "127.0.0.1",
      SHUTDOWN_TIMEOUT_MS: 10_000,
      LOG_LEVEL: "info",
      MEDIA_DIR: "./data/media",
      S3_REGION: "us-east-1",
      WEBHOOK_ALLOW_PRIVATE_TARGETS: false,
      REDIS_KEY_PREFIX: "wf:",
    });
    expect(parseApiEnv({ REDIS_KEY_PREFIX: "staging:wf:" }).REDIS_KEY_PREFIX).toBe("staging:wf:");
    expect(() => parseApiEnv({ REDIS_KEY_PREFIX: "a b" })).toThrow(/REDIS_KEY_PREFIX/);
  });

  it("listens on this machine only unless API_HOST says otherwise, and refuses what is not an address", () => {
    expect(parseApiEnv({}).API_HOST).toBe("127.0.0.1");
    for (const host of ["0.0.0.0", "::", "[::]", "api.internal", "10.0.0.7"])
      expect(parseApiEnv({ API_HOST: host }).API_HOST).toBe(host);
    for (const host of ["http://0.0.0.0", "a b", "host:3001/x"])
      expect(() => parseApiEnv({ API_HOST: host })).toThrow(/API_HOST/);
  });

  it("bounds the shutdown's drain", () => {
    expect(parseApiEnv({ SHUTDOWN_TIMEOUT_MS: "0" }).SHUTDOWN_TIMEOUT_MS).toBe(0);
    expect(parseApiEnv({ SHUTDOWN_TIMEOUT_MS: "30000" }).SHUTDOWN_TIMEOUT_MS).toBe(30_000);
    expect(() => parseApiEnv({ SHUTDOWN_TIMEOUT_MS: "600001" })).toThrow(/SHUTDOWN_TIMEOUT_MS/);
    expect(() => parseApiEnv({ SHUTDOWN_TIMEOUT_MS: "10s" })).toThrow(/SHUTDOWN_TIMEOUT_MS/);
    // The edge reads it too (runtime/process-lifecycle.mjs), the same way.
    for (const value of ["", "0", "30000", "600000"])
      expect(shutdownTimeoutMs({ SHUTDOWN_TIMEOUT_MS: value })).toBe(
        parseApiEnv({ SHUTDOWN_TIMEOUT_MS: value }).SHUTDOWN_TIMEOUT_MS,
      );
    for (const value of ["600001", "10s", "-1"])
      expect(() => shutdownTimeoutMs({ SHUTDOWN_TIMEOUT_MS: value })).toThrow(/SHUTDOWN_TIMEOUT_MS/);
  });

  it("takes the web's public addresses for links, and refuses others", () => {
    expect(
      parseApiEnv({ APP_PUBLIC_URL: "https://example.com", STOREFRONT_PUBLIC_URL: "https://{slug}.example.com" }),
    ).toMatchObject({ APP_PUBLIC_URL: "https://example.com", STOREFRONT_PUBLIC_URL: "https://{slug}.example.com" });
    expect(() => parseApiEnv({ APP_PUBLIC_URL: "example.com" })).toThrow(/APP_PUBLIC_URL/);
    expect(() => parseApiEnv({ STOREFRONT_PUBLIC_URL: "https://shop.example.com" })).toThrow(/STOREFRONT_PUBLIC_URL/);
    // In production both are required: email links never come from a request's Host header.
    expect(() => parseApiEnv({ APP_ENV: "production" })).toThrow(/APP_PUBLIC_URL and STOREFRONT_PUBLIC_URL/);
    expect(() => parseApiEnv({ NODE_ENV: "production", APP_PUBLIC_URL: "https://example.com" })).toThrow(
      /STOREFRONT_PUBLIC_URL/,
    );
    expect(
      parseApiEnv({
        APP_ENV: "production",
        APP_PUBLIC_URL: "https://example.com",
        STOREFRONT_PUBLIC_URL: "https://{slug}.example.com",
        TRUST_PROXY: "1",
      }).APP_PUBLIC_URL,
    ).toBe("https://example.com");
  });

  it("needs TRUST_PROXY said in production (0 included), and defaults it to 0 locally", () => {
    const production = {
      APP_ENV: "production",
      APP_PUBLIC_URL: "https://example.com",
      STOREFRONT_PUBLIC_URL: "https://{slug}.example.com",
    };
    expect(() => parseApiEnv(production)).toThrow(/set TRUST_PROXY in production/);
    expect(() => parseApiEnv({ ...production, TRUST_PROXY: " " })).toThrow(/set TRUST_PROXY in production/);
    expect(parseApiEnv({ ...production, TRUST_PROXY: "0" }).TRUST_PROXY).toBe(0);
    expect(parseApiEnv({ ...production, TRUST_PROXY: "2" }).TRUST_PROXY).toBe(2);
    expect(parseApiEnv({}).TRUST_PROXY).toBe(0);
  });

  it("migrates on start locally, not in production unless told to, and never seeds in production", () => {
    const production = {
      APP_ENV: "production",
      APP_PUBLIC_URL: "https://example.com",
      STOREFRONT_PUBLIC_URL: "https://{slug}.example.com",
      TRUST_PROXY: "1",
    };
    expect(parseApiEnv({}).MIGRATE_ON_START).toBe(true);
    expect(parseApiEnv({ MIGRATE_ON_START: "false" }).MIGRATE_ON_START).toBe(false);
    expect(parseApiEnv(production)).toMatchObject({ MIGRATE_ON_START: false, SEED_ON_START: false });
    expect(parseApiEnv({ ...production, MIGRATE_ON_START: "true" }).MIGRATE_ON_START).toBe(true);
    expect(parseApiEnv({ ...production, SEED_ON_START: "true" }).SEED_ON_START).toBe(false);
    expect(() => parseApiEnv({ MIGRATE_ON_START: "yes" })).toThrow("MIGRATE_ON_START must be true, false, 1 or 0");
  });

  it("reads values and flags", () => {
    expect(parseApiEnv({ PGLITE_DIR: "memory://", SEED_ON_START: "false" })).toMatchObject({
      PGLITE_DIR: "memory://",
      SEED_ON_START: false,
    });
    expect(parseApiEnv({ SEED_ON_START: "0" }).SEED_ON_START).toBe(false);
    expect(parseApiEnv({ SEED_ON_START: "TRUE" }).SEED_ON_START).toBe(true);
    expect(parseApiEnv({ DATABASE_URL: "" }).DATABASE_URL).toBeUndefined();
    expect(parseApiEnv({ DATABASE_URL: "postgresql://u@db:5432/app" }).DATABASE_URL).toBe("postgresql://u@db:5432/app");
  });

  it("throws a clear error on bad values", () => {
    expect(() => parseApiEnv({ SEED_ON_START: "maybe" })).toThrow("SEED_ON_START must be true, false, 1 or 0");
    expect(() => parseApiEnv({ DATABASE_URL: "mysql://localhost/db" })).toThrow(/DATABASE_URL/);
    expect(() => parseApiEnv({ PASSWORD_MIN_LENGTH: "5" })).toThrow("PASSWORD_MIN_LENGTH: must be at least 6");
    expect(() => parseApiEnv({ PASSWORD_MIN_LENGTH: "ten" })).toThrow("PASSWORD_MIN_LENGTH: must be a whole number");
    expect(() => parseApiEnv({ SMTP_URL: "http://mail.example.com" })).toThrow(/SMTP_URL/);
    expect(() => parseApiEnv({ AUTH_EMAIL_LIMIT_PER_IP: "0" })).toThrow(/AUTH_EMAIL_LIMIT_PER_IP/);
  });

  it("reads the identity-side settings", () => {
    expect(
      parseApiEnv({
        PASSWORD_MIN_LENGTH: "12",
        SMTP_URL: "smtps://user:pass@mail.example.com:465",
        SMTP_FROM: "Acme <hello@example.com>",
        AUTH_EMAIL_LIMIT_PER_EMAIL: "5",
        AUTH_EMAIL_WINDOW_SECONDS: "60",
      }),
    ).toMatchObject({
      PASSWORD_MIN_LENGTH: 12,
      SMTP_URL: "smtps://user:pass@mail.example.com:465",
      SMTP_FROM: "Acme <hello@example.com>",
      AUTH_EMAIL_LIMIT_PER_EMAIL: 5,
      AUTH_EMAIL_WINDOW_SECONDS: 60,
    });
  });
});

describe("opening a PGlite directory", () => {
  const dir = path.join(root, "main");
  const lockFile = lockPathFor(dir);

  it("migrates and seeds an empty database, and holds the directory lock", async () => {
    const opened = await openDb({ pgliteDir: dir, seedOnStart: true });
    try {
      expect(opened.driver).toBe("pglite");
      expect(readFileSync(lockFile, "utf8")).toBe(String(process.pid));
      expect((await opened.db.select().from(accounts)).length).toBeGreaterThanOrEqual(3);
      expect(await appliedMigrations(opened)).toBe(journal.entries.length);

      // A second open of the same directory while it is open is refused.
      const second = openDb({ pgliteDir: dir });
      await expect(second).rejects.toBeInstanceOf(DirectoryInUseError);
      await expect(second).rejects.toThrow(
        `database directory ${path.resolve(dir)} is in use by process ${process.pid}`,
      );

      await opened.db.update(accounts).set({ name: "Acme Adventures (edited)" }).where(eq(accounts.slug, "acme"));
    } finally {
      await opened.close();
    }
    expect(existsSync(lockFile)).toBe(false);
  });

  it("opens again: migrations are idempotent and an existing catalog is not re-seeded", async () => {
    const opened = await openDb({ pgliteDir: dir, seedOnStart: true });
    try {
      expect(await appliedMigrations(opened)).toBe(journal.entries.length);
      const [acme] = await opened.db.select().from(accounts).where(eq(accounts.slug, "acme"));
      expect(acme.name).toBe("Acme Adventures (edited)");
    } finally {
      await opened.close();
    }
  });

  it("refuses a directory locked by another live process, naming it", async () => {
    const holder = spawn(process.execPath, ["-e", "setTimeout(() => {}, 30000)"], { stdio: "ignore" });
    try {
      writeFileSync(lockFile, String(holder.pid));
      await expect(openDb({ pgliteDir: dir })).rejects.toThrow(`is in use by process ${holder.pid}`);
      expect(readFileSync(lockFile, "utf8")).toBe(String(holder.pid));
    } finally {
      holder.kill();
      rmSync(lockFile, { force: true });
    }
  });

  it.each([
    ["a dead process", "dead"],
    ["garbage", "garbage"],
  ])("takes over a stale lock left by %s", async (_label, kind) => {
    writeFileSync(lockFile, kind === "dead" ? String(await deadPid()) : "not a pid");
    const opened = await openDb({ pgliteDir: dir });
    try {
      expect(readFileSync(lockFile, "utf8")).toBe(String(process.pid));
      expect((await opened.db.select().from(accounts)).length).toBeGreaterThanOrEqual(3);
    } finally {
      await opened.close();
    }
    expect(existsSync(lockFile)).toBe(false);
  });

  it("a process holding the directory blocks others until SIGTERM, which closes and releases it", async () => {
    const childDir = path.join(root, "child");
    const child = spawn(process.execPath, ["--import", "tsx", path.resolve("tests/support/hold-db.ts")], {
      env: { ...process.env, DATABASE_URL: "", PGLITE_DIR: childDir, SEED_ON_START: "false" },
      stdio: ["ignore", "pipe", "inherit"],
    });
    const exited = new Promise<NodeJS.Signals | null>((resolve) =>
      child.on("exit", (_code, signal) => resolve(signal)),
    );
    await new Promise<void>((resolve, reject) => {
      child.stdout!.on("data", (chunk: Buffer) => chunk.toString().includes("ready") && resolve());
      child.on("exit", () => reject(new Error("child exited before it was ready")));
    });
    expect(readFileSync(lockPathFor(childDir), "utf8")).toBe(String(child.pid));
    await expect(openDb({ pgliteDir: childDir })).rejects.toThrow(`is in use by process ${child.pid}`);

    child.kill("SIGTERM");
    expect(await exited).toBe("SIGTERM");
    expect(existsSync(lockPathFor(childDir))).toBe(false);

    const opened = await openDb({ pgliteDir: childDir });
    try {
      expect(await appliedMigrations(opened)).toBe(journal.entries.length);
    } finally {
      await opened.close();
    }
  });
});

describe("the process-wide database", () => {
  it("getDb returns one shared instance until closeDb", async () => {
    const [a, b] = await Promise.all([getDb(), getDb()]);
    expect(a).toBe(b);
    await closeDb();
    const c = await getDb();
    expect(c).not.toBe(a);
    await closeDb();
  });
});

describe.runIf(usingPostgres)("opening PostgreSQL", () => {
  it("runs the migrations idempotently, even from two openers at once", async () => {
    const [first, second] = await Promise.all([
      openDb({ databaseUrl: process.env.DATABASE_URL }),
      openDb({ databaseUrl: process.env.DATABASE_URL }),
    ]);
    try {
      expect(first.driver).toBe("pg");
      expect(await appliedMigrations(first)).toBe(journal.entries.length);
      expect(await appliedMigrations(second)).toBe(journal.entries.length);
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
    const third = await openDb({ databaseUrl: process.env.DATABASE_URL });
    await third.close();
  });
});
