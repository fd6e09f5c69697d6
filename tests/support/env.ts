/**
 * Test environment of the API suite; import it before anything from ~api.
 * PGlite in memory by default, each file's from the run's migrated template; PostgreSQL when
 * DATABASE_URL is set. The tests seed explicitly, so seeding on open is off. Identity tests use the Firebase Auth emulator
 * (started before vitest by `npm test` and CI).
 */
import { tmpdir } from "node:os";
import { join } from "node:path";
import { inject } from "vitest";

if (!process.env.DATABASE_URL) {
  process.env.PGLITE_DIR = "memory://";
  // Migrated and seeded once for the run (tests/support/global-setup.ts).
  const template = inject("pgliteTemplate");
  if (template) process.env.PGLITE_TEMPLATE = template;
}
process.env.SEED_ON_START = "false";
// Photos on a directory of the run's own, not the checkout's data/.
process.env.MEDIA_DIR ||= join(tmpdir(), `wayfarer-test-media-${process.pid}`);
// One trusted proxy: the test client's X-Forwarded-For (one address) is the caller's address.
process.env.TRUST_PROXY ||= "1";
// Warnings and errors only: tests that expect an error log spy on the logger.
process.env.LOG_LEVEL ||= "warn";
process.env.FIREBASE_AUTH_EMULATOR_HOST ||= "127.0.0.1:9099";
process.env.FIREBASE_PROJECT_ID ||= "demo-wayfarer";

export const usingPostgres = Boolean(process.env.DATABASE_URL);
