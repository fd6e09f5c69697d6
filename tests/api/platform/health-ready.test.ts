/**
 * GET /v1/health/live and /v1/health/ready (api/health/readiness.ts) on a database of this file's
 * own: a directory of PGlite's, or a PostgreSQL database beside DATABASE_URL's (`<name>_health`),
 * so that it can be made to stop answering without touching the other files' database.
 */
import "../../support/env";
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { usingPostgres } from "../../support/env";
import { stretched } from "../../support/time-limits";

const dir = mkdtempSync(path.join(tmpdir(), "api-health-ready-"));
const pgliteDir = path.join(dir, "pglite");
const baseUrl = process.env.DATABASE_URL;
const ownName = baseUrl ? `${new URL(baseUrl).pathname.slice(1)}_health` : "";
const admin = baseUrl ? new pg.Client({ connectionString: new URL("/postgres", baseUrl).href }) : null;
if (baseUrl) {
  await admin!.connect();
  const exists = await admin!.query("select 1 from pg_database where datname = $1", [ownName]);
  if (exists.rowCount === 0) await admin!.query(`create database "${ownName}"`);
  await admin!.query(`alter database "${ownName}" with allow_connections true`);
  process.env.DATABASE_URL = new URL(`/${ownName}`, baseUrl).href;
} else {
  process.env.PGLITE_DIR = pgliteDir;
  delete process.env.PGLITE_TEMPLATE;
}
const { expectEnvelope } = await import("../../support/api");
const { v1 } = await import("../../support/client");
const { closeDb, getOpenedDb } = await import("~api/db/client");
const { logger } = await import("~api/logger");

beforeAll(async () => {
  await getOpenedDb();
}, stretched(60_000));

afterAll(async () => {
  await closeDb();
  if (admin) {
    await admin.query(`alter database "${ownName}" with allow_connections true`);
    await admin.end();
  }
  rmSync(dir, { recursive: true, force: true });
  vi.restoreAllMocks();
});

/**
 * Asks readiness until it answers `status` (and, for a 503, names `failing`): the answer, and how
 * long that took. Callers within 500 ms of a round of checks share it, so a change shows a little later.
 */
async function readyTurns(status: number, withinMs: number, failing?: string) {
  const started = performance.now();
  for (;;) {
    const answer = await v1.healthReady();
    const ms = performance.now() - started;
    const named = !failing || failing in (answer.body?.error?.fields ?? {});
    if ((answer.status === status && named) || ms > withinMs) return { answer, ms };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("GET /v1/health/live", () => {
  it("answers 200 and is never kept", async () => {
    const answer = await v1.healthLive();
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ data: { status: "live" } });
    expect(answer.headers.get("Cache-Control")).toBe("no-store");
  });
});

describe("GET /v1/health/ready", () => {
  it("answers 503 naming the migrations while one is not applied", async () => {
    const opened = await getOpenedDb();
    const { rows } = await opened.sql.executeSql(
      "delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations) returning hash, created_at",
    );
    try {
      const answer = await v1.healthReady();
      const error = expectEnvelope(answer, 503, "service_unavailable");
      expect(error.message).toMatch(/^Not ready: migrations \(1 pending: \d{4}_\w+\)\.$/);
      expect(Object.keys(error.fields ?? {})).toEqual(["migrations"]);
    } finally {
      const [row] = rows as Array<{ hash: string; created_at: string }>;
      await opened.sql.executeSql("insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)", [
        row.hash,
        row.created_at,
      ]);
    }
  });

  it("answers 200 with every check named when all answer", async () => {
    const { answer } = await readyTurns(200, stretched(2_000));
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Cache-Control")).toBe("no-store");
    expect(answer.body.data).toEqual({
      status: "ready",
      checks: {
        shutdown: { status: "ok" },
        database: { status: "ok" },
        redis: process.env.REDIS_URL ? { status: "ok" } : { status: "off", reason: "REDIS_URL is not set" },
        auth: { status: "ok" },
        migrations: { status: "ok" },
        // The runner is off under vitest (the tests run the work themselves).
        jobs: { status: "off", reason: "JOBS_ENABLED=false" },
      },
    });
  });

  it.skipIf(!usingPostgres)("turns 503 within 2 s of the database stopping, and 200 once it is back", async () => {
    vi.spyOn(logger, "error").mockImplementation(() => undefined);
    await admin!.query(`alter database "${ownName}" with allow_connections false`);
    await admin!.query("select pg_terminate_backend(pid) from pg_stat_activity where datname = $1", [ownName]);
    const down = await readyTurns(503, stretched(5_000), "database");
    console.log(JSON.stringify({ readinessAfterDatabaseStopped: { ms: Math.round(down.ms) } }));
    const error = expectEnvelope(down.answer, 503, "service_unavailable");
    expect(error.message).toMatch(/^Not ready: database \(/);
    expect(error.fields?.database).toHaveLength(1);
    expect(down.ms).toBeLessThan(stretched(2_000));

    await admin!.query(`alter database "${ownName}" with allow_connections true`);
    const back = await readyTurns(200, stretched(10_000));
    expect(back.answer.status).toBe(200);
  });

  it.skipIf(usingPostgres)("answers 503 naming the database when it cannot be opened", async () => {
    vi.spyOn(logger, "error").mockImplementation(() => undefined);
    await closeDb();
    // Another live process holds the directory: every open fails (./db-unavailable.test.ts).
    const holder = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"], { stdio: "ignore" });
    writeFileSync(`${pgliteDir}.lock`, String(holder.pid));
    try {
      const { answer, ms } = await readyTurns(503, stretched(5_000), "database");
      const error = expectEnvelope(answer, 503, "service_unavailable");
      // Migrations found applied once are not asked again.
      expect(error.message).toMatch(/^Not ready: database \(.+\)\.$/);
      expect(ms).toBeLessThan(stretched(2_000));
    } finally {
      holder.kill();
      rmSync(`${pgliteDir}.lock`, { force: true });
    }
    const back = await readyTurns(200, stretched(10_000));
    expect(back.answer.status).toBe(200);
  });
});
