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
    // (PGlite is given the SQL text, node-postgres a { text, values } query config.)
    const text = typeof args[0] === "string" ? args[0] : String((args[0] as { text?: unknown } | undefined)?.text);
    if (!/from "app_clock"/.test(text)) count++;
    return original.apply(this, args);
  };
  try {
    await fn();
  } finally {
    client.query = original;
  }
  return count;
}
