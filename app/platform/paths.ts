/**
 * The canonical form of a path with a trailing slash (spec section 2: removed by redirect,
 * except for the root), or null when the path is already canonical. Leading slashes are
 * collapsed so the redirect can never point at another host (`//evil.com/`).
 */
export function withoutTrailingSlash(pathname: string): string | null {
  if (pathname === "/" || !pathname.endsWith("/")) return null;
  const trimmed = pathname.replace(/\/+$/, "").replace(/^\/+/, "/");
  return trimmed === "" ? "/" : trimmed.startsWith("/") ? trimmed : `/${trimmed}`;
}
