/**
 * State-changing requests must come from our own pages: the Origin (or, failing that, the
 * Referer) must name the host the request was sent to. Cross-site posts get 403.
 */
export function isSameOrigin(request: Request): boolean {
  const host = new URL(request.url).host;
  const source = request.headers.get("Origin") ?? request.headers.get("Referer");
  if (!source || source === "null") return false;
  try {
    return new URL(source).host === host;
  } catch {
    return false;
  }
}

export function requireSameOrigin(request: Request) {
  if (!isSameOrigin(request)) {
    throw new Response("Cross-site request refused", { status: 403, headers: { "Content-Type": "text/plain" } });
  }
}
