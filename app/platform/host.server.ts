import { config } from "~/platform/config.server";
import { pageNotFound } from "~/platform/http.server";
import { resolveHost, type HostContext } from "~/platform/host";

/** The request's host context; a host we do not serve is answered with 400, never a page. */
export function requireHostContext(request: Request): HostContext {
  const context = resolveHost(new URL(request.url).host, {
    baseDomains: config.APP_BASE_DOMAINS,
    segments: config.HOST_SEGMENTS,
  });
  if (!context) {
    throw new Response("Unknown host", { status: 400, headers: { "Content-Type": "text/plain" } });
  }
  return context;
}

export function accountSlugOf(context: HostContext): string | null {
  return context.mode === "account_direct" ? context.accountSlug : null;
}

/**
 * The marketplace's own pages (issue 44: selling on it, the platform admins' console): on an
 * operator's storefront host they are the 404 page an unknown address gets.
 */
export async function requireMarketplaceHost(request: Request): Promise<void> {
  if (accountSlugOf(requireHostContext(request))) throw await pageNotFound(request);
}
