import { baseSecurityHeaders } from "../../server/security-headers.mjs";
import { config } from "./config.server";

/**
 * Headers every answer of the web carries (pages, data, redirects made with ~/platform/http.server's
 * `redirect`). The page's Content-Security-Policy, with its nonce, is set by entry.server; what
 * remix-serve answers itself (static files, its errors) gets the same list from server/edge.mjs.
 */
export function applySecurityHeaders(headers: Headers) {
  for (const [name, value] of baseSecurityHeaders(config.production)) headers.set(name, value);
}
