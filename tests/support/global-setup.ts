import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDb } from "../../api/db/client";
import { seed } from "../../api/db/seed";

declare module "vitest" {
  export interface ProvidedContext {
    /** The migrated, seeded PGlite every test file's in-memory database starts from ("" on PostgreSQL). */
    pgliteTemplate: string;
    /** PostgreSQL: the migrated, seeded database each test file's own database is copied from ("" on PGlite). */
    postgresTemplate: string;
  }
}

/** A database's name, quoted for SQL. */
const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The URL of another database on DATABASE_URL's server. */
function databaseUrl(url: string, name: string): string {
  const other = new URL(url);
  other.pathname = `/${name}`;
  return other.href;
}

/** Drops the template and the files' copies (`<base>_template`, `<base>_f_…`) of a run on `base`. */
async function dropTestDatabases(admin: pg.Client, base: string) {
  const { rows } = await admin.query<{ datname: string }>(
    "SELECT datname FROM pg_database WHERE datname = $1 OR datname LIKE $2",
    [`${base}_template`, `${base.replace(/[\\_%]/g, "\\$&")}\\_f\\_%`],
  );
  for (const { datname } of rows) await admin.query(`DROP DATABASE ${quoteIdent(datname)} WITH (FORCE)`);
}

/**
 * Once per run: migrate and seed a database every test file starts from, instead of running every
 * migration again (4.4 s a file before; 1.7 s to load) and seeding again (about 10 s: thousands of
 * seeded bookings; seedDbForThisFile leaves such a copy as it is).
 * - PGlite: an in-memory one, dumped; each file's in-memory database loads the dump
 *   (PGLITE_TEMPLATE, tests/api/helpers/env.ts).
 * - PostgreSQL: a database `<DATABASE_URL's name>_template`; each file gets a copy of its own
 *   (CREATE DATABASE … TEMPLATE, tests/support/database-per-file.ts), so that files no longer share one
 *   database and may run side by side.
 */
export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (url) {
    project.provide("pgliteTemplate", "");
    const base = decodeURIComponent(new URL(url).pathname.slice(1));
    const template = `${base}_template`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      // What an interrupted run left.
      await dropTestDatabases(admin, base);
      await admin.query(`CREATE DATABASE ${quoteIdent(template)}`);
    } finally {
      await admin.end();
    }
    const opened = await openDb({ databaseUrl: databaseUrl(url, template), seedOnStart: false });
    await seed(opened.db, { demoOwners: true });
    await opened.close();
    project.provide("postgresTemplate", databaseUrl(url, template));
    return async () => {
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await dropTestDatabases(cleanup, base);
      await cleanup.end();
    };
  }
  project.provide("postgresTemplate", "");
  const opened = await openDb({ pgliteDir: "memory://", seedOnStart: false });
  await seed(opened.db, { demoOwners: true });
  const dir = mkdtempSync(path.join(tmpdir(), "wayfarer-pglite-template-"));
  const file = path.join(dir, "template.tar");
  writeFileSync(file, Buffer.from(await (await opened.dump!()).arrayBuffer()));
  await opened.close();
  project.provide("pgliteTemplate", file);
  return () => rmSync(dir, { recursive: true, force: true });
}
