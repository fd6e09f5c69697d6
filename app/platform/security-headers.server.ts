import { baseSecurityHeaders } from "~runtime/security-headers.mjs";
import { config } from "./config.server";

/**
 * Headers every answer of the web carries (pages, data, redirects made with ~/platform/http.server's
 * `redirect`). The page's Content-Security-Policy, with its nonce, is set by entry.server; what
 * Express answers itself (static files, its errors; server/remix.mjs) gets the same list from server/edge.mjs.
 */
export function applySecurityHeaders(headers: Headers) {
  for (const [name, value] of baseSecurityHeaders(config.production)) headers.set(name, value);
}

/**
 * The console's pages may use the camera on their own origin (the check-in page scans tickets
 * with it; every console page gets it because the console's links navigate without reloading the
 * document, and a document keeps the policy it was loaded with). Everything else: no camera.
 */
export function applyRoutePermissions(headers: Headers, routeId: string | undefined) {
  if (routeId?.startsWith("routes/_console.")) {
    headers.set("Permissions-Policy", "camera=(self), microphone=(), geolocation=(), payment=()");
  }
  // A gift card's balance page has the code in its address: it goes to no referrer.
  if (routeId === "routes/_external.gift-cards.$code") headers.set("Referrer-Policy", "no-referrer");
}
