/**
 * Webhook targets (issue 47, item 4; decision 049): checked when a subscription is made and again
 * at every delivery, so that an operator cannot make the API call into its own network (SSRF).
 *
 * - https only in production (http allowed locally);
 * - no user name or password in the URL;
 * - the host, an address or a name resolved to all its addresses, must be public: any loopback,
 *   private, link-local (169.254.x.x, the cloud metadata address), unique-local IPv6, unspecified
 *   (0.0.0.0, ::), shared, multicast or reserved address refuses it. A name with one private
 *   address among public ones is refused too.
 *
 * WEBHOOK_ALLOW_PRIVATE_TARGETS (api/env.ts, refused in production) lifts the address rule for a
 * local receiver in tests and development. The delivery connects to the address checked here
 * (`pinnedLookup`), so a name that resolves to another address a moment later changes nothing.
 */
import { lookup } from "node:dns/promises";
import { BlockList, isIP, type LookupFunction } from "node:net";
import { getApiEnv, identityEnv } from "../env";

export type TargetRefusal =
  "webhook_url_invalid" | "webhook_url_not_https" | "webhook_url_private_address" | "webhook_url_unresolved";

/** What the checks depend on: production (https only) and WEBHOOK_ALLOW_PRIVATE_TARGETS. */
export interface TargetRules {
  production: boolean;
  allowPrivateTargets: boolean;
}

const currentRules = (): TargetRules => ({
  production: identityEnv.production,
  allowPrivateTargets: getApiEnv().WEBHOOK_ALLOW_PRIVATE_TARGETS === true,
});

export class TargetRefused extends Error {
  constructor(
    readonly code: TargetRefusal,
    message: string,
  ) {
    super(message);
  }
}

const blocked = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8], // "this" network, 0.0.0.0
  ["10.0.0.0", 8],
  ["100.64.0.0", 10], // shared address space (carrier-grade NAT)
  ["127.0.0.0", 8],
  ["169.254.0.0", 16], // link-local, the cloud metadata address 169.254.169.254
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, and the broadcast address
] as const)
  blocked.addSubnet(network, prefix, "ipv4");
for (const [network, prefix] of [
  ["::", 128], // unspecified
  ["::1", 128], // loopback
  ["64:ff9b:1::", 48], // local-use NAT64
  ["100::", 64], // discard
  ["2001:db8::", 32], // documentation
  ["fc00::", 7], // unique-local
  ["fe80::", 10], // link-local
  ["fec0::", 10], // site-local (deprecated)
  ["ff00::", 8], // multicast
] as const)
  blocked.addSubnet(network, prefix, "ipv6");

/** The IPv4 address inside an IPv4-mapped, -compatible or NAT64 IPv6 address (::ffff:127.0.0.1), if any. */
function embeddedIpv4(address: string): string | null {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|::|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1];
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (!hex) return null;
  const high = parseInt(hex[1], 16);
  const low = parseInt(hex[2], 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join(".");
}

/** True when the address (IPv4 or IPv6, as text) is not a public one. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, "ipv4");
  if (family !== 6) return true;
  const inner = embeddedIpv4(address);
  if (inner) return blocked.check(inner, "ipv4");
  return blocked.check(address, "ipv6");
}

export interface CheckedTarget {
  url: URL;
  /** The addresses the host stands for, each checked (one for an address literal). */
  addresses: Array<{ address: string; family: number }>;
}

/** The URL's host without IPv6 brackets. */
const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, "$1");

/**
 * Checks a target URL as the rules above say: the URL parsed and its host's addresses, or
 * TargetRefused with its reason.
 */
export async function checkTarget(text: string, env: TargetRules = currentRules()): Promise<CheckedTarget> {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new TargetRefused("webhook_url_invalid", "The address is not a URL.");
  }
  if (url.protocol !== "https:" && url.protocol !== "http:")
    throw new TargetRefused("webhook_url_invalid", "The address must start with https://.");
  if (env.production && url.protocol !== "https:")
    throw new TargetRefused("webhook_url_not_https", "The address must start with https://.");
  if (url.username || url.password)
    throw new TargetRefused("webhook_url_invalid", "The address may not carry a user name or password.");
  const host = hostOf(url);
  if (!host) throw new TargetRefused("webhook_url_invalid", "The address has no host.");
  let addresses: CheckedTarget["addresses"];
  const literal = isIP(host);
  if (literal) addresses = [{ address: host, family: literal }];
  else {
    try {
      addresses = await lookup(host, { all: true, verbatim: true });
    } catch {
      throw new TargetRefused("webhook_url_unresolved", `The host ${host} could not be found.`);
    }
    if (addresses.length === 0) throw new TargetRefused("webhook_url_unresolved", `The host ${host} has no address.`);
  }
  if (!env.allowPrivateTargets && addresses.some((entry) => isPrivateAddress(entry.address)))
    throw new TargetRefused(
      "webhook_url_private_address",
      "The address points to a private, loopback or link-local network: webhooks go to public addresses only.",
    );
  return { url, addresses };
}

/**
 * A subscription's address as it will be kept (checkTarget's URL), or the error `refused` makes of
 * the refusal: each API answers a refused target in its own envelope (/v1's 400, OCTO's BAD_REQUEST).
 */
export async function checkedTargetUrl(text: string, refused: (refusal: TargetRefused) => Error): Promise<string> {
  try {
    return (await checkTarget(text)).url.toString();
  } catch (error) {
    throw error instanceof TargetRefused ? refused(error) : error;
  }
}

/**
 * A `lookup` for node:http that answers the addresses already checked, never asking DNS again:
 * the connection goes where the check said it may.
 */
export function pinnedLookup(target: CheckedTarget): LookupFunction {
  const [first] = target.addresses;
  return (_hostname, options, callback) => {
    if ((options as { all?: boolean }).all) callback(null, target.addresses);
    else callback(null, first.address, first.family);
  };
}
