/**
 * The migration step (`npm run db:migrate`: scripts/db-migrate.mjs runs this, bundled as
 * build/api/migrate.js): applies the pending migrations to DATABASE_URL, or to the PGlite
 * directory PGLITE_DIR, under the advisory lock every process takes to migrate
 * (api/db/client.ts), so several runs at once apply each migration once. Reads the API's
 * environment (api/env.ts).
 */
import { getApiEnv } from "../env";
import { openDb } from "./client";
import { journalMigrations } from "./migration-status";

export interface MigrationRun {
  /** Where: "PostgreSQL (DATABASE_URL)" or "PGlite at <dir>". */
  target: string;
  /** The migrations this run applied, oldest first ([]: the database was current). */
  applied: string[];
  /** How many migrations the journal holds. */
  total: number;
  milliseconds: number;
}

export async function migrateDatabase(): Promise<MigrationRun> {
  const env = getApiEnv();
  const target = env.DATABASE_URL ? "PostgreSQL (DATABASE_URL)" : `PGlite at ${env.PGLITE_DIR}`;
  const started = performance.now();
  try {
    const opened = await openDb({ databaseUrl: env.DATABASE_URL, pgliteDir: env.PGLITE_DIR, migrate: true });
    await opened.close();
    return {
      target,
      applied: opened.applied,
      total: journalMigrations().length,
      milliseconds: Math.round(performance.now() - started),
    };
  } catch (error) {
    throw new Error(`db:migrate failed on ${target}: ${error instanceof Error ? error.message : String(error)}`);
  }
}
