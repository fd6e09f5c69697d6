/**
 * CSRF defence for cookie-authenticated writes: the Origin (or, failing that, the Referer)
 * must name the host the request was sent to. Browsers add Origin to every cross-site POST,
 * PUT, PATCH and DELETE, so a forged form or fetch from another site is refused.
 * Both sides apply it: the web's form actions and the API's cookie-authenticated writes. Behind
 * the web's /v1 forward the host is the browser's, in X-Forwarded-Host (a header a cross-site
 * page cannot add without a preflight, which the API never grants).
 */
export function isSameOriginRequest(request: Request): boolean {
  const host = request.headers.get("X-Forwarded-Host") ?? new URL(request.url).host;
  const source = request.headers.get("Origin") ?? request.headers.get("Referer");
  if (!source || source === "null") return false;
  try {
    return new URL(source).host === host;
  } catch {
    return false;
  }
}
