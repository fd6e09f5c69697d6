/**
 * `npm run rates` (scripts/rates.mjs runs this, bundled as build/api/rates.js): sets the exchange
 * rates given as CUR=dollars arguments, then prints every rate.
 */
import { rateArgument, setRates } from "../catalog/rates";
import { exchangeRates } from "../db/schema";
import { checkArguments } from "./arguments";
import { withCommandDatabase } from "./database";

/** The rates as printed, one line each, by currency. */
export async function runRates(argumentsGiven: string[]): Promise<string[]> {
  const rates = argumentsGiven.map((argument) => checkArguments(rateArgument, argument, { "": argument }));
  return withCommandDatabase(async ({ db }) => {
    if (rates.length > 0) await setRates(db, rates);
    const rows = await db.select().from(exchangeRates).orderBy(exchangeRates.currency);
    return rows.map(
      (row) =>
        `${row.currency}  ${row.usdMinorMicros / 1_000_000} US cents per minor unit  (${row.updatedAt.toISOString()})`,
    );
  });
}
