/**
 * Production on PostgreSQL, as an operator runs it: `npm run db:migrate` as a step (three at once
 * on one empty database: each migration applied once), `npm run seed` refusing a database that
 * holds bookings, and the built server starting with a complete production setting (no migration
 * on start, no demo data) and serving, its own cookies signed. Needs DATABASE_URL (CI: .ci/run);
 * works on scratch databases beside it (<name>_1, <name>_2), dropped at the end.
 */
import { spawn } from "node:child_process";
import { generateKeyPairSync } from "node:crypto";
import { readFileSync } from "node:fs";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, startBuiltServer } from "./built-server";
import { onPostgres } from "../support/postgres-statement";
import { stretched } from "../support/time-limits";

const DATABASE_URL = process.env.DATABASE_URL;
const journal = JSON.parse(readFileSync("api/db/migrations/meta/_journal.json", "utf8")) as {
  entries: Array<{ tag: string; when: number }>;
};
const allTags = journal.entries.map((entry) => entry.tag);

/** A database beside DATABASE_URL's, created empty. */
function scratchDatabase(suffix: string) {
  const url = new URL(DATABASE_URL ?? "postgres://unused/none");
  const name = `${url.pathname.slice(1) || "postgres"}_${suffix}`;
  url.pathname = `/${name}`;
  const admin = () => new pg.Client({ connectionString: DATABASE_URL });
  const recreate = async (create: boolean) => {
    const client = admin();
    await client.connect();
    try {
      await client.query(`drop database if exists "${name}" with (force)`);
      if (create) await client.query(`create database "${name}"`);
    } finally {
      await client.end();
    }
  };
  return { url: url.toString(), create: () => recreate(true), drop: () => recreate(false) };
}

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs one of our scripts with the environment given (on top of this one's PATH and HOME). */
function runScript(args: string[], env: Record<string, string>): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, {
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", NODE_ENV: "test", LOG_LEVEL: "warn", ...env },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("exit", (code) => resolve({ code, stdout, stderr }));
  });
}

/** The migrations a run of db:migrate says it applied. */
const appliedBy = (run: Run) => [...run.stdout.matchAll(/^ {2}(\d{4}_\S+)$/gm)].map((match) => match[1]);

describe.skipIf(!DATABASE_URL)("npm run db:migrate, npm run seed", () => {
  const scratch = scratchDatabase("1");
  beforeAll(() => scratch.create(), stretched(30_000));
  afterAll(() => scratch.drop(), stretched(30_000));

  it("three runs at once on an empty database: all succeed, each migration applied exactly once", async () => {
    const runs = await Promise.all(
      [0, 1, 2].map(() => runScript(["scripts/db-migrate.mjs"], { DATABASE_URL: scratch.url })),
    );
    for (const run of runs) expect(run.code, run.stderr).toBe(0);
    // One run applied every migration; the others, waiting on the advisory lock, found none left.
    expect(runs.map(appliedBy).flat().sort()).toEqual([...allTags].sort());
    expect(runs.filter((run) => /is current: all \d+ migrations applied before/.test(run.stdout))).toHaveLength(2);
    const recorded = await onPostgres<{ created_at: string }>(
      scratch.url,
      "select created_at from drizzle.__drizzle_migrations order by created_at",
    );
    expect(recorded.map((row) => Number(row.created_at))).toEqual(journal.entries.map((entry) => entry.when));
    console.log(JSON.stringify({ dbMigrateAtOnce: 3, migrations: recorded.length }));
  }, stretched(120_000));

  it("seed: fills a database without bookings, refuses one with a real booking unless --force, and production always", async () => {
    const seed = (args: string[], env: Record<string, string> = {}) =>
      runScript(["--import", "tsx", "scripts/seed.ts", ...args], { DATABASE_URL: scratch.url, ...env });
    const first = await seed([]);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toMatch(/seeded PostgreSQL/);

    await onPostgres(scratch.url, "insert into users (id, sign_in_method) values ('real-guest', 'password')");
    await onPostgres(
      scratch.url,
      `insert into bookings (id, user_id, account_id, experience_id, service_id, slot_id, status, tickets, seats,
         subtotal_minor, discount_minor, fees_minor, tax_minor, total_minor, currency, idempotency_key, origin)
       select 'bk_realbooking00001', 'real-guest', e.account_id, e.id, s.id, sl.id, 'confirmed', '[]', 1, 1000, 0, 0, 0, 1000,
         'USD', 'real-key', 'https://app.example.com'
       from slots sl join services s on s.id = sl.service_id join experiences e on e.id = s.experience_id
       order by sl.starts_at, sl.id limit 1`,
    );
    // The seed's own bookings (the demo travellers') do not count: the one real booking does.
    const real = "select id from bookings where user_id not like 'demo-traveller-%'";
    expect(await onPostgres(scratch.url, "select id from bookings where user_id like 'demo-traveller-%' limit 1")).toHaveLength(1);
    const refused = await seed([]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/seed: refused: PostgreSQL \(DATABASE_URL\) holds 1 booking\(s\).*--force/);
    expect(await onPostgres(scratch.url, real)).toEqual([{ id: "bk_realbooking00001" }]);

    const production = await seed(["--force"], { APP_ENV: "production" });
    expect(production.code).toBe(1);
    expect(production.stderr).toMatch(/refused with APP_ENV=production/);
    expect(await onPostgres(scratch.url, real)).toEqual([{ id: "bk_realbooking00001" }]);

    const forced = await seed(["--force"]);
    expect(forced.code, forced.stderr).toBe(0);
    expect(await onPostgres(scratch.url, real)).toEqual([]);
    // Seeding again without --force: only the seed's own bookings are there, so it goes ahead.
    const again = await seed([]);
    expect(again.code, again.stderr).toBe(0);
  }, stretched(120_000));
});

/** A complete production setting (the preflight finds nothing missing), on `databaseUrl`. */
function productionEnv(databaseUrl: string): Record<string, string> {
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const serviceAccount = {
    type: "service_account",
    project_id: "wayfarer-prod-test",
    private_key: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
    client_email: "server@wayfarer-prod-test.iam.gserviceaccount.com",
  };
  return {
    APP_ENV: "production",
    NODE_ENV: "production",
    DATABASE_URL: databaseUrl,
    REDIS_URL: "",
    SMTP_URL: "smtp://127.0.0.1:2525",
    FIREBASE_PROJECT_ID: "wayfarer-prod-test",
    FIREBASE_API_KEY: "AIzaSyProductionTestKey",
    FIREBASE_AUTH_EMULATOR_HOST: "",
    FIREBASE_SERVICE_ACCOUNT: JSON.stringify(serviceAccount),
    PAYMENT_PROVIDER: "sandbox",
    APP_PUBLIC_URL: "https://app.example.com",
    STOREFRONT_PUBLIC_URL: "https://{slug}.app.example.com",
    // localhost: what the test reaches the server by.
    APP_BASE_DOMAINS: "app.example.com,localhost",
    TRUST_PROXY: "0",
    MESSAGE_LINK_SECRET: "a production test secret for unsubscribe links",
    TWO_STEP_KEY: "cHJvZHVjdGlvbi10ZXN0IHR3by1zdGVwIGtleSAzMmI=",
    SESSION_SECRET: "a production test secret for the site's own cookies",
    SEED_ON_START: "",
    MIGRATE_ON_START: "",
    LOG_LEVEL: "warn",
  };
}

describe.skipIf(!DATABASE_URL)("the built server with a complete production setting", () => {
  const scratch = scratchDatabase("2");
  beforeAll(async () => {
    await scratch.create();
    const migrated = await runScript(["scripts/db-migrate.mjs"], productionEnv(scratch.url));
    expect(migrated.code, migrated.stderr).toBe(0);
  }, stretched(60_000));
  afterAll(() => scratch.drop(), stretched(30_000));

  it("serves, loads no demo data, and signs its own cookies", async () => {
    const server = await startBuiltServer({ env: productionEnv(scratch.url) });
    try {
      expect((await fetch(`${server.origin}/v1/health`)).status).toBe(200);
      const home = await fetch(`${server.origin}/?lng=en`);
      expect(home.status).toBe(200);
      // The language cookie, signed: its value and an HMAC, which an unsigned value lacks.
      const lng = home.headers.getSetCookie().find((cookie) => cookie.startsWith("lng="));
      expect(lng).toMatch(/^lng=[^.;]+\.[^;]+;.*Secure/);
      expect(await onPostgres(scratch.url, "select id from accounts")).toEqual([]);
    } finally {
      await server.stop();
    }
  }, stretched(120_000));
});

describe.skipIf(!DATABASE_URL)("a production API on a database that lacks migrations", () => {
  const scratch = scratchDatabase("3");
  beforeAll(() => scratch.create(), stretched(30_000));
  afterAll(() => scratch.drop(), stretched(30_000));

  it("does not migrate on start, and logs an error naming every missing migration", async () => {
    const api = spawn(process.execPath, ["server/index.mjs", "--api"], {
      env: {
        PATH: process.env.PATH ?? "",
        HOME: process.env.HOME ?? "",
        NODE_ENV: "production",
        ...productionEnv(scratch.url),
        API_PORT: String(await freePort()),
        JOBS_ENABLED: "false",
      },
    });
    let logged = "";
    api.stdout.on("data", (chunk: Buffer) => (logged += chunk.toString()));
    api.stderr.on("data", (chunk: Buffer) => (logged += chunk.toString()));
    try {
      const deadline = Date.now() + stretched(30_000);
      while (!logged.includes("run npm run db:migrate") && Date.now() < deadline && api.exitCode === null) {
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(logged).toContain("run npm run db:migrate");
      const line = JSON.parse(logged.split("\n").find((text) => text.includes("run npm run db:migrate"))!);
      expect(line).toMatchObject({ level: 50, pendingMigrations: allTags });
      expect(line.msg.startsWith(`the database lacks ${allTags.length} migration(s): 0000_catalog, `)).toBe(true);
      // Nothing was applied: drizzle's table is not even there.
      expect(await onPostgres(scratch.url, "select to_regclass('drizzle.__drizzle_migrations') as t")).toEqual([{ t: null }]);
    } finally {
      api.kill("SIGTERM");
      await new Promise((resolve) => (api.exitCode === null ? api.once("exit", resolve) : resolve(null)));
    }
  }, stretched(60_000));
});
