/**
 * The micro-cache: anonymous GETs of public pages served from memory for a few seconds, so a
 * busy catalog renders each page once per few seconds instead of once per visitor.
 *
 * - The app decides what is public (`Cache-Control: public…` from ~/platform/cache-policy.server);
 *   only a 200 without Set-Cookie, asked by a request that may share an answer (cache-rules.mjs:
 *   no cookie but the language, no Authorization), is stored.
 * - Keyed by host (and the forwarded host and scheme), path with query, language cookie and
 *   Accept-Language.
 * - Fresh for FRESH_MS, then served stale for up to STALE_MS while one request revalidates it in
 *   the background; dropped at once when the API says the catalog or the seats changed, whichever
 *   process made the change (topic-versions.mjs), so a booking that takes the last seats shows at
 *   the next request. A write that changes neither (a quote, a sign-in) keeps every page.
 * - Every answer gets a fresh CSP nonce (swapped into the header and the page as it is sent),
 *   an ETag of the page without its nonce (If-None-Match → 304, which keeps the nonce the
 *   browser already has), gzip when asked for, and `X-Micro-Cache: hit|stale|miss`.
 */
import { createHash, randomBytes } from "node:crypto";
import { newNonce } from "../runtime/nonce.mjs";
import http from "node:http";
import { promisify } from "node:util";
import { gzip as gzipCallback } from "node:zlib";
import { z } from "zod";
import { languageCookieOf, mayShareAnswer } from "../runtime/cache-rules.mjs";
import { hasExtension, isApiPath, pathOf } from "./paths.mjs";
import { versionOf } from "../runtime/topic-versions.mjs";
import { microCacheAnswers } from "../runtime/metrics.mjs";
import { currentRequestContext, nameRoute } from "../runtime/request-id.mjs";

const gzip = promisify(gzipCallback);

/** Its settings, checked as the server starts (a wrong value stops it, as api/env.ts does). */
const settings = z
  .object({
    MICRO_CACHE: z.enum(["on", "off"]).default("on"),
    MICRO_CACHE_FRESH_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
  })
  .parse({
    MICRO_CACHE: process.env.MICRO_CACHE || undefined,
    MICRO_CACHE_FRESH_MS: process.env.MICRO_CACHE_FRESH_MS || undefined,
  });
const FRESH_MS = settings.MICRO_CACHE_FRESH_MS;
const STALE_MS = 30_000;
const MAX_ENTRIES = 1_000;
const MAX_BODY_BYTES = 1024 * 1024;
const REVALIDATE_HEADER = "x-micro-cache-revalidate";
/** What public pages show of the API (contract/system/changes.ts): nothing of a signed-in user's. */
const PAGE_TOPICS = ["catalog", "seats"];
const revalidateToken = randomBytes(16).toString("hex");
/** Not kept with a page: the connection's, the moment's, and the request id (each answer gets its own). */
const NOT_STORED = new Set([
  "content-length",
  "transfer-encoding",
  "connection",
  "keep-alive",
  "date",
  "etag",
  "x-request-id",
]);
/** Counted per answer (runtime/metrics.mjs), the labelled counters bound once. */
const counted = Object.fromEntries(
  ["hit", "stale", "miss", "bypass"].map((result) => [result, microCacheAnswers.labels(result)]),
);

/** @typedef {{ status: number, headers: Record<string, string | string[]>, parts: Buffer[], nonce: string | null, etag: string | null, storedAt: number, version: number, route?: string, revalidating?: boolean }} Entry */

/** @type {Map<string, Entry>} */
const entries = new Map();

export const microCacheEnabled = settings.MICRO_CACHE === "on";

/**
 * Pages only: not the API, not files (static assets, single-fetch `.data` answers, which the app
 * never marks public), not Remix's route manifest, so that those pass straight through, streamed
 * and compressed as usual.
 * @param {string} url
 */
function isPageUrl(url) {
  const path = pathOf(url);
  if (isApiPath(path) || path === "/__manifest") return false;
  return !path.startsWith("/build/") && !hasExtension(path);
}

/** @param {http.IncomingMessage} req */
function keyOf(req) {
  const { host = "", "accept-language": language = "", cookie } = req.headers;
  // Everything the app reads the page's origin from (Express takes the port from X-Forwarded-Host).
  const forwarded = [req.headers["x-forwarded-host"], req.headers["x-forwarded-proto"]].map((v) => String(v ?? ""));
  return [host, ...forwarded, req.url, languageCookieOf(cookie), String(language).slice(0, 128)].join("\n");
}

/** @param {string} key */
function lookup(key) {
  const entry = entries.get(key);
  if (!entry) return undefined;
  if (entry.version !== versionOf(PAGE_TOPICS) || Date.now() - entry.storedAt > FRESH_MS + STALE_MS) {
    entries.delete(key);
    return undefined;
  }
  return entry;
}

/** @param {string} key @param {Entry} entry */
function store(key, entry) {
  entries.delete(key);
  entries.set(key, entry);
  if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value);
}

/** The page split around its nonce, so each answer can carry a new one. @param {Buffer} body @param {string | null} nonce */
function splitOnNonce(body, nonce) {
  if (!nonce) return [body];
  const needle = Buffer.from(nonce);
  const parts = [];
  let from = 0;
  for (let at = body.indexOf(needle, from); at !== -1; at = body.indexOf(needle, from)) {
    parts.push(body.subarray(from, at));
    from = at + needle.length;
  }
  parts.push(body.subarray(from));
  return parts;
}

/** @param {Record<string, string | string[]>} headers */
function nonceOf(headers) {
  const csp = headers["content-security-policy"];
  const match = typeof csp === "string" ? /'nonce-([A-Za-z0-9+/=]+)'/.exec(csp) : null;
  return match ? match[1] : null;
}

/**
 * Sends an entry (stored or just captured) with a new nonce, its ETag and, when asked, gzip.
 * @param {http.IncomingMessage} req @param {http.ServerResponse} res @param {Entry} entry @param {string} state
 */
async function send(req, res, entry, state) {
  counted[state]?.inc();
  const headers = { ...entry.headers, "x-micro-cache": state };
  if (entry.etag) {
    headers.etag = entry.etag;
    headers.age = String(Math.floor((Date.now() - entry.storedAt) / 1000));
    const match = req.headers["if-none-match"];
    if (match && match.split(",").some((tag) => tag.trim() === entry.etag)) {
      // The browser keeps the page and the policy it came with (its nonce matches that page).
      delete headers["content-security-policy"];
      for (const name of ["content-type", "content-language"]) delete headers[name];
      res.writeHead(304, headers);
      res.end();
      return;
    }
  }
  const nonce = entry.nonce ? newNonce() : null;
  let body = nonce
    ? Buffer.concat(entry.parts.flatMap((part, i) => (i === 0 ? [part] : [Buffer.from(nonce), part])))
    : entry.parts[0];
  if (nonce && entry.nonce) {
    headers["content-security-policy"] = String(headers["content-security-policy"]).replaceAll(entry.nonce, nonce);
  }
  const type = String(headers["content-type"] ?? "");
  const accepts = /\bgzip\b/.test(String(req.headers["accept-encoding"] ?? ""));
  if (accepts && body.length > 1024 && /^(text\/|application\/(json|javascript))/.test(type)) {
    body = await gzip(body, { level: 6 });
    headers["content-encoding"] = "gzip";
  }
  const vary = new Set(
    String(headers.vary ?? "")
      .split(",")
      .map((name) => name.trim())
      .filter(Boolean),
  );
  vary.add("Accept-Encoding");
  headers.vary = [...vary].join(", ");
  headers["content-length"] = String(body.length);
  res.writeHead(entry.status, headers);
  res.end(req.method === "HEAD" ? undefined : body);
}

/**
 * Lets the app answer while holding its answer back: status, headers and body are collected,
 * then handed to `done` (the response's own methods are back in place by then).
 * @param {http.IncomingMessage} req @param {http.ServerResponse} res
 * @param {(captured: { status: number, headers: Record<string, string | string[]>, body: Buffer }) => void} done
 */
function capture(req, res, done) {
  const original = { writeHead: res.writeHead, write: res.write, end: res.end, flushHeaders: res.flushHeaders };
  /** @type {Buffer[]} */
  const chunks = [];
  /** @param {unknown} chunk @param {unknown} encoding */
  const keep = (chunk, encoding) => {
    if (chunk === undefined || chunk === null || typeof chunk === "function") return;
    chunks.push(
      Buffer.isBuffer(chunk)
        ? chunk
        : chunk instanceof Uint8Array
          ? Buffer.from(chunk)
          : Buffer.from(
              String(chunk),
              /** @type {BufferEncoding} */ (typeof encoding === "string" ? encoding : "utf8"),
            ),
    );
  };
  res.writeHead = /** @type {any} */ (
    function (/** @type {number} */ status, /** @type {any[]} */ ...rest) {
      res.statusCode = status;
      const headers = rest.find((arg) => arg && typeof arg === "object");
      if (Array.isArray(headers)) {
        for (let i = 0; i + 1 < headers.length; i += 2) res.setHeader(headers[i], headers[i + 1]);
      } else if (headers) {
        for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
      }
      return res;
    }
  );
  res.flushHeaders = () => {};
  res.write = /** @type {any} */ (
    function (/** @type {unknown} */ chunk, /** @type {unknown} */ encoding, /** @type {unknown} */ callback) {
      keep(chunk, encoding);
      const cb = typeof encoding === "function" ? encoding : callback;
      if (typeof cb === "function") process.nextTick(cb);
      return true;
    }
  );
  res.end = /** @type {any} */ (
    function (/** @type {unknown} */ chunk, /** @type {unknown} */ encoding) {
      keep(chunk, encoding);
      Object.assign(res, original);
      /** @type {Record<string, string | string[]>} */
      const headers = {};
      for (const [name, value] of Object.entries(res.getHeaders())) {
        if (value !== undefined) headers[name] = Array.isArray(value) ? value : String(value);
        res.removeHeader(name);
      }
      done({ status: res.statusCode, headers, body: Buffer.concat(chunks) });
      return res;
    }
  );
}

/** Asks this server for the page again (with the token that makes it skip the cache). @param {http.IncomingMessage} req @param {Entry} entry */
function revalidate(req, entry) {
  entry.revalidating = true;
  const headers = { [REVALIDATE_HEADER]: revalidateToken };
  for (const name of ["host", "x-forwarded-host", "x-forwarded-proto", "accept-language", "cookie", "user-agent"]) {
    const value = req.headers[name];
    if (typeof value === "string") headers[name] = value;
  }
  const request = http.request(
    // The address and port this request came in on: the server listens there, whatever HOST says.
    { host: req.socket.localAddress ?? "127.0.0.1", port: req.socket.localPort, path: req.url, method: "GET", headers },
    (response) => response.resume(),
  );
  request.on("error", () => {
    entry.revalidating = false;
  });
  request.end();
}

/**
 * Serves `req` from the cache when it can, or lets `next` (the app) answer and keeps what may be
 * shared. Returns false when the request is not one the cache handles (the caller runs the app).
 * @param {http.IncomingMessage} req @param {http.ServerResponse} res @param {() => void} next
 */
export function handleWithMicroCache(req, res, next) {
  if (!microCacheEnabled) return false;
  const forced = req.headers[REVALIDATE_HEADER] === revalidateToken;
  delete req.headers[REVALIDATE_HEADER];
  if (!isPageUrl(req.url ?? "/")) return false;
  if (!mayShareAnswer(req.method ?? "", req.headers.cookie, req.headers.authorization)) return false;
  const key = keyOf(req);
  const found = forced ? undefined : lookup(key);
  if (found) {
    const stale = Date.now() - found.storedAt > FRESH_MS;
    if (stale && !found.revalidating) revalidate(req, found);
    if (found.route) nameRoute(found.route);
    send(req, res, found, stale ? "stale" : "hit").catch(() => res.destroy());
    return true;
  }
  const version = versionOf(PAGE_TOPICS);
  const acceptEncoding = req.headers["accept-encoding"];
  // The app answers uncompressed (its compression would hide the nonce); send() compresses.
  delete req.headers["accept-encoding"];
  capture(req, res, ({ status, headers, body }) => {
    req.headers["accept-encoding"] = acceptEncoding;
    const cacheControl = String(headers["cache-control"] ?? "");
    const storable =
      req.method === "GET" &&
      status === 200 &&
      /(^|,)\s*public\b/.test(cacheControl) &&
      headers["set-cookie"] === undefined &&
      body.length <= MAX_BODY_BYTES;
    // Only a page that will be served again needs its nonce swapped; one answered once keeps the
    // fresh nonce the app gave it.
    const nonce = storable ? nonceOf(headers) : null;
    const kept = Object.fromEntries(Object.entries(headers).filter(([name]) => !NOT_STORED.has(name)));
    const parts = splitOnNonce(body, nonce);
    /** @type {Entry} */
    const route = currentRequestContext()?.route;
    const entry = { status, headers: kept, parts, nonce, etag: null, storedAt: Date.now(), version, route };
    if (storable) {
      const hash = createHash("sha1");
      for (const part of parts) hash.update(part).update("\0");
      entry.etag = `W/"${hash.digest("base64url").slice(0, 27)}"`;
      if (version === versionOf(PAGE_TOPICS)) store(key, entry);
    }
    send(req, res, entry, storable ? "miss" : "bypass").catch(() => res.destroy());
  });
  next();
  return true;
}
