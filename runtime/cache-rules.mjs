/**
 * Which requests may share a public answer: the one rule the app (which marks a page
 * `Cache-Control: public`) and the micro-cache (which stores and serves it) both apply.
 * A request qualifies when it is a GET or HEAD that carries no cookie other than the chosen
 * language: no session, no marketing capture, nothing personal can be in its answer.
 */
export const SHARED_COOKIES = new Set(["lng"]);

/**
 * @param {string} method
 * @param {string | null | undefined} cookieHeader
 * @param {string | null | undefined} authorization
 */
export function mayShareAnswer(method, cookieHeader, authorization) {
  if (method !== "GET" && method !== "HEAD") return false;
  if (authorization) return false;
  if (!cookieHeader) return true;
  for (const part of cookieHeader.split(";")) {
    const name = part.split("=", 1)[0].trim();
    if (name && !SHARED_COOKIES.has(name)) return false;
  }
  return true;
}

/**
 * The language cookie's raw value (part of the cache key: it picks the page's language). Whole:
 * it is signed (SESSION_SECRET), and a value cut short could share a key with one whose signature
 * fails, which the page reads as no language.
 */
export function languageCookieOf(/** @type {string | undefined} */ cookieHeader) {
  const match = /(?:^|;\s*)lng=([^;]*)/.exec(cookieHeader ?? "");
  return match ? match[1].slice(0, 256) : "";
}
