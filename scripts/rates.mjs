// `npm run rates`: the exchange rates, printed or set (build/api/rates.js, from api/cli/rates.ts).
// Plain Node over the build, so it runs in the production image as db:migrate does.
import { importBuilt, readCommandLine, reportFailure } from "./cli.mjs";

const usage = `
Usage: npm run rates [-- CUR=usd ...]     (node scripts/rates.mjs)

Without arguments, prints the exchange rates. With CUR=value arguments (e.g. EUR=1.09 CAD=0.73:
what one unit is worth in US dollars), sets them, then prints them. Writes to DATABASE_URL, or to
the PGlite directory PGLITE_DIR (stop the server first: PGlite has one writer). Reads the API's
settings (with APP_ENV=production they must be complete). Needs the build (npm run build).
  -h, --help  this text`;

const { positionals } = readCommandLine({ usage, positionals: true });
const { runRates } = await importBuilt("rates", "rates");
try {
  for (const line of await runRates(positionals)) console.log(line);
} catch (error) {
  process.exitCode = reportFailure(error, usage);
}
