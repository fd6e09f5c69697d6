import type { Transport } from "~contract/client";
import { publicDataVersion } from "../../server/public-data-version.mjs";

/**
 * Reads almost every page makes, kept a few seconds in this process: the signed-in user (per
 * token), the catalog's facets, a storefront's account context (per account) and the catalog
 * itself (a page of results per query, an experience, a service and its availability: no older
 * than the page the micro-cache would show anyway). Only 200s are kept; any successful write through the API client empties the cache at once (the same
 * counter as the micro-cache), so someone who just changed their name sees it on the next page.
 * Between writes a value is at most TTL_MS old (e.g. the unread count after a notification).
 */
const CACHED = [
  /^\/v1\/user\/info$/,
  /^\/v1\/user\/referral$/,
  /^\/v1\/facets$/,
  /^\/v1\/account-context\/[^/]+$/,
  /^\/v1\/experiences$/,
  /^\/v1\/experiences\/[^/]+$/,
  /^\/v1\/experiences\/[^/]+\/services\/[^/]+$/,
  /^\/v1\/experiences\/[^/]+\/services\/[^/]+\/availability$/,
];
const TTL_MS = 5_000;
/** A catalog page is some 10–20 KB: at most about 20 MB kept. */
const MAX_ENTRIES = 1_000;

type Entry = { status: number; headers: [string, string][]; body: string; storedAt: number; version: number };
const entries = new Map<string, Entry>();

/** Who asks, for whom, on which host: everything the answers depend on besides the path. */
function keyOf(request: Request, url: URL): string {
  const { headers } = request;
  return [
    url.host,
    url.pathname + url.search,
    headers.get("X-Forwarded-Host") ?? "",
    headers.get("Authorization") ?? "",
    headers.get("X-Account-Context") ?? "",
    headers.get("Accept-Language") ?? "",
  ].join("\n");
}

export function withReadCache(send: Transport): Transport {
  return async (request) => {
    const url = new URL(request.url);
    // Only the web's own calls, which name the caller with a Bearer token; a browser's call
    // through /v1 (a cookie) always goes to the API.
    const cacheable =
      request.method === "GET" &&
      url.search.length <= 512 &&
      !request.headers.has("Cookie") &&
      CACHED.some((pattern) => pattern.test(url.pathname));
    if (!cacheable) return send(request);
    const key = keyOf(request, url);
    const version = publicDataVersion();
    const found = entries.get(key);
    if (found && found.version === version && Date.now() - found.storedAt < TTL_MS) {
      return new Response(found.body, { status: found.status, headers: found.headers });
    }
    const answer = await send(request);
    if (answer.status !== 200) return answer;
    const body = await answer.text();
    const headers = [...answer.headers];
    if (version === publicDataVersion()) {
      if (entries.size >= MAX_ENTRIES) entries.clear();
      entries.set(key, { status: answer.status, headers, body, storedAt: Date.now(), version });
    }
    return new Response(body, { status: answer.status, headers });
  };
}
