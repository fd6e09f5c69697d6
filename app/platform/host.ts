/**
 * Host modes (spec section 1): a host with more segments than the configured count is an
 * operator storefront ("account_direct") whose first segment is the account slug; anything
 * else under a base domain, or an IP address, is the public site ("public_direct").
 * Hosts outside the configured base domains are not served at all.
 */
export type HostContext =
  { mode: "public_direct"; hostname: string } | { mode: "account_direct"; hostname: string; accountSlug: string };

export type HostConfig = { baseDomains: string[]; segments: number };

const ACCOUNT_SLUG = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const IPV4 = /^(?:(?:25[0-5]|2[0-4]\d|1?\d?\d)\.){3}(?:25[0-5]|2[0-4]\d|1?\d?\d)$/;

/** The hostname of a Host header value, lowercased, without port or trailing dot. */
export function hostnameOf(host: string): string {
  const trimmed = host.trim().toLowerCase();
  if (trimmed.startsWith("[")) return trimmed.slice(0, trimmed.indexOf("]") + 1);
  return trimmed.replace(/:\d+$/, "").replace(/\.$/, "");
}

export function isIpAddress(hostname: string): boolean {
  return IPV4.test(hostname) || /^\[[0-9a-f:.]+\]$/.test(hostname);
}

/** The host context for a hostname, or null when this app does not serve that host. */
export function resolveHost(host: string, config: HostConfig): HostContext | null {
  const hostname = hostnameOf(host);
  if (!hostname) return null;
  if (isIpAddress(hostname)) return { mode: "public_direct", hostname };

  const underBase = config.baseDomains.some((domain) => hostname === domain || hostname.endsWith(`.${domain}`));
  if (!underBase) return null;

  const labels = hostname.split(".");
  if (labels.some((label) => label.length === 0)) return null;
  if (labels.length <= config.segments) return { mode: "public_direct", hostname };
  if (labels.length > config.segments + 1) return null;

  const accountSlug = labels[0];
  if (!ACCOUNT_SLUG.test(accountSlug)) return null;
  return { mode: "account_direct", hostname, accountSlug };
}
