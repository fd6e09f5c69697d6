// `npm run backup`: the database (pg_dump -Fc of DATABASE_URL) and the photos (a copy of
// MEDIA_DIR) in one folder with a manifest of each file's sha256 (scripts/backup-archive.mjs);
// `npm run restore` brings it back into a new database. docs/deploy.md, "Backups".
import { mkdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import {
  BackupFailure,
  DUMP,
  FORMAT,
  MANIFEST,
  MEDIA,
  backupSettings,
  describeDatabase,
  filesUnder,
  migrationLevel,
  runClientTool,
  sha256,
} from "./backup-archive.mjs";
import { readCommandLine } from "./cli.mjs";

const usage = `
Usage: npm run backup [-- --out DIR]     (node scripts/backup.mjs)

Backs up the database DATABASE_URL (pg_dump -Fc) and the photos and logos in MEDIA_DIR (default
./data/media) into a new folder DIR/wayfarer-backup-<UTC time>, with manifest.json: when, the
database's migration level, and each file's size and sha256. Prints the folder's path. The folder
appears only once complete. With S3_BUCKET set the photos are in the bucket: copy it with the
bucket's own tools (docs/deploy.md); the backup then holds the database alone.
Needs pg_dump (the PostgreSQL client tools, version 15 or later) and the API's settings (from the
environment, or .env). npm run restore -- --help says how to bring a backup back.
  --out DIR   where the backup's folder is made (default ./backups)
  -h, --help  this text`;

const { values } = readCommandLine({ usage, options: { out: { type: "string" } } });

async function backup() {
  const settings = backupSettings("backup");
  const stamp = new Date()
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d+Z$/, "Z");
  const archive = resolve(String(values.out ?? "./backups"), `wayfarer-backup-${stamp}`);
  const partial = `${archive}.partial`;
  await rm(partial, { recursive: true, force: true });
  await mkdir(partial, { recursive: true });
  try {
    const level = await migrationLevel(settings.databaseUrl);
    // The database first, then the photos: a photo's files are written before its row, and never
    // change, so every photo the dump names is in the copy.
    await runClientTool("pg_dump", ["--format=custom", `--file=${join(partial, DUMP)}`], settings.databaseUrl);
    const dump = await readFile(join(partial, DUMP));
    const files = [{ path: DUMP, bytes: dump.length, sha256: sha256(dump) }];
    const media = settings.bucket ? [] : await filesUnder(settings.mediaDir);
    for (const path of media) {
      const bytes = await readFile(join(settings.mediaDir, ...path.split("/")));
      const target = join(partial, MEDIA, ...path.split("/"));
      await mkdir(dirname(target), { recursive: true });
      await writeFile(target, bytes);
      files.push({ path: `${MEDIA}/${path}`, bytes: bytes.length, sha256: sha256(bytes) });
    }
    const manifest = {
      format: FORMAT,
      version: 1,
      createdAt: new Date().toISOString(),
      database: { source: describeDatabase(settings.databaseUrl), migration: level },
      media: settings.bucket
        ? { storage: "bucket", bucket: settings.bucket, files: 0, bytes: 0 }
        : { storage: "disk", files: media.length, bytes: files.slice(1).reduce((sum, file) => sum + file.bytes, 0) },
      files,
    };
    await writeFile(join(partial, MANIFEST), JSON.stringify(manifest, null, 2) + "\n");
    await rename(partial, archive);
    const size = (await stat(join(archive, DUMP))).size;
    console.log(
      `${archive}\n  database: ${manifest.database.source}, migration ${level?.tag ?? "none"}, dump ${size} bytes\n  ` +
        (settings.bucket
          ? `photos: in the bucket ${settings.bucket}, not copied (copy it with the bucket's tools)`
          : `photos: ${manifest.media.files} file(s), ${manifest.media.bytes} bytes from ${resolve(settings.mediaDir)}`),
    );
  } catch (error) {
    await rm(partial, { recursive: true, force: true });
    throw error;
  }
}

try {
  await backup();
} catch (error) {
  console.error(error instanceof BackupFailure ? error.message : `backup failed: ${error?.message ?? error}`);
  process.exitCode = 1;
}
