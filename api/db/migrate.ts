/**
 * `npm run db:migrate` (scripts/db-migrate.mjs runs this, bundled as build/api/migrate.js):
 * applies the pending migrations to DATABASE_URL, or to the PGlite directory PGLITE_DIR, under
 * the advisory lock every process takes to migrate (api/db/client.ts), so several runs at once
 * apply each migration once. Prints what it applied. Reads the API's environment (api/env.ts).
 */
import { getApiEnv } from "../env";
import { openDb } from "./client";
import { journalMigrations } from "./migration-status";

const env = getApiEnv();
const target = env.DATABASE_URL ? "PostgreSQL (DATABASE_URL)" : `PGlite at ${env.PGLITE_DIR}`;
const started = performance.now();
try {
  const opened = await openDb({ databaseUrl: env.DATABASE_URL, pgliteDir: env.PGLITE_DIR, migrate: true });
  await opened.close();
  const took = `${(performance.now() - started).toFixed(0)} ms`;
  if (opened.applied.length === 0) {
    console.log(`${target} is current: all ${journalMigrations().length} migrations applied before (${took})`);
  } else {
    console.log(`${target}: applied ${opened.applied.length} migration(s) in ${took}`);
    for (const tag of opened.applied) console.log(`  ${tag}`);
  }
} catch (error) {
  console.error(`db:migrate failed on ${target}: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
