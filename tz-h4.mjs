import { PGlite } from "@electric-sql/pglite";
const db = await PGlite.create("memory://");
console.log((await db.query("select version(), to_char('2026-03-01T12:00:00Z'::timestamptz at time zone 'America/Vancouver', 'HH24:MI') mar1, to_char('2026-07-01T12:00:00Z'::timestamptz at time zone 'America/Vancouver', 'HH24:MI') jul, to_char('2027-01-01T12:00:00Z'::timestamptz at time zone 'America/Vancouver', 'HH24:MI') jan27")).rows);
