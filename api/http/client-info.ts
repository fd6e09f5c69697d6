import { isIP } from "node:net";
import type { Context } from "hono";
import { connectionAddressOf } from "~runtime/edge-headers.mjs";
import { getApiEnv } from "../env";
import type { AppEnv } from "./types";

export const UNKNOWN_IP = "unknown";

/**
 * The caller's IP address: the connection's (TRUST_PROXY=0: clients reach the app directly), or
 * the X-Forwarded-For entry TRUST_PROXY places from the right (the address the outermost of that
 * many proxies saw; entries further left are whatever the client sent, so a forged header changes
 * nothing). "unknown" when that entry is missing or not an address.
 *
 * In the web's process the connection's address is the one the edge recorded
 * (server/connection-address.mjs), passed on by the web with its API calls. Alone in its process
 * (npm run start:api) the API is reached through the web, one more proxy: its own peer is the
 * web, which appends the address it saw to X-Forwarded-For when it forwards a call.
 */
export function clientIp(c: Context<AppEnv>, trustedHops = getApiEnv().TRUST_PROXY): string {
  const peer = c.env?.incoming?.socket.remoteAddress;
  const connection = peer ?? connectionAddressOf(c.req.raw.headers);
  const hops = peer === undefined ? trustedHops : trustedHops + 1;
  const chain = (c.req.header("X-Forwarded-For") ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  chain.push(connection);
  return addressOrUnknown(chain[chain.length - 1 - hops]);
}

/** An IP address as one key: lower case, an IPv4 address without its IPv6 mapping (::ffff:). */
function addressOrUnknown(value: string | undefined): string {
  const address = value
    ?.trim()
    .toLowerCase()
    .replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, "");
  return address && isIP(address) ? address : UNKNOWN_IP;
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

/**
 * A signed-in caller's write as a domain takes it: who (the uid), in which storefront (the
 * tenant, or null on the marketplace), what they sent, and the origin its links go back to.
 */
export function signedInWrite<B>(c: Context<AppEnv>, body: B) {
  return { uid: c.get("identity").uid, scope: c.get("account"), body, origin: requestOrigin(c) };
}
