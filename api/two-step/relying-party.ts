import type { Context } from "hono";
import { trustedForwarding } from "~runtime/same-origin.mjs";
import { getApiEnv, identityEnv } from "../env";
import type { AppEnv } from "../http/types";

/**
 * Who passkeys belong to (WebAuthn's relying party): the marketplace's host, so a passkey made on
 * the marketplace also works on every storefront (they are its subdomains: STOREFRONT_PUBLIC_URL
 * such as https://{slug}.app.example.com under APP_PUBLIC_URL https://app.example.com). Without
 * those settings (locally) the host the request was sent to, less a storefront's own label.
 * A ceremony's origin is accepted when it is that host or a subdomain of it, over https (or http
 * outside production).
 */
export interface RelyingParty {
  id: string;
  name: string;
  /** Whether a browser's origin (from clientDataJSON) is one of ours. */
  accepts: (origin: string) => boolean;
  /** The origin the request was sent to: what a ceremony from nowhere else is checked against. */
  fallbackOrigin: string;
}

/**
 * The origin the browser sent the request to, as the same-origin rule reads it
 * (runtime/same-origin.mjs): the Host, and X-Forwarded-Proto/-Host only from a proxy we trust
 * (the web's /v1 forward when the API runs alone).
 */
function sentTo(c: Context<AppEnv>): URL {
  const url = new URL(c.req.url);
  const trusted = trustedForwarding();
  const first = (value: string | undefined) => value?.split(",")[0]?.trim() || undefined;
  const scheme = (trusted.proto && first(c.req.header("X-Forwarded-Proto"))) || url.protocol.replace(":", "");
  const host = (trusted.host && first(c.req.header("X-Forwarded-Host"))) || c.req.header("Host") || url.host;
  try {
    return new URL(`${scheme}://${host}`);
  } catch {
    return url;
  }
}

export function relyingPartyOf(
  c: Context<AppEnv>,
  env = getApiEnv(),
  production = identityEnv.production,
): RelyingParty {
  const requestUrl = sentTo(c);
  let id: string;
  if (env.APP_PUBLIC_URL) id = new URL(env.APP_PUBLIC_URL).hostname;
  else if (c.get("account")) id = requestUrl.hostname.split(".").slice(1).join(".") || requestUrl.hostname;
  else id = requestUrl.hostname;
  const accepts = (origin: string) => {
    let url: URL;
    try {
      url = new URL(origin);
    } catch {
      return false;
    }
    if (url.origin !== origin) return false;
    if (url.protocol !== "https:" && (production || url.protocol !== "http:")) return false;
    return url.hostname === id || url.hostname.endsWith(`.${id}`);
  };
  return { id, name: env.PUBLIC_APP_NAME, accepts, fallbackOrigin: requestUrl.origin };
}

/** The origin a ceremony names in its clientDataJSON, when it is ours (else the request's own, which then fails). */
export function expectedOriginOf(clientDataJSON: unknown, rp: RelyingParty): string {
  try {
    const origin = JSON.parse(Buffer.from(String(clientDataJSON), "base64url").toString("utf8")).origin;
    if (typeof origin === "string" && rp.accepts(origin)) return origin;
  } catch {
    // not JSON: the verifier refuses it
  }
  return rp.fallbackOrigin;
}

/**
 * The WebAuthn library (@simplewebauthn/server), loaded on first use: it weighs more than half a
 * second of start-up (X.509 and ASN.1 parsers), which every process would otherwise pay before its
 * first request, passkey or not.
 */
export const webAuthn = () => import("@simplewebauthn/server");
