/**
 * `npm run seed`: writes the generated seed images into public/images/ and replaces
 * the catalog (accounts, experiences, services, ticket types, slots, and the demo travellers'
 * bookings behind the departures' taken seats) in the database named by DATABASE_URL, or in the
 * PGlite directory PGLITE_DIR (default ./data/pglite). Safe to run again: the same rows are
 * produced, with departures from today. A booking that is not the seed's own (a demo traveller's)
 * is real: a database holding one is refused unless --force; production always.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { count, notLike } from "drizzle-orm";
import { isProduction } from "../runtime/production-preflight.mjs";
import { readCommandLine } from "./cli.mjs";

const { values } = readCommandLine({
  usage: `
Usage: npm run seed [-- --force]     (tsx scripts/seed.ts)

Replaces the demo catalog (accounts, experiences, services, ticket types, departures, and the demo
travellers' bookings that take their seats) in the database of DATABASE_URL, or the PGlite directory
PGLITE_DIR (default ./data/pglite; stop the server first), and writes the seed images into
public/images/. It deletes every booking with it, so it refuses a database that holds a booking of
its own (not a demo traveller's) unless --force is given, and always with APP_ENV=production.
  --force     replace the catalog even though the database holds bookings (never in production)
  -h, --help  this text`,
  options: { force: { type: "boolean" } },
});

async function writeImages(publicDir: string): Promise<number> {
  const { SEED_ACCOUNTS } = await import("../api/db/seed-data/accounts");
  const { SEED_EXPERIENCES } = await import("../api/db/seed-data/build");
  const { seedImageFiles } = await import("../api/db/seed-data/images");
  let written = 0;
  for (const file of seedImageFiles(SEED_ACCOUNTS, SEED_EXPERIENCES)) {
    const target = path.join(publicDir, file.relativePath);
    let current: string | null = null;
    try {
      current = readFileSync(target, "utf8");
    } catch {
      current = null;
    }
    if (current === file.content) continue;
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, file.content);
    written++;
  }
  return written;
}

async function main(): Promise<void> {
  if (isProduction(process.env)) {
    throw new Error("seed: refused with APP_ENV=production (demo data is never loaded in production)");
  }
  // Loaded after the command line is read: --help opens nothing.
  const { openDb } = await import("../api/db/client");
  const { seed } = await import("../api/db/seed");
  const { bookings } = await import("../api/db/schema");
  const { DEMO_TRAVELLER_PREFIX } = await import("../api/db/seed-data/bookings");
  const { getApiEnv, identityEnv } = await import("../api/env");
  const env = getApiEnv();
  const target = env.DATABASE_URL ? "PostgreSQL (DATABASE_URL)" : `PGlite at ${env.PGLITE_DIR}`;
  const opened = await openDb({ databaseUrl: env.DATABASE_URL, pgliteDir: env.PGLITE_DIR, seedOnStart: false });
  try {
    const [held] = await opened.db
      .select({ bookings: count() })
      .from(bookings)
      .where(notLike(bookings.userId, `${DEMO_TRAVELLER_PREFIX}%`));
    if (held.bookings > 0 && !values.force) {
      throw new Error(
        `seed: refused: ${target} holds ${held.bookings} booking(s), which the seed would delete with the catalog. ` +
          "Run npm run seed -- --force to replace it anyway.",
      );
    }
    const written = await writeImages(path.resolve(process.cwd(), "public"));
    console.log(`images: ${written} file(s) written to public/images`);
    const summary = await seed(opened.db, { demoOwners: identityEnv.emulatorHost !== null });
    console.log(
      `seeded ${target}: ${summary.accounts} accounts, ${summary.experiences} experiences, ` +
        `${summary.services} services, ${summary.ticketTypes} ticket types, ${summary.slots} slots, ` +
        `${summary.bookings} bookings ` +
        `in ${summary.milliseconds} ms`,
    );
  } finally {
    await opened.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
