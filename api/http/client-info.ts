import { isIP } from "node:net";
import type { Context } from "hono";
import { getApiEnv } from "../env";
import type { AppEnv } from "./types";

export const UNKNOWN_IP = "unknown";

/**
 * The caller's IP address, as the outermost of the TRUST_PROXY proxies saw it: the X-Forwarded-For
 * entry that many places from the right (entries further left are whatever the client sent, so
 * a forged header changes nothing). "unknown" when no proxy is trusted or the entry is not an
 * address. The web passes the header on unchanged, so both processes judge alike.
 */
export function clientIp(c: Context<AppEnv>, trustedHops = getApiEnv().TRUST_PROXY): string {
  if (trustedHops === 0) return UNKNOWN_IP;
  const chain = (c.req.header("X-Forwarded-For") ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  const seen = chain[chain.length - trustedHops];
  return seen && isIP(seen) ? seen.toLowerCase() : UNKNOWN_IP;
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
