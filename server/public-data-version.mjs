/**
 * A counter of changes to what public pages show (seats, bookings, anything a write may touch).
 * The API bumps it after every write it answers (its transactions have committed by then) and
 * after background work that frees seats; the micro-cache (server/micro-cache.mjs) drops pages
 * stored under an older value. Kept on globalThis: the preloaded edge and the bundled app each
 * import their own copy of this module, and must share one counter.
 */
const KEY = Symbol.for("wayfarer.publicDataVersion");

/** @returns {number} */
export function publicDataVersion() {
  return /** @type {any} */ (globalThis)[KEY] ?? 0;
}

export function publicDataChanged() {
  /** @type {any} */ (globalThis)[KEY] = publicDataVersion() + 1;
}
