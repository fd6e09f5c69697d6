/**
 * `npm run rates -- EUR=1.09 CAD=0.73`: what one unit of each currency is worth in US dollars,
 * for the catalog's "≈ US$" prices, its price sort and its price filter. Without arguments,
 * prints the rates. Writes to DATABASE_URL, or to the PGlite directory (stop the server first:
 * PGlite has one writer).
 */
import { readCommandLine } from "./cli.mjs";

const { positionals } = readCommandLine({
  usage: `
Usage: npm run rates [-- CUR=usd ...]     (tsx scripts/rates.ts)

Without arguments, prints the exchange rates. With CUR=value arguments (e.g. EUR=1.09 CAD=0.73:
what one unit is worth in US dollars), sets them, then prints them. Writes to DATABASE_URL, or to
the PGlite directory PGLITE_DIR (stop the server first: PGlite has one writer).
  -h, --help  this text`,
  positionals: true,
});

async function main(): Promise<void> {
  // Loaded after the command line is read: --help opens nothing.
  const { openDb } = await import("../api/db/client");
  const { exchangeRates } = await import("../api/db/schema");
  const { rateArgument, setRates } = await import("../api/catalog/rates");
  const { getApiEnv } = await import("../api/env");
  const parsed = positionals.map((argument) => rateArgument.safeParse(argument));
  const bad = parsed.find((result) => !result.success);
  if (bad && !bad.success) throw new Error(bad.error.issues[0].message);
  const env = getApiEnv();
  const opened = await openDb({ databaseUrl: env.DATABASE_URL, pgliteDir: env.PGLITE_DIR, seedOnStart: false });
  try {
    const rates = parsed.flatMap((result) => (result.success ? [result.data] : []));
    if (rates.length > 0) await setRates(opened.db, rates);
    for (const row of await opened.db.select().from(exchangeRates).orderBy(exchangeRates.currency)) {
      console.log(
        `${row.currency}  ${row.usdMinorMicros / 1_000_000} US cents per minor unit  (${row.updatedAt.toISOString()})`,
      );
    }
  } finally {
    await opened.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
