import type { Context } from "hono";
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

export function relyingPartyOf(
  c: Context<AppEnv>,
  env = getApiEnv(),
  production = identityEnv.production,
): RelyingParty {
  const requestUrl = new URL(c.req.url);
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
