import { createReadStream } from "node:fs";
import { mkdir, rename, rm, rmdir, stat, writeFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { Readable } from "node:stream";
import { apiMediaUrl, assertSafeKey, type PhotoStorage } from "./storage-port";

/**
 * Photos on the local disk, under `root` (MEDIA_DIR): the default. Fine for one API process, or
 * several sharing one volume; processes on several machines need the bucket (s3-storage.ts).
 * Served by GET /v1/media/… unless `publicUrl` names another server of the same files.
 */
export function diskStorage(root: string, publicUrl: string | null = null): PhotoStorage {
  const base = resolve(root);
  const pathOf = (key: string) => join(base, ...assertSafeKey(key).split("/"));
  return {
    async put(key, bytes) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      // Written aside and renamed: a reader never sees half a file.
      const partial = `${path}.${process.pid}.partial`;
      await writeFile(partial, bytes);
      await rename(partial, path);
    },
    async delete(keys) {
      const folders = new Set<string>();
      for (const key of keys) {
        const path = pathOf(key);
        await rm(path, { force: true });
        folders.add(dirname(path));
      }
      // A photo's folder goes with its last file.
      for (const folder of folders) await rmdir(folder).catch(() => undefined);
    },
    async read(key) {
      const path = pathOf(key);
      const found = await stat(path).catch(() => null);
      if (!found?.isFile()) return null;
      return { body: Readable.toWeb(createReadStream(path)) as ReadableStream<Uint8Array>, size: found.size };
    },
    url: (key) => (publicUrl ? `${publicUrl.replace(/\/$/, "")}/${assertSafeKey(key)}` : apiMediaUrl(key)),
  };
}
