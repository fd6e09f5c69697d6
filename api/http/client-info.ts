import { isIP } from "node:net";
import type { Context } from "hono";
import { getApiEnv } from "../env";
import type { AppEnv } from "./types";

export const UNKNOWN_IP = "unknown";

/**
 * The caller's IP address: the first X-Forwarded-For entry, else X-Real-IP, else "unknown".
 * Only syntactically valid addresses are used. The first X-Forwarded-For entry is what the
 * client claims: it is trustworthy only when the proxy in front of the app overwrites the
 * header (see docs/api.md).
 */
export function clientIp(c: Context<AppEnv>): string {
  const forwarded = c.req.header("X-Forwarded-For")?.split(",")[0]?.trim();
  if (forwarded && isIP(forwarded)) return forwarded.toLowerCase();
  const real = c.req.header("X-Real-IP")?.trim();
  if (real && isIP(real)) return real.toLowerCase();
  return UNKNOWN_IP;
}

/** The User-Agent header, cut to 512 characters ("" when absent). */
export function userAgent(c: Context<AppEnv>): string {
  return (c.req.header("User-Agent") ?? "").slice(0, 512);
}

/**
 * The web app's public origin for links the API builds (emails, payment returns): the operator's
 * storefront address in account mode, else APP_PUBLIC_URL; without those settings (one process,
 * locally) the origin the request was sent to, which is then the browser's.
 */
export function requestOrigin(c: Context<AppEnv>, env = getApiEnv()): string {
  const account = c.get("account");
  if (account && env.STOREFRONT_PUBLIC_URL)
    return new URL(env.STOREFRONT_PUBLIC_URL.replace("{slug}", account.slug)).origin;
  if (!account && env.APP_PUBLIC_URL) return new URL(env.APP_PUBLIC_URL).origin;
  return new URL(c.req.url).origin;
}
