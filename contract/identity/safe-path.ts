/**
 * THE check of every user-given redirect target, on both sides of the seam (the web's redirects,
 * the API's continueUrl and returnUrl): the target is resolved with the URL parser against our
 * own origin and accepted only if the result stays on it. Answers the resolved path (never the
 * raw input), or null. Plain code: safe for the browser bundle.
 */
export function safeSitePath(target: unknown): string | null {
  if (typeof target !== "string" || target.length === 0 || target.length > 2048) return null;
  let decoded = target;
  // Undo nested percent-encoding so encoded slashes and schemes are judged as a browser would see them.
  for (let i = 0; i < 3; i++) {
    try {
      const next = decodeURIComponent(decoded);
      if (next === decoded) break;
      decoded = next;
    } catch {
      return null;
    }
  }
  for (const candidate of [target, decoded]) {
    if (!candidate.startsWith("/")) return null;
    if (candidate.startsWith("//") || candidate.startsWith("/\\")) return null;
    // Control characters, backslashes and whitespace never belong in our paths.
    if (/[\u0000-\u001f\u007f\\\s]/.test(candidate)) return null;
  }
  const base = "http://same.invalid";
  let resolved: URL;
  try {
    resolved = new URL(target, base);
  } catch {
    return null;
  }
  if (resolved.origin !== base) return null;
  // Dot segments can resolve to a path that starts with "//" ("/.//evil.com" → "//evil.com"),
  // which a browser reads as another host: the resolved path is judged, not only the input.
  const path = resolved.pathname + resolved.search + resolved.hash;
  if (path.startsWith("//") || path.startsWith("/\\")) return null;
  return path;
}
