import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { shutdownIsCoordinated } from "~runtime/process-lifecycle.mjs";
import { getApiEnv, identityEnv, MEMORY_DIR } from "../env";
import { errorFields, logger } from "../logger";
import { acquireDirLock, type DirLock } from "./dir-lock";
import { defaultMigrationsFolder, pendingMigrations, pendingMigrationsIn } from "./migration-status";
import { watchPool } from "./pool-metrics";
import * as schema from "./schema";
import { seed } from "./seed";
import type { Db, OpenedDb, SqlExecutor } from "./types";

export type { Db, OpenedDb, SqlExecutor } from "./types";
export { defaultMigrationsFolder } from "./migration-status";

export interface OpenDbOptions {
  /** PostgreSQL URL; when absent PGlite is used. */
  databaseUrl?: string;
  /** PGlite data directory, or "memory://". */
  pgliteDir?: string;
  /** Seed the catalog when the accounts table is empty. */
  seedOnStart?: boolean;
  /** Apply the pending migrations (default true; MIGRATE_ON_START for the process-wide database). */
  migrate?: boolean;
  /** Defaults to <cwd>/api/db/migrations (the code is bundled, so not relative to this file). */
  migrationsFolder?: string;
  /** An in-memory PGlite starts from this data-directory dump (PGLITE_TEMPLATE) instead of empty. */
  template?: Blob;
}

/** Key of the advisory lock that serialises migrations and the first seed across processes. */
export const MIGRATION_LOCK_KEY = 727_274_001;

/** Seeds an empty catalog; true when it did. */
async function seedIfEmpty(db: Db): Promise<boolean> {
  const existing = await db.select({ id: schema.accounts.id }).from(schema.accounts).limit(1);
  if (existing.length > 0) return false;
  await seed(db, { demoOwners: identityEnv.emulatorHost !== null });
  return true;
}

/**
 * PGlite's settings: PostgreSQL's default 128 MB of shared buffers would sit in the WebAssembly
 * memory of every process. The embedded catalog is about 25 MB, and what pages read (cards, the
 * next weeks' departures, accounts) is a fraction of it: 16 MB keeps that cached, the rest comes
 * from the data files through the OS cache. RSS after the bench: 384–388 MiB (32 MB: 433; the
 * default: about 600).
 */
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, "-c", "shared_buffers=16MB"];

/**
 * How alike a searched word and a word of an experience must be to count as the same word
 * misspelt (pg_trgm's word similarity, through its indexable `<%` operator: the catalog search,
 * api/catalog/search.ts). A setting of every connection: 0.5 lets "kayack" find "kayak".
 */
export const WORD_SIMILARITY_THRESHOLD = 0.5;
const TRGM_SETTING = `pg_trgm.word_similarity_threshold=${WORD_SIMILARITY_THRESHOLD}`;

/** pg_trgm: typo-tolerant search (the catalog's migration creates the extension). */
async function createPglite(target: string, template?: Blob): Promise<PGlite> {
  const client = await PGlite.create(target, {
    startParams: PGLITE_START_PARAMS,
    extensions: { pg_trgm },
    ...(template ? { loadDataDir: template } : {}),
  });
  await client.exec(`SET ${TRGM_SETTING.replace("=", " = ")}`);
  return client;
}

async function openPostgres(url: string, options: OpenDbOptions): Promise<OpenedDb> {
  // No JIT: the API's statements are short, and a plan whose estimate passes jit_above_cost spent
  // about 50 ms compiling to save a few (the desk's search at 1,000,000 bookings, docs/performance.md).
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    allowExitOnIdle: true,
    options: `-c ${TRGM_SETTING} -c jit=off`,
  });
  // An idle client losing its connection must not crash the process.
  pool.on("error", (error) => logger.error({ err: errorFields(error) }, "pg pool error"));
  watchPool(pool);
  const db = drizzlePg({ client: pool, schema });
  const executor: SqlExecutor = {
    executeSql: async (text, values) => {
      const result = await pool.query(text, values ?? []);
      return Array.isArray(result) ? (result.at(-1) ?? { rows: [] }) : result;
    },
  };
  let applied: string[] = [];
  try {
    const lockClient = await pool.connect();
    try {
      await lockClient.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
      if (options.migrate !== false) {
        // Read under the lock: of processes migrating at once, the first applies, the others find nothing.
        const migrationsFolder = options.migrationsFolder ?? defaultMigrationsFolder();
        applied = await pendingMigrationsIn(executor, migrationsFolder);
        if (applied.length > 0) await migratePg(db, { migrationsFolder });
      }
      if (options.seedOnStart) await seedIfEmpty(db);
    } finally {
      await lockClient.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => undefined);
      lockClient.release();
    }
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw error;
  }
  return { db, driver: "pg", sql: executor, close: () => pool.end(), applied };
}

async function openPglite(dir: string, options: OpenDbOptions): Promise<OpenedDb> {
  const inMemory = dir === MEMORY_DIR;
  let lock: DirLock | undefined;
  if (!inMemory) {
    mkdirSync(dir, { recursive: true });
    lock = acquireDirLock(dir);
  }
  let client: PGlite | undefined;
  try {
    const target = inMemory ? MEMORY_DIR : path.resolve(dir);
    client = await createPglite(target, inMemory ? options.template : undefined);
    let db = drizzlePglite({ client, schema });
    let applied: string[] = [];
    if (options.migrate !== false) {
      const migrationsFolder = options.migrationsFolder ?? defaultMigrationsFolder();
      const first = client;
      applied = await pendingMigrationsIn({ executeSql: (text) => first.query(text) }, migrationsFolder);
      if (applied.length > 0) await migratePglite(db, { migrationsFolder });
    }
    if (options.seedOnStart && (await seedIfEmpty(db)) && !inMemory) {
      // Seeding grows PGlite's WebAssembly memory by some 500 MB that it never gives back: the
      // server goes on with a fresh instance on the seeded files.
      await client.close();
      client = await createPglite(target);
      db = drizzlePglite({ client, schema });
    }
    const opened = client;
    // One connection: a query with values is one statement; without, it may be several
    // (pg-boss's migrations), answered by the last one's rows.
    const executor: SqlExecutor = {
      executeSql: async (text, values) => {
        if (values && values.length > 0) return opened.query(text, values);
        const results = await opened.exec(text);
        return results.at(-1) ?? { rows: [] };
      },
    };
    return {
      db,
      driver: "pglite",
      sql: executor,
      close: async () => {
        try {
          if (!opened.closed) await opened.close();
        } finally {
          lock?.release();
        }
      },
      dump: () => opened.dumpDataDir("none"),
      applied,
    };
  } catch (error) {
    if (client && !client.closed) await client.close().catch(() => undefined);
    lock?.release();
    throw error;
  }
}

/** Opens a database, applies the migrations and seeds an empty catalog when asked to. */
export function openDb(options: OpenDbOptions): Promise<OpenedDb> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options);
  return openPglite(options.pgliteDir ?? "./data/pglite", options);
}

/**
 * Process-wide state, kept on globalThis so that a dev server re-importing a rebuilt
 * bundle reuses the open database instead of opening the same directory twice.
 */
interface DbState {
  current: Promise<OpenedDb> | null;
  hooksInstalled: boolean;
}
const state: DbState = ((globalThis as { [key: symbol]: unknown })[Symbol.for("api.db.state")] ??= {
  current: null,
  hooksInstalled: false,
}) as DbState;

/** The process-wide database (created on first call from the API environment). */
export function getDb(): Promise<Db> {
  if (!state.current) {
    const env = getApiEnv();
    const opening = openDb({
      databaseUrl: env.DATABASE_URL,
      pgliteDir: env.PGLITE_DIR,
      seedOnStart: env.SEED_ON_START,
      migrate: env.MIGRATE_ON_START,
      template: env.PGLITE_TEMPLATE ? new Blob([readFileSync(env.PGLITE_TEMPLATE)]) : undefined,
    }).then(reportMigrations);
    state.current = opening;
    // A failed open (e.g. PostgreSQL not up yet) is retried by the next call.
    opening.catch(() => {
      if (state.current === opening) state.current = null;
    });
    installShutdownHooks();
  }
  return state.current.then((opened) => opened.db);
}

/**
 * Says what the open applied, or, when the process does not migrate (MIGRATE_ON_START=false, the
 * production default), which migrations the database lacks: `npm run db:migrate` must run first.
 */
async function reportMigrations(opened: OpenedDb): Promise<OpenedDb> {
  if (opened.applied.length > 0) logger.info({ migrations: opened.applied }, "migrations applied");
  if (getApiEnv().MIGRATE_ON_START) return opened;
  const pending = await pendingMigrations(opened).catch((error: unknown) => {
    logger.error({ err: errorFields(error) }, "could not read which migrations the database lacks");
    return [];
  });
  if (pending.length > 0) {
    logger.error(
      { pendingMigrations: pending },
      `the database lacks ${pending.length} migration(s): ${pending.join(", ")}; run npm run db:migrate (or set MIGRATE_ON_START=true)`,
    );
  }
  return opened;
}

const beforeClose: Array<() => Promise<void>> = [];
/** Work to stop before the process-wide database closes (the job runner). */
export function onBeforeCloseDb(hook: () => Promise<void>): void {
  beforeClose.push(hook);
}

/** The process-wide database as opened: its driver and plain SQL access (the job runner). */
export async function getOpenedDb(): Promise<OpenedDb> {
  await getDb();
  return state.current!;
}

/** Closes the process-wide database (and releases the PGlite directory lock). */
export async function closeDb(): Promise<void> {
  for (const hook of beforeClose.splice(0)) await hook().catch(() => undefined);
  const opening = state.current;
  state.current = null;
  if (!opening) return;
  const opened = await opening.catch(() => null);
  await opened?.close();
}

/** Runs `select 1`; throws when the database cannot answer. */
export async function pingDb(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}

/**
 * PGlite killed mid-write can corrupt its directory, so SIGINT/SIGTERM close the database.
 * In a server process the shutdown (runtime/process-lifecycle.mjs) does it once the requests in
 * flight are done (api/start.ts asks it to): closing it on the signal would fail them. Elsewhere
 * (a script, a test) it is closed on the signal; when nobody else listens for the signal, it is
 * raised again after the close so the process ends as it would have; otherwise the other listeners
 * decide when to exit. The lock file is also released on 'exit'.
 */
function installShutdownHooks(): void {
  if (state.hooksInstalled) return;
  state.hooksInstalled = true;
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    const onSignal = () => {
      if (shutdownIsCoordinated()) return;
      const othersListen = process.listenerCount(signal) > 1;
      const closing = Promise.race([
        closeDb().catch((error) => logger.error({ err: errorFields(error) }, "closing the database failed")),
        new Promise((resolve) => setTimeout(resolve, 5_000).unref()),
      ]);
      if (othersListen) return;
      void closing.finally(() => {
        process.off(signal, onSignal);
        process.kill(process.pid, signal);
      });
    };
    process.prependListener(signal, onSignal);
  }
}
