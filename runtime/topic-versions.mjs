/**
 * How many times each topic the API tells about (contract/system/changes.ts: `catalog`, `seats`, `user`)
 * has changed, as this process has heard: from a write's answer (its X-Wayfarer-Changed header)
 * and from the API's change feed (app/platform/api-change-feed.server.ts), which also says when
 * anything may have changed unheard (`everythingChanged`). A kept page or answer records the
 * version of the topics it depends on when it was fetched and is dropped once that differs: the
 * micro-cache's pages (server/micro-cache.mjs) and the web's read cache
 * (app/platform/api-read-cache.server.ts).
 *
 * Kept on globalThis: the edge (server/) and the bundled app each import their own copy of this
 * module, and must share one set of versions.
 */
const KEY = Symbol.for("wayfarer.topicVersions");

/** @returns {{ byTopic: Map<string, number>, everything: number }} */
function versions() {
  const global = /** @type {any} */ (globalThis);
  global[KEY] ??= { byTopic: new Map(), everything: 0 };
  return global[KEY];
}

/**
 * One number for the topics together: it changes whenever one of them does (the counts only grow).
 * @param {readonly string[]} topics
 */
export function versionOf(topics) {
  const { byTopic, everything } = versions();
  let version = everything;
  for (const topic of topics) version += byTopic.get(topic) ?? 0;
  return version;
}

/** @param {readonly string[]} topics */
export function topicsChanged(topics) {
  const { byTopic } = versions();
  for (const topic of topics) byTopic.set(topic, (byTopic.get(topic) ?? 0) + 1);
}

/** What was kept may be out of date, whatever it depends on (the feed may have missed something). */
export function everythingChanged() {
  versions().everything++;
}
