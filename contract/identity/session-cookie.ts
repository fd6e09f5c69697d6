/**
 * The session cookie holds the Firebase session cookie (a signed JWT) as is, so the web app
 * and the API read the same value. Set only by the web app's session endpoint.
 */
export const SESSION_COOKIE = "__session";

export function readSessionCookie(cookieHeader: string | null | undefined): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(";")) {
    const index = part.indexOf("=");
    if (index < 0) continue;
    if (part.slice(0, index).trim() === SESSION_COOKIE) {
      const value = part.slice(index + 1).trim();
      return /^[\w-]+\.[\w-]*\.[\w-]*$/.test(value) ? value : null;
    }
  }
  return null;
}

export function serializeSessionCookie(value: string, options: { maxAgeSeconds: number; secure: boolean }): string {
  const parts = [
    `${SESSION_COOKIE}=${value}`,
    "Path=/",
    "HttpOnly",
    "SameSite=Lax",
    `Max-Age=${Math.floor(options.maxAgeSeconds)}`,
  ];
  if (options.secure) parts.push("Secure");
  return parts.join("; ");
}

export function clearSessionCookie(options: { secure: boolean }): string {
  return serializeSessionCookie("", { maxAgeSeconds: 0, secure: options.secure }).replace(
    `${SESSION_COOKIE}=;`,
    `${SESSION_COOKIE}=;`,
  );
}
