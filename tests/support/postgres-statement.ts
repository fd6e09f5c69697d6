import pg from "pg";

/** One statement on the PostgreSQL database at `url`, on a connection of its own (closed after): its rows. */
export async function onPostgres<Row = Record<string, unknown>>(
  url: string | undefined,
  text: string,
  values: unknown[] = [],
): Promise<Row[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as Row[];
  } finally {
    await client.end();
  }
}
