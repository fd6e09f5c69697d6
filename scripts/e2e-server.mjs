// The servers the end-to-end tests run against: a fresh embedded database every run.
// `--api`: the v1 API alone (split mode); with API_BASE_URL set: the web alone, which must not
// open any database (no DATABASE_URL, an unwritable PGLITE_DIR), so a stray open fails loudly.
import { rmSync } from "node:fs";
import { readCommandLine } from "./cli.mjs";
import { e2eDataDir } from "./e2e-data-dir.mjs";

const { values } = readCommandLine({
  usage: `
Usage: node scripts/e2e-server.mjs [--api]

The server the end-to-end tests (playwright.config.ts) run against, on a fresh embedded database
each run (.data-e2e-PORT, or .data-e2e-api-API_PORT with --api: one per port, so that two runs can
go side by side), through scripts/start.mjs.
  --api       the v1 API alone (split mode); with API_BASE_URL set and no --api: the web alone,
              which must open no database
  -h, --help  this text`,
  options: { api: { type: "boolean" } },
});
const apiOnly = Boolean(values.api);
process.env.APP_ENV ??= "local";
if (process.env.API_BASE_URL && !apiOnly) {
  delete process.env.DATABASE_URL;
  process.env.PGLITE_DIR = "/proc/wayfarer-web-has-no-database";
} else {
  const dir = apiOnly ? `.data-e2e-api-${process.env.API_PORT}` : e2eDataDir(process.env.PORT);
  rmSync(dir, { recursive: true, force: true });
  process.env.PGLITE_DIR = `${dir}/pglite`;
  // The run's photos beside its database (fresh each run too).
  process.env.MEDIA_DIR = `${dir}/media`;
}
await import("./start.mjs");
