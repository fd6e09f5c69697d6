/**
 * CSRF defence, the one rule: a state-changing request must name, in its Origin (or, failing
 * that, its Referer), the origin it was sent to: the same scheme, host and port. Browsers add
 * Origin to every cross-site POST, PUT, PATCH and DELETE, so a forged form or fetch from another
 * site names a foreign source.
 *
 * Plain JavaScript so that the edge (server/edge.mjs, which runs before any build) applies the
 * same rule as the web's form actions and the API's cookie-authenticated writes.
 *
 * The origin a request was sent to is the one it reached us with (its Host, and http unless the
 * connection was TLS), except behind a proxy we trust (trustedForwarding): X-Forwarded-Proto then
 * says the browser's scheme, and behind the web's /v1 forward X-Forwarded-Host its host. A
 * client's own X-Forwarded-Host is never believed (issue 39 item 17: with it, a foreign Origin passed).
 */

/** The methods that change state. */
export const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Set by the API alone in its process (api/server.ts): its peer is the web's /v1 forward, a proxy
 * that writes X-Forwarded-Host and X-Forwarded-Proto itself.
 */
export const BEHIND_WEB_ENV = "WAYFARER_API_BEHIND_WEB";

/**
 * Which forwarded headers this process believes. X-Forwarded-Proto: behind a proxy that sets it
 * (TRUST_PROXY of 1 or more: deploy/nginx.conf writes it over the client's), or behind the web.
 * X-Forwarded-Host: only behind the web (nginx keeps the browser's Host and passes a client's
 * X-Forwarded-Host on untouched, so there it is never believed).
 * @param {Record<string, string | undefined>} env
 * @returns {{ proto: boolean; host: boolean }}
 */
export function trustedForwarding(env = process.env) {
  const behindWeb = env[BEHIND_WEB_ENV] === "1";
  return { proto: behindWeb || Number(env.TRUST_PROXY ?? 0) > 0, host: behindWeb };
}

/** The first value of a header a proxy may have appended to ("a, b" → "a"). @param {string | null | undefined} value */
const firstOf = (value) => value?.split(",")[0]?.trim() || undefined;

/**
 * The origin (scheme://host[:port], default ports left out) of a scheme and a host, or null.
 * @param {string} scheme @param {string} host
 */
function originOf(scheme, host) {
  try {
    return new URL(`${scheme}://${host}`).origin;
  } catch {
    return null;
  }
}

/**
 * Where a request says it comes from, against the origin it was sent to: `same` (its Origin, or
 * else its Referer, names this scheme, host and port), `foreign` (another, an opaque `null`
 * origin, or not a URL) or `unnamed` (neither header: not a browser's form or fetch).
 * @param {(name: string) => string | null | undefined} header a request header by its lower-case name
 * @param {{ scheme: string; host: string }} target how the request reached us: "http" or "https", and its Host
 * @param {{ proto: boolean; host: boolean }} [trusted] which of X-Forwarded-Proto/-Host come from a proxy we trust
 * @returns {"same" | "foreign" | "unnamed"}
 */
export function requestSource(header, target, trusted = trustedForwarding()) {
  const source = header("origin") ?? header("referer");
  if (source === null || source === undefined || source === "") return "unnamed";
  if (source === "null") return "foreign";
  const scheme = (trusted.proto && firstOf(header("x-forwarded-proto"))) || target.scheme;
  const host = (trusted.host && firstOf(header("x-forwarded-host"))) || target.host;
  const expected = originOf(scheme.toLowerCase(), host);
  try {
    return expected !== null && new URL(source).origin === expected ? "same" : "foreign";
  } catch {
    return "foreign";
  }
}

/**
 * Whether a Fetch request comes from a page of the origin it was sent to. Its Host header (the
 * URL's host when absent) and its URL's scheme: Express builds the URL's port from
 * X-Forwarded-Host whoever sent it, so the URL's host is not the one to trust.
 * @param {Request} request
 * @param {{ proto: boolean; host: boolean }} [trusted]
 */
export function isSameOriginRequest(request, trusted = trustedForwarding()) {
  const url = new URL(request.url);
  const target = { scheme: url.protocol.replace(":", ""), host: request.headers.get("host") || url.host };
  return requestSource((name) => request.headers.get(name), target, trusted) === "same";
}
