/**
 * Safe redirects: only same-site paths are followed after sign-in. Anything that could leave
 * the site (`//evil.com`, `/\evil.com`, `https://…`, `javascript:`, encoded variants) falls
 * back to the default.
 */
export function safeRedirectPath(target: unknown, fallback = "/"): string {
  if (typeof target !== "string" || target.length === 0 || target.length > 2048) return fallback;
  let decoded = target;
  // Undo nested percent-encoding so encoded slashes and schemes are judged as the browser would see them.
  for (let i = 0; i < 3; i++) {
    try {
      const next = decodeURIComponent(decoded);
      if (next === decoded) break;
      decoded = next;
    } catch {
      return fallback;
    }
  }
  for (const candidate of [target, decoded]) {
    if (!candidate.startsWith("/")) return fallback;
    if (candidate.startsWith("//") || candidate.startsWith("/\\")) return fallback;
    if (/[\u0000-\u001f\u007f\\]/.test(candidate)) return fallback;
  }
  try {
    const base = "http://same.invalid";
    const resolved = new URL(target, base);
    if (resolved.origin !== base) return fallback;
    // Dot segments can resolve to a path that starts with "//" ("/.//evil.com" → "//evil.com"),
    // which a browser reads as another host: the resolved path is judged too, not only the input.
    if (resolved.pathname.startsWith("//") || resolved.pathname.startsWith("/\\")) return fallback;
    return resolved.pathname + resolved.search + resolved.hash;
  } catch {
    return fallback;
  }
}

/** The sign-in page address that brings the user back to `path` afterwards. */
export function loginUrl(path: string, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams({ redirectUrl: path, ...extra });
  return `/login?${params.toString()}`;
}
