import { createCookie } from "@remix-run/node";
import { config } from "~/platform/config.server";

/**
 * One of our own cookies, with the one rule for all of them: httpOnly, SameSite=Lax, the whole
 * site, Secure in production, and signed with SESSION_SECRET (a value no secret verifies, such as
 * an unsigned cookie of an older version, reads as absent). (The session cookie is the API's:
 * contract/identity/session-cookie.ts.)
 */
export function siteCookie(name: string, maxAgeSeconds: number) {
  return createCookie(name, {
    path: "/",
    sameSite: "lax",
    httpOnly: true,
    secure: config.production,
    maxAge: maxAgeSeconds,
    secrets: config.sessionSecrets,
  });
}
