import type { ReadCache } from "~contract/client";
import { versionOf } from "~runtime/topic-versions.mjs";

/**
 * The API's answers that its declarations say a caller may keep (`dependsOn` in
 * contract/endpoints.ts: the signed-in user per token, the facets, a storefront's account
 * context, the catalog's pages, experiences, services and availability), kept a few seconds in
 * this process. Only 200s are kept. An answer is dropped as soon as one of the topics it depends
 * on changes (runtime/topic-versions.mjs: the API names them on a write's answer and on its change
 * feed, whichever process made the change), so someone who just changed their name sees it on the
 * next page, and a quote, which changes nothing, drops nothing. Between changes a value is at
 * most TTL_MS old (e.g. the unread count after a notification), give or take the one fetch that
 * renews it; one call at a time asks the API for a given answer.
 *
 * The API client asks it before it builds a Request (contract/client.ts `ReadCache`): a kept
 * answer costs a lookup and a JSON.parse, no Request or Response.
 */
const TTL_MS = 5_000;
/**
 * Past its TTL an answer is still given for this long while one call fetches the next: the
 * callers that come meanwhile (a busy page's every visitor, when the user's facts expire) neither
 * wait nor all ask the API at once.
 */
const STALE_MS = 30_000;
/** A fetch that has not settled after this long no longer holds the others back. */
const PENDING_MS = 10_000;
/** A catalog page is some 10–20 KB: at most about 20 MB kept. */
const MAX_ENTRIES = 1_000;

type Entry = { body: string; storedAt: number; version: number };
type Topics = readonly string[];
type Fetching = { since: number; version: number; body: Promise<string | null> };
const entries = new Map<string, Entry>();
const fetching = new Map<string, Fetching>();

/** Who asks, for whom, on which host: everything the answers depend on besides the path. */
function keyOf(url: URL, headers: Headers): string {
  return [
    url.host,
    url.pathname + url.search,
    headers.get("Authorization") ?? "",
    headers.get("X-Account-Context") ?? "",
    headers.get("Accept-Language") ?? "",
  ].join("\n");
}

/** This call fetches the answer for `key`; the others that come meanwhile share it. */
function fetchHere(key: string, topics: Topics, version: number) {
  let settle!: (body: string | null) => void;
  const body = new Promise<string | null>((resolve) => (settle = resolve));
  if (fetching.size >= MAX_ENTRIES) fetching.clear();
  fetching.set(key, { since: Date.now(), version, body });
  return {
    keep(answer: string | null) {
      if (fetching.get(key)?.body === body) fetching.delete(key);
      settle(answer);
      // A change told while this answer was on its way may have made it stale.
      if (answer === null || version !== versionOf(topics)) return;
      if (entries.size >= MAX_ENTRIES) entries.clear();
      entries.set(key, { body: answer, storedAt: Date.now(), version });
    },
  };
}

export const readCache: ReadCache = {
  open(url, headers, declared) {
    const topics = declared.dependsOn;
    if (!topics || topics.length === 0) return null;
    // A call that names its caller by cookie (a browser's, passed on) is never kept.
    if (url.search.length > 512 || headers.has("Cookie")) return null;
    const key = keyOf(url, headers);
    const version = versionOf(topics);
    const now = Date.now();
    const found = entries.get(key);
    const current = found && found.version === version ? found : undefined;
    if (current && now - current.storedAt < TTL_MS) return { kept: current.body };
    const inFlight = fetching.get(key);
    const shared = inFlight && inFlight.version === version && now - inFlight.since < PENDING_MS ? inFlight : undefined;
    if (shared && current && now - current.storedAt < TTL_MS + STALE_MS) return { kept: current.body };
    if (shared) return { pending: shared.body };
    return fetchHere(key, topics, version);
  },
};
