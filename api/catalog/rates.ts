import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../db/client";
import { exchangeRates } from "../db/schema";
import { minorUnitDigits } from "~contract/money";

/** `EUR=1.09`: a currency and what one unit of it is worth in US dollars. */
export const rateArgument = z
  .string()
  .regex(/^[A-Za-z]{3}=\d{1,6}(\.\d{1,8})?$/, "Write each rate as CUR=dollars, e.g. EUR=1.09.")
  .transform((text) => {
    const [currency, value] = text.split("=");
    return { currency: currency.toUpperCase(), usdPerUnit: Number(value) };
  })
  .refine((rate) => rate.usdPerUnit > 0, "A rate must be above zero.");

/**
 * Sets what one unit of each currency is worth in US dollars, stored per minor unit in US cents
 * (millionths): what the catalog converts prices with.
 */
export async function setRates(db: Db, rates: Array<{ currency: string; usdPerUnit: number }>): Promise<void> {
  for (const { currency, usdPerUnit } of rates) {
    const usdMinorMicros = Math.round(usdPerUnit * 1_000_000 * 10 ** (2 - minorUnitDigits(currency)));
    await db
      .insert(exchangeRates)
      .values({ currency, usdMinorMicros })
      .onConflictDoUpdate({
        target: exchangeRates.currency,
        set: { usdMinorMicros, updatedAt: sql`now()` },
      });
  }
}
