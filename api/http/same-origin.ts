/**
 * CSRF defence for cookie-authenticated writes: the Origin (or, failing that, the Referer)
 * must name the host the request was sent to. Browsers add Origin to every cross-site POST,
 * PUT, PATCH and DELETE, so a forged form or fetch from another site is refused.
 */
export function isSameOriginRequest(request: Request): boolean {
  const host = new URL(request.url).host;
  const source = request.headers.get("Origin") ?? request.headers.get("Referer");
  if (!source || source === "null") return false;
  try {
    return new URL(source).host === host;
  } catch {
    return false;
  }
}
