/**
 * The restore drill (docs/deploy.md, "Backups"): `npm run backup` of a seeded PostgreSQL database
 * and its photos, then `npm run restore` into a new database and an empty media folder gives the
 * same operators, bookings and photo bytes, and a built server on it is ready (every migration
 * applied) and serves the photo. A backup whose file was changed, or a database that is not empty,
 * is refused with nothing written; a backup of an older migration level is brought up to date.
 * Needs DATABASE_URL (CI: .ci/run's built-app PostgreSQL step), the build and pg_dump/pg_restore;
 * works on its own databases on that server (wayfarer_backup_*), created and dropped here.
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBuiltServer } from "./built-server";
import { onPostgres } from "../support/postgres-statement";
import { stretched } from "../support/time-limits";

const DATABASE_URL = process.env.DATABASE_URL;
const DATABASES = ["src", "dst", "tampered", "old", "old_dst"].map((name) => `wayfarer_backup_${name}`);

/** A database of this file's, beside DATABASE_URL's. */
function urlOf(database: string): string {
  const url = new URL(DATABASE_URL ?? "postgres://unused/none");
  url.pathname = `/${database}`;
  return url.toString();
}

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** A script of ours with only PATH, HOME and `env` (nothing of this shell's setting), from `cwd`. */
function run(script: string, args: string[], env: Record<string, string>, cwd = process.cwd()): Promise<Run> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [resolve(script), ...args], {
      cwd,
      env: {
        PATH: process.env.PATH ?? "",
        HOME: process.env.HOME ?? "",
        NODE_ENV: "test",
        FIREBASE_AUTH_EMULATOR_HOST: process.env.FIREBASE_AUTH_EMULATOR_HOST ?? "127.0.0.1:9099",
        LOG_LEVEL: "warn",
        ...env,
      },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("exit", (code) => done({ code, stdout, stderr }));
  });
}

/** What the drill compares: operators, bookings by status, users. */
const counts = (database: string) =>
  onPostgres<{ operators: number; bookings: number; confirmed: number; users: number }>(
    urlOf(database),
    `select (select count(*) from accounts)::int as operators, (select count(*) from bookings)::int as bookings,
       (select count(*) from bookings where status = 'confirmed')::int as confirmed,
       (select count(*) from users)::int as users`,
  ).then((rows) => rows[0]);

/** The tables of a database (none: it is empty). */
const tables = (database: string) =>
  onPostgres<{ name: string }>(
    urlOf(database),
    "select table_schema || '.' || table_name as name from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema')",
  );

const PHOTO_KEY = "photos/exp_backup_drill/ph_backup_drill/960.avif";

describe.skipIf(!DATABASE_URL)("npm run backup, then npm run restore into a new database (the restore drill)", () => {
  const work = mkdtempSync(join(tmpdir(), "wayfarer-backup-"));
  const media = join(work, "media");
  const photo = randomBytes(40_000);
  let archive: string;

  beforeAll(async () => {
    for (const database of DATABASES) {
      await onPostgres(DATABASE_URL, `drop database if exists ${database} with (force)`);
      await onPostgres(DATABASE_URL, `create database ${database}`);
    }
    // The source: migrated and seeded (four operators, their catalog and bookings) by the server itself.
    const seeding = await startBuiltServer({
      env: { DATABASE_URL: urlOf("wayfarer_backup_src"), REDIS_URL: "", JOBS_ENABLED: "false", MEDIA_DIR: media },
      readyPath: "/health/ready",
    });
    await seeding.stop();
    // A photo's file in MEDIA_DIR, where the disk storage writes it, and a half-written one it skips.
    mkdirSync(join(media, "photos/exp_backup_drill/ph_backup_drill"), { recursive: true });
    writeFileSync(join(media, PHOTO_KEY), photo);
    writeFileSync(join(media, `${PHOTO_KEY}.123.partial`), "half");
  }, stretched(240_000));

  afterAll(async () => {
    for (const database of DATABASES) await onPostgres(DATABASE_URL, `drop database if exists ${database} with (force)`);
    rmSync(work, { recursive: true, force: true });
  }, stretched(60_000));

  it("backs up the database and the photos into one folder with a manifest of sha256s, printing no secret", async () => {
    const source = await counts("wayfarer_backup_src");
    expect(source.operators).toBeGreaterThanOrEqual(4);
    expect(source.confirmed).toBeGreaterThan(0);
    // The password is never printed (CI's server trusts local connections and ignores the one given).
    const url = new URL(urlOf("wayfarer_backup_src"));
    url.password ||= "backup-drill-secret";
    const secret = decodeURIComponent(url.password);
    const made = await run("scripts/backup.mjs", ["--out", join(work, "backups")], {
      DATABASE_URL: url.toString(),
      MEDIA_DIR: media,
    });
    expect(made.code, made.stderr).toBe(0);
    expect(made.stdout + made.stderr).not.toContain(secret);
    [archive] = made.stdout.split("\n");
    expect(archive).toMatch(/wayfarer-backup-\d{8}T\d{6}Z$/);
    expect(readdirSync(join(work, "backups"))).toEqual([archive.split("/").at(-1)]);
    const manifest = JSON.parse(readFileSync(join(archive, "manifest.json"), "utf8"));
    expect(manifest).toMatchObject({
      format: "wayfarer-backup",
      version: 1,
      database: { migration: { tag: expect.stringMatching(/^\d{4}_/) } },
      media: { storage: "disk", files: 1, bytes: photo.length },
    });
    expect(manifest.files.map((file: { path: string }) => file.path)).toEqual(["database.dump", `media/${PHOTO_KEY}`]);
    expect(readFileSync(join(archive, "media", PHOTO_KEY)).equals(photo)).toBe(true);

    const checked = await run("scripts/restore.mjs", [archive, "--check"], {});
    expect(checked.code, checked.stderr).toBe(0);
    expect(checked.stdout).toContain("every file matches the manifest (2 files");
  }, stretched(120_000));

  it("refuses a backup whose photo was changed, writing nothing", async () => {
    const file = join(archive, "media", PHOTO_KEY);
    const tampered = Buffer.from(photo);
    tampered[100] ^= 0xff;
    writeFileSync(file, tampered);
    try {
      const target = join(work, "tampered-media");
      const refused = await run("scripts/restore.mjs", [archive], {
        DATABASE_URL: urlOf("wayfarer_backup_tampered"),
        MEDIA_DIR: target,
      });
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain(`media/${PHOTO_KEY}: its bytes differ from the manifest's`);
      expect(refused.stderr).toContain("nothing restored");
      expect(await tables("wayfarer_backup_tampered")).toEqual([]);
      expect(() => readdirSync(target)).toThrow();
    } finally {
      writeFileSync(file, photo);
    }
  }, stretched(60_000));

  it("restores into the new database and media folder: the same operators, bookings and photo; the app is ready on it", async () => {
    const restoredMedia = join(work, "restored-media");
    const env = { DATABASE_URL: urlOf("wayfarer_backup_dst"), MEDIA_DIR: restoredMedia };
    const restored = await run("scripts/restore.mjs", [archive], env);
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stdout).toContain("photos: 1 file(s)");
    expect(restored.stdout).toMatch(/is current: all \d+ migrations applied before/);
    expect(await counts("wayfarer_backup_dst")).toEqual(await counts("wayfarer_backup_src"));
    expect(readFileSync(join(restoredMedia, PHOTO_KEY)).equals(photo)).toBe(true);
    expect(readdirSync(join(restoredMedia, "photos/exp_backup_drill/ph_backup_drill"))).toEqual(["960.avif"]);

    // Over a database in use: refused, and it is left as it was.
    const again = await run("scripts/restore.mjs", [archive], { ...env, MEDIA_DIR: join(work, "other-media") });
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/database wayfarer_backup_dst on .* is not empty \(.*\): restore into a new database/);

    // The app on the restored database: ready (migrations current), and it serves the photo.
    const server = await startBuiltServer({
      env: {
        ...env,
        REDIS_URL: "",
        JOBS_ENABLED: "false",
        SEED_ON_START: "false",
        MIGRATE_ON_START: "false",
      },
      readyPath: "/health/ready",
    });
    try {
      const ready = await fetch(`${server.origin}/health/ready`);
      expect(ready.status).toBe(200);
      expect((await ready.json()).checks).toMatchObject({ database: { status: "ok" }, migrations: { status: "ok" } });
      const served = await fetch(`${server.origin}/v1/media/${PHOTO_KEY}`);
      expect(served.status).toBe(200);
      expect(Buffer.from(await served.arrayBuffer()).equals(photo)).toBe(true);
    } finally {
      await server.stop();
    }
  }, stretched(180_000));

  it("brings a backup of an older migration level up to date", async () => {
    // An older release: this one's migrations less the last two.
    const release = join(work, "older-release");
    cpSync("api/db/migrations", join(release, "api/db/migrations"), { recursive: true });
    const journalPath = join(release, "api/db/migrations/meta/_journal.json");
    const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: Array<{ tag: string }> };
    const newest = journal.entries.slice(-2).map((entry) => entry.tag);
    journal.entries = journal.entries.slice(0, -2);
    writeFileSync(journalPath, JSON.stringify(journal));
    const old = { DATABASE_URL: urlOf("wayfarer_backup_old") };
    const migrated = await run("scripts/db-migrate.mjs", [], old, release);
    expect(migrated.code, migrated.stderr).toBe(0);

    const made = await run("scripts/backup.mjs", ["--out", join(work, "older-backups")], {
      ...old,
      MEDIA_DIR: join(work, "no-media"),
    });
    expect(made.code, made.stderr).toBe(0);
    const [olderArchive] = made.stdout.split("\n");
    const manifest = JSON.parse(readFileSync(join(olderArchive, "manifest.json"), "utf8"));
    expect(manifest.database.migration.tag).toBe(journal.entries.at(-1)?.tag);
    expect(manifest.media).toMatchObject({ storage: "disk", files: 0 });

    const restored = await run("scripts/restore.mjs", [olderArchive], {
      DATABASE_URL: urlOf("wayfarer_backup_old_dst"),
      MEDIA_DIR: join(work, "old-restored-media"),
    });
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stdout).toContain(`applied 2 migration(s)`);
    for (const tag of newest) expect(restored.stdout).toContain(tag);
    const [{ applied }] = await onPostgres<{ applied: number }>(
      urlOf("wayfarer_backup_old_dst"),
      "select count(*)::int as applied from drizzle.__drizzle_migrations",
    );
    expect(applied).toBe(journal.entries.length + 2);
  }, stretched(120_000));
});
