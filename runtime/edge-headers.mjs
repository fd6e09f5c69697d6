/**
 * The headers the edge (server/edge.mjs) writes for the app and the API to read: plain JavaScript
 * in runtime/ because the edge runs before any build, and the web and the API must not reach up
 * into the edge for them.
 *
 * The address of the connection a request came on, for per-address limits (api/http/client-info.ts).
 *
 * Remix sees a Request, not the socket, so the edge (server/edge.mjs) writes the socket's address
 * into a header of its own on every request, replacing any copy the client sent. Only a process
 * whose edge did so trusts the header: without the edge (`remix dev`, loaders called in tests)
 * the header could be anyone's, and is ignored. Kept on globalThis: the edge (server/) and the
 * bundled app each import their own copy of this module.
 */
export const CONNECTION_ADDRESS_HEADER = "x-wayfarer-connection-address";
const EDGE_RECORDS = Symbol.for("wayfarer.edgeRecordsConnectionAddress");

/** The edge, for every request: the socket's address, in place of whatever the client sent. @param {import("node:http").IncomingMessage} req */
export function recordConnectionAddress(req) {
  /** @type {any} */ (globalThis)[EDGE_RECORDS] = true;
  req.headers[CONNECTION_ADDRESS_HEADER] = req.socket?.remoteAddress ?? "";
}

/**
 * The connection's address the edge recorded on a request; "" when it is unknown (no edge in
 * this process, or no address). @param {Headers} headers @returns {string}
 */
export function connectionAddressOf(headers) {
  if (/** @type {any} */ (globalThis)[EDGE_RECORDS] !== true) return "";
  return headers.get(CONNECTION_ADDRESS_HEADER) ?? "";
}

/** Set by the edge alone (it removes it from every incoming request): the app's sign of a refusal (server/cross-site-refusal.mjs). */
export const REFUSAL_HEADER = "x-wayfarer-refused";
export const REFUSAL_CROSS_SITE = "cross-site";
