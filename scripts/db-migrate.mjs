// `npm run db:migrate`: the migrations as a deployment step (build/api/migrate.js, from
// api/db/migrate.ts). Production processes do not migrate on start unless MIGRATE_ON_START=true.
import { importBuilt, readCommandLine } from "./cli.mjs";

readCommandLine({
  usage: `
Usage: npm run db:migrate     (node scripts/db-migrate.mjs)

Applies the pending database migrations (api/db/migrations) to DATABASE_URL, or locally to the
PGlite directory PGLITE_DIR (default ./data/pglite; stop the server first), and prints what it
applied. Safe when several run at once: they take turns on an advisory lock, and each migration is
applied once. Reads the API's settings (with APP_ENV=production they must be complete). Needs the
build (npm run build).
  -h, --help  this text`,
});
const { migrateDatabase } = await importBuilt("migrate", "db:migrate");
try {
  const { target, applied, total, milliseconds } = await migrateDatabase();
  if (applied.length === 0)
    console.log(`${target} is current: all ${total} migrations applied before (${milliseconds} ms)`);
  else
    console.log(`${target}: applied ${applied.length} migration(s) in ${milliseconds} ms\n  ${applied.join("\n  ")}`);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
}
