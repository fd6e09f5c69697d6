/**
 * The security headers every answer carries, in one list: pages and data (entry.server through
 * ~/platform/security-headers.server) and everything Express answers before our code runs
 * (static files, its own errors) through server/edge.mjs.
 *
 * @param {boolean} production HSTS only in production (a local http origin must stay usable).
 * @returns {Array<[string, string]>}
 */
export function baseSecurityHeaders(production) {
  const headers = [
    ["X-Content-Type-Options", "nosniff"],
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
    ["X-Frame-Options", "DENY"],
    ["Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()"],
    // Sign-in with Google or Apple opens a popup that must be able to answer its opener.
    ["Cross-Origin-Opener-Policy", "same-origin-allow-popups"],
  ];
  if (production) headers.push(["Strict-Transport-Security", "max-age=31536000; includeSubDomains"]);
  return headers;
}
