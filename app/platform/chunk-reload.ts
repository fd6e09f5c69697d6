/**
 * Chunk-load-error reload guard (spec section 8): after a new deploy an old page may ask
 * for a script that no longer exists. Reload once per path; a second failure within the
 * window is shown as an error instead of reloading forever.
 */
export const CHUNK_RELOAD_WINDOW_MS = 10_000;
const KEY_PREFIX = "chunk-reload:";

export function isChunkLoadError(error: unknown): boolean {
  const text = error instanceof Error ? `${error.name} ${error.message}` : String(error ?? "");
  return /ChunkLoadError|Loading chunk [\w-]+ failed|Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed/i.test(
    text,
  );
}

type KeyValueStore = Pick<Storage, "getItem" | "setItem">;

/** True when the page should reload now (and records that it did). */
export function claimChunkReload(store: KeyValueStore, path: string, now: number): boolean {
  const key = KEY_PREFIX + path;
  const last = Number(store.getItem(key) ?? 0);
  if (last && now - last < CHUNK_RELOAD_WINDOW_MS) return false;
  store.setItem(key, String(now));
  return true;
}

/** Browser side: reload when the error is a chunk load error and the guard allows it. */
export function reloadOnChunkError(error: unknown): boolean {
  if (typeof window === "undefined" || !isChunkLoadError(error)) return false;
  let store: KeyValueStore;
  try {
    store = window.sessionStorage;
  } catch {
    return false;
  }
  if (!claimChunkReload(store, window.location.pathname, Date.now())) return false;
  window.location.reload();
  return true;
}
