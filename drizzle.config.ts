import { defineConfig } from "drizzle-kit";

// `npm run db:generate` writes SQL migrations for api/db/schema.ts.
// They are applied by api/db/client.ts at start-up on PGlite and PostgreSQL alike.
export default defineConfig({
  dialect: "postgresql",
  schema: "./api/db/schema.ts",
  out: "./api/db/migrations",
  strict: true,
  verbose: true,
});
