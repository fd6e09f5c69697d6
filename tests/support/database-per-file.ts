/**
 * Before each test file (vitest `setupFiles`), on PostgreSQL: the file's own database, a copy of
 * the run's migrated and seeded template (tests/support/global-setup.ts), becomes DATABASE_URL, and is
 * dropped after the file. Processes the file starts inherit it. PGlite needs nothing here: each
 * file's in-memory database is its own already.
 */
import { afterAll, inject } from "vitest";

const template = inject("postgresTemplate");
// The run's database, as the first file of this process found it: files that share a process
// (vitest.config.ts) each set DATABASE_URL to their own copy below.
const SHARED = Symbol.for("tests.sharedDatabaseUrl");
const processState = globalThis as { [SHARED]?: string };
processState[SHARED] ??= process.env.DATABASE_URL;
const shared = processState[SHARED];
if (template && shared) {
  // Imported here only: PGlite runs (every unit file too) load nothing more.
  const { onPostgres } = await import("./postgres-statement");
  const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;
  const base = decodeURIComponent(new URL(shared).pathname.slice(1));
  // Names the global setup drops when a run was interrupted (`<base>_f_…`).
  const name = `${base}_f_${process.env.VITEST_POOL_ID ?? 0}_${process.pid}_${Date.now().toString(36)}`;
  // On the run's database, not the template: a template with a session on it cannot be copied.
  const admin = (statement: string) => onPostgres(shared, statement);
  // WAL_LOG, the default strategy: about 2 s for the 18 MB seed on a busy machine; FILE_COPY's
  // checkpoints made it 3–5 s, and its drop 2.5 s instead of 0.8 s.
  await admin(
    `CREATE DATABASE ${quoteIdent(name)} TEMPLATE ${quoteIdent(decodeURIComponent(new URL(template).pathname.slice(1)))}`,
  );
  const own = new URL(shared);
  own.pathname = `/${name}`;
  process.env.DATABASE_URL = own.href;
  // Its own Redis keys and change channel too: files side by side share the run's Redis.
  process.env.REDIS_KEY_PREFIX = `${name}:`;
  // Settings parsed by an earlier file of this process named its own copy.
  const { forgetApiEnv } = await import("~api/env");
  forgetApiEnv();
  // The copy is the seed already: seedDbForThisFile does not seed it again.
  process.env.POSTGRES_TEMPLATE = template;
  // After the file's own afterAll hooks (closeDb). Not WITH (FORCE): a connection the file left
  // open would fail with an unhandled error; such a copy is dropped by the run's teardown instead.
  afterAll(async () => {
    await admin(`DROP DATABASE IF EXISTS ${quoteIdent(name)}`).catch(() => undefined);
  });
}
