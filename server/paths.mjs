/**
 * What kind of request target a URL is, as the edge (server/edge.mjs) and the micro-cache
 * (server/micro-cache.mjs) both need to tell.
 */

/** The path of a request target, without its query. @param {string} url */
export function pathOf(url) {
  return url.split("?", 1)[0];
}

/** A path that ends in an extension: a file, or a single-fetch `.data` answer. @param {string} path */
export function hasExtension(path) {
  return /\.[A-Za-z0-9]+$/.test(path);
}

/**
 * The built assets and the files of public/, which Express sends from disk (server/remix.mjs); single-fetch
 * `.data` answers are the app's work.
 * @param {string} path
 */
export function isStaticFile(path) {
  return path.startsWith("/build/") || (hasExtension(path) && !path.endsWith(".data"));
}

/** The API's paths: the v1 API, and the OCTO supplier API beside it (issue 47). @param {string} path */
export function isApiPath(path) {
  return path === "/v1" || path.startsWith("/v1/") || path === "/octo" || path.startsWith("/octo/");
}

/** The query of a request target ("" without one). @param {string} url */
function queryOf(url) {
  const path = pathOf(url);
  return url.slice(path.length + 1);
}

/**
 * A page asked for with `?_data=`, the data request of Remix before single fetch: not one this
 * app makes (it asks for `.data`). @param {string} url
 */
export function isLegacyDataRequest(url) {
  const query = queryOf(url);
  return query !== "" && !isApiPath(pathOf(url)) && new URLSearchParams(query).has("_data");
}

/**
 * Whether the request target is read by a program rather than shown as a page: the API, and the
 * app's data requests (single-fetch `.data`, `?_data=`). An error answered before the app runs is
 * then the API's JSON envelope; a page otherwise.
 * @param {string} url the request target, query included
 */
export function answersInEnvelope(url) {
  const path = pathOf(url);
  return isApiPath(path) || path.endsWith(".data") || isLegacyDataRequest(url);
}

/**
 * What is wrong with a request path before any router reads it, or null: percent-encoding that does
 * not decode (`%zz`: Express would answer an HTML 400 and log a stack), or, under /v1, a control
 * character once decoded (an encoded CR/LF: no API path holds one).
 * @param {string} path the request target's path, as sent
 * @returns {"encoding" | "control" | null}
 */
export function malformedPath(path) {
  let decoded;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return "encoding";
  }
  return isApiPath(path) && /[\u0000-\u001f\u007f]/.test(decoded) ? "control" : null;
}
