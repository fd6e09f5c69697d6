import type { Db } from "~api/db/client";

/**
 * Counts statements sent to the driver (PGlite or pg Pool) while `fn` runs, by
 * wrapping the `query` method drizzle calls on its client.
 */
export async function countQueries(db: Db, fn: () => Promise<unknown>): Promise<number> {
  const client = (db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
  const original = client.query;
  let count = 0;
  client.query = function (this: unknown, ...args: unknown[]) {
    // The local test clock's offset is re-read at most once a second (api/clock.ts): not per request.
    if (!/from "app_clock"/.test(String(args[0]))) count++;
    return original.apply(this, args);
  };
  try {
    await fn();
  } finally {
    client.query = original;
  }
  return count;
}
