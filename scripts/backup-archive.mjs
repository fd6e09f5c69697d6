// What `npm run backup` writes and `npm run restore` reads (scripts/backup.mjs, scripts/restore.mjs):
// one folder holding `database.dump` (pg_dump -Fc of DATABASE_URL), `media/` (a copy of MEDIA_DIR)
// and `manifest.json` (when, the migration level, and each file's size and sha256). Plain Node and
// the PostgreSQL client tools (pg_dump, pg_restore), so it runs wherever those and the `pg` package
// are: the host, or a one-off container of the image with the client installed (docs/deploy.md).
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import { join, relative, sep } from "node:path";
import pg from "pg";

export const MANIFEST = "manifest.json";
export const DUMP = "database.dump";
export const MEDIA = "media";
export const FORMAT = "wayfarer-backup";

/** A failure the person running the command can act on: printed as it is, exit 1. */
export class BackupFailure extends Error {
  name = "BackupFailure";
}

/** The settings the scripts read, as the server reads them (and from .env when there is one). */
export function backupSettings(command) {
  if (existsSync(".env")) process.loadEnvFile(".env");
  const databaseUrl = process.env.DATABASE_URL?.trim();
  if (!databaseUrl) {
    throw new BackupFailure(
      `${command}: DATABASE_URL is not set. ${command} works on PostgreSQL; the embedded database (PGLITE_DIR) ` +
        "is a folder: copy ./data with the server stopped.",
    );
  }
  if (!/^postgres(ql)?:\/\/\S+$/.test(databaseUrl))
    throw new BackupFailure(`${command}: DATABASE_URL must be a postgres:// or postgresql:// URL`);
  return {
    databaseUrl,
    mediaDir: process.env.MEDIA_DIR?.trim() || "./data/media",
    bucket: process.env.S3_BUCKET?.trim() || null,
  };
}

/** The database's name and host, for messages: never its password. */
export function describeDatabase(databaseUrl) {
  const url = new URL(databaseUrl);
  return `database ${decodeURIComponent(url.pathname.slice(1)) || "(default)"} on ${url.host || "localhost"}`;
}

/**
 * Runs a PostgreSQL client tool on `databaseUrl`: the password goes through PGPASSWORD, never on
 * the command line (where `ps` shows it). Its error output is the failure's message.
 */
export function runClientTool(tool, args, databaseUrl) {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = "";
  return new Promise((resolve, reject) => {
    const child = spawn(tool, [...args, `--dbname=${url.toString()}`], {
      env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let errors = "";
    child.stderr.on("data", (chunk) => (errors += chunk.toString()));
    child.on("error", (error) =>
      reject(
        new BackupFailure(
          error.code === "ENOENT"
            ? `${tool} is not installed here: install the PostgreSQL client tools (Debian: apt-get install postgresql-client-15), docs/deploy.md`
            : `${tool}: ${error.message}`,
        ),
      ),
    );
    child.on("exit", (code) =>
      code === 0
        ? resolve()
        : reject(
            new BackupFailure(`${tool} failed (exit ${code}) on ${describeDatabase(databaseUrl)}:\n${errors.trim()}`),
          ),
    );
  });
}

/** One query on its own connection. */
export async function query(databaseUrl, text) {
  const client = new pg.Client({ connectionString: databaseUrl });
  try {
    await client.connect();
  } catch (error) {
    throw new BackupFailure(`could not connect to ${describeDatabase(databaseUrl)}: ${error.message}`);
  }
  try {
    return (await client.query(text)).rows;
  } finally {
    await client.end();
  }
}

/** The migrations this release knows, oldest first (api/db/migrations/meta/_journal.json). */
export function journal() {
  const path = new URL("../api/db/migrations/meta/_journal.json", import.meta.url);
  const { entries } = JSON.parse(readFileSync(path, "utf8"));
  return entries.map(({ tag, when }) => ({ tag, when })).sort((a, b) => a.when - b.when);
}

/** The newest migration applied to the database ({ tag, when }), or null when none is. */
export async function migrationLevel(databaseUrl) {
  const [{ present }] = await query(
    databaseUrl,
    "select to_regclass('drizzle.__drizzle_migrations') is not null as present",
  );
  if (!present) return null;
  const [{ newest }] = await query(databaseUrl, "select max(created_at) as newest from drizzle.__drizzle_migrations");
  if (newest === null) return null;
  const when = Number(newest);
  return { tag: journal().find((entry) => entry.when === when)?.tag ?? null, when };
}

/** The sha256 of some bytes, in hex. */
export const sha256 = (bytes) => createHash("sha256").update(bytes).digest("hex");

/** Every file under `dir` (paths relative to it, with `/`), skipping the disk storage's half-written `*.partial`. */
export async function filesUnder(dir) {
  if (!existsSync(dir)) return [];
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && !entry.name.endsWith(".partial"))
    .map((entry) =>
      relative(dir, join(entry.parentPath ?? entry.path, entry.name))
        .split(sep)
        .join("/"),
    )
    .sort();
}

/** The manifest of the archive at `archive`, checked for its shape. */
export function readManifest(archive) {
  const path = join(archive, MANIFEST);
  if (!existsSync(path)) throw new BackupFailure(`${archive} holds no ${MANIFEST}: not a backup of npm run backup`);
  let manifest;
  try {
    manifest = JSON.parse(readFileSync(path, "utf8"));
  } catch {
    throw new BackupFailure(`${path} is not JSON`);
  }
  if (manifest?.format !== FORMAT || manifest.version !== 1 || !Array.isArray(manifest.files))
    throw new BackupFailure(`${path} is not a ${FORMAT} manifest of version 1`);
  return manifest;
}

/**
 * Holds every file of the archive to its manifest: each listed file present with its size and
 * sha256, and no file the manifest does not list. The problems found, [] when none.
 */
export async function checkArchive(archive, manifest) {
  const problems = [];
  const listed = new Set();
  for (const file of manifest.files) {
    listed.add(file.path);
    const path = join(archive, ...String(file.path).split("/"));
    if (!/^(database\.dump|media\/.+)$/.test(file.path) || file.path.split("/").includes("..")) {
      problems.push(`${file.path}: not a path a backup holds`);
      continue;
    }
    const bytes = await readFile(path).catch(() => null);
    if (!bytes) problems.push(`${file.path}: missing`);
    else if (bytes.length !== file.bytes || sha256(bytes) !== file.sha256)
      problems.push(`${file.path}: its bytes differ from the manifest's (size or sha256)`);
  }
  if (!listed.has(DUMP)) problems.push(`${DUMP}: not in the manifest`);
  for (const path of await filesUnder(join(archive, MEDIA)))
    if (!listed.has(`${MEDIA}/${path}`)) problems.push(`${MEDIA}/${path}: not in the manifest`);
  return problems;
}
