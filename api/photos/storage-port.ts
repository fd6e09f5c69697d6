/**
 * Where photo files are kept: the port the photo code writes through, never knowing which
 * adapter runs. Keys are paths of safe segments (`photos/{experienceId}/{photoId}/960.avif`),
 * each written once: a new photo has a new id, so an address never changes what it answers.
 */
export interface PhotoStorage {
  /** Writes one file (replacing one with the same key). */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** Deletes these files; a missing one is no error. */
  delete(keys: readonly string[]): Promise<void>;
  /** The file's bytes as a stream, or null when there is none (served by GET /v1/media/…). */
  read(key: string): Promise<{ body: ReadableStream<Uint8Array>; size: number | null } | null>;
  /** Where a browser fetches the file: a path on this origin, or the bucket's (CDN's) public URL. */
  url(key: string): string;
}

/** The path browsers fetch a file through this API at (GET /v1/media/…). */
export const apiMediaUrl = (key: string) => `/v1/media/${key}`;

/** Only keys of these safe segments are ever written or read: no `..`, no separators, no NUL. */
const SAFE_KEY = /^(?:[A-Za-z0-9_-][A-Za-z0-9_.-]{0,99}\/){1,8}[A-Za-z0-9_-][A-Za-z0-9_.-]{0,99}$/;
export function assertSafeKey(key: string): string {
  if (!SAFE_KEY.test(key) || key.split("/").some((segment) => segment === "." || segment === ".."))
    throw new Error(`Not a storage key: ${JSON.stringify(key)}`);
  return key;
}
