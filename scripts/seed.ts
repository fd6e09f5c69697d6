/**
 * `npm run seed`: writes the generated seed images into public/images/ and replaces
 * the catalog (accounts, experiences, services, ticket types, slots) in the database
 * named by DATABASE_URL, or in the PGlite directory PGLITE_DIR (default ./data/pglite).
 * Safe to run again: the same rows are produced, with departures from today.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { openDb } from "../api/db/client";
import { seed } from "../api/db/seed";
import { SEED_ACCOUNTS } from "../api/db/seed-data/accounts";
import { SEED_EXPERIENCES } from "../api/db/seed-data/build";
import { seedImageFiles } from "../api/db/seed-data/images";
import { getApiEnv } from "../api/env";

function writeImages(publicDir: string): number {
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
  const env = getApiEnv();
  const written = writeImages(path.resolve(process.cwd(), "public"));
  console.log(`images: ${written} file(s) written to public/images`);

  const target = env.DATABASE_URL ? "PostgreSQL (DATABASE_URL)" : `PGlite at ${env.PGLITE_DIR}`;
  const opened = await openDb({ databaseUrl: env.DATABASE_URL, pgliteDir: env.PGLITE_DIR, seedOnStart: false });
  try {
    const summary = await seed(opened.db);
    console.log(
      `seeded ${target}: ${summary.accounts} accounts, ${summary.experiences} experiences, ` +
        `${summary.services} services, ${summary.ticketTypes} ticket types, ${summary.slots} slots ` +
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
