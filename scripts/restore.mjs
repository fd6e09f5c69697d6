// `npm run restore -- ARCHIVE`: a backup of `npm run backup` into a new, empty database and an
// empty media folder, every file held to its sha256 first, then the migrations this release adds
// (npm run db:migrate). docs/deploy.md, "Backups".
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import {
  BackupFailure,
  DUMP,
  MEDIA,
  backupSettings,
  checkArchive,
  describeDatabase,
  filesUnder,
  journal,
  query,
  readManifest,
  runClientTool,
  sha256,
} from "./backup-archive.mjs";
import { readCommandLine } from "./cli.mjs";

const usage = `
Usage: npm run restore -- ARCHIVE [--check]     (node scripts/restore.mjs)

Restores the backup folder ARCHIVE (made by npm run backup) into the database DATABASE_URL and the
folder MEDIA_DIR (default ./data/media), then applies the migrations this release adds (npm run
db:migrate), so a backup of an older release comes up to date. First holds every file of ARCHIVE
to its manifest (size and sha256) and refuses any difference; refuses a database that holds any
table or schema of its own (create a new one: createdb) and a MEDIA_DIR that holds any file. With
S3_BUCKET set, the photos go back to the bucket with its own tools (docs/deploy.md): only the
database is restored. Needs pg_restore (the PostgreSQL client tools, version 15 or later), the
build (npm run build) and the API's settings (from the environment, or .env).
  --check     only hold ARCHIVE to its manifest, restore nothing
  -h, --help  this text`;

const { values, positionals } = readCommandLine({ usage, options: { check: { type: "boolean" } }, positionals: true });
if (positionals.length !== 1) {
  process.stderr.write(`Name one backup folder (got ${positionals.length}).\n\n${usage.trim()}\n`);
  process.exit(2);
}
const archive = resolve(positionals[0]);

/** What in the database is not PostgreSQL's own: schemas (public aside) and relations. */
async function databaseContents(databaseUrl) {
  const rows = await query(
    databaseUrl,
    `select nspname as name from pg_namespace
       where nspname not in ('public', 'information_schema') and nspname not like 'pg\\_%'
     union all
     select n.nspname || '.' || c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname not in ('information_schema') and n.nspname not like 'pg\\_%'`,
  );
  return rows.map((row) => row.name);
}

/** npm run db:migrate on the restored database (the build's migration step, as a release runs it). */
function migrate() {
  const script = fileURLToPath(new URL("./db-migrate.mjs", import.meta.url));
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [script], { stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk.toString()));
    child.stderr.on("data", (chunk) => (output += chunk.toString()));
    child.on("exit", (code) =>
      code === 0
        ? resolvePromise(output.trim())
        : reject(new BackupFailure(`the database is restored, but db:migrate failed: ${output.trim()}`)),
    );
  });
}

async function restore() {
  const manifest = readManifest(archive);
  const problems = await checkArchive(archive, manifest);
  if (problems.length > 0)
    throw new BackupFailure(`${archive} does not match its manifest; nothing restored:\n  ${problems.join("\n  ")}`);
  const media = manifest.files.filter((file) => file.path.startsWith(`${MEDIA}/`));
  if (values.check) {
    return `${archive}: every file matches the manifest (${manifest.files.length} files, made ${manifest.createdAt})`;
  }

  const settings = backupSettings("restore");
  // The migrations run last: without the build they could not, so nothing starts.
  if (!existsSync(new URL("../build/api/migrate.js", import.meta.url)))
    throw new BackupFailure(
      "restore: build/api/migrate.js is missing; run npm run build first (restore ends with db:migrate)",
    );
  const newest = journal().at(-1);
  const level = manifest.database.migration;
  if (level && newest && level.when > newest.when)
    throw new BackupFailure(
      `the backup is at migration ${level.tag ?? level.when}, newer than this release's newest (${newest.tag}): restore it with the release that made it`,
    );
  const target = describeDatabase(settings.databaseUrl);
  const found = await databaseContents(settings.databaseUrl);
  if (found.length > 0)
    throw new BackupFailure(
      `${target} is not empty (${found.slice(0, 3).join(", ")}${found.length > 3 ? ", …" : ""}): ` +
        "restore into a new database (createdb), never over one in use",
    );
  const mediaDir = resolve(settings.mediaDir);
  if (!settings.bucket && (await filesUnder(mediaDir)).length > 0)
    throw new BackupFailure(`MEDIA_DIR ${mediaDir} holds files: restore into an empty folder`);

  // One transaction: a failure leaves the database as empty as it was.
  await runClientTool(
    "pg_restore",
    ["--no-owner", "--no-privileges", "--single-transaction", "--exit-on-error", join(archive, DUMP)],
    settings.databaseUrl,
  );
  if (!settings.bucket) {
    for (const file of media) {
      const target = join(mediaDir, ...file.path.slice(MEDIA.length + 1).split("/"));
      const bytes = await readFile(join(archive, ...file.path.split("/")));
      // Read again here: held to the manifest once more, in case the archive changed meanwhile.
      if (sha256(bytes) !== file.sha256)
        throw new BackupFailure(`${file.path} changed during the restore: restore again`);
      await mkdir(dirname(target), { recursive: true });
      await writeFile(target, bytes);
    }
  }
  const migrated = await migrate();
  return [
    `${archive} restored into ${target} (from migration ${level?.tag ?? "none"})`,
    settings.bucket
      ? `photos: the backup's ${media.length} file(s) are not put in the bucket ${settings.bucket}: copy ${join(archive, MEDIA)} there with its tools`
      : `photos: ${media.length} file(s) into ${mediaDir}`,
    migrated,
  ].join("\n  ");
}

try {
  console.log(await restore());
} catch (error) {
  console.error(error instanceof BackupFailure ? error.message : `restore failed: ${error?.message ?? error}`);
  process.exitCode = 1;
}
