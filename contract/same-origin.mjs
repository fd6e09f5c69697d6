/**
 * CSRF defence, the one rule: a state-changing request must name, in its Origin (or, failing
 * that, its Referer), the host it was sent to. Browsers add Origin to every cross-site POST, PUT,
 * PATCH and DELETE, so a forged form or fetch from another site names a foreign source.
 *
 * Plain JavaScript so that the edge (server/edge.mjs, which runs before any build) applies the
 * same rule as the web's form actions and the API's cookie-authenticated writes. Behind the web's
 * /v1 forward the host is the browser's, in X-Forwarded-Host (a header a cross-site page cannot
 * add without a preflight, which the API never grants).
 */

/** The methods that change state. */
export const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Where a request says it comes from, against the host it was sent to: `same` (its Origin, or
 * else its Referer, names this host), `foreign` (another host, an opaque `null` origin, or not a
 * URL) or `unnamed` (neither header: not a browser's form or fetch).
 * @param {(name: string) => string | null | undefined} header a request header by its lower-case name
 * @param {string} requestHost the host the request was sent to (Host, or the URL's)
 * @returns {"same" | "foreign" | "unnamed"}
 */
export function requestSource(header, requestHost) {
  const host = header("x-forwarded-host") ?? requestHost;
  const source = header("origin") ?? header("referer");
  if (source === null || source === undefined || source === "") return "unnamed";
  if (source === "null") return "foreign";
  try {
    return new URL(source).host === host ? "same" : "foreign";
  } catch {
    return "foreign";
  }
}

/**
 * Whether a Fetch request comes from a page of the host it was sent to.
 * @param {Request} request
 */
export function isSameOriginRequest(request) {
  return requestSource((name) => request.headers.get(name), new URL(request.url).host) === "same";
}
