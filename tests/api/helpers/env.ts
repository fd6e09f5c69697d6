/**
 * Test environment of the API suite; import it before anything from ~api.
 * PGlite in memory by default; PostgreSQL when DATABASE_URL is set. The tests seed
 * explicitly, so seeding on open is off.
 */
if (!process.env.DATABASE_URL) process.env.PGLITE_DIR = "memory://";
process.env.SEED_ON_START = "false";

export const usingPostgres = Boolean(process.env.DATABASE_URL);
