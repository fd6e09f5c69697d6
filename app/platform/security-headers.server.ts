import { config } from "./config.server";

/**
 * Headers every answer of the web carries (pages, data, redirects made with ~/platform/http.server's
 * `redirect`). The page's Content-Security-Policy, with its nonce, is set by entry.server.
 */
export function applySecurityHeaders(headers: Headers) {
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("X-Frame-Options", "DENY");
  headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()");
  // Sign-in with Google or Apple opens a popup that must be able to answer its opener.
  headers.set("Cross-Origin-Opener-Policy", "same-origin-allow-popups");
  if (config.production) headers.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
}
