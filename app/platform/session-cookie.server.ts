import { redirect } from "~/platform/redirect.server";
import { clearSessionCookie, readSessionCookie, serializeSessionCookie } from "~contract/identity/session-cookie";
import { config } from "~/platform/config.server";
import { loginUrl } from "~/platform/redirects";

/** The session cookie's value as sent (the API verifies it on every call). */
export function sessionTokenOf(request: Request): string | null {
  return readSessionCookie(request.headers.get("Cookie"));
}

export function sessionCookie(value: string, maxAgeSeconds: number): string {
  return serializeSessionCookie(value, { maxAgeSeconds, secure: config.production });
}

export function clearedSessionCookie(): string {
  return clearSessionCookie({ secure: config.production });
}

/** Where a lost session goes: /login?errorCode=440, remembering the page. */
export function lostSessionRedirect(request: Request) {
  const url = new URL(request.url);
  return redirect(loginUrl(url.pathname + url.search, { errorCode: "440" }), {
    headers: { "Set-Cookie": clearedSessionCookie() },
  });
}
